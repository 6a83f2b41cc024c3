package dev.sweepgate.matrix;

import dev.sweepgate.config.ScenarioType;
import java.util.List;
import java.util.Set;

/**
 * What {@code test-config} selects (matrix.md). Null means "no filter".
 *
 * @param configKeys literal keys or shell-style patterns, resolved in order
 * @param conc       keep only these concurrency values
 * @param seqLens    {@code 1k1k} / {@code 8k1k}; filters fixed-seq-len rows only
 * @param scenarios  scenario types to expand
 */
public record TestConfigOptions(List<String> configKeys, List<Integer> conc, Set<String> seqLens,
                                Set<ScenarioType> scenarios, String runnerNodeFilter, EvalMode evals) {

    /** The filters given, as written on the command line: what a warning names when they leave no row. */
    public String describeFilters() {
        List<String> given = new java.util.ArrayList<>();
        FullSweepOptions.add(given, "--config-keys", configKeys);
        FullSweepOptions.add(given, "--conc", conc);
        FullSweepOptions.add(given, "--seq-lens", seqLens);
        FullSweepOptions.add(given, "--scenario-type", scenarios == null ? null : scenarios.stream().map(ScenarioType::key).toList());
        if (runnerNodeFilter != null) {
            given.add("--runner-node-filter " + runnerNodeFilter);
        }
        return String.join(" ", given);
    }
}
