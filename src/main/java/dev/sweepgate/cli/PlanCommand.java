package dev.sweepgate.cli;

import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.plan.Plan;
import dev.sweepgate.plan.PlanFormat;
import dev.sweepgate.plan.Planner;
import dev.sweepgate.sweep.SweepOptions;
import dev.sweepgate.git.RepoRoot;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.sweep.priority.PolicyLoader;
import dev.sweepgate.sweep.priority.Prioritizer;
import dev.sweepgate.sweep.priority.PriorityContext;
import dev.sweepgate.yaml.SourceFile;
import java.nio.file.Files;
import java.util.ArrayList;
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

    private final OptionSpec priorityPolicy = Specs.value("--priority-policy", "FILE", String.class,
            "The CI priority policy the sweep's size is measured with, as a push to main annotates it "
                    + "(default: " + PriorityOptions.DEFAULT_POLICY + " when it exists, else the size without "
                    + "priorities).").build();

    @Override
    public CommandSpec spec() {
        return Specs.exitCodes(Specs.with(Specs.command(this, "Shows what a change will run: per appended entry the "
                                + "configs it selects and their throughput and eval jobs, the configs whose generated "
                                + "rows changed and whether an entry covers them, whether append-only entries keep "
                                + "every existing point, and the totals against GitHub's limits.",
                        "Without --head-ref the head is the working tree (configs included), as for "
                                + "validate-changelog. Problems go to stderr; the plan is printed even when the sweep "
                                + "cannot be computed."),
                List.of(common.spec(), configFiles.spec(), head.spec()), format, priorityPolicy),
                "0:the plan is on stdout",
                "1:the plan is on stdout, but the sweep cannot be computed or the priority policy is broken (the "
                        + "problems are on stderr)",
                "2:bad usage", "3:environment failure (git, files)");
    }

    @Override
    public int call(Context context) {
        ChangelogGate gate = new ChangelogGate(context.git(), context::read,
                configFiles.configFiles(), configFiles.runnerConfig());
        ChangelogGate.Refs refs = gate.refs(common.change().baseRef(), head.headRef());
        List<Problem> policyProblems = new ArrayList<>();
        Prioritizer prioritizer = prioritizer(context, policyProblems);
        Plan plan = new Planner(gate, prioritizer).plan(refs, common.change().changelogFile(),
                new SweepOptions(false, common.allEvals(), common.evalsOnly()));
        context.out().print(format.<PlanFormat>getValue().render(plan));
        context.out().flush();
        List<Problem> problems = new ArrayList<>(policyProblems);
        problems.addAll(plan.problems());
        context.report(problems, null, true);
        return plan.sweepComputed() && policyProblems.isEmpty() ? Main.OK : Main.RULE_BROKEN;
    }

    /**
     * What scores the jobs as a push to main would, so that the sweep is measured as the workflow
     * publishes it; null without a policy, or with a broken one (whose problems are collected).
     */
    private Prioritizer prioritizer(Context context, List<Problem> problems) {
        String path = priorityPolicy.getValue();
        if (path == null) {
            String found = RepoRoot.locate(context.dir(), PriorityOptions.DEFAULT_POLICY);
            if (!Files.isRegularFile(context.resolve(found))) {
                return null;
            }
            path = found;
        }
        try {
            return new Prioritizer(PolicyLoader.load(new SourceFile(path, context.read(path))), PriorityContext.push());
        } catch (ProblemException e) {
            problems.addAll(e.problems());
            return null;
        }
    }
}
