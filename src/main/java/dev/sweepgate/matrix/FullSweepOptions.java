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

    public FullSweepOptions withEvals(EvalMode mode) {
        return new FullSweepOptions(modelPrefixes, precisions, frameworks, runnerTypes, seqLens, scenarios,
                singleNode, multiNode, runnerNodeFilter, stepSize, minConc, maxConc, maxTp, maxEp, mode);
    }
}
