package dev.sweepgate.cli;

import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.golden.GoldenAlCheck;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "check-golden-al",
        description = {"Check that synthetic acceptance settings in the master configs pin the golden acceptance lengths.",
                "Exit 0 when they do (warnings allowed), 1 on any error, 3 when a file cannot be read."})
final class CheckGoldenAlCommand implements ContextCommand {
    @Mixin
    private ConfigFileOptions files;

    @Mixin
    private GoldenOptions golden;

    @Mixin
    private FormatOption format;

    @Override
    public int call(Context context) {
        try {
            ConfigSet configs = files.load(context);
            List<Problem> problems = format.judge(GoldenAlCheck.check(configs, golden.load(context), golden.listUnpinned()));
            context.report(problems, format.chosen(), false);
            return problems.stream().anyMatch(Problem::isError) ? Main.RULE_BROKEN : Main.OK;
        } catch (ProblemException e) {
            context.report(e.problems(), format.chosen(), false);
            return Main.RULE_BROKEN;
        }
    }
}
