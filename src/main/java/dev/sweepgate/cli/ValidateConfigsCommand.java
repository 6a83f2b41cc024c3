package dev.sweepgate.cli;

import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.output.Format;
import dev.sweepgate.output.Plural;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class ValidateConfigsCommand implements ContextCommand {
    private final ConfigFileOptions files = new ConfigFileOptions();

    private final GoldenOptions golden = new GoldenOptions();

    private final FormatOption format = new FormatOption();

    @Override
    public CommandSpec spec() {
        return Specs.with(Specs.command(this, "Check the master configs, the runner config and the golden acceptance "
                        + "lengths against every rule, and report all problems found.",
                "Exit 0 when valid, 1 when a rule is broken, 3 when a file cannot be read."),
                List.of(files.spec(), golden.spec(), format.spec()));
    }

    @Override
    public int call(Context context) {
        try {
            ConfigSet configs = files.load(context);
            // The golden-AL lint belongs to config validation; a --golden-dir that is missing is exit 3, as in
            // check-golden-al, the default directory missing skips it with a note.
            List<Problem> lint = format.judge(golden.check(context, configs));
            context.report(lint, format.chosen(), false);
            if (lint.stream().anyMatch(Problem::isError)) {
                return Main.RULE_BROKEN;
            }
            // the text report of the notes and warnings above ends with their count already
            boolean counted = !lint.isEmpty() && context.format(format.chosen()) == Format.TEXT;
            context.summary(format.chosen()).println("ok: " + Plural.count(configs.configs().size(), "config") + " in "
                    + Plural.count(files.configFiles().size(), "file") + ", "
                    + Plural.count(configs.runners().labels().size(), "runner label")
                    + (counted ? "" : "; " + Problems.count(lint)));
            return Main.OK;
        } catch (ProblemException e) {
            // the text format ends with the count of errors and warnings
            context.report(e.problems(), format.chosen(), false);
            return Main.RULE_BROKEN;
        }
    }
}
