package dev.sweepgate.plan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.changelog.KeyResolver;
import dev.sweepgate.changelog.PyValues;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.coverage.CoverageCheck;
import dev.sweepgate.coverage.CoverageGate;
import dev.sweepgate.coverage.CoverageResult;
import dev.sweepgate.coverage.RowChanges;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.matrix.Row;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.sweep.RowOwners;
import dev.sweepgate.sweep.Sweep;
import dev.sweepgate.sweep.SweepComputation;
import dev.sweepgate.sweep.SweepJson;
import dev.sweepgate.sweep.SweepLimits;
import dev.sweepgate.sweep.SweepOptions;
import dev.sweepgate.sweep.SweepOutput;
import dev.sweepgate.sweep.SweepSummary;
import dev.sweepgate.sweep.priority.Prioritizer;
import dev.sweepgate.sweep.split.ChunkLimits;
import dev.sweepgate.sweep.split.SweepSplit;
import java.util.ArrayList;
import java.util.Collections;
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
    private final ChangelogGate gate;
    private final Prioritizer prioritizer;
    private final SweepComputation computation = new SweepComputation();

    public Planner(ChangelogGate gate) {
        this(gate, null);
    }

    /**
     * @param prioritizer what scores the jobs before the sweep is measured against GitHub's limits,
     *                    as the workflow publishes it; null to measure the sweep as process-changelog
     *                    prints it without priorities
     */
    public Planner(ChangelogGate gate, Prioritizer prioritizer) {
        this.gate = gate;
        this.prioritizer = prioritizer;
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
        RowOwners headRows = head == null ? null : new RowOwners(computation, head);
        RowOwners baseRows = base == null ? null : new RowOwners(computation, base);

        CoverageResult coverage = head == null || base == null ? null
                : new CoverageCheck(computation).check(base, head, entries, changelog, refs.baseRef(),
                refs.headIsWorkingTree() ? "the working tree" : refs.headRef());
        if (coverage != null) {
            // the configs a changed launch file reaches, as check-coverage judges them
            CoverageResult configs = coverage;
            coverage = ProblemException.collecting(() -> CoverageGate.withLaunchFiles(gate, refs, configs, base, head, entries,
                    changelog), problems);
        }
        List<Plan.EntryJobs> entryJobs = new ArrayList<>();
        List<Plan.AppendOnlyCheck> appendOnly = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            ChangelogEntry entry = entries.get(i);
            Sweep.EntryPlan share = sweep == null ? null : sweep.plans().get(i);
            List<String> keys = share != null ? share.configKeys() : resolve(entry, head);
            List<Plan.ConfigJobs> configs = share == null ? keys.stream()
                    .map(k -> new Plan.ConfigJobs(k, List.of(), List.of())).toList()
                    : attribute(share, headRows);
            entryJobs.add(new Plan.EntryJobs(entry.number(), entry.pos().line(), entry.configKeys(),
                    SweepSummary.flagList(entry), configs));
            if (entry.appendOnly()) {
                appendOnly.add(appendOnlyCheck(entry.number(), entry, keys, share, coverage, base, baseRows));
            }
        }
        Plan.Totals totals = null;
        SweepOutput output = sweep == null ? null : ProblemException.collecting(() -> output(sweep, refs, changelog), problems);
        if (output != null) {
            SweepLimits.Figures figures = SweepLimits.measure(output);
            totals = totals(sweep, figures, chunksPerBucket(output.document(), changelog, problems));
            problems.addAll(SweepLimits.check(figures, changelog));
        }
        List<Plan.ConfigChange> changes = coverage == null ? null : coverage.changed().stream().map(Planner::change).toList();
        return new Plan(changelog, refs.baseRef(), refs.headRef(), sweep != null, entryJobs, changes,
                coverage == null ? List.of() : coverage.removed(), appendOnly, totals, List.copyOf(problems),
                coverage == null ? List.of() : coverage.launch());
    }

    /** The sweep as the workflow would publish it: with priorities when there is a policy. */
    private SweepOutput output(Sweep sweep, ChangelogGate.Refs refs, String changelog) {
        Map<String, Object> document = SweepJson.document(sweep, refs.baseRef(), refs.headRef());
        return prioritizer == null ? SweepOutput.plain(document, PlanJson.sweepJson(document))
                : SweepOutput.prioritized(document, prioritizer, changelog);
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

    /** Splits an entry's rows by config ({@link RowOwners}). */
    private static List<Plan.ConfigJobs> attribute(Sweep.EntryPlan share, RowOwners owners) {
        Map<String, List<Plan.Job>> throughput = new LinkedHashMap<>();
        Map<String, List<Plan.Job>> evals = new LinkedHashMap<>();
        share.configKeys().forEach(k -> {
            throughput.put(k, new ArrayList<>());
            evals.put(k, new ArrayList<>());
        });
        for (Row row : share.throughput()) {
            throughput.get(owner(row, owners, share.configKeys())).add(throughputJob(row));
        }
        for (Row row : share.evals()) {
            evals.get(owner(row, owners, share.configKeys())).add(evalJob(row));
        }
        return share.configKeys().stream().map(k -> new Plan.ConfigJobs(k, throughput.get(k), evals.get(k))).toList();
    }

    private static String owner(Row row, RowOwners owners, List<String> keys) {
        String owner = owners.owner(row, keys);
        // Cannot be null for rows of these keys; the first key keeps the counts whole.
        return owner != null ? owner : keys.get(0);
    }

    /** A point: the recipe and one concurrency value. */
    private static List<Object> point(Row row, Object conc) {
        return List.of(RowOwners.recipe(row), PyValues.normalize(conc));
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
                row.get("conc"), Gpus.perJob(row), row.curve());
    }

    private Plan.AppendOnlyCheck appendOnlyCheck(int number, ChangelogEntry entry, List<String> keys,
                                                 Sweep.EntryPlan share, CoverageResult coverage, ConfigSet base,
                                                 RowOwners baseRows) {
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
                for (Row row : baseRows.rows(key)) {
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
        return new Plan.Point(p.expName(), p.conc(), p.fields(), p.changes().stream()
                .map(c -> new Plan.FieldChange(c.field(), c.base(), c.head())).toList());
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

    /**
     * How many chunks process-changelog --split-dir would cut each bucket into with GitHub's limits,
     * named as the plan names buckets ({@code single_node/8k1k}); null, and a warning, when a row
     * alone is larger than a chunk may be.
     */
    private static Map<String, Integer> chunksPerBucket(JsonNode document, String changelog,
                                                        Set<Problem> problems) {
        try {
            Map<String, Integer> chunks = new LinkedHashMap<>();
            SweepSplit.chunksPerBucket(SweepSplit.split(document, ChunkLimits.GITHUB, changelog))
                    .forEach((bucket, n) -> chunks.put(bucket.replaceFirst("\\.", "/"), n));
            return chunks;
        } catch (ProblemException e) {
            e.problems().forEach(p -> problems.add(Problem.warning(p.position(), p.rule(), p.message())));
            return null;
        }
    }

    private static Plan.Totals totals(Sweep sweep, SweepLimits.Figures figures, Map<String, Integer> chunksPerBucket) {
        Map<String, Integer> perRunner = new LinkedHashMap<>();
        List<Row> all = new ArrayList<>(sweep.throughput());
        all.addAll(sweep.evals());
        all.forEach(row -> perRunner.merge(String.valueOf(row.get("runner")), 1, Integer::sum));
        return new Plan.Totals(SweepSummary.rowsPerBucket(sweep), perRunner, all.size(), figures.outputBytes(),
                figures.withPriorities(), SweepLimits.MAX_JOBS_PER_MATRIX, SweepLimits.MAX_OUTPUT_BYTES,
                chunksPerBucket);
    }
}
