package dev.sweepgate.problem;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Joins problems to the text of the files they are about: each gets the {@link Excerpt} of its
 * line, and a problem that a reviewer silenced with a comment {@code # sweepgate: disable=RULE}
 * is dropped. The comment silences its own line, or, standing alone on a line, the next one
 * (as yamllint's {@code disable-line}); several rules are separated by commas, {@code all}
 * silences every rule.
 */
public final class Sources {
    static final Pattern DISABLE = Pattern.compile("(?:^|\\s)#\\s*sweepgate:\\s*disable=([A-Za-z0-9_.,\\-]+)");

    private Sources() {
    }

    /**
     * @param files file name (as problems name it) to its bytes; problems about other files pass unchanged
     */
    public static List<Problem> apply(List<Problem> problems, Map<String, byte[]> files) {
        Map<String, Lines> lines = new HashMap<>();
        List<Problem> kept = new ArrayList<>();
        for (Problem p : problems) {
            byte[] bytes = files.get(p.file());
            if (bytes == null || p.line() <= 0) {
                kept.add(p);
                continue;
            }
            if (p.excerpt() != null) {
                if (!silenced(p.rule(), p.excerpt())) {
                    kept.add(p);
                }
                continue;
            }
            Lines text = lines.computeIfAbsent(p.file(), f -> new Lines(bytes));
            Excerpt excerpt = text.excerpt(p.line(), p.column());
            if (excerpt == null) {
                kept.add(p);
            } else if (!text.silenced(p.rule(), p.line())) {
                kept.add(p.withExcerpt(excerpt));
            }
        }
        return kept;
    }

    /** {@link #apply} for one file. */
    public static List<Problem> apply(List<Problem> problems, String file, byte[] bytes) {
        return bytes == null ? problems : apply(problems, Map.of(file, bytes));
    }

    static boolean silenced(String rule, Excerpt excerpt) {
        if (names(excerpt.line(), rule)) {
            return true;
        }
        return excerpt.previous() != null && excerpt.previous().strip().startsWith("#") && names(excerpt.previous(), rule);
    }

    private static boolean names(String line, String rule) {
        // Only a line that holds the word can: a regex search on every character of a 60 MB line
        // takes a second, indexOf a few milliseconds.
        if (line == null || !line.contains("sweepgate")) {
            return false;
        }
        Matcher m = DISABLE.matcher(line);
        while (m.find()) {
            for (String named : m.group(1).split(",")) {
                if (named.equals(rule) || named.equals("all")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Bytes of a line kept whole in an excerpt; of a longer one, a piece around the column. */
    static final int WHOLE_LINE = 4096;
    /** Characters of a long line an excerpt keeps before its column (and twice that in all). */
    static final int AROUND = 1000;
    private static final byte[] WORD = "sweepgate".getBytes(StandardCharsets.US_ASCII);

    /**
     * The line starts of one file, found once for all its problems and only as far as the last
     * line a problem names: a problem on line 1,743 of a file with a 60 MB line after it reads
     * none of that line.
     */
    private static final class Lines {
        private final byte[] bytes;
        private int[] starts = new int[16];
        /** Line starts found so far; the search goes on from the last one. */
        private int found = 1;

        Lines(byte[] bytes) {
            this.bytes = bytes;
        }

        /** Finds line starts until line {@code number} + 1 starts or the file ends; whether line {@code number} exists. */
        private boolean reach(int number) {
            int i = starts[found - 1];
            while (found <= number && i < bytes.length) {
                if (bytes[i++] == '\n') {
                    if (found == starts.length) {
                        starts = Arrays.copyOf(starts, found * 2);
                    }
                    starts[found++] = i;
                }
            }
            // Line numbers count line feeds; a file's last line holds what follows its last one, if anything.
            return number < found || number == found && (starts[found - 1] < bytes.length || number == 1);
        }

        /** The offset of line {@code number}'s line end (or of the file's end): known once {@link #reach}({@code number}). */
        private int end(int number) {
            return number < found ? starts[number] - 1 : bytes.length;
        }

        /** Line {@code number} (1-based), a long one cut around {@code column}, or null beyond the end of the file. */
        Excerpt excerpt(int number, int column) {
            if (!reach(number)) {
                return null;
            }
            boolean lineEnd = end(number) < bytes.length;
            String previous = number > 1 ? shortText(number - 1) : null;
            int start = starts[number - 1];
            int end = end(number);
            if (end - start <= WHOLE_LINE) {
                return new Excerpt(text(number), lineEnd, previous);
            }
            // code points, found from the bytes: a character starts at every byte that is not 10xxxxxx
            int skipped = Math.max(0, column - 1 - AROUND);
            int from = start;
            for (int seen = 0; from < end && (seen < skipped || (bytes[from] & 0xC0) == 0x80); from++) {
                if ((bytes[from] & 0xC0) != 0x80) {
                    seen++;
                }
            }
            int to = from;
            for (int kept = 0; to < end && (kept < 2 * AROUND || (bytes[to] & 0xC0) == 0x80); to++) {
                if ((bytes[to] & 0xC0) != 0x80) {
                    kept++;
                }
            }
            return new Excerpt(new String(bytes, from, to - from, StandardCharsets.UTF_8), lineEnd, previous, skipped, to < end);
        }

        /**
         * Whether a disable comment on line {@code number}, or alone on the line before it,
         * silences {@code rule}: read from the whole lines, which are decoded only when they
         * hold the word {@code sweepgate}.
         */
        boolean silenced(String rule, int number) {
            String line = holdsWord(number) ? text(number) : null;
            String previous = number > 1 && holdsWord(number - 1) ? text(number - 1) : null;
            return names(line, rule) || previous != null && previous.strip().startsWith("#") && names(previous, rule);
        }

        private boolean holdsWord(int number) {
            int end = end(number) - WORD.length;
            for (int i = starts[number - 1]; i <= end; i++) {
                if (bytes[i] == 's' && Arrays.equals(bytes, i, i + WORD.length, WORD, 0, WORD.length)) {
                    return true;
                }
            }
            return false;
        }

        /** A line as an excerpt's previous line: whole, or its start when long (only a disable comment there matters, which {@link #silenced} reads). */
        private String shortText(int number) {
            int start = starts[number - 1];
            return end(number) - start <= WHOLE_LINE ? text(number)
                    : new String(bytes, start, WHOLE_LINE, StandardCharsets.UTF_8);
        }

        private String text(int number) {
            int start = starts[number - 1];
            return new String(bytes, start, Math.max(0, end(number) - start), StandardCharsets.UTF_8);
        }
    }
}
