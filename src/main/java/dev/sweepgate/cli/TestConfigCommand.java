package dev.sweepgate.cli;

import dev.sweepgate.matrix.MatrixGenerator;
import dev.sweepgate.matrix.TestConfigOptions;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class TestConfigCommand implements ContextCommand {
    private final ConfigFileOptions inputs = new ConfigFileOptions();

    private final EvalFlags evals = new EvalFlags();

    private final OptionSpec configKeys = Specs.values("--config-keys", "KEY", String.class,
            "Config keys, or shell-style patterns with * or ? (quote them), in the order rows should follow.")
            .required(true).build();

    private final OptionSpec conc = Specs.values("--conc", "N", Integer.class, "Keep only these concurrencies.").build();

    private final RowFilterOptions filters = new RowFilterOptions();

    private final OptionSpec runnerNodeFilter = Specs.value("--runner-node-filter", "S", String.class,
            "Run on the label (when it contains S) and each of its nodes containing S.").build();

    private final FormatOption format = new FormatOption();

    @Override
    public CommandSpec spec() {
        return Specs.with(Specs.command(this,
                        "Expand the named master configs into matrix rows and print them as a JSON array "
                                + "(to a terminal: how many rows per model, unless --format json)."),
                List.of(inputs.spec(), evals.spec(), filters.spec(), format.spec()),
                configKeys, conc, runnerNodeFilter);
    }

    @Override
    public int call(Context context) {
        TestConfigOptions options = new TestConfigOptions(configKeys.getValue(), conc.getValue(), filters.seqLens(),
                filters.scenarios(), runnerNodeFilter.getValue(), evals.mode());
        return JsonOutput.printRows(context, format, () -> MatrixGenerator.testConfig(inputs.load(context), options),
                options.describeFilters());
    }
}
