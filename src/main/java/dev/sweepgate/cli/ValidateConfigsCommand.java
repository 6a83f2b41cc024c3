package dev.sweepgate.cli;

import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.problem.ProblemException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

@Command(name = "validate-configs", mixinStandardHelpOptions = true,
        description = {"Check the master configs and the runner config against every rule, and report all problems found.",
                "Exit 0 when valid, 1 when a rule is broken, 3 when a file cannot be read."})
final class ValidateConfigsCommand implements Callable<Integer> {
    @ParentCommand
    Main root;

    @Mixin
    ConfigFileOptions files;

    @Mixin
    FormatOption format;

    @Override
    public Integer call() {
        Context context = root.context();
        try {
            ConfigSet configs = files.load(context);
            context.err().println("ok: " + configs.configs().size() + " configs in " + files.configFiles().size()
                    + " files, " + configs.runners().labels().size() + " runner labels");
            return Main.OK;
        } catch (ProblemException e) {
            context.report(e.problems(), format.chosen(), false);
            long errors = e.problems().stream().filter(p -> p.isError()).count();
            context.err().println(errors + (errors == 1 ? " problem" : " problems") + " found");
            return Main.RULE_BROKEN;
        }
    }
}
