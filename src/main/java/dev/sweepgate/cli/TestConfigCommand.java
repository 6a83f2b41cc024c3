package dev.sweepgate.cli;

import dev.sweepgate.matrix.MatrixGenerator;
import dev.sweepgate.matrix.TestConfigOptions;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "test-config",
        description = "Expand the named master configs into matrix rows and print them as a JSON array.")
final class TestConfigCommand implements ContextCommand {
    @Mixin
    private ConfigFileOptions inputs;

    @Mixin
    private EvalFlags evals;

    @Option(names = "--config-keys", paramLabel = "KEY", arity = "1..*", required = true,
            description = "Config keys, or shell-style patterns with * or ? (quote them), in the order rows should follow.")
    private List<String> configKeys;

    @Option(names = "--conc", paramLabel = "N", arity = "1..*", description = "Keep only these concurrencies.")
    private List<Integer> conc;

    @Mixin
    private RowFilterOptions filters;

    @Option(names = "--runner-node-filter", paramLabel = "S",
            description = "Run on the label (when it contains S) and each of its nodes containing S.")
    private String runnerNodeFilter;

    @Mixin
    private FormatOption format;

    @Override
    public int call(Context context) {
        TestConfigOptions options = new TestConfigOptions(configKeys, conc, filters.seqLens(),
                filters.scenarios(), runnerNodeFilter, evals.mode());
        return JsonOutput.printRows(context, format, () -> MatrixGenerator.testConfig(inputs.load(context), options),
                options.describeFilters());
    }
}
