package dev.sweepgate.cli;

import dev.sweepgate.matrix.FullSweepOptions;
import dev.sweepgate.matrix.MatrixGenerator;
import java.util.List;

record FullSweepCommand(ConfigFileOptions inputs, EvalFlags evals, List<String> modelPrefixes, List<String> precisions,
        List<String> frameworks, List<String> runnerTypes, RowFilterOptions filters, boolean singleNode,
        boolean multiNode, String runnerNodeFilter, int stepSize, Integer minConc, Integer maxConc, Integer maxTp,
        Integer maxEp, FormatOption format) {
    static final CommandSpec SPEC = CommandSpec.of("full-sweep", (args, context) -> from(args).call(context),
                    "Expand every selected master config into the benchmark matrix and print it as a JSON array.")
            .withOptions(ConfigFileOptions.OPTIONS, EvalFlags.OPTIONS, List.of(
                    OptionSpec.values("--model-prefix", "P", "Keep configs whose key starts with one of these."),
                    OptionSpec.values("--precision", "P", "Keep these precisions."),
                    OptionSpec.values("--framework", "F", "Keep these frameworks."),
                    OptionSpec.values("--runner-type", "LABEL",
                            "Keep configs on these runner labels (labels of the runner config).")),
                    RowFilterOptions.OPTIONS, List.of(
                    OptionSpec.flag("--single-node", "Keep single-node configs (with --multi-node: both)."),
                    OptionSpec.flag("--multi-node", "Keep multi-node configs (with --single-node: both)."),
                    OptionSpec.value("--runner-node-filter", "S",
                            "Run each row on every node of its label whose name contains S."),
                    OptionSpec.value("--step-size", "N", "Multiplier of conc-start/conc-end ranges, > 1 (default: ${DEFAULT}).")
                            .withDefault("2").converted(Converters.INTEGER),
                    OptionSpec.value("--min-conc", "N", "Lowest concurrency to run.").converted(Converters.INTEGER),
                    OptionSpec.value("--max-conc", "N", "Highest concurrency to run.").converted(Converters.INTEGER),
                    OptionSpec.value("--max-tp", "N", "Skip single-node fixed entries with a larger tp.")
                            .converted(Converters.INTEGER),
                    OptionSpec.value("--max-ep", "N", "Cap the ep of single-node fixed entries.")
                            .converted(Converters.INTEGER)),
                    FormatOption.OPTIONS);

    static FullSweepCommand from(ParsedArgs args) {
        return new FullSweepCommand(ConfigFileOptions.from(args), EvalFlags.from(args), args.strings("--model-prefix"),
                args.strings("--precision"), args.strings("--framework"), args.strings("--runner-type"),
                RowFilterOptions.from(args), args.flag("--single-node"), args.flag("--multi-node"),
                args.string("--runner-node-filter"), args.integer("--step-size"), args.integer("--min-conc"),
                args.integer("--max-conc"), args.integer("--max-tp"), args.integer("--max-ep"), FormatOption.from(args));
    }

    int call(Context context) {
        FullSweepOptions options = new FullSweepOptions(modelPrefixes, RowFilterOptions.set(precisions),
                RowFilterOptions.set(frameworks), RowFilterOptions.set(runnerTypes), filters.seqLens(),
                filters.scenarios(), singleNode, multiNode, runnerNodeFilter, stepSize,
                minConc, maxConc, maxTp, maxEp, evals.mode());
        return JsonOutput.printRows(context, format, () -> MatrixGenerator.fullSweep(inputs.load(context), options),
                options.describeFilters());
    }
}
