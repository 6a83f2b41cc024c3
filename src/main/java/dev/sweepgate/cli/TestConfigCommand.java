package dev.sweepgate.cli;

import dev.sweepgate.matrix.MatrixGenerator;
import dev.sweepgate.matrix.Row;
import dev.sweepgate.matrix.TestConfigOptions;
import dev.sweepgate.problem.ProblemException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "test-config", mixinStandardHelpOptions = true,
        description = "Expand the named master configs into matrix rows and print them as a JSON array.")
final class TestConfigCommand implements Callable<Integer> {
    @ParentCommand
    Main root;

    @Mixin
    ConfigFileOptions inputs;

    @Mixin
    EvalFlags evals;

    @Option(names = "--config-keys", arity = "1..*", required = true, paramLabel = "KEY",
            description = "Config keys, or shell-style patterns with * or ? (quote them), in the order rows should follow.")
    List<String> configKeys;

    @Option(names = "--conc", arity = "1..*", paramLabel = "N", description = "Keep only these concurrencies.")
    List<Integer> conc;

    @Mixin
    RowFilterOptions filters;

    @Option(names = "--runner-node-filter", paramLabel = "S",
            description = "Run on the label (when it contains S) and each of its nodes containing S.")
    String runnerNodeFilter;

    @Mixin
    FormatOption format;

    @Override
    public Integer call() {
        Context context = root.context();
        TestConfigOptions options = new TestConfigOptions(configKeys, conc, filters.seqLens(),
                filters.scenarios(), runnerNodeFilter, evals.mode());
        try {
            List<Row> rows = MatrixGenerator.testConfig(inputs.load(context), options);
            context.out().println(JsonOutput.rows(rows));
            context.out().flush();
            return Main.OK;
        } catch (ProblemException e) {
            context.report(e.problems(), format.chosen(), true);
            return Main.RULE_BROKEN;
        }
    }
}
