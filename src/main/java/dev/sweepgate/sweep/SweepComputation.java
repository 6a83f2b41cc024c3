package dev.sweepgate.sweep;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.changelog.KeyResolver;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.matrix.EvalMode;
import dev.sweepgate.matrix.MatrixGenerator;
import dev.sweepgate.matrix.Row;
import dev.sweepgate.matrix.TestConfigOptions;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * Steps 2 to 7 of process-changelog: from new entries to the rows CI runs. validate-changelog
 * runs the same computation, and later commands can reuse the rules from here.
 */
public final class SweepComputation {
    private final BiFunction<ConfigSet, TestConfigOptions, List<Row>> expander;

    /** A computation that expands with the one matrix engine. */
    public SweepComputation() {
        this(MatrixGenerator::testConfig);
    }

    SweepComputation(BiFunction<ConfigSet, TestConfigOptions, List<Row>> expander) {
        this.expander = expander;
    }

    /**
     * @param head        the master configs and runners on the head side
     * @param baseConfigs the base side, loaded only when an append-only entry needs it
     * @param file        how messages name the changelog
     * @param fingerprint   whether throughput rows get their recipe-fingerprint (step 7); validate-changelog
     *                      prints counts only, and hashing every row is work it does not need
     * @throws ProblemException when an entry cannot be swept
     */
    public Sweep compute(List<ChangelogEntry> entries, ConfigSet head, Supplier<ConfigSet> baseConfigs,
                         SweepOptions options, String file, boolean fingerprint) {
        boolean anyAppendOnly = entries.stream().anyMatch(ChangelogEntry::appendOnly);
        if (anyAppendOnly && entries.stream().anyMatch(e -> !e.appendOnly())) {
            throw new ProblemException(Problem.fileError(file, "changelog.append-only-mixed",
                    "append-only entries cannot be mixed with other entries in one change; "
                            + "put the append-only entry in a pull request of its own"));
        }
        if (anyAppendOnly && (options.allEvals() || options.evalsOnly())) {
            throw new ProblemException(Problem.fileError(file, "changelog.append-only-modifiers",
                    "append-only sweeps cannot use all-evals or evals-only modifiers; "
                            + "run without --all-evals and --evals-only"));
        }
        List<String> available = head.keys();
        // by identity: two entries may be equal as values
        Map<ChangelogEntry, List<String>> resolved = new IdentityHashMap<>();
        List<Problem> problems = new ArrayList<>();
        for (ChangelogEntry entry : entries) {
            try {
                resolved.put(entry, KeyResolver.resolve(entry, available));
            } catch (ProblemException e) {
                problems.addAll(e.problems());
            }
        }
        if (!problems.isEmpty()) {
            throw new ProblemException(problems);
        }
        AppendOnly appendOnly = null;
        if (anyAppendOnly) {
            appendOnly = new AppendOnly(expander, head, baseConfigs.get(), file);
            appendOnly.checkScope(resolved);
        }

        // all-evals entries first; a stable sort keeps the others in file order
        List<ChangelogEntry> ordered = new ArrayList<>(entries.stream().filter(ChangelogEntry::allEvals).toList());
        ordered.addAll(entries.stream().filter(e -> !e.allEvals()).toList());

        Map<String, Set<ScenarioType>> benchmarked = new HashMap<>();
        Map<String, Set<ScenarioType>> evaluated = new HashMap<>();
        List<Row> throughput = new ArrayList<>();
        List<Row> evals = new ArrayList<>();
        Map<ChangelogEntry, List<Row>> throughputOf = new IdentityHashMap<>();
        Map<ChangelogEntry, List<Row>> evalsOf = new IdentityHashMap<>();
        for (ChangelogEntry entry : ordered) {
            List<Row> entryThroughput = throughputOf.computeIfAbsent(entry, e -> new ArrayList<>());
            List<Row> entryEvals = evalsOf.computeIfAbsent(entry, e -> new ArrayList<>());
            List<String> keys = resolved.get(entry);
            boolean expandAll = options.allEvals() || entry.allEvals();
            boolean suppressThroughput = options.evalsOnly() || entry.evalsOnly() || entry.allEvals();
            if (!suppressThroughput) {
                for (Map.Entry<Set<ScenarioType>, List<String>> group : groups(entry, keys, benchmarked).entrySet()) {
                    Set<ScenarioType> filter = group.getKey().size() == ScenarioType.values().length ? null : group.getKey();
                    TestConfigOptions opts = options(group.getValue(), filter, EvalMode.NONE);
                    entryThroughput.addAll(entry.appendOnly()
                            ? appendOnly.delta(opts, group.getValue(), group.getKey())
                            : expander.apply(head, opts));
                }
            }
            if (!entry.appendOnly()) {
                for (Map.Entry<Set<ScenarioType>, List<String>> group : groups(entry, keys, evaluated).entrySet()) {
                    TestConfigOptions opts = options(group.getValue(), group.getKey(),
                            expandAll ? EvalMode.ALL_EVALS : EvalMode.EVALS_ONLY);
                    for (Row row : expander.apply(head, opts)) {
                        if (keepForMinPrefillEp(row, entry.evalMinPrefillEp())) {
                            entryEvals.add(row);
                        }
                    }
                }
            }
            throughput.addAll(entryThroughput);
            evals.addAll(entryEvals);
        }
        if (options.trimConc()) {
            throughput = TrimConc.apply(throughput);
        }
        List<Row> fingerprinted = throughput;
        if (fingerprint) {
            fingerprinted = new ArrayList<>(throughput.size());
            for (Row row : throughput) {
                fingerprinted.add(withFingerprint(row));
            }
        }
        List<Sweep.EntryPlan> plans = new ArrayList<>();
        for (ChangelogEntry entry : entries) {
            plans.add(new Sweep.EntryPlan(entry, resolved.get(entry), throughputOf.get(entry), evalsOf.get(entry)));
        }
        return new Sweep(entries, plans, fingerprinted, evals);
    }

