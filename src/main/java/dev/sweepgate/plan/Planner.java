package dev.sweepgate.plan;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.changelog.KeyResolver;
import dev.sweepgate.changelog.PyValues;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.coverage.CoverageCheck;
import dev.sweepgate.coverage.CoverageResult;
import dev.sweepgate.coverage.RowChanges;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.matrix.Row;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.sweep.Sweep;
import dev.sweepgate.sweep.SweepComputation;
import dev.sweepgate.sweep.SweepJson;
import dev.sweepgate.sweep.SweepLimits;
import dev.sweepgate.sweep.SweepOptions;
import dev.sweepgate.sweep.SweepSummary;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Computes a {@link Plan} from what the other commands compute: the sweep as process-changelog
 * computes it, the row differences as check-coverage finds them, both expanded by the one
 * matrix engine. Nothing here decides what runs; it only attributes and counts.
 */
public final class Planner {
    /** Row fields the eval policy sets: a row's recipe is the same with or without them. */
    private static final List<String> NOT_RECIPE = List.of("conc", "exp-name", "run-eval", "eval-only", "eval-conc",
            "eval-all-concs", SweepJson.FINGERPRINT);

    private final ChangelogGate gate;
    private final SweepComputation computation = new SweepComputation();

    public Planner(ChangelogGate gate) {
        this.gate = gate;
    }

    /** The plan of the change between {@code refs}; never throws for a change that breaks a rule. */
    public Plan plan(ChangelogGate.Refs refs, String changelog, SweepOptions options) {
        Set<Problem> problems = new LinkedHashSet<>();
        Sweep sweep = ProblemException.collecting(() -> gate.process(refs, changelog, options), problems);
        List<ChangelogEntry> entries = sweep != null ? sweep.entries()
                : orEmpty(ProblemException.collecting(() -> gate.appendedEntries(refs, changelog), problems));
        ConfigSet head = ProblemException.collecting(() -> gate.headConfigs(refs), problems);
        // A base that breaks the config rules matters only to append-only, whose sweep then reports it.
        ConfigSet base = ProblemException.collecting(() -> gate.configsAtBase(refs), new HashSet<>());
        Map<String, List<Row>> headRows = new HashMap<>();
        Map<String, List<Row>> baseRows = new HashMap<>();

        CoverageResult coverage = head == null || base == null ? null
                : new CoverageCheck(computation).check(base, head, entries, changelog, refs.baseRef(),
                refs.headIsWorkingTree() ? "the working tree" : refs.headRef());
        List<Plan.EntryJobs> entryJobs = new ArrayList<>();
        List<Plan.AppendOnlyCheck> appendOnly = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            ChangelogEntry entry = entries.get(i);
            Sweep.EntryPlan share = sweep == null ? null : sweep.plans().get(i);
            List<String> keys = share != null ? share.configKeys() : resolve(entry, head);
            List<Plan.ConfigJobs> configs = share == null ? keys.stream()
                    .map(k -> new Plan.ConfigJobs(k, List.of(), List.of())).toList()
                    : attribute(share, head, headRows);
            entryJobs.add(new Plan.EntryJobs(entry.number(), entry.configKeys(), SweepSummary.flagList(entry), configs));
            if (entry.appendOnly()) {
                appendOnly.add(appendOnlyCheck(entry.number(), entry, keys, share, coverage, base, baseRows));
            }
        }
        Plan.Totals totals = null;
        if (sweep != null) {
            String json = PlanJson.sweepJson(SweepJson.document(sweep, refs.baseRef(), refs.headRef()));
            long bytes = json.getBytes(StandardCharsets.UTF_8).length;
            totals = totals(sweep, bytes);
            problems.addAll(SweepLimits.check(sweep, bytes, changelog));
        }
        List<Plan.ConfigChange> changes = coverage == null ? null : coverage.changed().stream().map(Planner::change).toList();
        return new Plan(changelog, refs.baseRef(), refs.headRef(), sweep != null, entryJobs, changes,
                coverage == null ? List.of() : coverage.removed(), appendOnly, totals, List.copyOf(problems));
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    /** When the sweep failed: the keys as process-changelog resolves them, those that resolve. */
    private static List<String> resolve(ChangelogEntry entry, ConfigSet head) {
        if (head == null) {
            return List.of();
        }
        Set<String> keys = new LinkedHashSet<>();
        entry.configKeys().forEach(pattern -> keys.addAll(KeyResolver.matches(pattern, head.keys())));
        return List.copyOf(keys);
    }

    /**
     * Splits an entry's rows by config: a row belongs to the first of the entry's configs that
     * generates the same recipe (the sweep expands several configs at once, and its rows do
     * not name their config).
     */
    private List<Plan.ConfigJobs> attribute(Sweep.EntryPlan share, ConfigSet head, Map<String, List<Row>> cache) {
        Map<String, Set<Object>> recipes = new LinkedHashMap<>();
        for (String key : share.configKeys()) {
            Set<Object> set = new HashSet<>();
            rows(head, key, cache).forEach(row -> set.add(recipe(row)));
            recipes.put(key, set);
        }
        Map<String, List<Plan.Job>> throughput = new LinkedHashMap<>();
        Map<String, List<Plan.Job>> evals = new LinkedHashMap<>();
        share.configKeys().forEach(k -> {
            throughput.put(k, new ArrayList<>());
            evals.put(k, new ArrayList<>());
        });
        for (Row row : share.throughput()) {
            throughput.get(owner(row, recipes, share.configKeys())).add(throughputJob(row));
        }
        for (Row row : share.evals()) {
            evals.get(owner(row, recipes, share.configKeys())).add(evalJob(row));
        }
        return share.configKeys().stream().map(k -> new Plan.ConfigJobs(k, throughput.get(k), evals.get(k))).toList();
    }

