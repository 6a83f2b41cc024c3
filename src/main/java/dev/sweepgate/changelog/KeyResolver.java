package dev.sweepgate.changelog;

import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.regex.Pattern;

/**
 * Resolves an entry's config-keys against the master config keys in load order: {@code *}
 * matches any run of characters over the whole key (no other character is special);
 * duplicates keep their first occurrence.
 */
public final class KeyResolver {
    private KeyResolver() {
    }

    /**
     * @param at where each pattern is written, by its index
     * @throws ProblemException naming every pattern without a match and every unknown key
     */
    public static List<String> resolve(List<String> patterns, List<String> available, IntFunction<Position> at,
                                       String label) {
        Set<String> resolved = new LinkedHashSet<>();
        List<Problem> problems = new ArrayList<>();
        for (int i = 0; i < patterns.size(); i++) {
            String pattern = patterns.get(i);
            List<String> matches = matches(pattern, available);
            if (matches.isEmpty()) {
                problems.add(Problem.error(at.apply(i), "changelog.unknown-config-key", notFound(pattern, available, label)));
            }
            resolved.addAll(matches);
        }
        if (!problems.isEmpty()) {
            throw new ProblemException(problems);
        }
        return List.copyOf(resolved);
    }

    /** The keys a pattern (or a plain key) selects, in the order of {@code available}; none is not an error here. */
    public static List<String> matches(String pattern, List<String> available) {
        if (!pattern.contains("*")) {
            return available.contains(pattern) ? List.of(pattern) : List.of();
        }
        Pattern compiled = Pattern.compile(wildcardRegex(pattern), Pattern.DOTALL);
        return available.stream().filter(k -> compiled.matcher(k).matches()).toList();
    }

    private static String wildcardRegex(String pattern) {
        String[] parts = pattern.split("\\*", -1);
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                regex.append(".*");
            }
            if (!parts[i].isEmpty()) {
                regex.append(Pattern.quote(parts[i]));
            }
        }
        return regex.toString();
    }

    private static String notFound(String pattern, List<String> available, String label) {
        String what = pattern.contains("*") ? "the pattern '" + pattern + "' matches no config key"
                : "config key '" + pattern + "' not found in master configs";
        List<String> close = available.stream()
                .sorted(Comparator.comparingInt(k -> distance(k, pattern)))
                .limit(3)
                .filter(k -> distance(k, pattern) <= Math.max(3, pattern.length() / 3))
                .toList();
        return label + ": " + what + (close.isEmpty() ? "; add the config to a master config file or fix the key"
                : "; did you mean " + String.join(", ", close) + "?");
    }

    /** Levenshtein distance, for suggestions. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
