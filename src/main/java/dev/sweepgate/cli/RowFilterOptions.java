package dev.sweepgate.cli;

import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.matrix.SeqLen;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The sequence-length and scenario filters that full-sweep and test-config share.
 *
 * @param seqLens   the sequence lengths asked for, or null for all
 * @param scenarios the scenario types asked for, or null for all
 */
record RowFilterOptions(Set<String> seqLens, Set<ScenarioType> scenarios) {
    static final List<String> SEQ_LENS = List.of("1k1k", "8k1k");

    static final List<OptionSpec> OPTIONS = List.of(
            OptionSpec.values("--seq-lens", "SEQ", "Keep these fixed sequence lengths: " + String.join(", ", SEQ_LENS)
                    + "; agentic rows are kept.").converted(RowFilterOptions::seqLen),
            OptionSpec.values("--scenario-type", "TYPE", "Keep these scenario types: fixed-seq-len, agentic-coding.")
                    .converted(RowFilterOptions::scenarioType));

    static RowFilterOptions from(ParsedArgs args) {
        return new RowFilterOptions(set(args.strings("--seq-lens")), set(args.values("--scenario-type")));
    }

    /** A name --seq-lens accepts; anything else is a usage error. */
    private static String seqLen(String value) {
        if (SeqLen.fromName(value).isEmpty()) {
            throw new IllegalArgumentException("'" + value + "' is not a sequence length; choose 1k1k or 8k1k");
        }
        return value;
    }

    /** --scenario-type in its YAML spelling. */
    private static ScenarioType scenarioType(String value) {
        return ScenarioType.fromKey(value).orElseThrow(() -> new IllegalArgumentException(
                "'" + value + "' is not a scenario type; choose fixed-seq-len or agentic-coding"));
    }

    static <T> Set<T> set(List<T> values) {
        return values == null ? null : new LinkedHashSet<>(values);
    }
}
