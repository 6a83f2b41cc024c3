package dev.sweepgate.sweep;

import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The limits of the GitHub Actions engine the sweep runs on (ci.md): one matrix per bucket
 * holds at most 256 jobs, and the JSON travels as a step output of at most 1 MiB. A sweep
 * beyond them is still computed and printed (the limits are GitHub's, not the changelog's
 * rules), but the workflow would fail, so process-changelog warns.
 */
public final class SweepLimits {
    public static final int MAX_JOBS_PER_MATRIX = 256;
    public static final long MAX_STEP_OUTPUT_BYTES = 1024 * 1024;
    public static final String BUCKET_RULE = "sweep.matrix-limit";
    public static final String SIZE_RULE = "sweep.output-limit";

    private SweepLimits() {
    }

    /**
     * @param jsonBytes the size of the JSON as printed, in bytes
     * @param changelog the changelog file, which the warnings point at
     * @return one warning per bucket over the job limit, and one when the JSON is too large
     */
    public static List<Problem> check(Sweep sweep, long jsonBytes, String changelog) {
        List<Problem> warnings = new ArrayList<>();
        Position at = Position.ofFile(changelog);
        for (Map.Entry<String, Integer> bucket : SweepSummary.rowsPerBucket(sweep).entrySet()) {
            if (bucket.getValue() > MAX_JOBS_PER_MATRIX) {
                String name = bucket.getKey().replace('/', '.');
                warnings.add(Problem.warning(at, BUCKET_RULE, "bucket " + name + " has " + bucket.getValue()
                        + " rows, more than the " + MAX_JOBS_PER_MATRIX + " jobs GitHub Actions allows in one matrix, "
                        + "so the benchmark job fed from it will not start; split the change into several pull "
                        + "requests whose entries select fewer configs (or narrower scenario-type), each under "
                        + MAX_JOBS_PER_MATRIX + " rows per bucket"));
            }
        }
        if (jsonBytes > MAX_STEP_OUTPUT_BYTES) {
            warnings.add(Problem.warning(at, SIZE_RULE, "the sweep JSON is " + jsonBytes + " bytes, more than the "
                    + MAX_STEP_OUTPUT_BYTES + " bytes (1 MiB) a GitHub Actions step output can hold, so publishing it "
                    + "as the job output may fail; split the change into several pull requests whose entries select "
                    + "fewer configs"));
        }
        return warnings;
    }
}
