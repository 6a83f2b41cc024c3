package dev.sweepgate.config;

import dev.sweepgate.problem.Position;
import java.util.List;

/** One item of a config's {@code scenarios} lists. */
public sealed interface Scenario {
    List<SearchEntry> searchSpace();

    Position pos();

    ScenarioType type();

    /** An item of {@code fixed-seq-len}. */
    record FixedSeqLen(int isl, int osl, List<SearchEntry> searchSpace, Position pos) implements Scenario {
        public FixedSeqLen {
            searchSpace = List.copyOf(searchSpace);
        }

        @Override
        public ScenarioType type() {
            return ScenarioType.FIXED_SEQ_LEN;
        }
    }

    /**
     * An item of {@code agentic-coding}.
     *
     * @param dramUtilization null when not written
     */
    record AgenticCoding(List<SearchEntry> searchSpace, Double dramUtilization, Position pos) implements Scenario {
        public AgenticCoding {
            searchSpace = List.copyOf(searchSpace);
        }

        @Override
        public ScenarioType type() {
            return ScenarioType.AGENTIC_CODING;
        }
    }
}
