package dev.sweepgate.sweep.reuse;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.matrix.Row;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.UsageException;
import dev.sweepgate.sweep.CanonicalJson;
import dev.sweepgate.sweep.RowOwners;
import dev.sweepgate.sweep.Sweep;
import dev.sweepgate.sweep.SweepComputation;
import dev.sweepgate.sweep.SweepJson;
import dev.sweepgate.sweep.SweepOptions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Whether a completed sweep run of a pull request may stand in for the sweep of its merge
 * (pipeline.md, "Reuse, proven"), decided from git alone. The merged sweep is what
 * process-changelog computes for the merge commit against its first parent; the source sweep is
 * what it computes for the source commit against its merge base with that parent, which is what
 * the pull request's own run swept (the reference reuses full-sweep runs only, so neither side
 * trims concurrencies or adds evals). Reuse is sound when every merged row is a row of the source
 * sweep: the same bucket and the same fields (so the same recipe-fingerprint, exp-name and conc),
 * leaving aside what the benchmark repository's priority step adds.
 */
public final class ReuseCheck {
    /** What the priority step of the benchmark repository adds to a row: how it is queued, not what it runs. */
    public static final List<String> NOT_RUN = List.of("priority", "queue-token", "skip-queue-pr");
    public static final String SWEEP_RULE = "reuse.sweep";

    private final Git git;
    private final ChangelogGate gate;
    private final SweepComputation computation = new SweepComputation();

    public ReuseCheck(Git git, ChangelogGate gate) {
        this.git = git;
        this.gate = gate;
    }

    /**
     * @param prHeadRef the pull request's head, or null when the caller does not ask which pull request the run is of
     * @throws EnvironmentException when git cannot resolve a ref (exit 3)
     * @throws UsageException       when the merge commit has no parent
     * @throws ProblemException     when either sweep cannot be computed
     */
    public ReuseVerdict check(String sourceRef, String mergeRef, String prHeadRef, String changelog) {
        List<String> refs = new ArrayList<>(List.of(sourceRef, mergeRef));
        List<String> options = new ArrayList<>(List.of("--source", "--merge"));
        if (prHeadRef != null) {
            refs.add(prHeadRef);
            options.add("--pr-head");
        }
        List<String> ids = git.resolveCommits(refs, options);
        String source = ids.get(0);
        String merge = ids.get(1);
        String prHead = prHeadRef == null ? null : ids.get(2);
        String parent = git.firstParent(merge);
        if (parent == null) {
            throw new UsageException("--merge " + mergeRef + " is a root commit: it has no first parent, so there is no "
                    + "merged change to check; name the commit the pull request became on the base branch");
        }
        ChangelogGate.Refs mergedRefs = new ChangelogGate.Refs(mergeRef + "^1", parent, mergeRef, merge);
        Sweep merged = sweep(mergedRefs, changelog, "the merged sweep (" + mergeRef + " against its first parent)");
        if (prHead != null && !git.isAncestor(source, prHead)) {
            Reasons reasons = new Reasons(merged, null, mergedRefs, null);
            List<Rerun> all = new ArrayList<>();
            forEachRow(merged, (row, eval) -> all.add(reasons.notOfPullRequest(row, eval, sourceRef, prHeadRef)));
            all.sort(documentOrder(all));
            return new ReuseVerdict(source, merge, parent, null, prHead, false, all.size(), 0, all, merged);
        }
        String sourceBase;
        try {
            sourceBase = git.mergeBase(parent, source, mergeRef + "^1", sourceRef);
        } catch (EnvironmentException e) {
            throw new EnvironmentException("--source " + sourceRef + " shares no history with " + mergeRef + "^1, the merge "
                    + "commit's first parent, so it cannot be the run of a pull request into that branch");
        }
        ChangelogGate.Refs sourceRefs = new ChangelogGate.Refs("the merge base of " + sourceRef + " and " + mergeRef + "^1",
                sourceBase, sourceRef, source);
        Sweep sourceSweep = sweep(sourceRefs, changelog, "the source run's sweep (" + sourceRef + " against its merge base "
                + "with " + mergeRef + "^1)");

        Set<String> ran = new HashSet<>();
        forEachRow(sourceSweep, (row, eval) -> ran.add(key(row, eval)));
        List<Rerun> rerun = new ArrayList<>();
        List<Row> throughput = new ArrayList<>();
        List<Row> evals = new ArrayList<>();
        int[] mergedRows = {0};
        Reasons reasons = new Reasons(merged, sourceSweep, mergedRefs, sourceRefs);
        forEachRow(merged, (row, eval) -> {
            mergedRows[0]++;
            if (!ran.contains(key(row, eval))) {
                rerun.add(reasons.of(row, eval));
                (eval ? evals : throughput).add(row);
            }
        });
        rerun.sort(documentOrder(rerun));
        int sourceRows = sourceSweep.throughput().size() + sourceSweep.evals().size();
        Sweep rest = new Sweep(merged.entries(), merged.plans(), throughput, evals);
        return new ReuseVerdict(source, merge, parent, sourceBase, prHead, true, mergedRows[0], sourceRows, rerun, rest);
    }

