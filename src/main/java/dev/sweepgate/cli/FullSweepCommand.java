package dev.sweepgate.cli;

import dev.sweepgate.matrix.FullSweepOptions;
import dev.sweepgate.matrix.MatrixGenerator;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class FullSweepCommand implements ContextCommand {
    private final ConfigFileOptions inputs = new ConfigFileOptions();

    private final EvalFlags evals = new EvalFlags();

    private final OptionSpec modelPrefixes = Specs.values("--model-prefix", "P", String.class,
            "Keep configs whose key starts with one of these.").build();

    private final OptionSpec precisions = Specs.values("--precision", "P", String.class,
            "Keep these precisions.").build();

    private final OptionSpec frameworks = Specs.values("--framework", "F", String.class,
            "Keep these frameworks.").build();

    private final OptionSpec runnerTypes = Specs.values("--runner-type", "LABEL", String.class,
            "Keep configs on these runner labels (labels of the runner config).").build();

    private final RowFilterOptions filters = new RowFilterOptions();

    private final OptionSpec singleNode = Specs.flag("--single-node",
            "Keep single-node configs (with --multi-node: both).").build();

    private final OptionSpec multiNode = Specs.flag("--multi-node",
            "Keep multi-node configs (with --single-node: both).").build();

    private final OptionSpec runnerNodeFilter = Specs.value("--runner-node-filter", "S", String.class,
            "Run each row on every node of its label whose name contains S.").build();

    private final OptionSpec stepSize = Specs.value("--step-size", "N", int.class,
            "Multiplier of conc-start/conc-end ranges, > 1 (default: ${DEFAULT-VALUE}).").defaultValue("2").build();

    private final OptionSpec minConc = Specs.value("--min-conc", "N", Integer.class,
            "Lowest concurrency to run.").build();

    private final OptionSpec maxConc = Specs.value("--max-conc", "N", Integer.class,
            "Highest concurrency to run.").build();

    private final OptionSpec maxTp = Specs.value("--max-tp", "N", Integer.class,
            "Skip single-node fixed entries with a larger tp.").build();

    private final OptionSpec maxEp = Specs.value("--max-ep", "N", Integer.class,
            "Cap the ep of single-node fixed entries.").build();

    private final FormatOption format = new FormatOption();

    @Override
    public CommandSpec spec() {
        return Specs.with(Specs.command(this,
                        "Expand every selected master config into the benchmark matrix and print it as a JSON array "
                                + "(to a terminal: how many rows per model, unless --format json)."),
                List.of(inputs.spec(), evals.spec(), filters.spec(), format.spec()),
                modelPrefixes, precisions, frameworks, runnerTypes, singleNode, multiNode, runnerNodeFilter,
                stepSize, minConc, maxConc, maxTp, maxEp);
    }

    @Override
    public int call(Context context) {
        FullSweepOptions options = new FullSweepOptions(modelPrefixes.getValue(),
                RowFilterOptions.set(precisions.getValue()), RowFilterOptions.set(frameworks.getValue()),
                RowFilterOptions.set(runnerTypes.getValue()), filters.seqLens(), filters.scenarios(),
                Specs.given(singleNode), Specs.given(multiNode), runnerNodeFilter.getValue(),
                stepSize.getValue(), minConc.getValue(), maxConc.getValue(), maxTp.getValue(), maxEp.getValue(),
                evals.mode());
        return JsonOutput.printRows(context, format, () -> MatrixGenerator.fullSweep(inputs.load(context), options),
                options.describeFilters());
    }
}
