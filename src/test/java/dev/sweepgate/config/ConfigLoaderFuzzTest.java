package dev.sweepgate.config;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sweepgate.fuzz.FuzzInputs;
import dev.sweepgate.golden.GoldenAlCheck;
import dev.sweepgate.golden.GoldenCurves;
import dev.sweepgate.matrix.EvalMode;
import dev.sweepgate.matrix.FullSweepOptions;
import dev.sweepgate.matrix.MatrixGenerator;
import dev.sweepgate.matrix.TestConfigOptions;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.yaml.SourceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * validate-configs on any YAML: the binders and the golden-AL lint give problems or a model,
 * never an exception, and the model's expansion (full sweep with evals, test-config of every
 * key) terminates. The first byte picks the fuzzed file: even the master config (beside the
 * real runner config), odd the runner config (beside real AMD master configs).
 */
class ConfigLoaderFuzzTest {
    private static final SourceFile RUNNERS = new SourceFile("configs/runners.yaml", FuzzInputs.read("configs/runners.yaml"));
    /** The first configs of the real AMD master config: the real shapes, cheap to parse on every input. */
    private static final SourceFile MASTER = new SourceFile("configs/amd-master.yaml",
            firstConfigs(FuzzInputs.read("configs/amd-master.yaml"), 3));
    private static final GoldenCurves CURVES = goldenCurves();

    @FuzzTest
    void validatesAnyConfig(byte[] data) {
        if (data.length == 0) {
            return;
        }
        byte[] fuzzed = java.util.Arrays.copyOfRange(data, 1, data.length);
        boolean master = (data[0] & 1) == 0;
        List<SourceFile> masters = List.of(master ? new SourceFile("configs/fuzzed-master.yaml", fuzzed) : MASTER);
        SourceFile runners = master ? RUNNERS : new SourceFile("configs/runners.yaml", fuzzed);
        ConfigSet configs;
        try {
            configs = ConfigLoader.load(masters, runners);
        } catch (ProblemException e) {
            assertFalse(e.problems().isEmpty(), "a refused config names its problems");
            return;
        }
        assertNotNull(GoldenAlCheck.check(configs, CURVES));
        try {
            MatrixGenerator.fullSweep(configs, FullSweepOptions.all());
            if (!configs.keys().isEmpty()) {
                MatrixGenerator.testConfig(configs,
                        new TestConfigOptions(configs.keys(), null, null, null, null, EvalMode.ALL_EVALS));
            }
        } catch (ProblemException e) {
            // an expansion may refuse what the configs allow (such as no rows at all): with problems, never a crash
            assertFalse(e.problems().isEmpty());
        }
    }

    /** The text of the first {@code count} top-level keys of a master config. */
    static byte[] firstConfigs(byte[] master, int count) {
        int seen = 0;
        for (int i = 0; i < master.length; i++) {
            boolean lineStart = i == 0 || master[i - 1] == '\n';
            if (lineStart && master[i] != ' ' && master[i] != '#' && master[i] != '\n' && ++seen == count + 1) {
                return java.util.Arrays.copyOf(master, i);
            }
        }
        return master;
    }

    private static GoldenCurves goldenCurves() {
        try (Stream<Path> files = Files.list(Path.of("golden_al_distribution"))) {
            return GoldenCurves.load(files.sorted().map(p -> new SourceFile(p.toString(), FuzzInputs.read(p.toString())))
                    .toList());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
