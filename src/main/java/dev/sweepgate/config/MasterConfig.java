package dev.sweepgate.config;

import dev.sweepgate.problem.Position;
import dev.sweepgate.yaml.YNode;
import java.util.List;
import java.util.Set;

/**
 * One top-level entry of a master config file.
 *
 * @param scenarioKeys the scenario keys written under {@code scenarios}, in file order
 * @param source       the mapping as parsed, for comparisons of configs as values
 */
public record MasterConfig(String key, String image, String model, String modelPrefix, String precision,
                           String framework, String runner, boolean multinode, boolean disagg,
                           Component router, String kvP2pTransfer,
                           List<Scenario.FixedSeqLen> fixedSeqLen, List<Scenario.AgenticCoding> agenticCoding,
                           Set<ScenarioType> scenarioKeys, YNode source, Position pos) {
    public MasterConfig {
        fixedSeqLen = List.copyOf(fixedSeqLen);
        agenticCoding = List.copyOf(agenticCoding);
        scenarioKeys = Set.copyOf(scenarioKeys);
    }
}
