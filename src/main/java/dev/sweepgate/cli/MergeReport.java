package dev.sweepgate.cli;

import dev.sweepgate.merge.MergeOutcome;
import dev.sweepgate.output.AtomicFiles;
import dev.sweepgate.output.Format;
import java.nio.file.Path;

/** How the merge commands finish: problems rendered, the file replaced atomically only on success. */
final class MergeReport {
    private MergeReport() {
    }

    /** Writes the outcome's bytes (if any) to {@code target} and returns the exit status. */
    static int finish(Context context, FormatOption format, MergeOutcome outcome, Path target) {
        if (!outcome.ok()) {
            context.report(outcome.problems(), format.chosen(), false);
            return Main.RULE_BROKEN;
        }
        if (outcome.result() != null) {
            AtomicFiles.write(target, outcome.result());
        }
        Format chosen = context.format(format.chosen());
        boolean structured = chosen == Format.JSON || chosen == Format.SARIF;
        if (structured) {
            dev.sweepgate.output.ProblemRenderer.render(outcome.problems(), chosen, "sweepgate", context.out());
            context.err().println(outcome.message());
        } else {
            context.report(outcome.problems(), chosen, false);
            context.out().println(outcome.message());
        }
        return Main.OK;
    }
}
