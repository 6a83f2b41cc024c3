package dev.sweepgate.cli;

import dev.sweepgate.matrix.EvalMode;
import dev.sweepgate.problem.UsageException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** --no-evals / --evals-only / --all-evals, as one eval mode. */
final class EvalFlags {
    private final OptionSpec noEvals = Specs.flag("--no-evals", "Do not mark any row for evals.").build();

    private final OptionSpec evalsOnly = Specs.flag("--evals-only",
            "Keep only the rows that run evals, marked eval-only.").build();

    private final OptionSpec allEvals = Specs.flag("--all-evals",
            "Run evals on every eligible row (merging multi-node setups); implies --evals-only.").build();

    CommandSpec spec() {
        return Specs.group(noEvals, evalsOnly, allEvals);
    }

    EvalMode mode() {
        boolean none = Specs.given(noEvals);
        boolean all = Specs.given(allEvals);
        boolean only = Specs.given(evalsOnly);
        if (none && (only || all)) {
            throw new UsageException("--no-evals cannot be combined with --evals-only or --all-evals; pick one");
        }
        if (none) {
            return EvalMode.NONE;
        }
        if (all) {
            return EvalMode.ALL_EVALS;
        }
        return only ? EvalMode.EVALS_ONLY : EvalMode.MARK;
    }
}
