package dev.sweepgate.fuzz;

import dev.sweepgate.changelog.ChangelogFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How the fuzz targets turn fuzzer bytes into inputs, and the real data they start from.
 * An edit is {@code [offset: 4 bytes big-endian][deleted: 1 byte][inserted bytes...]} applied
 * to a fixed base: offsets past the end append, so one encoding covers appends, edits of
 * history and deletions, and the committed seeds stay readable.
 */
public final class FuzzInputs {
    public static final int HEADER = 5;

    private FuzzInputs() {
    }

    /** {@code base} with the edit {@code data} describes applied. */
    public static byte[] edit(byte[] base, byte[] data) {
        if (data.length < HEADER) {
            return concat(base, data);
        }
        long raw = ((data[0] & 0xffL) << 24) | ((data[1] & 0xff) << 16) | ((data[2] & 0xff) << 8) | (data[3] & 0xff);
        int offset = (int) Math.min(raw, base.length);
        int deleted = Math.min(data[4] & 0xff, base.length - offset);
        byte[] out = new byte[base.length - deleted + data.length - HEADER];
        System.arraycopy(base, 0, out, 0, offset);
        System.arraycopy(data, HEADER, out, offset, data.length - HEADER);
        System.arraycopy(base, offset + deleted, out, offset + data.length - HEADER, base.length - offset - deleted);
        return out;
    }

    /** The seed that encodes inserting {@code text} at {@code offset} after deleting {@code deleted} bytes. */
    public static byte[] encode(int offset, int deleted, String text) {
        byte[] inserted = text.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[HEADER + inserted.length];
        out[0] = (byte) (offset >>> 24);
        out[1] = (byte) (offset >>> 16);
        out[2] = (byte) (offset >>> 8);
        out[3] = (byte) offset;
        out[4] = (byte) deleted;
        System.arraycopy(inserted, 0, out, HEADER, inserted.length);
        return out;
    }

    /** The project's real changelog. */
    public static byte[] realChangelog() {
        return read("perf-changelog.yaml");
    }

    /**
     * Entries {@code from} (inclusive) to {@code to} (exclusive) of the real changelog, as they
     * are written there, without the blank lines after the last: a real history small enough
     * to parse thousands of times a second under coverage instrumentation.
     */
    public static byte[] history(int from, int to) {
        byte[] all = realChangelog();
        List<Integer> starts = new ArrayList<>();
        byte[] start = ChangelogFile.ENTRY_START.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i + start.length <= all.length; i++) {
            if ((i == 0 || all[i - 1] == '\n') && Arrays.equals(all, i, i + start.length, start, 0, start.length)) {
                starts.add(i);
            }
        }
        int end = to < starts.size() ? starts.get(to) : all.length;
        while (end > 0 && isBlankLineBefore(all, end)) {
            end = lineStartBefore(all, end);
        }
        return Arrays.copyOfRange(all, starts.get(from), end);
    }

    /** Whether the line that ends just before {@code end} holds nothing but spaces. */
    private static boolean isBlankLineBefore(byte[] all, int end) {
        for (int k = lineStartBefore(all, end); k < end - 1; k++) {
            if (all[k] != ' ') {
                return false;
            }
        }
        return true;
    }

    private static int lineStartBefore(byte[] all, int end) {
        int k = end - 1;
        while (k > 0 && all[k - 1] != '\n') {
            k--;
        }
        return k;
    }

    public static byte[] read(String path) {
        try {
            return Files.readAllBytes(Path.of(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
