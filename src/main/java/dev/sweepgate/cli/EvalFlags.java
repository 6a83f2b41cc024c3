package dev.sweepgate.cli;

import dev.sweepgate.matrix.EvalMode;
import dev.sweepgate.problem.UsageException;
import java.util.List;

/** --no-evals / --evals-only / --all-evals, as one eval mode. */
record EvalFlags(boolean noEvals, boolean evalsOnly, boolean allEvals) {
    static final List<OptionSpec> OPTIONS = List.of(
            OptionSpec.flag("--no-evals", "Do not mark any row for evals."),
            OptionSpec.flag("--evals-only", "Keep only the rows that run evals, marked eval-only."),
            OptionSpec.flag("--all-evals",
                    "Run evals on every eligible row (merging multi-node setups); implies --evals-only."));

    static EvalFlags from(ParsedArgs args) {
        return new EvalFlags(args.flag("--no-evals"), args.flag("--evals-only"), args.flag("--all-evals"));
    }

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
