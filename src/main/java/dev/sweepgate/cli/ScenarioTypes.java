package dev.sweepgate.cli;

import dev.sweepgate.config.ScenarioType;
import picocli.CommandLine;

/** Reads --scenario-type in its YAML spelling. */
final class ScenarioTypes implements CommandLine.ITypeConverter<ScenarioType> {
    @Override
    public ScenarioType convert(String value) {
        return ScenarioType.fromKey(value).orElseThrow(() -> new CommandLine.TypeConversionException(
                "'" + value + "' is not a scenario type; choose fixed-seq-len or agentic-coding"));
    }
}
