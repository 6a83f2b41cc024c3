package dev.sweepgate.config;

import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.yaml.SourceFile;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YamlLoader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
        Problems problems = new Problems();
        List<MasterConfig> configs = new ArrayList<>();
        Map<String, YScalar> firstSeen = new HashMap<>();
        MasterConfigBinder binder = new MasterConfigBinder(problems);
        for (SourceFile file : masterFiles) {
            YNode root = loadYaml(file, problems);
            if (root == null) {
                continue;
            }
            if (!(root instanceof YMap map)) {
                problems.error(root.pos(), "config.root", file.name()
                        + " must be a mapping of config keys to configs, got " + root.describe());
                continue;
            }
            for (YMap.Entry e : map.entries()) {
                YScalar key = e.key();
                if (!(key.value() instanceof String name)) {
                    problems.error(key.pos(), "config.key-type", "config keys must be strings, got " + key.describe()
                            + ": quote it (\"" + key.text() + "\")");
                    continue;
                }
                if (name.contains("*")) {
                    problems.error(key.pos(), "config.wildcard-key", "config key '" + name
                            + "' contains `*`, which is reserved for changelog wildcards: rename the config");
                    continue;
                }
                YScalar previous = firstSeen.putIfAbsent(name, key);
                if (previous != null) {
                    if (!previous.pos().file().equals(key.pos().file())) {
                        problems.error(key.pos(), "config.duplicate-config", "config '" + name + "' is also defined in "
                                + previous.pos() + ": each config key must be defined once across all master configs");
                    }
                    continue;
                }
                MasterConfig config = binder.bind(key, e.value());
                if (config != null) {
                    configs.add(config);
                }
            }
        }
        RunnerConfig runners = null;
        YNode runnerRoot = loadYaml(runnerFile, problems);
        if (runnerRoot != null) {
            runners = new RunnerConfigBinder(problems).bind(runnerRoot, runnerFile.name());
        }
        problems.throwIfErrors();
        return new ConfigSet(configs, runners);
    }

    /** Loads one file, adding its problems; null when it cannot be read as YAML at all. */
    static YNode loadYaml(SourceFile file, Problems problems) {
        try {
            YamlLoader.Document doc = YamlLoader.standard().load(file.bytes(), file.name());
            problems.addAll(doc.problems());
            return doc.root();
        } catch (ProblemException e) {
            problems.addAll(e.problems());
            return null;
        }
    }
}
