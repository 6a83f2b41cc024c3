package dev.sweepgate.matrix;

import dev.sweepgate.concurrent.SideBySide;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.hints.Nearest;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.problem.UsageException;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;

/** The one expansion engine: every command that produces matrix rows goes through here. */
public final class MatrixGenerator {
    private MatrixGenerator() {
    }

    /**
     * {@code full-sweep}: rows of every config the filters select, in load order.
     *
     * @throws ProblemException for an unknown runner type, or rows the configs cannot produce
     */
    public static List<Row> fullSweep(ConfigSet configs, FullSweepOptions options) {
        checkRunnerTypes(configs, options);
        FullSweepSelection selection = new FullSweepSelection(options);
        List<MasterConfig> selected = configs.configs().stream().filter(selection::selects).toList();
        return generate(configs, selected, selection, options.evals());
    }

    /**
     * {@code test-config}: rows for the given keys, in the order the keys resolve.
     *
     * @throws ProblemException for a key or pattern that selects nothing, or rows the configs cannot produce
     */
    public static List<Row> testConfig(ConfigSet configs, TestConfigOptions options) {
        List<MasterConfig> selected = KeyResolver.resolve(configs, options.configKeys());
        return generate(configs, selected, new TestConfigSelection(options), options.evals());
    }

    /** The warning when filters leave no row: the output is still {@code []}, as in the reference. */
    public static String noRowsWarning(String filters) {
        return "warning: no matrix row is left after the filters " + (filters.isEmpty() ? "(none given)" : filters)
                + "; printing [] (loosen a filter to get rows)";
    }

    private static List<Row> generate(ConfigSet configs, List<MasterConfig> selected, Selection selection,
                                      EvalMode evals) {
        Problems problems = new Problems();
        List<Row> rows;
        ExecutorService pool = SideBySide.pool(1, "sweepgate-expander");
        try {
            rows = new Expander(configs.runners(), selection).expand(selected, problems, pool);
        } finally {
            pool.shutdownNow();
        }
        problems.throwIfErrors();
        return EvalPolicy.apply(rows, evals == null ? EvalMode.MARK : evals);
    }

    private static void checkRunnerTypes(ConfigSet configs, FullSweepOptions options) {
        if (options.runnerTypes() == null) {
            return;
        }
        TreeSet<String> unknown = new TreeSet<>(options.runnerTypes());
        unknown.removeAll(configs.runners().labels().keySet());
        if (!unknown.isEmpty()) {
            // A value of an option, like any other bad option value: bad usage, exit 2.
            String first = unknown.first();
            String near = Nearest.didYouMean(first, configs.runners().labels().keySet(), 3);
            throw new UsageException("--runner-type " + String.join(", ", unknown) + ": not a label of the runner config"
                    + (near.isEmpty() ? "; valid labels: " + String.join(", ", new TreeSet<>(configs.runners().labels().keySet()))
                    : near));
        }
    }
}