    private static String owner(Row row, Map<String, Set<Object>> recipes, List<String> keys) {
        Object recipe = recipe(row);
        for (Map.Entry<String, Set<Object>> e : recipes.entrySet()) {
            if (e.getValue().contains(recipe)) {
                return e.getKey();
            }
        }
        // Cannot happen for rows of these keys; the first key keeps the counts whole.
        return keys.get(0);
    }

    private List<Row> rows(ConfigSet configs, String key, Map<String, List<Row>> cache) {
        return cache.computeIfAbsent(key, k -> {
            try {
                return computation.throughputRows(configs, k);
            } catch (ProblemException e) {
                return List.of();
            }
        });
    }

    static Object recipe(Row row) {
        Map<String, Object> fields = new LinkedHashMap<>(row.fields());
        NOT_RECIPE.forEach(fields::remove);
        return PyValues.normalize(fields);
    }

    /** A point: the recipe and one concurrency value. */
    private static List<Object> point(Row row, Object conc) {
        return List.of(recipe(row), PyValues.normalize(conc));
    }

    private static List<?> concs(Row row) {
        return row.get("conc") instanceof List<?> list ? list : Collections.singletonList(row.get("conc"));
    }

    static Plan.Job throughputJob(Row row) {
        String top = row.isMultiNode() ? SweepJson.MULTI_NODE : SweepJson.SINGLE_NODE;
        return job(top + "/" + SweepJson.throughputBucket(row), row);
    }

    static Plan.Job evalJob(Row row) {
        return job(SweepJson.evalBucket(row), row);
    }

    private static Plan.Job job(String bucket, Row row) {
        return new Plan.Job(bucket, String.valueOf(row.get("exp-name")), String.valueOf(row.get("runner")),
                row.get("conc"), Gpus.perJob(row));
    }

    private Plan.AppendOnlyCheck appendOnlyCheck(int number, ChangelogEntry entry, List<String> keys,
                                                 Sweep.EntryPlan share, CoverageResult coverage, ConfigSet base,
                                                 Map<String, List<Row>> baseCache) {
        Set<ScenarioType> scenarios = Set.copyOf(entry.scenarios());
        List<Plan.Point> removed = new ArrayList<>();
        List<Plan.Point> changed = new ArrayList<>();
        if (coverage != null) {
            for (CoverageResult.ConfigChange change : coverage.changed()) {
                if (!keys.contains(change.key())) {
                    continue;
                }
                change.changes().byScenario().forEach((scenario, c) -> {
                    if (scenarios.contains(scenario)) {
                        c.removed().forEach(p -> removed.add(point(p)));
                        c.changed().forEach(p -> changed.add(point(p)));
                    }
                });
            }
        }
        Set<Object> existing = new HashSet<>();
        int basePoints = 0;
        if (base != null) {
            for (String key : keys) {
                if (base.get(key).isEmpty()) {
                    continue;
                }
                for (Row row : rows(base, key, baseCache)) {
                    ScenarioType scenario = row.isAgentic() ? ScenarioType.AGENTIC_CODING : ScenarioType.FIXED_SEQ_LEN;
                    if (scenarios.contains(scenario)) {
                        for (Object conc : concs(row)) {
                            basePoints++;
                            existing.add(point(row, conc));
                        }
                    }
                }
            }
        }
        List<Plan.Job> newPoints = new ArrayList<>();
        List<Plan.Job> rerun = new ArrayList<>();
        if (share != null) {
            for (Row row : share.throughput()) {
                boolean runsExisting = concs(row).stream().anyMatch(conc -> existing.contains(point(row, conc)));
                (runsExisting ? rerun : newPoints).add(throughputJob(row));
            }
        }
        return new Plan.AppendOnlyCheck(number, keys, newPoints, basePoints, removed, changed, rerun, share != null);
    }

    private static Plan.Point point(RowChanges.Point p) {
        return new Plan.Point(p.expName(), p.conc(), p.fields());
    }

    private static Plan.ConfigChange change(CoverageResult.ConfigChange change) {
        List<Plan.ScenarioChange> scenarios = new ArrayList<>();
        for (ScenarioType scenario : change.changes().scenarios()) {
            RowChanges.ScenarioChanges c = change.changes().byScenario().get(scenario);
            scenarios.add(new Plan.ScenarioChange(scenario.key(), c.added().stream().map(Planner::point).toList(),
                    c.removed().stream().map(Planner::point).toList(), c.changed().stream().map(Planner::point).toList(),
                    change.coveredBy().getOrDefault(scenario, List.of()).stream().map(ChangelogEntry::number).toList()));
        }
        return new Plan.ConfigChange(change.key(), change.isNew(), scenarios);
    }

    private static Plan.Totals totals(Sweep sweep, long jsonBytes) {
        Map<String, Integer> perRunner = new LinkedHashMap<>();
        List<Row> all = new ArrayList<>(sweep.throughput());
        all.addAll(sweep.evals());
        all.forEach(row -> perRunner.merge(String.valueOf(row.get("runner")), 1, Integer::sum));
        return new Plan.Totals(SweepSummary.rowsPerBucket(sweep), perRunner, all.size(), jsonBytes,
                SweepLimits.MAX_JOBS_PER_MATRIX, SweepLimits.MAX_STEP_OUTPUT_BYTES);
    }
}
