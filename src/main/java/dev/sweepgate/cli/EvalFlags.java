package dev.sweepgate.cli;

import dev.sweepgate.matrix.EvalMode;
import dev.sweepgate.problem.UsageException;
import picocli.CommandLine.Option;

/** --no-evals / --evals-only / --all-evals, as one eval mode. */
final class EvalFlags {
    @Option(names = "--no-evals", description = "Do not mark any row for evals.")
    private boolean noEvals;

    @Option(names = "--evals-only", description = "Keep only the rows that run evals, marked eval-only.")
    private boolean evalsOnly;

    @Option(names = "--all-evals",
            description = "Run evals on every eligible row (merging multi-node setups); implies --evals-only.")
    private boolean allEvals;

    EvalMode mode() {
        if (noEvals && (evalsOnly || allEvals)) {
            throw new UsageException("--no-evals cannot be combined with --evals-only or --all-evals; pick one");
        }
        if (noEvals) {
            return EvalMode.NONE;
        }
        if (allEvals) {
            return EvalMode.ALL_EVALS;
        }
        return evalsOnly ? EvalMode.EVALS_ONLY : EvalMode.MARK;
    }
}
