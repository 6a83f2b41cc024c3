package dev.sweepgate.plan;

import java.util.ArrayList;
import java.util.List;

/** A table the plan prints: aligned columns for a terminal, or a GitHub Markdown table. */
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
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        line(sb, indent, headers, widths);
        List<String> rules = new ArrayList<>();
        for (int width : widths) {
            rules.add("-".repeat(width));
        }
        line(sb, indent, rules, widths);
        rows.forEach(row -> line(sb, indent, row, widths));
        return sb.toString();
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
