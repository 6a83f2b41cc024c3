package dev.sweepgate.cli;

import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.output.AtomicFiles;
import dev.sweepgate.output.Format;
import dev.sweepgate.output.JsonTree;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.sweep.SweepJson;
import dev.sweepgate.sweep.SweepOutput;
import dev.sweepgate.sweep.priority.Prioritizer;
import dev.sweepgate.sweep.reuse.ReuseCheck;
import dev.sweepgate.sweep.reuse.ReuseFormat;
import dev.sweepgate.sweep.reuse.ReuseReport;
import dev.sweepgate.sweep.reuse.ReuseVerdict;
import dev.sweepgate.sweep.split.ChunkLimits;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class ReuseCheckCommand implements ContextCommand {
    private final OptionSpec source = Specs.value("--source", "SHA", String.class,
            "The commit the sweep run to reuse ran on (the run's head commit).").required(true).build();

    private final OptionSpec merge = Specs.value("--merge", "SHA", String.class,
            "The commit the pull request became on the base branch (a squash or a merge commit).").required(true).build();

    private final OptionSpec prHead = Specs.value("--pr-head", "SHA", String.class,
            "The pull request's head: the source must be it or one of its ancestors.").build();

    // Enum values are read in any case (Main sets that for every command).
    private final OptionSpec format = Specs.value("--format", "FORMAT", ReuseFormat.class,
            "How the verdict is printed: text, json (default: ${DEFAULT-VALUE}).").defaultValue("text").build();

    private final OptionSpec rerunSweep = Specs.value("--rerun-sweep", "FILE", String.class,
            "Also write the sweep of the rows to run again (process-changelog's JSON with only those rows; every "
                    + "bucket empty when reuse is sound) to FILE, replaced atomically.").build();

    private final ChangelogFileOption changelog = new ChangelogFileOption();

    private final ConfigFileOptions configFiles = new ConfigFileOptions();

    private final SplitOptions split = new SplitOptions();

    private final SweepPriorityOptions priorities = new SweepPriorityOptions();

    @Override
    public CommandSpec spec() {
        return Specs.exitCodes(Specs.with(Specs.command(this, "Decides whether the completed sweep run of a pull request "
                                + "can stand in for the sweep of its merge: every row the merge commit sweeps (against "
                                + "its first parent) must be a row the source commit swept (against its merge base with "
                                + "that parent), with the same recipe. Otherwise lists each row to run again and why.",
                        "Rows are compared without priority, queue-token and skip-queue-pr. --rerun-sweep and "
                                + "--split-dir write what still has to run, for the push job to run exactly that; with "
                        + "--priority-policy its jobs carry priorities, as process-changelog's would."),
                List.of(changelog.spec(), configFiles.spec(), split.spec(), priorities.spec()), source, merge, prHead, format, rerunSweep),
                "0:sound: the source run ran every row the merge needs",
                "1:not sound (the rows to rerun are listed), the source run is not of the pull request, or a sweep "
                        + "cannot be computed",
                "2:bad usage", "3:environment failure (git, files, a ref git cannot resolve)");
    }

    @Override
    public int call(Context context) {
        ChunkLimits limits = split.limits();
        ReuseFormat chosen = format.getValue();
        Git git = context.git();
        ChangelogGate gate = new ChangelogGate(git, context::read, configFiles.configFiles(), configFiles.runnerConfig());
        String mergeRef = merge.getValue();
        ReuseVerdict verdict;
        try {
            // the policy first: a broken one fails before any git work
            Prioritizer prioritizer = priorities.prioritizer(context);
            verdict = new ReuseCheck(git, gate).check(source.getValue(), mergeRef, prHead.getValue(), changelog.changelogFile());
            if (rerunSweep.getValue() != null || split.given()) {
                Map<String, Object> rest = SweepJson.document(verdict.rerunSweep(), mergeRef + "^1", mergeRef);
                SweepOutput output = prioritizer == null ? new SweepOutput(JsonTree.of(rest), JsonOutput.pretty(rest), false)
                        : SweepOutput.prioritized(rest, prioritizer, changelog.changelogFile());
                if (rerunSweep.getValue() != null) {
                    AtomicFiles.write(context.resolve(rerunSweep.getValue()),
                            (output.text() + "\n").getBytes(StandardCharsets.UTF_8));
                }
                if (split.given()) {
                    split.write(context, output.document(), limits, changelog.changelogFile());
                }
            }
        } catch (ProblemException e) {
            context.report(e.problems(), chosen == ReuseFormat.JSON ? Format.JSON : null, chosen != ReuseFormat.JSON);
            return Main.RULE_BROKEN;
        }
        context.out().print(chosen.render(verdict));
        context.out().flush();
        StepSummary.append(context, ReuseReport.markdown(verdict));
        return verdict.sound() ? Main.OK : Main.RULE_BROKEN;
    }
}
