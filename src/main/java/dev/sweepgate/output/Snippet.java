package dev.sweepgate.output;

import dev.sweepgate.problem.Excerpt;
import dev.sweepgate.problem.Problem;

/**
 * The source line under a problem in the text format, with a caret underline of the text it
 * is about, in the style of rustc and actionlint:
 * <pre>
 *  1884 | ⏎
 *       | ^ this line must hold 2 spaces
 * </pre>
 * Whitespace that matters is made visible: trailing spaces as {@code ·}, a tab as {@code →},
 * a carriage return as {@code ␍}, and an empty line (or the end of a line) as {@code ⏎}.
 */
final class Snippet {
    static final char SPACE = '·';
    static final char TAB = '→';
    static final char CR = '␍';
    static final char LINE_END = '⏎';

    private Snippet() {
    }

    /** The two lines under a problem, each ending with a line feed; "" when its text is not at hand. */
    static String of(Problem p) {
        Excerpt excerpt = p.excerpt();
        if (excerpt == null || p.line() <= 0) {
            return "";
        }
        int[] line = excerpt.line().codePoints().toArray();
        String shown = visible(line, excerpt.lineEnd());
        int column = Math.max(1, p.column());
        int start = Math.min(column - 1, line.length);
        int width = start >= line.length ? 1 : span(line, start);
        String number = String.valueOf(p.line());
        String gutter = " ".repeat(number.length());
        return " " + number + " | " + shown + "\n"
                + " " + gutter + " | " + " ".repeat(start) + "^" + "~".repeat(Math.max(0, width - 1)) + "\n";
    }

    /** The line with its invisible characters drawn; {@code ⏎} stands for the line end of an empty or blank-ended line. */
    static String visible(int[] line, boolean lineEnd) {
        int trailing = line.length;
        while (trailing > 0 && (line[trailing - 1] == ' ' || line[trailing - 1] == '\t')) {
            trailing--;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < line.length; i++) {
            int c = line[i];
            if (c == '\t') {
                sb.append(TAB);
            } else if (c == '\r') {
                sb.append(CR);
            } else if (c == ' ' && i >= trailing) {
                sb.append(SPACE);
            } else if (Character.isISOControl(c)) {
                sb.append('?');
            } else {
                sb.appendCodePoint(c);
            }
        }
        if (lineEnd && trailing < line.length || line.length == 0 && lineEnd) {
            sb.append(LINE_END);
        }
        return sb.toString();
    }

    /**
     * How many characters from {@code start} the problem is about: a run of spaces, a quoted
     * scalar, or a word (a key without its colon).
     */
    static int span(int[] line, int start) {
        int c = line[start];
        int end = start + 1;
        if (c == ' ') {
            while (end < line.length && line[end] == ' ') {
                end++;
            }
            return end - start;
        }
        if (c == '"' || c == '\'') {
            while (end < line.length && line[end] != c) {
                end++;
            }
            return Math.min(line.length, end + 1) - start;
        }
        while (end < line.length && line[end] != ' ' && line[end] != ',' && line[end] != ']' && line[end] != '}') {
            end++;
        }
        if (end - start > 1 && line[end - 1] == ':') {
            end--;
        }
        return end - start;
    }
}
