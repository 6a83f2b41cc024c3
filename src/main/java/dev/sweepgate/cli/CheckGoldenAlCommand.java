package dev.sweepgate.cli;

import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.golden.GoldenAlCheck;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

@Command(name = "check-golden-al", mixinStandardHelpOptions = true,
        description = {"Check that synthetic acceptance settings in the master configs pin the golden acceptance lengths.",
                "Exit 0 when they do (warnings allowed), 1 on any error, 3 when a file cannot be read."})
final class CheckGoldenAlCommand implements Callable<Integer> {
    @ParentCommand
    Main root;

    @Mixin
    ConfigFileOptions files;

    @Mixin
    GoldenOptions golden;

    @Mixin
    FormatOption format;

    @Override
    public Integer call() {
        Context context = root.context();
        try {
            ConfigSet configs = files.load(context);
            List<Problem> problems = GoldenAlCheck.check(configs, golden.load(context));
            context.report(problems, format.chosen(), false);
            return problems.stream().anyMatch(Problem::isError) ? Main.RULE_BROKEN : Main.OK;
        } catch (ProblemException e) {
            context.report(e.problems(), format.chosen(), false);
            return Main.RULE_BROKEN;
        }
    }
}
