package dev.sweepgate.changelog;

import dev.sweepgate.hints.Nearest;
import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YSeq;
import java.util.ArrayList;
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

    /** An entry's config-keys, each problem at the key's own line. */
    public static List<String> resolve(ChangelogEntry entry, List<String> available) {
        List<Position> at = new ArrayList<>();
        YNode keys = entry.source() == null ? null : entry.source().get(EntryBinder.CONFIG_KEYS);
        for (int i = 0; i < entry.configKeys().size(); i++) {
            at.add(keys instanceof YSeq seq && i < seq.size() ? seq.get(i).pos() : entry.pos());
        }
        return resolve(entry.configKeys(), available, at, entry.label());
    }

    /**
     * The unknown config keys of an item that did not bind as an entry (another field is wrong):
     * its string items under config-keys, so that one round of fixes covers both problems.
     */
    public static List<Problem> unknownKeys(YNode item, String label, List<String> available) {
        if (!(item instanceof YMap map) || !(map.get(EntryBinder.CONFIG_KEYS) instanceof YSeq seq)) {
            return List.of();
        }
        List<String> patterns = new ArrayList<>();
        List<Position> at = new ArrayList<>();
        for (YNode key : seq.items()) {
            if (key instanceof YScalar s && s.value() instanceof String text) {
                patterns.add(text);
                at.add(key.pos());
            }
        }
        try {
            resolve(patterns, available, at, label);
            return List.of();
        } catch (ProblemException e) {
            return e.problems();
        }
    }

    /** @throws ProblemException naming every pattern without a match and every unknown key */
    public static List<String> resolve(List<String> patterns, List<String> available, Position at, String label) {
        return resolve(patterns, available, java.util.Collections.nCopies(patterns.size(), at), label);
    }

    static List<String> resolve(List<String> patterns, List<String> available, List<Position> at, String label) {
        Set<String> resolved = new LinkedHashSet<>();
        List<Problem> problems = new ArrayList<>();
        for (int i = 0; i < patterns.size(); i++) {
            String pattern = patterns.get(i);
            List<String> matches = matches(pattern, available);
            if (matches.isEmpty()) {
                problems.add(Problem.error(at.get(i), "changelog.unknown-config-key", notFound(pattern, available, label)));
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
        String hint = Nearest.didYouMean(pattern, available, 3);
        return label + ": " + what + (hint.isEmpty() ? "; add the config to a master config file or fix the key" : hint);
    }
}
