package dev.sweepgate.coverage;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.changelog.KeyResolver;
import dev.sweepgate.changelog.PyValues;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.matrix.Row;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.sweep.SweepComputation;
import dev.sweepgate.yaml.YNode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * check-coverage on loaded inputs: which configs' generated rows changed between the two
 * sides, and whether the entries appended in the same change cover each of them.
 *
 * <p>An entry covers a config's changes in a scenario when one of its config-keys selects
 * the config (as process-changelog resolves keys, at the head) and its scenario-type includes
 * the scenario (no scenario-type: both). evals-only and all-evals entries run no throughput
 * rows, so they cover nothing. A config removed at the head needs no entry (a new entry
 * cannot name it: keys resolve at the head); it is only listed.
 */
public final class CoverageCheck {
    public static final String UNCOVERED = "coverage.uncovered";
    /** Rows only removed: nothing new to run, so no entry is needed (dropping hung concurrencies, say). */
    public static final String ROWS_REMOVED = "coverage.rows-removed";

    private final SweepComputation computation;

    public CoverageCheck(SweepComputation computation) {
        this.computation = computation;
    }

    /**
     * @param entries   the entries appended in the change, in file order
     * @param changelog how messages name the changelog
     * @param baseLabel how messages name the base side (the ref as given)
     * @param headLabel how messages name the head side
     */
    public CoverageResult check(ConfigSet base, ConfigSet head, List<ChangelogEntry> entries, String changelog,
                                String baseLabel, String headLabel) {
        Problems problems = new Problems();
        Map<String, MasterConfig> before = base.byKey();
        // runners.yaml feeds the rows too (the DRAM budget): when it changed, every config is compared.
        boolean sameRunners = base.runners().equals(head.runners());
        Coverers coverers = coverers(entries, head.keys());
        List<CoverageResult.ConfigChange> changed = new ArrayList<>();
        for (MasterConfig config : head.configs()) {
            MasterConfig old = before.get(config.key());
            // the same entry (unchanged files give the base the head's configs), the same value, or equal as Python compares
            if (old != null && sameRunners && (old == config || YNode.sameValue(old.source(), config.source())
                    || PyValues.equal(old.source().toPlain(), config.source().toPlain()))) {
                continue; // same config, same runners: the same rows
            }
            List<Row> headRows;
            try {
                headRows = computation.throughputRows(head, config.key());
            } catch (ProblemException e) {
                problems.addAll(e.problems());
                continue;
            }
            List<Row> baseRows = List.of();
            if (old != null) {
                try {
                    baseRows = computation.throughputRows(base, config.key());
                } catch (ProblemException e) {
                    // It could not run at the base, so every row it generates now is new.
                }
            }
            RowChanges changes = RowChanges.between(baseRows, headRows);
            if (changes.isEmpty()) {
                continue;
            }
            Map<ScenarioType, List<ChangelogEntry>> coveredBy = new EnumMap<>(ScenarioType.class);
            Set<ScenarioType> uncovered = EnumSet.noneOf(ScenarioType.class);
            Set<ScenarioType> onlyRemoved = EnumSet.noneOf(ScenarioType.class);
            for (ScenarioType scenario : changes.scenarios()) {
                List<ChangelogEntry> by = coverers.covering(config.key(), scenario);
                if (by.isEmpty() && changes.onlyRemoved(scenario)) {
                    // The sweep has nothing to run for rows that are gone; the results already published stay.
                    onlyRemoved.add(scenario);
                } else if (by.isEmpty()) {
                    uncovered.add(scenario);
                } else {
                    coveredBy.put(scenario, by);
                }
            }
            CoverageResult.ConfigChange change = new CoverageResult.ConfigChange(config.key(), old == null, changes,
                    coveredBy, uncovered);
            changed.add(change);
            if (!uncovered.isEmpty()) {
                problems.add(Problem.error(config.pos(), UNCOVERED,
                        message(change, config.scenarioKeys(), coverers.evalsOnlyFor(config.key()), changelog, baseLabel, headLabel)));
            }
            for (ScenarioType scenario : onlyRemoved) {
                problems.add(new Problem(Problem.Severity.NOTE, config.pos().file(), config.pos().line(),
                        config.pos().column(), ROWS_REMOVED, "config " + config.key() + ": " + scenario.key() + ": "
                        + changes.describe(scenario) + " (" + baseLabel + " -> " + headLabel + "); rows only removed "
                        + "need no changelog entry: the sweep has nothing new to run"));
            }
        }
        List<String> removed = new ArrayList<>(before.keySet());
        removed.removeAll(head.keys());
        return new CoverageResult(changed, removed, problems.all());
    }

