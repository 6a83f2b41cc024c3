package dev.sweepgate.plan;

import dev.sweepgate.coverage.CoverageResult;

import dev.sweepgate.problem.Problem;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a change of the changelog will run, at a glance: per appended entry the configs it
 * selects and their jobs; per config whose generated rows changed, how they changed and
 * whether an entry covers it; for append-only entries whether every existing point stays as
 * it was; and the totals against GitHub's limits.
 *
 * @param headRef        the head as the user named it; null for the working tree
 * @param sweepComputed  whether the sweep could be computed (when not, {@code problems} say why and the
 *                       entries list no jobs)
 * @param configChanges  null when the configs could not be compared (a side breaks the config rules)
 * @param removedConfigs keys that exist at the base only
 * @param launchChanges  the changed files under benchmarks/ and the configs that run them
 * @param problems       what kept the sweep from being computed, and the warnings about GitHub's limits
 */
public record Plan(String changelog, String baseRef, String headRef, boolean sweepComputed, List<EntryJobs> entries,
                   List<ConfigChange> configChanges, List<String> removedConfigs, List<AppendOnlyCheck> appendOnly,
                   Totals totals, List<Problem> problems, List<CoverageResult.LaunchChange> launchChanges) {
    public Plan {
        launchChanges = List.copyOf(launchChanges);
        entries = List.copyOf(entries);
        configChanges = configChanges == null ? null : List.copyOf(configChanges);
        removedConfigs = List.copyOf(removedConfigs);
        appendOnly = List.copyOf(appendOnly);
        problems = List.copyOf(problems);
    }

    public String headLabel() {
        return headRef == null ? "the working tree" : headRef;
    }

    /**
     * One matrix job: a row of a bucket of the sweep JSON.
     *
     * @param conc a number, or for a multi-node row the list of concurrencies the job runs
     * @param gpus GPUs the job occupies ({@link Gpus}); null when the row does not determine it
     * @param curve what tells the curves of one exp-name apart ({@code tp8 ep8 dpa mtp}; {@link dev.sweepgate.matrix.Row#curve})
     */
    public record Job(String bucket, String expName, String runner, Object conc, Integer gpus, String curve) {
    }

    /**
     * One appended entry: number (its 1-based place in the changelog at the head) and the line
     * where it starts there (0 when not known), its flags, the configs it selects and their jobs.
     */
    public record EntryJobs(int number, int line, List<String> configKeysWritten, List<String> flags,
                            List<ConfigJobs> configs) {
        public EntryJobs {
            configKeysWritten = List.copyOf(configKeysWritten);
            flags = List.copyOf(flags);
            configs = List.copyOf(configs);
        }
    }

    /** A config an entry selects (wildcards resolved) and the jobs the entry runs for it. */
    public record ConfigJobs(String key, List<Job> throughput, List<Job> evals) {
        public ConfigJobs {
            throughput = List.copyOf(throughput);
            evals = List.copyOf(evals);
        }
    }

    /**
     * A point (one concurrency of one exp-name) that differs; for a changed point, the fields that
     * differ and their values on both sides.
     */
    public record Point(String expName, Object conc, List<String> fields, List<FieldChange> changes) {
        public Point {
            fields = List.copyOf(fields);
            changes = List.copyOf(changes);
        }

        public Point(String expName, Object conc, List<String> fields) {
            this(expName, conc, fields, List.of());
        }
    }

    /** A changed field of a point: its value at the base and at the head (null where the row lacks the field). */
    public record FieldChange(String field, Object base, Object head) {
    }

    /**
     * A config whose generated throughput rows differ between base and head, per scenario.
     *
     * @param isNew the key does not exist at the base
     */
    public record ConfigChange(String key, boolean isNew, List<ScenarioChange> scenarios) {
        public ConfigChange {
            scenarios = List.copyOf(scenarios);
        }

        public boolean covered() {
            return scenarios.stream().allMatch(s -> !s.coveredBy().isEmpty());
        }
    }

    /** @param coveredBy the numbers (places in the file) of the appended entries that cover the scenario (empty: not covered) */
    public record ScenarioChange(String scenario, List<Point> added, List<Point> removed, List<Point> changed,
                                 List<Integer> coveredBy) {
        public ScenarioChange {
            added = List.copyOf(added);
            removed = List.copyOf(removed);
            changed = List.copyOf(changed);
            coveredBy = List.copyOf(coveredBy);
        }
    }

    /**
     * The promise of an append-only entry: every point the selected configs generated at the base
     * is still generated, with the same recipe, and the sweep runs none of them again.
     *
     * @param newPoints   the jobs the entry runs (only new points)
     * @param basePoints  how many existing points of the selected configs and scenarios were checked
     * @param removed     existing points the head no longer generates
     * @param changed     existing points the head generates with another recipe (they would be rerun)
     * @param rerun       jobs of the sweep that run an existing point again, recipe unchanged
     */
    public record AppendOnlyCheck(int entry, List<String> configKeys, List<Job> newPoints, int basePoints,
                                  List<Point> removed, List<Point> changed, List<Job> rerun, boolean sweepComputed) {
        public AppendOnlyCheck {
            configKeys = List.copyOf(configKeys);
            newPoints = List.copyOf(newPoints);
            removed = List.copyOf(removed);
            changed = List.copyOf(changed);
            rerun = List.copyOf(rerun);
        }

        /** Proven only when the sweep was computed and nothing breaks the promise. */
        public boolean holds() {
            return sweepComputed && removed.isEmpty() && changed.isEmpty() && rerun.isEmpty();
        }
    }

    /**
     * @param jobsPerBucket {@code single_node/1k1k}, ..., then the eval buckets, in first-use order
     * @param outputBytes   the size of the sweep's job output as GitHub counts it (UTF-16)
     * @param withPriorities whether it was measured with priorities (the policy was found)
     * @param chunksPerBucket how many chunks {@code process-changelog --split-dir} cuts each bucket with rows
     *                        into, with GitHub's limits (bucket names as in {@code jobsPerBucket}); null when a row
     *                        alone is larger than a chunk may be
     */
    public record Totals(Map<String, Integer> jobsPerBucket, Map<String, Integer> jobsPerRunner, int jobs,
                         long outputBytes, boolean withPriorities, int maxJobsPerMatrix, long maxOutputBytes,
                         Map<String, Integer> chunksPerBucket) {
        public Totals {
            // insertion order is the order the plan lists them
            jobsPerBucket = Collections.unmodifiableMap(new LinkedHashMap<>(jobsPerBucket));
            jobsPerRunner = Collections.unmodifiableMap(new LinkedHashMap<>(jobsPerRunner));
            chunksPerBucket = chunksPerBucket == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(chunksPerBucket));
        }

        /** All chunks of the sweep; null when it cannot be cut. */
        public Integer chunks() {
            return chunksPerBucket == null ? null : chunksPerBucket.values().stream().mapToInt(Integer::intValue).sum();
        }
    }
}
