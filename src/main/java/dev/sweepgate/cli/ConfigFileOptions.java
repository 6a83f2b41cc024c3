package dev.sweepgate.cli;

import dev.sweepgate.config.ConfigLoader;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.yaml.SourceFile;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** The input files shared by every command that reads the master configs. */
public final class ConfigFileOptions {
    public static final List<String> DEFAULT_CONFIG_FILES = List.of("configs/amd-master.yaml", "configs/nvidia-master.yaml");
    public static final String DEFAULT_RUNNER_CONFIG = "configs/runners.yaml";

    // No picocli default: a default list would be added to, not replaced by, the files given.
    private final OptionSpec configFiles = Specs.values("--config-files", "FILE", String.class,
            "Master config files, in load order (default: configs/amd-master.yaml configs/nvidia-master.yaml).").build();

    private final OptionSpec runnerConfig = Specs.value("--runner-config", "FILE", String.class,
            "Runner config (default: ${DEFAULT-VALUE}).").defaultValue(DEFAULT_RUNNER_CONFIG).build();

    CommandSpec spec() {
        return Specs.group(configFiles, runnerConfig);
    }

    public List<String> configFiles() {
        List<String> given = configFiles.getValue();
        return given == null || given.isEmpty() ? DEFAULT_CONFIG_FILES : List.copyOf(given);
    }

    public String runnerConfig() {
        String given = runnerConfig.getValue();
        return given == null ? DEFAULT_RUNNER_CONFIG : given;
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
