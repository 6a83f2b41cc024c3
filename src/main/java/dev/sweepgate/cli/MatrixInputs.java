package dev.sweepgate.cli;

import dev.sweepgate.config.ConfigLoader;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.yaml.SourceFile;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The configs a matrix command expands: master files in order, and the runner config. */
final class MatrixInputs {
    @Option(names = "--config-files", arity = "1..*", paramLabel = "FILE",
            defaultValue = "configs/amd-master.yaml configs/nvidia-master.yaml", split = " ",
            description = "Master config files, in load order (default: ${DEFAULT-VALUE}).")
    List<String> configFiles = new ArrayList<>();

    @Option(names = "--runner-config", paramLabel = "FILE", defaultValue = "configs/runners.yaml",
            description = "Runner config (default: ${DEFAULT-VALUE}).")
    String runnerConfig;

    /** Reads and validates every file; a missing file is an environment failure, a broken rule a ProblemException. */
    ConfigSet load(Context context) {
        List<SourceFile> masters = new ArrayList<>();
        for (String file : configFiles) {
            masters.add(new SourceFile(file, context.read(file)));
        }
        SourceFile runners = new SourceFile(runnerConfig, context.read(runnerConfig));
        return ConfigLoader.load(masters, runners);
    }
}
