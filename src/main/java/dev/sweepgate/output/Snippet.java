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

    /**
     * Characters of a line shown at most: a longer line is cut around the problem's column,
     * with {@link #CUT} where it was cut, so an 8 MB line prints a line, not 8 MB.
     */
    static final int WIDTH = 120;
    /** Characters shown before the column when a line is cut. */
    static final int BEFORE = 40;
    static final char CUT = '…';

    /** The two lines under a problem, each ending with a line feed; "" when its text is not at hand. */
    static String of(Problem p) {
        Excerpt excerpt = p.excerpt();
        if (excerpt == null || p.line() <= 0) {
            return "";
        }
        // the excerpt of a long line is a piece of it: columns count from the piece's start
        String text = excerpt.line();
        int length = text.codePointCount(0, text.length());
        int column = Math.max(1, p.column() - excerpt.skipped());
        int start = Math.min(column - 1, length);
        // the window [from, to) of code points shown, the column inside it
        int from = 0;
        int to = length;
        if (length > WIDTH) {
            from = Math.max(0, Math.min(start - BEFORE, length - WIDTH));
            to = Math.min(length, from + WIDTH);
        }
        int fromIndex = text.offsetByCodePoints(0, from);
        int toIndex = text.offsetByCodePoints(fromIndex, to - from);
        int[] line = text.substring(fromIndex, toIndex).codePoints().toArray();
        boolean restBlank = !excerpt.more() && blank(text, toIndex);
        boolean cutBefore = from > 0 || excerpt.skipped() > 0;
        String shown = (cutBefore ? String.valueOf(CUT) : "")
                + visible(line, restBlank, to == length && !excerpt.more() && excerpt.lineEnd())
                + (to < length || excerpt.more() ? String.valueOf(CUT) : "");
        int at = start - from;
        int width = at >= line.length ? 1 : span(line, at);
        String number = String.valueOf(p.line());
        String gutter = " ".repeat(number.length());
        return " " + number + " | " + shown + "\n"
                + " " + gutter + " | " + " ".repeat(at + (cutBefore ? 1 : 0)) + "^" + "~".repeat(Math.max(0, width - 1)) + "\n";
    }

    /** Whether the text holds nothing but spaces and tabs from {@code index} on. */
    private static boolean blank(String text, int index) {
        for (int i = index; i < text.length(); i++) {
            if (text.charAt(i) != ' ' && text.charAt(i) != '\t') {
                return false;
            }
        }
        return true;
    }

    /**
     * The characters with the invisible ones drawn; {@code ⏎} stands for the line end of an empty
     * or blank-ended line.
     *
     * @param trailingAtEnd whether spaces at the end of {@code line} end the whole line (false when
     *                      {@code line} is a cut piece that more text follows)
     */
    static String visible(int[] line, boolean trailingAtEnd, boolean lineEnd) {
        int trailing = line.length;
        while (trailingAtEnd && trailing > 0 && (line[trailing - 1] == ' ' || line[trailing - 1] == '\t')) {
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
