package dev.sweepgate.cli;

import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class CheckGoldenAlCommand implements ContextCommand {
    private final ConfigFileOptions files = new ConfigFileOptions();

    private final GoldenOptions golden = new GoldenOptions();

    private final FormatOption format = new FormatOption();

    @Override
    public CommandSpec spec() {
        return Specs.with(Specs.command(this, "Check that synthetic acceptance settings in the master configs pin the "
                        + "golden acceptance lengths.",
                "Exit 0 when they do (warnings allowed), 1 on any error, 3 when a file cannot be read."),
                List.of(files.spec(), golden.spec(), format.spec()));
    }

    @Override
    public int call(Context context) {
        try {
            ConfigSet configs = files.load(context);
            List<Problem> problems = format.judge(golden.check(context, configs));
            context.report(problems, format.chosen(), false);
            return problems.stream().anyMatch(Problem::isError) ? Main.RULE_BROKEN : Main.OK;
        } catch (ProblemException e) {
            context.report(e.problems(), format.chosen(), false);
            return Main.RULE_BROKEN;
        }
    }
}
