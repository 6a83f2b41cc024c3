package dev.sweepgate.cli;

import dev.sweepgate.config.ScenarioType;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/** The sequence-length and scenario filters that full-sweep and test-config share. */
final class RowFilterOptions {
    @Option(names = "--seq-lens", arity = "1..*", paramLabel = "SEQ",
            description = "Keep these fixed sequence lengths: ${COMPLETION-CANDIDATES}; agentic rows are kept.",
            completionCandidates = SeqLenChoices.class, converter = SeqLenChoices.class)
    List<String> seqLens;

    @Option(names = "--scenario-type", arity = "1..*", paramLabel = "TYPE",
            description = "Keep these scenario types: fixed-seq-len, agentic-coding.", converter = ScenarioTypes.class)
    List<ScenarioType> scenarios;

    /** The sequence lengths asked for, or null for all. */
    Set<String> seqLens() {
        return set(seqLens);
    }

    /** The scenario types asked for, or null for all. */
    Set<ScenarioType> scenarios() {
        return set(scenarios);
    }

    static <T> Set<T> set(List<T> values) {
        return values == null ? null : new LinkedHashSet<>(values);
    }
}
