package dev.sweepgate.sweep.reuse;

import dev.sweepgate.sweep.Sweep;
import java.util.List;

/**
 * Whether the sweep run of the source commit stands in for the sweep of the merge commit.
 *
 * @param mergeParent   the merge commit's first parent: the merged sweep is the merge against it
 * @param sourceBase    the merge base of the source commit and {@code mergeParent}: the source sweep is
 *                      the source against it; null when the source run is not of the pull request
 * @param prHead        the pull request's head when it was given, else null
 * @param ofPullRequest false when the source commit is neither {@code prHead} nor one of its ancestors
 * @param sourceRows    the rows of the source sweep; 0 when it was not computed
 * @param rerun         the merged rows the source run did not run, in the merged sweep's order
 * @param rerunSweep    the merged sweep with only those rows: what still has to run
 */
public record ReuseVerdict(String source, String merge, String mergeParent, String sourceBase, String prHead,
                           boolean ofPullRequest, int mergedRows, int sourceRows, List<Rerun> rerun, Sweep rerunSweep) {
    public ReuseVerdict {
        rerun = List.copyOf(rerun);
    }

    /** Every row the merge needs was run by the source run, with the same recipe. */
    public boolean sound() {
        return ofPullRequest && rerun.isEmpty();
    }

    public int reusedRows() {
        return mergedRows - rerun.size();
    }
}
