package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogGate;
import dev.sweepgate.changelog.SweepOptions;
import dev.sweepgate.git.Git;
import dev.sweepgate.plan.Plan;
import dev.sweepgate.plan.PlanFormat;
import dev.sweepgate.plan.Planner;
import java.util.List;

record PlanCommand(ChangelogOptions common, ConfigFileOptions configFiles, String headRef, PlanFormat format) {
    static final CommandSpec SPEC = CommandSpec.of("plan",
                    (args, context) -> from(args).call(context),
                    "Shows what a change will run: per appended entry the configs it selects and their throughput "
                            + "and eval jobs, the configs whose generated rows changed and whether an entry covers them, "
                            + "whether append-only entries keep every existing point, and the totals against GitHub's "
                            + "limits.",
                    "Without --head-ref the head is the working tree (configs included), as for validate-changelog. "
                            + "Problems go to stderr; the plan is printed even when the sweep cannot be computed.")
            .withOptions(ChangelogOptions.OPTIONS, ConfigFileOptions.OPTIONS, List.of(
                    ValidateChangelogCommand.HEAD_REF,
                    OptionSpec.value("--format", "FORMAT", "How the plan is printed: "
                                    + Converters.names(PlanFormat.values()) + " (default: ${DEFAULT}).")
                            .withDefault("text").converted(Converters.choice(PlanFormat.values()))))
            .withExitCodes("0:the plan is on stdout", "1:the plan is on stdout, but the sweep cannot be computed "
                            + "(the problems are on stderr)", "2:bad usage", "3:environment failure (git, files)");

    static PlanCommand from(ParsedArgs args) {
        return new PlanCommand(ChangelogOptions.from(args), ConfigFileOptions.from(args), args.string("--head-ref"),
                args.value("--format"));
    }

    int call(Context context) {
        ChangelogGate gate = new ChangelogGate(new Git(context.dir()), context::read,
                configFiles.configFiles(), configFiles.runnerConfig());
        ChangelogGate.Refs refs = gate.refs(common.change().baseRef(), headRef);
        Plan plan = new Planner(gate).plan(refs, common.change().changelogFile(),
                new SweepOptions(false, common.allEvals(), common.evalsOnly()));
        context.out().print(format.render(plan));
        context.out().flush();
        context.report(plan.problems(), null, true);
        return plan.sweepComputed() ? Main.OK : Main.RULE_BROKEN;
    }
}
