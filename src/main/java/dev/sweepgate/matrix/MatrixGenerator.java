package dev.sweepgate.matrix;

import dev.sweepgate.config.ConfigSet;
import java.util.List;

/** The one expansion engine: every command that produces matrix rows goes through here. */
public final class MatrixGenerator {
    private MatrixGenerator() {
    }

    /** {@code test-config}: rows for the given keys, in the order the keys resolve. */
    public static List<Row> testConfig(ConfigSet configs, TestConfigOptions options) {
        throw new UnsupportedOperationException("being written");
    }
}
