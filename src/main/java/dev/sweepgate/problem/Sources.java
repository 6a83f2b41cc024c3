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
            Excerpt excerpt = p.excerpt() != null ? p.excerpt()
                    : lines.computeIfAbsent(p.file(), f -> new Lines(bytes)).excerpt(p.line());
            if (excerpt == null) {
                kept.add(p);
            } else if (!silenced(p.rule(), excerpt)) {
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

    /** The line starts of one file, found once for all its problems. */
    private static final class Lines {
        private final byte[] bytes;
        private final int[] starts;

        Lines(byte[] bytes) {
            this.bytes = bytes;
            int[] found = new int[16];
            int n = 0;
            found[n++] = 0;
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] == '\n') {
                    if (n == found.length) {
                        found = Arrays.copyOf(found, n * 2);
                    }
                    found[n++] = i + 1;
                }
            }
            starts = Arrays.copyOf(found, n);
        }

        /** Line {@code number} (1-based), or null beyond the end of the file. */
        Excerpt excerpt(int number) {
            if (number > starts.length || (number == starts.length && starts[number - 1] >= bytes.length && number > 1)) {
                return null;
            }
            return new Excerpt(text(number), end(number) < bytes.length, number > 1 ? text(number - 1) : null);
        }

        private int end(int number) {
            return number < starts.length ? starts[number] - 1 : bytes.length;
        }

        private String text(int number) {
            int start = starts[number - 1];
            return new String(bytes, start, Math.max(0, end(number) - start), StandardCharsets.UTF_8);
        }
    }
}