    /**
     * The order of the sweep document: single-node buckets, multi-node buckets, then the eval buckets,
     * each group's buckets as they first appear; rows of one bucket stay in the sweep's order (a stable sort).
     */
    private static java.util.Comparator<Rerun> documentOrder(List<Rerun> rows) {
        Map<String, Integer> firstSeen = new HashMap<>();
        rows.forEach(r -> firstSeen.putIfAbsent(r.bucket(), firstSeen.size()));
        return java.util.Comparator.<Rerun>comparingInt(r -> group(r.bucket()))
                .thenComparingInt(r -> firstSeen.get(r.bucket()));
    }

    private static int group(String bucket) {
        if (bucket.startsWith(SweepJson.SINGLE_NODE + ".")) {
            return 0;
        }
        if (bucket.startsWith(SweepJson.MULTI_NODE + ".")) {
            return 1;
        }
        return 2 + SweepJson.EVAL_BUCKETS.indexOf(bucket);
    }

    private Sweep sweep(ChangelogGate.Refs refs, String changelog, String what) {
        try {
            return gate.process(refs, changelog, SweepOptions.DEFAULT);
        } catch (ProblemException e) {
            List<Problem> problems = new ArrayList<>();
            problems.add(Problem.fileError(changelog, SWEEP_RULE, what + " cannot be computed, so whether the run can "
                    + "be reused cannot be judged:"));
            problems.addAll(e.problems());
            throw new ProblemException(problems);
        }
    }

    private interface RowVisitor {
        void visit(Row row, boolean eval);
    }

    /** Throughput rows, then eval rows, each in the sweep's order. */
    private static void forEachRow(Sweep sweep, RowVisitor visitor) {
        sweep.throughput().forEach(row -> visitor.visit(row, false));
        sweep.evals().forEach(row -> visitor.visit(row, true));
    }

    /** What a row runs, as a value: its bucket and its fields as written, without the priority step's annotations. */
    static String key(Row row, boolean eval) {
        Map<String, Object> fields = SweepJson.outputRow(row);
        NOT_RUN.forEach(fields::remove);
        return SweepJson.bucketPath(row, eval) + "\n" + CanonicalJson.write(fields);
    }

    /** An entry as far as it decides what runs (its description and link do not). */
    private static Map<String, Object> sweepFields(ChangelogEntry entry) {
        Map<String, Object> fields = SweepJson.entry(entry);
        fields.remove("description");
        fields.remove("pr-link");
        return fields;
    }

    /** Why merged rows the source run lacks must run: the config, entry and rows of both sides compared. */
    private final class Reasons {
        private final Sweep merged;
        private final Sweep source;
        private final ChangelogGate.Refs mergedRefs;
        private final ChangelogGate.Refs sourceRefs;
        /** A merged row without its fingerprint, to the index of the entry that runs it. */
        private final Map<String, Integer> entryOfRow = new HashMap<>();
        private RowOwners mergeOwners;
        private RowOwners sourceOwners;
        private ConfigSet sourceConfigs;

