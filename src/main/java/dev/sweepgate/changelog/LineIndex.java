package dev.sweepgate.changelog;

import dev.sweepgate.problem.Position;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Where each line of a byte array starts, found in one pass: the positions of many offsets of one
 * file (a problem per appended entry, say) cost a binary search each rather than a scan from the
 * start of the file, which made reports on thousands of entries quadratic. Only {@code \n} ends a
 * line, as in {@link ByteText#positionOf}.
 */
public final class LineIndex {
    private final byte[] bytes;
    /** Offsets of the line starts, in order; the first is 0. */
    private final int[] starts;
    private final int lines;

    private LineIndex(byte[] bytes, int[] starts, int lines) {
        this.bytes = bytes;
        this.starts = starts;
        this.lines = lines;
    }

    public static LineIndex of(byte[] bytes) {
        int[] starts = new int[16];
        int lines = 1;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                if (lines == starts.length) {
                    starts = Arrays.copyOf(starts, lines * 2);
                }
                starts[lines++] = i + 1;
            }
        }
        return new LineIndex(bytes, starts, lines);
    }

    /** The 1-based line of a byte offset (an offset past the end counts as the end). */
    public int lineOf(int offset) {
        int end = Math.min(offset, bytes.length);
        // the last line start at or before end; a start equal to end belongs to the line it starts
        int found = Arrays.binarySearch(starts, 0, lines, end);
        return found >= 0 ? found + 1 : -found - 1;
    }

    /** {@link ByteText#positionOf}: the line, and the column in characters, of a byte offset. */
    public Position positionOf(int offset, String file) {
        int end = Math.min(offset, bytes.length);
        int line = lineOf(end);
        int lineStart = starts[line - 1];
        String before = new String(bytes, lineStart, end - lineStart, StandardCharsets.UTF_8);
        return new Position(file, line, before.codePointCount(0, before.length()) + 1);
    }
}
