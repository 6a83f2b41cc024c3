package dev.sweepgate.changelog;

import dev.sweepgate.yaml.YNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * New entries written among the old ones instead of after them: the head's entries are the base's,
 * in their order, with new ones between them. Every old entry after such a block sits one place
 * further down, so comparing by position would call each of them changed; this finds the one
 * mistake instead.
 */
public final class InsertedEntries {
    private InsertedEntries() {
    }

    /**
     * The head indexes (0-based, ascending) of the entries the base does not have, when the base's
     * entries are all in the head, as values and in their order; null when they are not (an entry
     * was edited, deleted or reordered). The first {@code from} entries are known to be the base's.
     */
    public static List<Integer> newItems(List<YNode> base, List<YNode> head, int from) {
        int spare = head.size() - base.size();
        List<Integer> added = new ArrayList<>();
        int j = from;
        Object expected = null;
        for (int i = from; i < head.size(); i++) {
            if (j < base.size()) {
                if (expected == null) {
                    expected = base.get(j).toPlain();
                }
                if (base.get(j) == head.get(i) || PyValues.equal(expected, head.get(i).toPlain())) {
                    j++;
                    expected = null;
                    continue;
                }
            }
            added.add(i);
            if (added.size() > spare) {
                return null; // more new entries than the head has to spare: an old one is missing
            }
        }
        return j == base.size() ? added : null;
    }

    /** Whether the lines of {@code head} are those of {@code base} with lines added: none removed or changed. */
    public static boolean onlyLinesAdded(byte[] base, byte[] head) {
        List<int[]> a = lines(base);
        List<int[]> b = lines(head);
        int j = 0;
        // Greedy: the base's lines are in the head in order exactly when taking each at its first chance finds them all.
        for (int i = 0; i < b.size() && j < a.size(); i++) {
            if (sameLine(base, a.get(j), head, b.get(i))) {
                j++;
            }
        }
        return j == a.size();
    }

    /**
     * {@link #onlyLinesAdded}, or so but for the base's last line when it holds only spaces: a change
     * that empties or removes that line (an earlier change's mistake, {@link ByteRules}) and inserts
     * entries is still an insertion.
     */
    public static boolean onlyLinesAddedToHistory(byte[] base, byte[] head) {
        if (onlyLinesAdded(base, head)) {
            return true;
        }
        int spaces = ByteRules.whitespaceLastLine(base);
        return spaces >= 0 && onlyLinesAdded(Arrays.copyOf(base, spaces), head);
    }

    /** {start, end} offsets of each line, its {@code \n} included. */
    private static List<int[]> lines(byte[] bytes) {
        List<int[]> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                lines.add(new int[] {start, i + 1});
                start = i + 1;
            }
        }
        if (start < bytes.length) {
            lines.add(new int[] {start, bytes.length});
        }
        return lines;
    }

    private static boolean sameLine(byte[] a, int[] x, byte[] b, int[] y) {
        return Arrays.equals(a, x[0], x[1], b, y[0], y[1]);
    }

    /**
     * The runs of consecutive new entries that old entries follow, as {first, last} head indexes:
     * each is one misplaced block. New entries after the last old one are appended, not misplaced.
     */
    public static List<int[]> misplacedBlocks(List<Integer> added, int headSize) {
        List<int[]> blocks = new ArrayList<>();
        int k = 0;
        while (k < added.size()) {
            int first = added.get(k);
            int last = first;
            while (k + 1 < added.size() && added.get(k + 1) == last + 1) {
                k++;
                last++;
            }
            k++;
            if (last + 1 < headSize) {
                blocks.add(new int[] {first, last});
            }
        }
        return blocks;
    }

    /**
     * The lines a misplaced block takes in the head, as {first, last}: from its first entry's line
     * to the line before the old entry that follows it (the empty line after it included).
     */
    public static int[] lineSpan(List<YNode> head, int[] block) {
        return new int[] {head.get(block[0]).pos().line(), head.get(block[1] + 1).pos().line() - 1};
    }
}