        Reasons(Sweep merged, Sweep source, ChangelogGate.Refs mergedRefs, ChangelogGate.Refs sourceRefs) {
            this.merged = merged;
            this.source = source;
            this.mergedRefs = mergedRefs;
            this.sourceRefs = sourceRefs;
            for (int i = merged.plans().size() - 1; i >= 0; i--) {
                Sweep.EntryPlan plan = merged.plans().get(i);
                for (Row row : plan.throughput()) {
                    entryOfRow.put(unfingerprinted(row), i);
                }
                for (Row row : plan.evals()) {
                    entryOfRow.put(unfingerprinted(row), i);
                }
            }
        }

        private static String unfingerprinted(Row row) {
            Map<String, Object> fields = new LinkedHashMap<>(row.fields());
            fields.remove(SweepJson.FINGERPRINT);
            return CanonicalJson.write(fields);
        }

        private RowOwners mergeOwners() {
            if (mergeOwners == null) {
                mergeOwners = new RowOwners(computation, gate.headConfigs(mergedRefs));
            }
            return mergeOwners;
        }

        private RowOwners sourceOwners() {
            if (sourceOwners == null) {
                sourceConfigs = gate.headConfigs(sourceRefs);
                sourceOwners = new RowOwners(computation, sourceConfigs);
            }
            return sourceOwners;
        }

        private Integer entryIndex(Row row) {
            return entryOfRow.get(unfingerprinted(row));
        }

        private String config(Row row) {
            Integer entry = entryIndex(row);
            return entry == null ? null : mergeOwners().owner(row, merged.plans().get(entry).configKeys());
        }

        Rerun notOfPullRequest(Row row, boolean eval, String sourceRef, String prHeadRef) {
            return new Rerun(SweepJson.bucketPath(row, eval), config(row), Rerun.Reason.NOT_OF_PULL_REQUEST,
                    sourceRef + " is neither the pull request's head " + prHeadRef + " nor one of its ancestors", row, eval);
        }

        Rerun of(Row row, boolean eval) {
            String bucket = SweepJson.bucketPath(row, eval);
            String config = config(row);
            Integer index = entryIndex(row);
            ChangelogEntry entry = index == null ? null : merged.entries().get(index);
            Integer sourceIndex = entry == null ? null : sourceEntry(entry, index);
            RowOwners sourceSide = sourceOwners();
            if (config != null && sourceConfigs.get(config).isEmpty()) {
                return new Rerun(bucket, config, Rerun.Reason.NEW_ROW, "config " + config + " does not exist at the "
                        + "source commit: it was added after the run", row, eval);
            }
            if (entry != null && sourceIndex == null) {
                return new Rerun(bucket, config, Rerun.Reason.ENTRY_CHANGED, entry.label() + " is not in the source "
                        + "run's change: it was appended after the run", row, eval);
            }
            if (entry != null && config != null && !source.plans().get(sourceIndex).configKeys().contains(config)) {
                return new Rerun(bucket, config, Rerun.Reason.ENTRY_CHANGED, entry.label() + " selects " + config
                        + " and its entry in the source run did not (" + entryDifference(source.entries().get(sourceIndex), entry)
                        + ")", row, eval);
            }
            if (config != null && !sameRows(sourceSide.rows(config), mergeOwners().rows(config))) {
                return new Rerun(bucket, config, Rerun.Reason.CONFIG_CHANGED, configDifference(row, eval, bucket, config),
                        row, eval);
            }
            if (entry != null && !sweepFields(source.entries().get(sourceIndex)).equals(sweepFields(entry))) {
                return new Rerun(bucket, config, Rerun.Reason.ENTRY_CHANGED, entry.label() + " changed after the run: "
                        + entryDifference(source.entries().get(sourceIndex), entry), row, eval);
            }
            return new Rerun(bucket, config, Rerun.Reason.NEW_ROW, "the source run's sweep has no such row", row, eval);
        }

