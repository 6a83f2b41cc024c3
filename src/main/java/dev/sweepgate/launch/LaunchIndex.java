package dev.sweepgate.launch;

import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.Scenario;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.config.SearchEntry;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reverse of {@link LaunchResolver}: from a file of the benchmark repository to every config
 * that runs it. Each config is resolved forward, as the runners resolve it (its launch script or
 * recipe per scenario, then what that script sources or hands the run to), and the result is
 * inverted; so a file reaches exactly the configs whose runs read it.
 *
 * <p>A file sourced by several launch scripts (benchmark_lib.sh, a shared setup script) is a
 * library: a change to it reaches many configs at once.
 */
public final class LaunchIndex {
    /**
     * One config that runs a file.
     *
     * @param key      the config
     * @param scenario the scenario whose runs read the file
     * @param via      the launch script or recipe the runner starts for it (the file itself, or what sources it)
     */
    public record User(String key, ScenarioType scenario, String via) {
    }

    /**
     * What a file reaches.
     *
     * @param users   the configs that run it, in config order, each (config, scenario) once
     * @param library sourced by more than one launch script (or the shared benchmark_lib.sh)
     * @param scripts how many launch scripts or recipes read it
     */
    public record Reach(String path, List<User> users, boolean library, int scripts) {
        public Reach {
            users = List.copyOf(users);
        }

        /** The configs, each once, in config order. */
        public List<String> keys() {
            return List.copyOf(new LinkedHashSet<>(users.stream().map(User::key).toList()));
        }

        /** The scenarios a config runs the file in. */
        public Set<ScenarioType> scenarios(String key) {
            Set<ScenarioType> out = new LinkedHashSet<>();
            users.stream().filter(u -> u.key().equals(key)).forEach(u -> out.add(u.scenario()));
            return out;
        }
    }

    private final Map<String, List<User>> users = new LinkedHashMap<>();
    /** Per file, the launch scripts and recipes that read it. */
    private final Map<String, Set<String>> entries = new HashMap<>();
    private final Set<String> sharedLibraries = new LinkedHashSet<>();

    private LaunchIndex() {
    }

    /** Resolves every config of {@code configs} against {@code files}. */
    public static LaunchIndex of(ConfigSet configs, RepoFiles files) {
        LaunchIndex index = new LaunchIndex();
        Map<String, Scripts.Loaded> loaded = new HashMap<>();
        for (MasterConfig config : configs.configs()) {
            List<SearchEntry> fixed = new ArrayList<>();
            config.fixedSeqLen().forEach(f -> fixed.addAll(f.searchSpace()));
            List<SearchEntry> agentic = new ArrayList<>();
            for (Scenario.AgenticCoding a : config.agenticCoding()) {
                agentic.addAll(a.searchSpace());
            }
            index.add(config, ScenarioType.FIXED_SEQ_LEN, fixed, files, configs, loaded);
            index.add(config, ScenarioType.AGENTIC_CODING, agentic, files, configs, loaded);
        }
        return index;
    }

    private void add(MasterConfig config, ScenarioType scenario, List<SearchEntry> searchSpace, RepoFiles files,
                     ConfigSet configs, Map<String, Scripts.Loaded> loaded) {
        if (searchSpace.isEmpty()) {
            return;
        }
        boolean agentic = scenario == ScenarioType.AGENTIC_CODING;
        for (LaunchTarget t : LaunchResolver.targets(config, agentic, searchSpace, files, configs.runners())) {
            if (!t.resolved()) {
                continue;
            }
            User user = new User(config.key(), scenario, t.path());
            if (t.recipe()) {
                use(t.path(), user);
                // A recipe's job may run a script of the repository (srt-slurm mounts it in the container:
                // `command: bash /infmax-workspace/benchmarks/multi_node/agentic_srt.sh`).
                for (String named : scriptsNamedBy(files.read(t.path()))) {
                    if (files.read(named) != null) {
                        useScript(loaded.computeIfAbsent(named, p -> Scripts.load(p, files)), user);
                    }
                }
                continue;
            }
            useScript(loaded.computeIfAbsent(t.path(), p -> Scripts.load(p, files)), user);
        }
    }

    private void useScript(Scripts.Loaded script, User user) {
        for (String file : script.files()) {
            use(file, user);
        }
        for (String library : script.libraries()) {
            sharedLibraries.add(library);
            use(library, user);
        }
    }

    /** A script path under benchmarks/, alone or after a container's mount of the repository. */
    private static final Pattern NAMED_SCRIPT = Pattern.compile("(?<![\\w.-])(?:/[\\w.-]+)*/?(benchmarks/[\\w./-]+\\.sh)\\b");

    /** The repository's scripts a recipe names, each once, in order; a path that climbs with .. is left to RepoFiles to refuse. */
    static List<String> scriptsNamedBy(byte[] recipe) {
        if (recipe == null) {
            return List.of();
        }
        Set<String> out = new LinkedHashSet<>();
        Matcher m = NAMED_SCRIPT.matcher(new String(recipe, StandardCharsets.UTF_8));
        while (m.find()) {
            out.add(m.group(1));
        }
        return List.copyOf(out);
    }

    private void use(String file, User user) {
        List<User> list = users.computeIfAbsent(file, f -> new ArrayList<>());
        if (!list.contains(user)) {
            list.add(user);
        }
        entries.computeIfAbsent(file, f -> new LinkedHashSet<>()).add(user.via());
    }

    /** What {@code path} reaches; no users when no config runs it. */
    public Reach reach(String path) {
        List<User> found = users.getOrDefault(path, List.of());
        int scripts = entries.getOrDefault(path, Set.of()).size();
        boolean library = sharedLibraries.contains(path)
                || scripts > 1 && found.stream().noneMatch(u -> u.via().equals(path));
        return new Reach(path, found, library, scripts);
    }
}