    /**
     * The throughput rows an entry selecting only {@code key} (both scenarios, no modifiers)
     * would run, before fingerprints: what check-coverage compares between two sides.
     */
    public List<Row> throughputRows(ConfigSet configs, String key) {
        return expander.apply(configs, options(List.of(key), null, EvalMode.NONE));
    }

    /**
     * Per config, the entry's scenarios that no earlier entry covered; configs with the same
     * new scenarios form one group, groups in first-seen order. Updates {@code done}.
     */
    static Map<Set<ScenarioType>, List<String>> groups(ChangelogEntry entry, List<String> keys,
                                                       Map<String, Set<ScenarioType>> done) {
        Map<Set<ScenarioType>, List<String>> groups = new LinkedHashMap<>();
        for (String key : keys) {
            Set<ScenarioType> already = done.computeIfAbsent(key, k -> EnumSet.noneOf(ScenarioType.class));
            Set<ScenarioType> fresh = EnumSet.noneOf(ScenarioType.class);
            for (ScenarioType type : ScenarioType.values()) {
                if (entry.scenarios().contains(type) && !already.contains(type)) {
                    fresh.add(type);
                }
            }
            if (fresh.isEmpty()) {
                continue;
            }
            already.addAll(fresh);
            groups.computeIfAbsent(Set.copyOf(fresh), k -> new ArrayList<>()).add(key);
        }
        return groups;
    }

    static TestConfigOptions options(List<String> keys, Set<ScenarioType> scenarios, EvalMode evals) {
        List<String> literal = keys.stream().map(SweepComputation::literalKey).toList();
        return new TestConfigOptions(literal, null, null, scenarios == null ? null : Set.copyOf(scenarios), null, evals);
    }

    /** test-config reads a key with `*` or `?` as a pattern; bracket those characters so a key matches only itself. */
    static String literalKey(String key) {
        if (key.indexOf('*') < 0 && key.indexOf('?') < 0) {
            return key;
        }
        StringBuilder sb = new StringBuilder();
        for (char c : key.toCharArray()) {
            switch (c) {
                case '*' -> sb.append("[*]");
                case '?' -> sb.append("[?]");
                case '[' -> sb.append("[[]");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /** eval-min-prefill-ep: multi-node rows whose prefill ep (default 1) is below the minimum are dropped. */
    static boolean keepForMinPrefillEp(Row row, Long minEp) {
        if (minEp == null || !(row.get("prefill") instanceof Map<?, ?> prefill)) {
            return true;
        }
        Object ep = prefill.get("ep");
        long value = ep instanceof Number number ? number.longValue() : 1;
        return value >= minEp;
    }

    /** Step 7: the SHA-256 of the row without conc, exp-name and recipe-fingerprint, as canonical JSON. */
    static Row withFingerprint(Row row) {
        Map<String, Object> recipe = new LinkedHashMap<>(row.fields());
        recipe.remove("conc");
        recipe.remove("exp-name");
        recipe.remove(SweepJson.FINGERPRINT);
        Map<String, Object> fields = new LinkedHashMap<>(row.fields());
        fields.put(SweepJson.FINGERPRINT, CanonicalJson.sha256(recipe));
        return new Row(fields);
    }
}
