package dev.sweepgate.config;

import java.util.Optional;

/** The two scenario kinds, in the order every command enumerates them. */
public enum ScenarioType {
    FIXED_SEQ_LEN("fixed-seq-len"),
    AGENTIC_CODING("agentic-coding");

    private final String key;

    ScenarioType(String key) {
        this.key = key;
    }

    /** The YAML key and the command-line spelling. */
    public String key() {
        return key;
    }

    public static Optional<ScenarioType> fromKey(String key) {
        for (ScenarioType t : values()) {
            if (t.key.equals(key)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return key;
    }
}
