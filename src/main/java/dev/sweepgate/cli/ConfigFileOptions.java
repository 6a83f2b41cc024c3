package dev.sweepgate.cli;

import dev.sweepgate.config.ConfigLoader;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.yaml.SourceFile;
import java.util.ArrayList;
import java.util.List;

/** The input files shared by every command that reads the master configs. */
public record ConfigFileOptions(List<String> configFiles, String runnerConfig) {
    public static final List<String> DEFAULT_CONFIG_FILES = List.of("configs/amd-master.yaml", "configs/nvidia-master.yaml");
    public static final String DEFAULT_RUNNER_CONFIG = "configs/runners.yaml";

    static final List<OptionSpec> OPTIONS = List.of(
            OptionSpec.values("--config-files", "FILE",
                    "Master config files, in load order (default: " + String.join(" ", DEFAULT_CONFIG_FILES) + ")."),
            OptionSpec.value("--runner-config", "FILE", "Runner config (default: ${DEFAULT}).")
                    .withDefault(DEFAULT_RUNNER_CONFIG));

    public ConfigFileOptions {
        configFiles = configFiles == null || configFiles.isEmpty() ? DEFAULT_CONFIG_FILES : List.copyOf(configFiles);
        runnerConfig = runnerConfig == null ? DEFAULT_RUNNER_CONFIG : runnerConfig;
    }

    static ConfigFileOptions from(ParsedArgs args) {
        return new ConfigFileOptions(args.strings("--config-files"), args.string("--runner-config"));
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
