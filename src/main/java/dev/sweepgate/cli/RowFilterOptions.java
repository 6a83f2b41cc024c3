package dev.sweepgate.cli;

import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.matrix.SeqLen;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * The sequence-length and scenario filters that full-sweep and test-config share.
 *
 * <p>The values are checked when the command reads them (first thing it does), as picocli
 * reports bad usage, rather than by type converters: picocli takes the arguments after a list
 * option for as long as they convert, so with a converter a bad value would be reported as an
 * "unmatched argument" instead of by what is wrong with it.
 */
final class RowFilterOptions {
    private final OptionSpec seqLens = Specs.values("--seq-lens", "SEQ", String.class,
            "Keep these fixed sequence lengths: 1k1k, 8k1k; agentic rows are kept.").build();

    private final OptionSpec scenarioTypes = Specs.values("--scenario-type", "TYPE", String.class,
                    "Keep these scenario types: fixed-seq-len, agentic-coding.")
            .completionCandidates(List.of("fixed-seq-len", "agentic-coding")).build();

    CommandSpec spec() {
        return Specs.group(seqLens, scenarioTypes);
    }

    /** The sequence lengths asked for, or null for all. */
    Set<String> seqLens() {
        List<String> values = seqLens.getValue();
        if (values == null) {
            return null;
        }
        for (String value : values) {
            if (SeqLen.fromName(value).isEmpty()) {
                throw invalid(seqLens, "'" + value + "' is not a sequence length; choose 1k1k or 8k1k");
            }
        }
        return new LinkedHashSet<>(values);
    }

    /** The scenario types asked for, or null for all. */
    Set<ScenarioType> scenarios() {
        List<String> values = scenarioTypes.getValue();
        if (values == null) {
            return null;
        }
        Set<ScenarioType> types = new LinkedHashSet<>();
        for (String value : values) {
            types.add(ScenarioType.fromKey(value).orElseThrow(() -> invalid(scenarioTypes,
                    "'" + value + "' is not a scenario type; choose fixed-seq-len or agentic-coding")));
        }
        return types;
    }

    /** Bad usage, reported as picocli reports a value it cannot convert. */
    private static ParameterException invalid(OptionSpec option, String reason) {
        return new ParameterException(option.command().commandLine(),
                "Invalid value for option '" + option.longestName() + "': " + reason);
    }

    static <T> Set<T> set(List<T> values) {
        return values == null ? null : new LinkedHashSet<>(values);
    }
}
