package dev.sweepgate.cli;

import dev.sweepgate.matrix.MatrixGenerator;
import dev.sweepgate.matrix.TestConfigOptions;
import java.util.List;

record TestConfigCommand(ConfigFileOptions inputs, EvalFlags evals, List<String> configKeys, List<Integer> conc,
        RowFilterOptions filters, String runnerNodeFilter, FormatOption format) {
    static final CommandSpec SPEC = CommandSpec.of("test-config", (args, context) -> from(args).call(context),
                    "Expand the named master configs into matrix rows and print them as a JSON array.")
            .withOptions(ConfigFileOptions.OPTIONS, EvalFlags.OPTIONS, List.of(
                    OptionSpec.values("--config-keys", "KEY", "Config keys, or shell-style patterns with * or ? (quote them), "
                            + "in the order rows should follow.").required(),
                    OptionSpec.values("--conc", "N", "Keep only these concurrencies.").converted(Converters.INTEGER)),
                    RowFilterOptions.OPTIONS, List.of(
                    OptionSpec.value("--runner-node-filter", "S",
                            "Run on the label (when it contains S) and each of its nodes containing S.")),
                    FormatOption.OPTIONS);

    static TestConfigCommand from(ParsedArgs args) {
        return new TestConfigCommand(ConfigFileOptions.from(args), EvalFlags.from(args), args.strings("--config-keys"),
                args.values("--conc"), RowFilterOptions.from(args), args.string("--runner-node-filter"),
                FormatOption.from(args));
    }

    int call(Context context) {
        TestConfigOptions options = new TestConfigOptions(configKeys, conc, filters.seqLens(),
                filters.scenarios(), runnerNodeFilter, evals.mode());
        return JsonOutput.printRows(context, format, () -> MatrixGenerator.testConfig(inputs.load(context), options),
                options.describeFilters());
    }
}