        /** The source entry that stands for merged entry {@code index}: one that sweeps alike, else the one at its place. */
        private Integer sourceEntry(ChangelogEntry entry, int index) {
            Map<String, Object> wanted = sweepFields(entry);
            for (int i = 0; i < source.entries().size(); i++) {
                if (sweepFields(source.entries().get(i)).equals(wanted)) {
                    return i;
                }
            }
            return index < source.entries().size() ? index : null;
        }

        private static boolean sameRows(List<Row> a, List<Row> b) {
            return a.stream().map(r -> CanonicalJson.write(r.fields())).toList()
                    .equals(b.stream().map(r -> CanonicalJson.write(r.fields())).toList());
        }

        /**
         * What the source run swept of this config in this bucket instead: the same recipe at other
         * concurrencies, or the closest row (the same conc first, then the fewest differing fields).
         */
        private String configDifference(Row row, boolean eval, String bucket, String config) {
            Map<String, Object> wanted = comparable(row);
            Map<String, Object> closest = null;
            List<String> fewest = null;
            List<String> sameRecipeConcs = new ArrayList<>();
            for (Row candidate : eval ? source.evals() : source.throughput()) {
                if (!SweepJson.bucketPath(candidate, eval).equals(bucket) || sourceOwners().owner(candidate, List.of(config)) == null) {
                    continue;
                }
                Map<String, Object> fields = comparable(candidate);
                List<String> differing = differing(fields, wanted);
                if (differing.stream().allMatch(f -> f.equals("conc") || f.equals("exp-name"))) {
                    sameRecipeConcs.add(shown(fields.get("conc")));
                }
                boolean samePoint = !differing.contains("conc");
                boolean closestSamePoint = closest != null && Objects.equals(shown(closest.get("conc")), shown(wanted.get("conc")));
                if (fewest == null || (samePoint && !closestSamePoint)
                        || (samePoint == closestSamePoint && differing.size() < fewest.size())) {
                    closest = fields;
                    fewest = differing;
                }
            }
            if (!sameRecipeConcs.isEmpty()) {
                return "the source run swept this recipe at conc " + String.join(", ", sameRecipeConcs) + ", not at "
                        + shown(wanted.get("conc"));
            }
            if (closest == null) {
                return config + " generated no row in " + bucket + " at the source commit";
            }
            List<String> parts = new ArrayList<>();
            for (String field : fewest.subList(0, Math.min(3, fewest.size()))) {
                parts.add(field + " " + shown(closest.get(field)) + " in the source run, " + shown(wanted.get(field))
                        + " at the merge");
            }
            return String.join("; ", parts) + (fewest.size() > 3 ? "; and " + (fewest.size() - 3) + " more fields" : "");
        }

        private static Map<String, Object> comparable(Row row) {
            Map<String, Object> fields = SweepJson.outputRow(row);
            fields.remove(SweepJson.FINGERPRINT);
            NOT_RUN.forEach(fields::remove);
            return fields;
        }
    }

    /** The keys whose values differ, in the order of {@code b} and then those only {@code a} has. */
    private static List<String> differing(Map<String, Object> a, Map<String, Object> b) {
        Set<String> keys = new java.util.LinkedHashSet<>(b.keySet());
        keys.addAll(a.keySet());
        List<String> out = new ArrayList<>();
        for (String key : keys) {
            Object x = a.get(key);
            Object y = b.get(key);
            if (x == null || y == null ? x != y : !CanonicalJson.write(x).equals(CanonicalJson.write(y))) {
                out.add(key);
            }
        }
        return out;
    }

    private static String entryDifference(ChangelogEntry sourceEntry, ChangelogEntry entry) {
        Map<String, Object> before = sweepFields(sourceEntry);
        Map<String, Object> after = sweepFields(entry);
        List<String> parts = new ArrayList<>();
        for (String field : differing(before, after)) {
            parts.add(field + " " + shown(before.get(field)) + " in the source run, " + shown(after.get(field)) + " at the merge");
        }
        return parts.isEmpty() ? "the same fields" : String.join("; ", parts);
    }

    private static String shown(Object value) {
        return value == null ? "(not set)" : CanonicalJson.write(value);
    }
}
