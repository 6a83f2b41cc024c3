package dev.sweepgate.hints;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * "Did you mean": the known names closest to a misspelt one, by optimal-string-alignment
 * (Damerau-Levenshtein) distance, so that a swapped pair of letters counts as one edit.
 */
public final class Nearest {
    private Nearest() {
    }

    /** Up to {@code limit} candidates close enough to {@code typed} to be a likely typo, closest first. */
    public static List<String> to(String typed, Collection<String> candidates, int limit) {
        String wanted = typed.toLowerCase(Locale.ROOT);
        int allowed = Math.max(2, wanted.length() / 3);
        return candidates.stream()
                .distinct()
                .map(c -> new Scored(c, distance(wanted, c.toLowerCase(Locale.ROOT))))
                .filter(s -> s.distance() <= allowed)
                .sorted(Comparator.comparingInt(Scored::distance).thenComparing(Scored::name))
                .limit(limit)
                .map(Scored::name)
                .toList();
    }

    /** The single closest candidate, when one is close enough. */
    public static Optional<String> one(String typed, Collection<String> candidates) {
        return to(typed, candidates, 1).stream().findFirst();
    }

    /** {@code "; did you mean a, b or c?"}, or "" when nothing is close. */
    public static String didYouMean(String typed, Collection<String> candidates, int limit) {
        List<String> close = to(typed, candidates, limit);
        if (close.isEmpty()) {
            return "";
        }
        String list = close.size() == 1 ? close.get(0)
                : String.join(", ", close.subList(0, close.size() - 1)) + " or " + close.get(close.size() - 1);
        return "; did you mean " + list + "?";
    }

    private record Scored(String name, int distance) {
    }

    /** Edits (insert, delete, substitute, swap two neighbours) that turn {@code a} into {@code b}. */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int best = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    best = Math.min(best, d[i - 2][j - 2] + 1);
                }
                d[i][j] = best;
            }
        }
        return d[a.length()][b.length()];
    }
}
