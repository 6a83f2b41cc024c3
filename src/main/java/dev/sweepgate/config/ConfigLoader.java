package dev.sweepgate.config;

import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.yaml.SourceFile;
import java.util.List;

/** Loads and validates the master configs and the runner config (configs.md). */
public final class ConfigLoader {
    private ConfigLoader() {
    }

    /**
     * Reads every file, validates every rule, and returns the typed configs in load order.
     *
     * @throws ProblemException carrying every problem found, when any rule is broken
     */
    public static ConfigSet load(List<SourceFile> masterFiles, SourceFile runnerFile) {
        throw new UnsupportedOperationException("being written");
    }
}
