package dev.sweepgate.cli;

import dev.sweepgate.matrix.FullSweepOptions;
import dev.sweepgate.matrix.MatrixGenerator;
import dev.sweepgate.matrix.Row;
import dev.sweepgate.problem.ProblemException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "full-sweep", mixinStandardHelpOptions = true,
        description = "Expand every selected master config into the benchmark matrix and print it as a JSON array.")
final class FullSweepCommand implements Callable<Integer> {
    @ParentCommand
    Main root;

    @Mixin
    ConfigFileOptions inputs;

    @Mixin
    EvalFlags evals;

    @Option(names = "--model-prefix", arity = "1..*", paramLabel = "P",
            description = "Keep configs whose key starts with one of these.")
    List<String> modelPrefixes;

    @Option(names = "--precision", arity = "1..*", paramLabel = "P", description = "Keep these precisions.")
    List<String> precisions;

    @Option(names = "--framework", arity = "1..*", paramLabel = "F", description = "Keep these frameworks.")
    List<String> frameworks;

    @Option(names = "--runner-type", arity = "1..*", paramLabel = "LABEL",
            description = "Keep configs on these runner labels (labels of the runner config).")
    List<String> runnerTypes;

    @Mixin
    RowFilterOptions filters;

    @Option(names = "--single-node", description = "Keep single-node configs (with --multi-node: both).")
    boolean singleNode;

    @Option(names = "--multi-node", description = "Keep multi-node configs (with --single-node: both).")
    boolean multiNode;

    @Option(names = "--runner-node-filter", paramLabel = "S",
            description = "Run each row on every node of its label whose name contains S.")
    String runnerNodeFilter;

    @Option(names = "--step-size", paramLabel = "N", defaultValue = "2",
            description = "Multiplier of conc-start/conc-end ranges, > 1 (default: ${DEFAULT-VALUE}).")
    int stepSize;

    @Option(names = "--min-conc", paramLabel = "N", description = "Lowest concurrency to run.")
    Integer minConc;

    @Option(names = "--max-conc", paramLabel = "N", description = "Highest concurrency to run.")
    Integer maxConc;

    @Option(names = "--max-tp", paramLabel = "N", description = "Skip single-node fixed entries with a larger tp.")
    Integer maxTp;

    @Option(names = "--max-ep", paramLabel = "N", description = "Cap the ep of single-node fixed entries.")
    Integer maxEp;

    @Mixin
    FormatOption format;

    @Override
    public Integer call() {
        Context context = root.context();
        FullSweepOptions options = new FullSweepOptions(modelPrefixes, RowFilterOptions.set(precisions),
                RowFilterOptions.set(frameworks), RowFilterOptions.set(runnerTypes), filters.seqLens(),
                filters.scenarios(), singleNode, multiNode, runnerNodeFilter, stepSize,
                minConc, maxConc, maxTp, maxEp, evals.mode());
        try {
            List<Row> rows = MatrixGenerator.fullSweep(inputs.load(context), options);
            context.out().println(JsonOutput.rows(rows));
            context.out().flush();
            return Main.OK;
        } catch (ProblemException e) {
            context.report(e.problems(), format.chosen(), true);
            return Main.RULE_BROKEN;
        }
    }
}
