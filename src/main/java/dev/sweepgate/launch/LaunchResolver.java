package dev.sweepgate.launch;

import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.RunnerConfig;
import dev.sweepgate.config.SearchEntry;
import dev.sweepgate.config.Worker;
import dev.sweepgate.problem.Position;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Resolves a config to the file that sets its server up, the way the benchmark repository's
 * runners do (docs/review.md):
 * <ul>
 *   <li>single-node: each node of the config's runner label runs {@code runners/launch_<node>.sh}, which
 *       builds the script's name ({@link Launchers}); without a launcher in the repository, the usual
 *       {@code benchmarks/single_node/<agentic/|fixed_seq_len/><model-prefix>_<precision>_<gpu>_<framework><_mtp>.sh},
 *       and when that does not exist the name without the framework ({@code _trt} kept for trt);</li>
 *   <li>multi-node: the srt-slurm recipe {@code CONFIG_FILE=} names; {@code recipes/X} is the repository's
 *       {@code benchmarks/multi_node/srt-slurm-recipes/X} when that file exists (the runners copy it over
 *       srt-slurm's), otherwise srt-slurm's own recipe, which is not in the repository.</li>
 * </ul>
 */
public final class LaunchResolver {
    public static final String SINGLE_NODE = "benchmarks/single_node/";
    public static final String RECIPES = "benchmarks/multi_node/srt-slurm-recipes/";
    private static final String CONFIG_FILE = "CONFIG_FILE";

    private LaunchResolver() {
    }

    /** The GPU of a runner name: {@code cluster:b200-dgxc} and {@code b200-multinode} are b200. */
    public static String gpu(String runner) {
        String name = runner.startsWith("cluster:") ? runner.substring("cluster:".length()) : runner;
        int dash = name.indexOf('-');
        return (dash < 0 ? name : name.substring(0, dash)).toLowerCase(Locale.ROOT);
    }

    /**
     * The files the given entries of a config reach, each once.
     *
     * @param agentic whether the entries are agentic-coding ones (else fixed-seq-len)
     */
    public static List<LaunchTarget> targets(MasterConfig config, boolean agentic, List<SearchEntry> entries, RepoFiles files,
                                             RunnerConfig runners) {
        Map<String, LaunchTarget> found = new LinkedHashMap<>();
        // A single-node entry's script depends on its spec-decoding setting alone: worked out once per setting.
        Map<String, List<LaunchTarget>> bySpecDecoding = new HashMap<>();
        for (SearchEntry e : entries) {
            if (e.multiNode() || config.multinode()) {
                recipes(config, e, files).forEach(t -> found.putIfAbsent(key(t), t));
            } else {
                bySpecDecoding.computeIfAbsent(String.valueOf(e.specDecoding()),
                        k -> scripts(config, agentic, e.specDecoding(), files, runners)).forEach(t -> found.putIfAbsent(key(t), t));
            }
        }
        return List.copyOf(found.values());
    }

    private static String key(LaunchTarget t) {
        return t.path() != null ? t.path() + (t.selector() == null ? "" : ":" + t.selector())
                : t.unresolved() + "@" + t.from();
    }

    /** The single-node launch scripts for one spec-decoding setting: one per distinct result of the runner's launchers. */
    public static List<LaunchTarget> scripts(MasterConfig config, boolean agentic, String specDecoding, RepoFiles files,
                                             RunnerConfig runners) {
        if (!files.hasDirectory("benchmarks")) {
            return List.of(new LaunchTarget(null, false, null, config.pos(), "the repository has no benchmarks/ directory here",
                    List.of()));
        }
        List<String> launchers = Launchers.of(config.runner(), runners);
        List<byte[]> bytes = files.readAll(launchers, config.pos());
        Map<String, String> inputs = Launchers.inputs(config.modelPrefix(), config.precision(), config.framework(), specDecoding,
                agentic);
        Map<String, LaunchTarget> out = new LinkedHashMap<>();
        for (int i = 0; i < launchers.size(); i++) {
            if (bytes.get(i) == null) {
                continue;
            }
            List<String> tried = files.candidates(launchers.get(i), inputs, config.pos());
            LaunchTarget t = tried.isEmpty()
                    ? new LaunchTarget(null, false, null, config.pos(), launchers.get(i) + " builds the single-node script's "
                    + "name in a way this reader does not follow", List.of())
                    : firstExisting(config, tried, files, launchers.get(i) + " tries ");
            out.putIfAbsent(key(t), t);
        }
        if (out.isEmpty()) {
            // No launcher of this runner in the repository (a fixture, or a label runners.yaml does not list).
            String base = SINGLE_NODE + (agentic ? "agentic/" : "fixed_seq_len/") + config.modelPrefix() + "_"
                    + config.precision() + "_" + gpu(config.runner());
            String spec = "mtp".equals(specDecoding) ? "_mtp" : "";
            List<String> tried = new ArrayList<>(List.of(base + "_" + config.framework() + spec + ".sh"));
            String fallback = base + ("trt".equals(config.framework()) ? "_trt" : "") + spec + ".sh";
            if (!tried.contains(fallback)) {
                tried.add(fallback);
            }
            LaunchTarget t = firstExisting(config, tried, files, "no launcher of runner " + config.runner()
                    + " is in the repository; by the usual naming, ");
            out.put(key(t), t);
        }
        return List.copyOf(out.values());
    }

    private static LaunchTarget firstExisting(MasterConfig config, List<String> tried, RepoFiles files, String how) {
        List<byte[]> bytes = files.readAll(tried, config.pos());
        for (int i = 0; i < tried.size(); i++) {
            if (bytes.get(i) != null) {
                return new LaunchTarget(tried.get(i), false, null, config.pos(), null, tried);
            }
            if (files.outside(tried.get(i)) != null) {
                // The runner would not get past it either: what it names is not the repository's file.
                return new LaunchTarget(null, false, null, config.pos(), "not read: " + files.outside(tried.get(i))
                        + " [" + RepoFiles.OUTSIDE + "]", tried);
            }
        }
        return new LaunchTarget(null, false, null, config.pos(), "no launch script: " + how + String.join(", then ", tried)
                + ", and none exists", tried);
    }

    private static List<LaunchTarget> recipes(MasterConfig config, SearchEntry e, RepoFiles files) {
        List<LaunchTarget> out = new ArrayList<>();
        for (Worker w : new Worker[] {e.prefill(), e.decode()}) {
            if (w == null || w.additionalSettings() == null) {
                continue;
            }
            List<String> settings = w.additionalSettings();
            for (int i = 0; i < settings.size(); i++) {
                String s = settings.get(i);
                int eq = s.indexOf('=');
                if (eq > 0 && s.substring(0, eq).strip().equals(CONFIG_FILE)) {
                    out.add(recipe(s.substring(eq + 1).strip(), w.settingPosition(i), files));
                }
            }
        }
        if (out.isEmpty()) {
            out.add(new LaunchTarget(null, true, null, e.pos(), "a multi-node entry without CONFIG_FILE: its servers are "
                    + "set up by the runner's own job scripts, which this check does not follow", List.of()));
        }
        return out;
    }

    /** A {@code CONFIG_FILE} value as the runners stage it. */
    public static LaunchTarget recipe(String value, Position from, RepoFiles files) {
        String path = value;
        String selector = null;
        int colon = value.indexOf(':');
        if (colon > 0) {
            path = value.substring(0, colon);
            selector = value.substring(colon + 1);
        }
        String local;
        if (path.startsWith(RECIPES)) {
            local = path;
        } else if (path.startsWith("recipes/")) {
            local = RECIPES + path.substring("recipes/".length());
        } else {
            return new LaunchTarget(null, true, selector, from, "CONFIG_FILE=" + value + " is neither under recipes/ nor "
                    + "under " + RECIPES, List.of());
        }
        if (files.exists(local, from)) {
            return new LaunchTarget(local, true, selector, from, null, List.of(local));
        }
        if (files.outside(local) != null) {
            return new LaunchTarget(null, true, selector, from, "CONFIG_FILE=" + value + " is not read: " + files.outside(local)
                    + " [" + RepoFiles.OUTSIDE + "]", List.of(local));
        }
        return new LaunchTarget(null, true, selector, from, "an external recipe: " + path + " is srt-slurm's, not the "
                + "repository's (" + local + " does not exist)", List.of(local));
    }
}