    /** @param scenarioKeys the scenarios the config has at the head */
    private static String message(CoverageResult.ConfigChange change, Set<ScenarioType> scenarioKeys,
                                  List<ChangelogEntry> evalsOnly, String changelog, String baseLabel, String headLabel) {
        String key = change.key();
        StringBuilder sb = new StringBuilder("config ").append(key)
                .append(change.isNew() ? " is new" : ": its generated rows changed")
                .append(" (").append(baseLabel).append(" -> ").append(headLabel)
                .append("), but no changelog entry appended in this change covers these rows, so the sweep")
                .append(" would never run them:");
        for (ScenarioType scenario : change.uncovered()) {
            sb.append("\n  ").append(scenario.key()).append(": ").append(change.changes().describe(scenario));
        }
        change.coveredBy().forEach((scenario, by) -> sb.append("\n  (").append(scenario.key())
                .append(" changes are covered by ").append(CoverageResult.labels(by)).append(')'));
        if (!evalsOnly.isEmpty()) {
            sb.append("\n  (").append(CoverageResult.labels(evalsOnly)).append(evalsOnly.size() == 1 ? " selects" : " select")
                    .append(" it but only for evals (evals-only or all-evals), which run no throughput rows)");
        }
        sb.append("\n  fix: append an entry to ").append(changelog).append(" with `config-keys: [").append(key)
                .append("]`");
        if (scenarioKeys.size() > change.uncovered().size()) {
            // the config has other scenarios too: naming the changed one spares re-running them
            sb.append(" and `scenario-type: [").append(change.uncovered().iterator().next().key())
                    .append("]` (or no scenario-type, which covers both)");
        }
        return sb.toString();
    }

    /** Per config key, which appended entries cover which scenarios. */
    record Coverers(Map<String, Map<ScenarioType, List<ChangelogEntry>>> covering,
                            Map<String, List<ChangelogEntry>> evalsOnly) {
        List<ChangelogEntry> covering(String key, ScenarioType scenario) {
            return covering.getOrDefault(key, Map.of()).getOrDefault(scenario, List.of());
        }

        List<ChangelogEntry> evalsOnlyFor(String key) {
            return evalsOnly.getOrDefault(key, List.of());
        }
    }

    static Coverers coverers(List<ChangelogEntry> entries, List<String> headKeys) {
        Map<String, Map<ScenarioType, List<ChangelogEntry>>> covering = new LinkedHashMap<>();
        Map<String, List<ChangelogEntry>> evalsOnly = new LinkedHashMap<>();
        for (ChangelogEntry entry : entries) {
            Set<String> selected = new LinkedHashSet<>();
            for (String pattern : entry.configKeys()) {
                // A key that selects nothing is process-changelog's error (validate-changelog reports it).
                selected.addAll(KeyResolver.matches(pattern, headKeys));
            }
            boolean runsThroughput = !entry.evalsOnly() && !entry.allEvals();
            for (String key : selected) {
                if (!runsThroughput) {
                    evalsOnly.computeIfAbsent(key, k -> new ArrayList<>()).add(entry);
                    continue;
                }
                for (ScenarioType scenario : entry.scenarios()) {
                    covering.computeIfAbsent(key, k -> new LinkedHashMap<>())
                            .computeIfAbsent(scenario, k -> new ArrayList<>()).add(entry);
                }
            }
        }
        return new Coverers(covering, evalsOnly);
    }
}
