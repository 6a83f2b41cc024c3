package dev.sweepgate.matrix;

import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.problem.UsageException;
import java.util.List;
import java.util.Set;

/**
 * What {@code full-sweep} selects (matrix.md). Null (or an empty collection) means "no filter".
 *
 * @param modelPrefixes    keep configs whose key starts with one of these
 * @param runnerTypes      keep configs whose runner label is one of these (each must be a known label)
 * @param seqLens          {@code 1k1k} / {@code 8k1k}; filters fixed-seq-len rows only
 * @param singleNode       with {@code multiNode}: which node types to keep (neither means both)
 * @param runnerNodeFilter expand rows over the label's nodes containing this; empty means no filter
 * @param stepSize         range multiplier, > 1
 */
public record FullSweepOptions(List<String> modelPrefixes, Set<String> precisions, Set<String> frameworks,
                               Set<String> runnerTypes, Set<String> seqLens, Set<ScenarioType> scenarios,
                               boolean singleNode, boolean multiNode, String runnerNodeFilter, int stepSize,
                               Integer minConc, Integer maxConc, Integer maxTp, Integer maxEp, EvalMode evals) {

    /** Bad values are usage errors, found before any file is read. */
    public FullSweepOptions {
        if (stepSize <= 1) {
            throw new UsageException("--step-size must be greater than 1 (got " + stepSize + ")");
        }
        // Zero or negative limits are filters, as in the reference (whose tests rely on them): a
        // --max-conc, --max-tp or --max-ep at or below zero, or a --min-conc there, skips every
        // fixed-seq-len entry (FullSweepSelection), so the result is an empty matrix and the warning.
        if (minConc != null && maxConc != null && minConc > maxConc) {
            throw new UsageException("--min-conc must be less than or equal to --max-conc (got "
                    + minConc + " > " + maxConc + ")");
        }
    }

    /** Everything, with the default step and the default eval marking. */
    public static FullSweepOptions all() {
        return new FullSweepOptions(null, null, null, null, null, null, false, false, null,
                ConcurrencyValues.DEFAULT_STEP, null, null, null, null, EvalMode.MARK);
    }

    /** The filters given, as written on the command line: what a warning names when they leave no row. */
    public String describeFilters() {
        List<String> given = new java.util.ArrayList<>();
        add(given, "--model-prefix", modelPrefixes);
        add(given, "--precision", precisions);
        add(given, "--framework", frameworks);
        add(given, "--runner-type", runnerTypes);
        add(given, "--seq-lens", seqLens);
        add(given, "--scenario-type", scenarios == null ? null : scenarios.stream().map(ScenarioType::key).toList());
        if (singleNode != multiNode) {
            given.add(singleNode ? "--single-node" : "--multi-node");
        }
        if (runnerNodeFilter != null && !runnerNodeFilter.isEmpty()) {
            given.add("--runner-node-filter " + runnerNodeFilter);
        }
        for (var limit : new Object[][] {{"--min-conc", minConc}, {"--max-conc", maxConc}, {"--max-tp", maxTp},
                {"--max-ep", maxEp}}) {
            if (limit[1] != null) {
                given.add(limit[0] + " " + limit[1]);
            }
        }
        return String.join(" ", given);
    }

    static void add(List<String> given, String option, java.util.Collection<?> values) {
        if (values != null && !values.isEmpty()) {
            given.add(option + " " + values.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(" ")));
        }
    }

    public FullSweepOptions withEvals(EvalMode mode) {
        return new FullSweepOptions(modelPrefixes, precisions, frameworks, runnerTypes, seqLens, scenarios,
                singleNode, multiNode, runnerNodeFilter, stepSize, minConc, maxConc, maxTp, maxEp, mode);
    }
}
