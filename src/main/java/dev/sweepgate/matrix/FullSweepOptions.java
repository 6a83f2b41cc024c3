package dev.sweepgate.matrix;

import dev.sweepgate.config.ScenarioType;
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
