package dev.sweepgate.matrix;

import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.hints.Nearest;
import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Resolves {@code --config-keys}: patterns (with {@code *} or {@code ?}) match keys in load
 * order, anything else is a literal key; duplicates keep their first place.
 */
final class KeyResolver {
    private KeyResolver() {
    }

    /** @throws ProblemException naming every key or pattern that selects nothing */
    static List<MasterConfig> resolve(ConfigSet configs, List<String> keys) {
        Map<String, MasterConfig> byKey = configs.byKey();
        Map<String, MasterConfig> resolved = new LinkedHashMap<>();
        List<Problem> problems = new ArrayList<>();
        for (String key : keys) {
            if (Glob.isPattern(key)) {
                Glob glob = Glob.compile(key);
                List<MasterConfig> matches = configs.configs().stream().filter(c -> glob.matches(c.key())).toList();
                if (matches.isEmpty()) {
                    problems.add(unknown("the pattern '" + key + "' matches no config key", key, configs));
                }
                matches.forEach(c -> resolved.putIfAbsent(c.key(), c));
            } else if (byKey.containsKey(key)) {
                resolved.putIfAbsent(key, byKey.get(key));
            } else {
                problems.add(unknown("no config has the key '" + key + "'", key, configs));
            }
        }
        if (!problems.isEmpty()) {
            throw new ProblemException(problems);
        }
        return List.copyOf(resolved.values());
    }

    /** The three nearest keys, not all of them: a repository has hundreds. */
    private static Problem unknown(String what, String key, ConfigSet configs) {
        String near = Nearest.didYouMean(key.replace("*", "").replace("?", ""), configs.keys(), 3);
        return Problem.error(Position.ofFile(""), "matrix.unknown-config-key", what + (near.isEmpty()
                ? "; check the spelling against the master configs (a pattern needs * or ?)"
                : near + " (a pattern needs * or ?)"));
    }
}
