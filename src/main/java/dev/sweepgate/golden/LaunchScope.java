package dev.sweepgate.golden;

import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.launch.LaunchChanges;
import dev.sweepgate.launch.LaunchIndex;
import dev.sweepgate.launch.Launchers;
import dev.sweepgate.yaml.YNode;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Whose launch files the golden check reads (the acceptance length set in a launch script or
 * recipe, compared with the golden curves): every config's, or, for a change (the gate), those of
 * the configs the change can affect. Those are the configs whose entry changed, and the configs
 * whose runs read a changed file: the runner's launcher, the launch script or recipe and what it
 * sources, hands the run to or names ({@link LaunchIndex}). Every config's when a golden curve, the
 * runner config or any other file under {@code configs/} or {@code runners/} changed.
 *
 * <p>So a pull request is not failed for an acceptance length already wrong on its base branch in a
 * script it does not touch, while the change that edits that script, that config or a curve is.
 */
public final class LaunchScope {
    /** Every config's launch files are read. */
    public static final LaunchScope ALL = new LaunchScope(null);

    /** The configs whose launch files are read; null for all. */
    private final Set<String> keys;

    private LaunchScope(Set<String> keys) {
        this.keys = keys == null ? null : Set.copyOf(keys);
    }

    /** Whether {@code config}'s launch files are read. */
    public boolean reads(MasterConfig config) {
        return keys == null || keys.contains(config.key());
    }

    /**
     * The scope of a change.
     *
     * @param changed     the paths the change touches (added, modified or deleted), from the top of the repository
     * @param masterFiles the master config files; any other change under {@code configs/} reaches every config
     * @param goldenDir   the golden curves' directory; a change there reaches every config
     * @param base        the configs before the change
     * @param head        the configs after it
     * @param index       the head's launch index, asked only when a file under {@code benchmarks/} changed
     */
    public static LaunchScope of(List<String> changed, List<String> masterFiles, String goldenDir, ConfigSet base,
                                 ConfigSet head, Supplier<LaunchIndex> index) {
        Set<String> keys = new LinkedHashSet<>();
        for (String path : changed) {
            if (path.startsWith(goldenDir + "/") || path.startsWith("configs/") && !masterFiles.contains(path)
                    || path.startsWith("runners/") && !Launchers.isLauncher(path)) {
                return ALL;
            }
        }
        Map<String, MasterConfig> before = new HashMap<>();
        base.configs().forEach(c -> before.put(c.key(), c));
        for (MasterConfig config : head.configs()) {
            MasterConfig was = before.get(config.key());
            // the entry as YAML reads it (aliases resolved), wherever it stands in its file
            if (was == null || !YNode.sameValue(was.source(), config.source())) {
                keys.add(config.key());
            }
        }
        List<String> launchers = changed.stream().filter(Launchers::isLauncher).toList();
        if (!launchers.isEmpty()) {
            for (MasterConfig config : head.configs()) {
                if (Launchers.of(config.runner(), head.runners()).stream().anyMatch(launchers::contains)) {
                    keys.add(config.key());
                }
            }
        }
        List<String> launchFiles = changed.stream().filter(p -> p.startsWith(LaunchChanges.BENCHMARKS)).toList();
        if (!launchFiles.isEmpty()) {
            LaunchIndex reached = index.get();
            launchFiles.forEach(p -> keys.addAll(reached.reach(p).keys()));
        }
        return new LaunchScope(keys);
    }
}
