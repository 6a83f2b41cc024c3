package dev.sweepgate.merge;

import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.LineIndex;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Where each changelog entry sits in the file's bytes, so merges can copy and edit entries
 * without re-serialising YAML (every other byte must survive). A span starts at a line
 * beginning with {@code - config-keys:} and runs to the next such line or the end of the
 * file; its content stops after its last non-blank line. Only {@code \n} ends a line here.
 */
public final class EntrySpans {
    private static final byte[] START = ChangelogFile.ENTRY_START.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PR_LINK_LINE = "  pr-link:".getBytes(StandardCharsets.US_ASCII);

    /**
     * One entry's place in the file.
     *
     * @param start      offset of its {@code - config-keys:} line
     * @param end        offset of the next entry's start, or the file length
     * @param contentEnd offset just after its last line that is not blank
     */
    public record Span(int start, int end, int contentEnd) {
    }

    private final byte[] bytes;
    private final List<Span> spans;
    /** Built on the first {@link #lineOf}: messages ask it once per appended entry. */
    private LineIndex lines;

    private EntrySpans(byte[] bytes, List<Span> spans) {
        this.bytes = bytes;
        this.spans = List.copyOf(spans);
    }

    public static EntrySpans of(byte[] bytes) {
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i <= bytes.length - START.length; i++) {
            if ((i == 0 || bytes[i - 1] == '\n') && startsWith(bytes, i, START)) {
                starts.add(i);
            }
        }
        List<Span> spans = new ArrayList<>(starts.size());
        for (int k = 0; k < starts.size(); k++) {
            int start = starts.get(k);
            int end = k + 1 < starts.size() ? starts.get(k + 1) : bytes.length;
            spans.add(new Span(start, end, contentEnd(bytes, start, end)));
        }
        return new EntrySpans(bytes, spans);
    }

    public int size() {
        return spans.size();
    }

    public Span span(int index) {
        return spans.get(index);
    }

    /** The entry's content: from its start line through its last non-blank line. */
    public byte[] content(int index) {
        Span s = spans.get(index);
        return slice(bytes, s.start(), s.contentEnd());
    }

    /**
     * The whole file with one entry's pr-link line replaced by {@code   pr-link: link}, or
     * null when the entry's content has no line starting with {@code   pr-link:}.
     */
    public byte[] withPrLink(int index, String link) {
        Span s = spans.get(index);
        int[] line = prLinkLine(bytes, s.start(), s.contentEnd());
        if (line == null) {
            return null;
        }
        return splice(bytes, line[0], line[1], prLinkLine(link));
    }

    /**
     * The whole file with the pr-link line of each entry in {@code links} (entry index to link)
     * replaced by {@code   pr-link: link}, written in one pass: rewriting entry by entry, each
     * rewrite a copy of the file and a new scan for its entries, was quadratic in the entries.
     *
     * @param withoutLine receives, in order, the indexes of the entries whose content has no
     *                    line starting with {@code   pr-link:} (they are left as they are)
     */
    public byte[] withPrLinks(SortedMap<Integer, String> links, List<Integer> withoutLine) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length + 64 * links.size());
        int copied = 0;
        for (Map.Entry<Integer, String> link : links.entrySet()) {
            Span s = spans.get(link.getKey());
            int[] line = prLinkLine(bytes, s.start(), s.contentEnd());
            if (line == null) {
                withoutLine.add(link.getKey());
                continue;
            }
            out.write(bytes, copied, line[0] - copied);
            out.writeBytes(prLinkLine(link.getValue()));
            copied = line[1];
        }
        out.write(bytes, copied, bytes.length - copied);
        return out.toByteArray();
    }

    /** An entry's content with its pr-link line replaced, or null when it has none. */
    public static byte[] contentWithPrLink(byte[] content, String link) {
        int[] line = prLinkLine(content, 0, content.length);
        if (line == null) {
            return null;
        }
        return splice(content, line[0], line[1], prLinkLine(link));
    }

    /** The line number (1-based) of an offset, for messages. */
    public int lineOf(int offset) {
        if (lines == null) {
            lines = LineIndex.of(bytes);
        }
        return lines.lineOf(offset);
    }

    private static byte[] prLinkLine(String link) {
        return ("  pr-link: " + link).getBytes(StandardCharsets.UTF_8);
    }

    /** {@code [lineStart, lineEnd)} of the first line in the range that starts with {@code   pr-link:}; the line end is not included. */
    private static int[] prLinkLine(byte[] bytes, int from, int to) {
        // from is a line start (an entry's start, or the start of its content)
        for (int k = from; k <= to - PR_LINK_LINE.length; k++) {
            if ((k == from || bytes[k - 1] == '\n') && startsWith(bytes, k, PR_LINK_LINE)) {
                int lineEnd = k;
                while (lineEnd < to && bytes[lineEnd] != '\n') {
                    lineEnd++;
                }
                return new int[] {k, lineEnd};
            }
        }
        return null;
    }

    private static int contentEnd(byte[] bytes, int start, int end) {
        int last = end - 1;
        // stops inside the span at the latest: its first byte is the '-' of its start line
        while (isBlank(bytes[last])) {
            last--;
        }
        int lineEnd = last;
        while (lineEnd < end && bytes[lineEnd] != '\n') {
            lineEnd++;
        }
        return lineEnd < end ? lineEnd + 1 : end;
    }

    private static boolean isBlank(byte b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n';
    }

    /** Whether the prefix is at {@code at}; the caller has made sure it fits. */
    private static boolean startsWith(byte[] bytes, int at, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (bytes[at + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** Whether the bytes end with an empty line (two line ends in a row), so an entry may follow directly. */
    static boolean endsWithEmptyLine(byte[] bytes) {
        // ISO-8859-1 maps each byte to one char: no bounds arithmetic to get wrong
        return new String(bytes, StandardCharsets.ISO_8859_1).endsWith("\n\n");
    }

    static byte[] slice(byte[] bytes, int from, int to) {
        byte[] out = new byte[to - from];
        System.arraycopy(bytes, from, out, 0, out.length);
        return out;
    }

    private static byte[] splice(byte[] bytes, int from, int to, byte[] replacement) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(bytes, 0, from);
        out.write(replacement, 0, replacement.length);
        out.write(bytes, to, bytes.length - to);
        return out.toByteArray();
    }
}
