package dev.sweepgate.coverage;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.git.Git;
import dev.sweepgate.launch.LaunchIndex;
import dev.sweepgate.problem.Problem;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Coverage of the files under benchmarks/ (the benchmark repository's rule: every change that
 * can move a result needs an entry): a changed launch script, a script it sources or a recipe
 * needs an appended entry selecting every config that runs it, in the scenario it runs it in.
 * A shared library (benchmark_lib.sh) reaches too many configs to demand that: a warning says how
 * many. A deleted file needs nothing when no config that still exists ran it.
 */
public final class LaunchCoverage {
    public static final String UNCOVERED = "coverage.launch-uncovered";
    public static final String LIBRARY = "coverage.launch-library";

    private LaunchCoverage() {
    }

    /**
     * @param changed   the changed files under benchmarks/
     * @param head      the head's configs resolved against the head's files
     * @param base      the base's configs resolved against the base's files, asked only when a file was deleted
     * @param reported  configs whose own change check-coverage already reports uncovered (one cause, one error)
     */
    public static CoverageResult check(CoverageResult configs, List<Git.Change> changed, ConfigSet headConfigs,
                                       Supplier<LaunchIndex> head, Supplier<LaunchIndex> base,
                                       List<ChangelogEntry> entries, String changelog, String baseLabel, String headLabel) {
        if (changed.isEmpty()) {
            return configs;
        }
        Set<String> reported = new LinkedHashSet<>();
        configs.changed().stream().filter(c -> !c.uncovered().isEmpty()).forEach(c -> reported.add(c.key()));
        CoverageCheck.Coverers coverers = CoverageCheck.coverers(entries, headConfigs.keys());
        LaunchIndex headIndex = changed.stream().anyMatch(c -> !c.deleted()) ? head.get() : null;
        LaunchIndex baseIndex = changed.stream().anyMatch(Git.Change::deleted) ? base.get() : null;
        Set<String> headKeys = new LinkedHashSet<>(headConfigs.keys());
        List<CoverageResult.LaunchChange> out = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (Git.Change file : changed) {
            LaunchIndex.Reach reach = (file.deleted() ? baseIndex : headIndex).reach(file.path());
            // A deleted file matters only to the configs that ran it and still exist (their runs now start elsewhere).
            List<String> keys = reach.keys().stream().filter(headKeys::contains).toList();
            List<String> uncovered = new ArrayList<>();
            Set<ScenarioType> scenarios = EnumSet.noneOf(ScenarioType.class);
            for (String key : keys) {
                Set<ScenarioType> missing = EnumSet.noneOf(ScenarioType.class);
                reach.scenarios(key).forEach(s -> {
                    if (coverers.covering(key, s).isEmpty()) {
                        missing.add(s);
                    }
                });
                if (!missing.isEmpty() && !reported.contains(key)) {
                    uncovered.add(key);
                    scenarios.addAll(missing);
                }
            }
            CoverageResult.LaunchChange change = new CoverageResult.LaunchChange(file.path(), file.deleted(), reach.library(),
                    keys, uncovered);
            out.add(change);
            if (uncovered.isEmpty()) {
                continue;
            }
            if (reach.library()) {
                problems.add(new Problem(Problem.Severity.WARNING, file.path(), 0, 0, LIBRARY, file.path() + " changed (" + baseLabel + " -> " + headLabel
                        + ") and is a shared library: " + reach.scripts() + " launch scripts and recipes read or run it, so it reaches "
                        + keys.size() + (keys.size() == 1 ? " config" : " configs") + " (" + uncovered.size() + " selected by no "
                        + "appended entry)\n  fix: if the change can move their results, append an entry to " + changelog
                        + " selecting the configs it affects (`sweepgate plan` lists them); a change that cannot (a comment, "
                        + "a log line) needs none"));
            } else {
                problems.add(Problem.fileError(file.path(), UNCOVERED, message(change, scenarios, reach, changelog, baseLabel,
                        headLabel)));
            }
        }
        return configs.withLaunch(out, problems);
    }

    private static String message(CoverageResult.LaunchChange change, Set<ScenarioType> scenarios, LaunchIndex.Reach reach,
                                  String changelog, String baseLabel, String headLabel) {
        List<String> named = new ArrayList<>();
        for (String key : change.uncovered()) {
            List<String> via = reach.users().stream().filter(u -> u.key().equals(key) && !u.via().equals(change.path()))
                    .map(LaunchIndex.User::via).distinct().toList();
            named.add(key + (via.isEmpty() ? "" : " (through " + String.join(", ", via) + ")"));
        }
        StringBuilder sb = new StringBuilder(change.path()).append(change.deleted() ? " was deleted" : " changed")
                .append(" (").append(baseLabel).append(" -> ").append(headLabel).append("), and ")
                .append(change.uncovered().size() == 1 ? "this config runs it" : "these configs run it")
                .append(", but no changelog entry appended in this change selects ")
                .append(change.uncovered().size() == 1 ? "it" : "them")
                .append(", so the results it moves would never be rerun:");
        named.forEach(n -> sb.append("\n  ").append(n));
        sb.append("\n  fix: append an entry to ").append(changelog).append(" with `config-keys: [")
                .append(String.join(", ", change.uncovered())).append("]`");
        if (scenarios.size() == 1) {
            sb.append(" and `scenario-type: [").append(scenarios.iterator().next().key())
                    .append("]` (or no scenario-type, which covers both)");
        }
        return sb.toString();
    }
}
