package dev.sweepgate.cli;

import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.matrix.SeqLen;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The sequence-length and scenario filters that full-sweep and test-config share.
 *
 * <p>The values are checked in setters rather than type converters: picocli takes the arguments
 * after a list option for as long as they convert, so with a converter a bad value would be
 * reported as an "unmatched argument" instead of by what is wrong with it.
 */
final class RowFilterOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec command;

    private List<String> seqLens;
    private List<ScenarioType> scenarios;

    @Option(names = "--seq-lens", paramLabel = "SEQ", arity = "1..*",
            description = "Keep these fixed sequence lengths: 1k1k, 8k1k; agentic rows are kept.")
    private void seqLens(List<String> values) {
        for (String value : values) {
            if (SeqLen.fromName(value).isEmpty()) {
                throw invalid("--seq-lens", "'" + value + "' is not a sequence length; choose 1k1k or 8k1k");
            }
        }
        seqLens = values;
    }

    @Option(names = "--scenario-type", paramLabel = "TYPE", arity = "1..*", completionCandidates = ScenarioNames.class,
            description = "Keep these scenario types: fixed-seq-len, agentic-coding.")
    private void scenarioTypes(List<String> values) {
        List<ScenarioType> types = new ArrayList<>();
        for (String value : values) {
            types.add(ScenarioType.fromKey(value).orElseThrow(() -> invalid("--scenario-type",
                    "'" + value + "' is not a scenario type; choose fixed-seq-len or agentic-coding")));
        }
        scenarios = types;
    }

    private ParameterException invalid(String option, String reason) {
        return new ParameterException(command.commandLine(), "Invalid value for option '" + option + "': " + reason);
    }

    /** The sequence lengths asked for, or null for all. */
    Set<String> seqLens() {
        return set(seqLens);
    }

    /** The scenario types asked for, or null for all. */
    Set<ScenarioType> scenarios() {
        return set(scenarios);
    }

    /** What shell completion offers for --scenario-type. */
    static final class ScenarioNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return List.of("fixed-seq-len", "agentic-coding").iterator();
        }
    }

    static <T> Set<T> set(List<T> values) {
        return values == null ? null : new LinkedHashSet<>(values);
    }
}
