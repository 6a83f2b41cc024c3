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

    @Option(names = "--config-files", arity = "1..*", paramLabel = "FILE",
            description = "Master config files, in load order (default: configs/amd-master.yaml configs/nvidia-master.yaml).")
    List<String> configFiles;

    @Option(names = "--runner-config", paramLabel = "FILE",
            description = "Runner config (default: configs/runners.yaml).")
    String runnerConfig;

    public List<String> configFiles() {
        return configFiles == null || configFiles.isEmpty() ? DEFAULT_CONFIG_FILES : configFiles;
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
