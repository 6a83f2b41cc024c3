package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogGate;
import dev.sweepgate.changelog.SweepOptions;
import dev.sweepgate.git.Git;
import dev.sweepgate.plan.Plan;
import dev.sweepgate.plan.PlanFormat;
import dev.sweepgate.plan.Planner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "plan",
        description = {"Shows what a change will run: per appended entry the configs it selects and their throughput "
                + "and eval jobs, the configs whose generated rows changed and whether an entry covers them, "
                + "whether append-only entries keep every existing point, and the totals against GitHub's limits.",
                "Without --head-ref the head is the working tree (configs included), as for validate-changelog. "
                        + "Problems go to stderr; the plan is printed even when the sweep cannot be computed."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:the plan is on stdout",
                "1:the plan is on stdout, but the sweep cannot be computed (the problems are on stderr)",
                "2:bad usage", "3:environment failure (git, files)"})
final class PlanCommand implements ContextCommand {
    @Mixin
    private ChangelogOptions common;

    @Mixin
    private ConfigFileOptions configFiles;

    @Mixin
    private HeadRefOption head;

    // Enum values are read in any case (Main sets that for every command).
    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "How the plan is printed: text, markdown, json (default: ${DEFAULT-VALUE}).")
    private PlanFormat format;

    @Override
    public int call(Context context) {
        ChangelogGate gate = new ChangelogGate(new Git(context.dir()), context::read,
                configFiles.configFiles(), configFiles.runnerConfig());
        ChangelogGate.Refs refs = gate.refs(common.change().baseRef(), head.headRef());
        Plan plan = new Planner(gate).plan(refs, common.change().changelogFile(),
                new SweepOptions(false, common.allEvals(), common.evalsOnly()));
        context.out().print(format.render(plan));
        context.out().flush();
        context.report(plan.problems(), null, true);
        return plan.sweepComputed() ? Main.OK : Main.RULE_BROKEN;
    }
}
