package dev.sweepgate.cli;

import dev.sweepgate.matrix.FullSweepOptions;
import dev.sweepgate.matrix.MatrixGenerator;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "full-sweep",
        description = "Expand every selected master config into the benchmark matrix and print it as a JSON array.")
final class FullSweepCommand implements ContextCommand {
    @Mixin
    private ConfigFileOptions inputs;

    @Mixin
    private EvalFlags evals;

    @Option(names = "--model-prefix", paramLabel = "P", arity = "1..*",
            description = "Keep configs whose key starts with one of these.")
    private List<String> modelPrefixes;

    @Option(names = "--precision", paramLabel = "P", arity = "1..*", description = "Keep these precisions.")
    private List<String> precisions;

    @Option(names = "--framework", paramLabel = "F", arity = "1..*", description = "Keep these frameworks.")
    private List<String> frameworks;

    @Option(names = "--runner-type", paramLabel = "LABEL", arity = "1..*",
            description = "Keep configs on these runner labels (labels of the runner config).")
    private List<String> runnerTypes;

    @Mixin
    private RowFilterOptions filters;

    @Option(names = "--single-node", description = "Keep single-node configs (with --multi-node: both).")
    private boolean singleNode;

    @Option(names = "--multi-node", description = "Keep multi-node configs (with --single-node: both).")
    private boolean multiNode;

    @Option(names = "--runner-node-filter", paramLabel = "S",
            description = "Run each row on every node of its label whose name contains S.")
    private String runnerNodeFilter;

    @Option(names = "--step-size", paramLabel = "N", defaultValue = "2",
            description = "Multiplier of conc-start/conc-end ranges, > 1 (default: ${DEFAULT-VALUE}).")
    private int stepSize;

    @Option(names = "--min-conc", paramLabel = "N", description = "Lowest concurrency to run.")
    private Integer minConc;

    @Option(names = "--max-conc", paramLabel = "N", description = "Highest concurrency to run.")
    private Integer maxConc;

    @Option(names = "--max-tp", paramLabel = "N", description = "Skip single-node fixed entries with a larger tp.")
    private Integer maxTp;

    @Option(names = "--max-ep", paramLabel = "N", description = "Cap the ep of single-node fixed entries.")
    private Integer maxEp;

    @Mixin
    private FormatOption format;

    @Override
    public int call(Context context) {
        FullSweepOptions options = new FullSweepOptions(modelPrefixes, RowFilterOptions.set(precisions),
                RowFilterOptions.set(frameworks), RowFilterOptions.set(runnerTypes), filters.seqLens(),
                filters.scenarios(), singleNode, multiNode, runnerNodeFilter, stepSize,
                minConc, maxConc, maxTp, maxEp, evals.mode());
        return JsonOutput.printRows(context, format, () -> MatrixGenerator.fullSweep(inputs.load(context), options),
                options.describeFilters());
    }
}
