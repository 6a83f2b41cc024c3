package dev.sweepgate.launch;

import dev.sweepgate.concurrent.SideBySide;
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
import java.util.concurrent.ExecutorService;
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
        // Written out: a shared library has hundreds of users, each compared on a short run (see Condition).
        @Override
        public boolean equals(Object other) {
            return other instanceof User u && key.equals(u.key) && scenario == u.scenario && via.equals(u.via);
        }

        @Override
        public int hashCode() {
            return (31 * key.hashCode() + scenario.hashCode()) * 31 + via.hashCode();
        }
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

    private final Map<String, Set<User>> users = new LinkedHashMap<>();
    /** Per file, the launch scripts and recipes that read it. */
    private final Map<String, Set<String>> entries = new HashMap<>();
    private final Set<String> sharedLibraries = new LinkedHashSet<>();

    private LaunchIndex() {
    }

    /** Resolves every config of {@code configs} against {@code files} (once per run: {@link RepoFiles#index}). */
    static LaunchIndex of(ConfigSet configs, RepoFiles files) {
        // Each config resolved on its own view of the files, on two threads (the gate's other checks wait
        // for this index), then put together in config order: the same index and reads as one by one.
        record Resolved(LaunchIndex part, RepoFiles view) {
        }
        ExecutorService pool = SideBySide.pool(1, "sweepgate-launch-index");
        try {
            List<Resolved> parts = SideBySide.mapInOrder(pool, configs.configs(), config -> {
                RepoFiles view = files.fork();
                return new Resolved(of(config, configs, view), view);
            });
            LaunchIndex index = new LaunchIndex();
            for (Resolved r : parts) {
                files.absorb(r.view());
                r.part().users.forEach((file, list) -> list.forEach(user -> index.use(file, user)));
                index.sharedLibraries.addAll(r.part().sharedLibraries);
            }
            return index;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The files one config runs. */
    private static LaunchIndex of(MasterConfig config, ConfigSet configs, RepoFiles files) {
        LaunchIndex index = new LaunchIndex();
        List<SearchEntry> fixed = new ArrayList<>();
        config.fixedSeqLen().forEach(f -> fixed.addAll(f.searchSpace()));
        List<SearchEntry> agentic = new ArrayList<>();
        for (Scenario.AgenticCoding a : config.agenticCoding()) {
            agentic.addAll(a.searchSpace());
        }
        index.add(config, ScenarioType.FIXED_SEQ_LEN, fixed, files, configs);
        index.add(config, ScenarioType.AGENTIC_CODING, agentic, files, configs);
        return index;
    }

    private void add(MasterConfig config, ScenarioType scenario, List<SearchEntry> searchSpace, RepoFiles files,
                     ConfigSet configs) {
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
                for (String named : files.scriptsNamedBy(t.path())) {
                    if (files.read(named) != null) {
                        useScript(files.loaded(named), user);
                    }
                }
                continue;
            }
            useScript(files.loaded(t.path()), user);
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

    /**
     * A script path under benchmarks/, alone or after a container's mount of the repository: the path
     * itself, found from its literal start (a pattern that begins with a literal is searched for
     * with Boyer-Moore; a recipe is tens of kilobytes), then what comes before it ({@link #MOUNT}).
     */
    private static final Pattern NAMED_SCRIPT = Pattern.compile("benchmarks/[\\w./-]+\\.sh\\b");
    /** What every script name a recipe holds starts with: a recipe without it names none ({@link RepoFiles#scriptsNamedBy}). */
    static final String SCRIPTS_FROM = "benchmarks/";
    /** What may stand before the path: a mount's directories ({@code /infmax-workspace/}), or nothing. */
    private static final Pattern MOUNT = Pattern.compile("(?:/[\\w.-]+)*/?");

    /** The repository's scripts a recipe names, each once, in order; a path that climbs with .. is left to RepoFiles to refuse. */
    static List<String> scriptsNamedBy(byte[] recipe) {
        if (recipe == null) {
            return List.of();
        }
        Set<String> out = new LinkedHashSet<>();
        String text = new String(recipe, StandardCharsets.UTF_8);
        Matcher m = NAMED_SCRIPT.matcher(text);
        Matcher mount = MOUNT.matcher(text);
        int end = 0;
        while (m.find()) {
            if (mounted(text, mount, end, m.start())) {
                out.add(m.group());
                end = m.end();
            } else {
                // not a path of its own (xbenchmarks/...): a path may still start inside what was skipped
                m.region(m.start() + 1, text.length());
            }
        }
        return List.copyOf(out);
    }

    /**
     * Whether a path starts at {@code at}: some start {@code s} at or after {@code from} not preceded by
     * a word character, a dot or a dash, from where {@link #MOUNT} covers the text up to {@code at}.
     */
    private static boolean mounted(String text, Matcher mount, int from, int at) {
        for (int s = at; s >= from; s--) {
            if (s < at && !isPathChar(text.charAt(s))) {
                return false; // a mount is made of path characters only
            }
            boolean free = s == 0 || !(isPathChar(text.charAt(s - 1)) && text.charAt(s - 1) != '/');
            if (free && mount.region(s, at).matches()) {
                return true;
            }
        }
        return false;
    }

    /** {@code [\w./-]}: \w is ASCII letters, digits and the underscore, as in the patterns. */
    private static boolean isPathChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-'
                || c == '/';
    }

    private void use(String file, User user) {
        users.computeIfAbsent(file, f -> new LinkedHashSet<>()).add(user);
        entries.computeIfAbsent(file, f -> new LinkedHashSet<>()).add(user.via());
    }

    /** What {@code path} reaches; no users when no config runs it. */
    public Reach reach(String path) {
        List<User> found = List.copyOf(users.getOrDefault(path, Set.of()));
        int scripts = entries.getOrDefault(path, Set.of()).size();
        boolean library = sharedLibraries.contains(path)
                || scripts > 1 && found.stream().noneMatch(u -> u.via().equals(path));
        return new Reach(path, found, library, scripts);
    }
}
