package dev.sweepgate.config;

import dev.sweepgate.concurrent.SideBySide;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.problem.Sources;
import dev.sweepgate.yaml.SourceFile;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YamlLoader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Supplier;

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
        List<SourceFile> files = new ArrayList<>(masterFiles);
        files.add(runnerFile);
        ExecutorService pool = SideBySide.pool(1, "sweepgate-config-reader");
        Map<String, byte[]> sources = new HashMap<>();
        files.forEach(f -> sources.putIfAbsent(f.name(), f.bytes()));
        try {
            ConfigSet set = bind(masterFiles, runnerFile, parseSideBySide(files, pool));
            return new ConfigSet(set.configs(), set.runners(), sources);
        } catch (ProblemException e) {
            throw new ProblemException(Sources.apply(e.problems(), sources));
        } finally {
            pool.shutdownNow();
        }
    }

    private static ConfigSet bind(List<SourceFile> masterFiles, SourceFile runnerFile, List<Supplier<Parsed>> parsed) {
        Problems problems = new Problems();
        List<MasterConfig> configs = new ArrayList<>();
        Map<String, YScalar> firstSeen = new HashMap<>();
        MasterConfigBinder binder = new MasterConfigBinder(problems);
        for (int i = 0; i < masterFiles.size(); i++) {
            SourceFile file = masterFiles.get(i);
            YNode root = parsed.get(i).get().root(problems);
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
        YNode runnerRoot = parsed.get(masterFiles.size()).get().root(problems);
        if (runnerRoot != null) {
            runners = new RunnerConfigBinder(problems).bind(runnerRoot, runnerFile.name());
        }
        problems.throwIfErrors();
        return new ConfigSet(configs, runners);
    }

    /** A file read as YAML: its root (null when it cannot be read as YAML at all) and its problems. */
    private record Parsed(YNode root, List<Problem> problems) {
        /** The root, after adding the file's problems to {@code all} (in file order, as if read one by one). */
        YNode root(Problems all) {
            all.addAll(problems);
            return root;
        }
    }

    /**
     * Starts parsing every file but the first on one other thread and parses the first here:
     * on a cold JVM parsing dominates a short run, and two cores halve it. The caller binds the
     * files in order, the first while the others are still being parsed.
     */
    private static List<Supplier<Parsed>> parseSideBySide(List<SourceFile> files, ExecutorService pool) {
        List<Supplier<Parsed>> parsed = new ArrayList<>();
        for (SourceFile file : files.subList(1, files.size())) {
            Future<Parsed> later = pool.submit(() -> parse(file));
            parsed.add(() -> SideBySide.join(later));
        }
        Parsed first = parse(files.get(0));
        parsed.add(0, () -> first);
        return parsed;
    }

    private static Parsed parse(SourceFile file) {
        try {
            YamlLoader.Document doc = YamlLoader.standard().load(file.bytes(), file.name());
            return new Parsed(doc.root(), doc.problems());
        } catch (ProblemException e) {
            return new Parsed(null, e.problems());
        }
    }
}
