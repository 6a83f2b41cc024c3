package dev.sweepgate.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * A table the plan prints: aligned columns for a terminal, or a GitHub Markdown table. A cell
 * of the terminal table may hold line breaks: its row then takes as many lines, the other cells
 * blank below their first line.
 */
record Table(List<String> headers, List<List<String>> rows) {
    Table {
        headers = List.copyOf(headers);
        rows = List.copyOf(rows);
    }

    static Table of(String... headers) {
        return new Table(List.of(headers), new ArrayList<>());
    }

    Table row(String... cells) {
        List<List<String>> more = new ArrayList<>(rows);
        more.add(List.of(cells));
        return new Table(headers, more);
    }

    String text(String indent) {
        int[] widths = new int[headers.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = headers.get(i).length();
            for (List<String> row : rows) {
                for (String part : row.get(i).split("\n", -1)) {
                    widths[i] = Math.max(widths[i], part.length());
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        line(sb, indent, headers, widths);
        List<String> rules = new ArrayList<>();
        for (int width : widths) {
            rules.add("-".repeat(width));
        }
        line(sb, indent, rules, widths);
        for (List<String> row : rows) {
            List<String[]> parts = row.stream().map(cell -> cell.split("\n", -1)).toList();
            int lines = parts.stream().mapToInt(p -> p.length).max().orElse(1);
            for (int k = 0; k < lines; k++) {
                List<String> cells = new ArrayList<>();
                for (String[] p : parts) {
                    cells.add(k < p.length ? p[k] : "");
                }
                line(sb, indent, cells, widths);
            }
        }
        return sb.toString();
    }

    /**
     * {@code text} broken at spaces into lines of at most {@code width} characters (a word longer
     * than that stands on a line of its own), continuation lines indented by two spaces.
     */
    static String wrap(String text, int width) {
        StringBuilder out = new StringBuilder();
        int lineLength = 0;
        for (String word : text.split(" ")) {
            if (lineLength > 0 && lineLength + 1 + word.length() > width) {
                out.append("\n  ");
                lineLength = 2;
            } else if (lineLength > 0) {
                out.append(' ');
                lineLength++;
            }
            out.append(word);
            lineLength += word.length();
        }
        return out.toString();
    }

    private static void line(StringBuilder sb, String indent, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder(indent);
        for (int i = 0; i < cells.size(); i++) {
            line.append(i == 0 ? "" : "  ").append(cells.get(i)).append(" ".repeat(widths[i] - cells.get(i).length()));
        }
        sb.append(line.toString().stripTrailing()).append('\n');
    }

    String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append(markdownRow(headers));
        sb.append("|").append(" --- |".repeat(headers.size())).append('\n');
        rows.forEach(row -> sb.append(markdownRow(row)));
        return sb.toString();
    }

    private static String markdownRow(List<String> cells) {
        StringBuilder sb = new StringBuilder("|");
        cells.forEach(cell -> sb.append(' ').append(escape(cell)).append(" |"));
        return sb.append('\n').toString();
    }

    static String escape(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
