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
}
