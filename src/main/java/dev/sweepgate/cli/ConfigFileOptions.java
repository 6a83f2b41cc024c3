package dev.sweepgate.cli;

import dev.sweepgate.config.ConfigLoader;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.yaml.SourceFile;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The input files shared by every command that reads the master configs. */
public final class ConfigFileOptions {
    public static final List<String> DEFAULT_CONFIG_FILES = List.of("configs/amd-master.yaml", "configs/nvidia-master.yaml");
    public static final String DEFAULT_RUNNER_CONFIG = "configs/runners.yaml";

    // No picocli default: a default list would be added to, not replaced by, the files given.
    @Option(names = "--config-files", paramLabel = "FILE", arity = "1..*",
            description = "Master config files, in load order (default: configs/amd-master.yaml configs/nvidia-master.yaml).")
    private List<String> configFiles;

    @Option(names = "--runner-config", paramLabel = "FILE", defaultValue = DEFAULT_RUNNER_CONFIG,
            description = "Runner config (default: ${DEFAULT-VALUE}).")
    private String runnerConfig;

    public List<String> configFiles() {
        return configFiles == null || configFiles.isEmpty() ? DEFAULT_CONFIG_FILES : List.copyOf(configFiles);
    }

    public String runnerConfig() {
        return runnerConfig == null ? DEFAULT_RUNNER_CONFIG : runnerConfig;
    }

    /** Reads the files from the working tree (-C aware) and validates them. */
    public ConfigSet load(Context context) {
        List<SourceFile> masters = new ArrayList<>();
        for (String file : configFiles()) {
            masters.add(new SourceFile(file, context.read(file)));
        }
        SourceFile runners = new SourceFile(runnerConfig(), context.read(runnerConfig()));
        return ConfigLoader.load(masters, runners);
    }
}
