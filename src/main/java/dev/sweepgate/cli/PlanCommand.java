package dev.sweepgate.cli;

import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.plan.Plan;
import dev.sweepgate.plan.PlanFormat;
import dev.sweepgate.plan.Planner;
import dev.sweepgate.sweep.SweepOptions;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class PlanCommand implements ContextCommand {
    private final ChangelogOptions common = new ChangelogOptions();

    private final ConfigFileOptions configFiles = new ConfigFileOptions();

    private final HeadRefOption head = new HeadRefOption();

    // Enum values are read in any case (Main sets that for every command).
    private final OptionSpec format = Specs.value("--format", "FORMAT", PlanFormat.class,
            "How the plan is printed: text, markdown, json (default: ${DEFAULT-VALUE}).").defaultValue("text").build();

    @Override
    public CommandSpec spec() {
        return Specs.exitCodes(Specs.with(Specs.command(this, "Shows what a change will run: per appended entry the "
                                + "configs it selects and their throughput and eval jobs, the configs whose generated "
                                + "rows changed and whether an entry covers them, whether append-only entries keep "
                                + "every existing point, and the totals against GitHub's limits.",
                        "Without --head-ref the head is the working tree (configs included), as for "
                                + "validate-changelog. Problems go to stderr; the plan is printed even when the sweep "
                                + "cannot be computed."),
                List.of(common.spec(), configFiles.spec(), head.spec()), format),
                "0:the plan is on stdout",
                "1:the plan is on stdout, but the sweep cannot be computed (the problems are on stderr)",
                "2:bad usage", "3:environment failure (git, files)");
    }

    @Override
    public int call(Context context) {
        ChangelogGate gate = new ChangelogGate(new Git(context.dir()), context::read,
                configFiles.configFiles(), configFiles.runnerConfig());
        ChangelogGate.Refs refs = gate.refs(common.change().baseRef(), head.headRef());
        Plan plan = new Planner(gate).plan(refs, common.change().changelogFile(),
                new SweepOptions(false, common.allEvals(), common.evalsOnly()));
        context.out().print(format.<PlanFormat>getValue().render(plan));
        context.out().flush();
        context.report(plan.problems(), null, true);
        return plan.sweepComputed() ? Main.OK : Main.RULE_BROKEN;
    }
}
