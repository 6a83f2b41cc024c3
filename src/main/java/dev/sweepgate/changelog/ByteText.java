package dev.sweepgate.changelog;

import dev.sweepgate.problem.Position;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Positions and visible renderings of raw bytes, for messages about byte-exact rules. */
public final class ByteText {
    private ByteText() {
    }

    /** How many {@code \n} bytes come before {@code end}. */
    public static int lineFeeds(byte[] bytes, int end) {
        int count = 0;
        for (int i = 0; i < end; i++) {
            if (bytes[i] == '\n') {
                count++;
            }
        }
        return count;
    }

    /** The 1-based line and column (in characters) of a byte offset; only {@code \n} ends a line. */
    public static Position positionOf(byte[] bytes, int offset, String file) {
        int line = 1;
        int lineStart = 0;
        int end = Math.min(offset, bytes.length);
        for (int i = 0; i < end; i++) {
            if (bytes[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        String before = new String(bytes, lineStart, end - lineStart, StandardCharsets.UTF_8);
        int column = before.codePointCount(0, before.length()) + 1;
        return new Position(file, line, column);
    }

    /** The bytes of the line holding {@code offset}, with its {@code \n} when it has one. */
    public static byte[] lineAt(byte[] bytes, int offset) {
        int start = Math.min(offset, bytes.length);
        while (start > 0 && bytes[start - 1] != '\n') {
            start--;
        }
        int end = Math.min(offset, bytes.length);
        while (end < bytes.length && bytes[end] != '\n') {
            end++;
        }
        if (end < bytes.length) {
            end++;
        }
        byte[] line = new byte[end - start];
        System.arraycopy(bytes, start, line, 0, line.length);
        return line;
    }

    /**
     * A line in double quotes with every invisible character spelled out ({@code \n},
     * {@code \t}, {@code \r}, {@code \x00}) plus a note on leading or trailing spaces, so a
     * reader can tell two spaces from an empty line. ASCII only: terminals may not be UTF-8.
     */
    public static String visible(byte[] line) {
        return visible(line, 1);
    }

    /** Characters of a line {@link #visible} shows at most; a longer line is cut (a message must not carry 8 MB). */
    static final int SHOWN = 200;
    /** Characters shown before the column of interest when a line is cut. */
    private static final int SHOWN_BEFORE = 60;

    /**
     * {@link #visible(byte[])} of a line that may be long: beyond {@link #SHOWN} characters only
     * those around {@code column} (1-based, in characters) are shown, {@code ...} where it is cut,
     * and the note says how long the line is.
     */
    public static String visible(byte[] line, int column) {
        String text = new String(line, StandardCharsets.UTF_8);
        int from = 0;
        int to = text.length();
        if (text.length() > SHOWN) {
            from = Math.max(0, Math.min(Math.max(0, column - 1 - SHOWN_BEFORE), text.length() - SHOWN));
            to = from + SHOWN;
            // never between the halves of a surrogate pair
            from += from > 0 && Character.isLowSurrogate(text.charAt(from)) ? 1 : 0;
            to -= to < text.length() && Character.isLowSurrogate(text.charAt(to)) ? 1 : 0;
        }
        StringBuilder sb = new StringBuilder(from > 0 ? "\"..." : "\"");
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        sb.append(String.format("\\x%02x", (int) c));
                    } else if (c > 0x7e) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append(to < text.length() ? "...\"" : "\"");
        String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        String note = describe(body, text.endsWith("\n"));
        if (to - from < text.length()) {
            String length = "a line of " + body.length() + " characters, cut";
            note = note.isEmpty() ? length : length + ", " + note;
        }
        return note.isEmpty() ? sb.toString() : sb + " (" + note + ")";
    }

    private static String describe(String body, boolean hasLineEnd) {
        if (body.isEmpty()) {
            return hasLineEnd ? "an empty line" : "end of file";
        }
        if (body.isBlank()) {
            return spaces(body.length()) + " and nothing else";
        }
        int leading = 0;
        while (leading < body.length() && body.charAt(leading) == ' ') {
            leading++;
        }
        int trailing = 0;
        while (trailing < body.length() && body.charAt(body.length() - 1 - trailing) == ' ') {
            trailing++;
        }
        StringBuilder sb = new StringBuilder();
        if (leading > 0) {
            sb.append("indented by ").append(spaces(leading));
        }
        if (trailing > 0) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(spaces(trailing)).append(" at the end");
        }
        if (!hasLineEnd) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append("no line end");
        }
        return sb.toString();
    }

    private static String spaces(int n) {
        return n == 1 ? "1 space" : n + " spaces";
    }

    /**
     * The index of the first byte where the two arrays differ (the shorter one's length when it is
     * the other's beginning), or -1 when equal.
     */
    public static int firstDifference(byte[] a, byte[] b) {
        return Arrays.mismatch(a, b);
    }
}
