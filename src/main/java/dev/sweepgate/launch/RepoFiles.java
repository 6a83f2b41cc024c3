package dev.sweepgate.launch;

import dev.sweepgate.concurrent.Memo;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.git.Git;
import dev.sweepgate.git.RepoRoot;
import dev.sweepgate.launch.shell.ShellScript;
import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YamlLoader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The files of the benchmark repository at one side of a change: the working tree or a
 * commit. Only the files a check asks for are read (a launch script, the scripts it sources,
 * a recipe), each once; what was read is kept for the excerpts and disable comments of problems.
 *
 * <p>Paths come from the files of a change (a config's {@code CONFIG_FILE}, a script's {@code source}),
 * so they are confined to the repository: a path whose {@code ..} leaves it, or that reaches a file
 * outside it through a symbolic link, is never read, and is a {@value #OUTSIDE} error at the line
 * that names it ({@link #problems}).
 *
 * <p>A {@code RepoFiles} is one check's view: its {@link #problems} and {@link #sources} are the files
 * it read. The views of one commit share a store, where each file is read and each script parsed once.
 */
public final class RepoFiles implements AutoCloseable {
    /** git's mode of a symbolic link. */
    private static final String SYMLINK_MODE = "120000";
    /** The rule of a path that leads out of the repository. */
    public static final String OUTSIDE = "launch.path-outside";

    private final Store store;
    /** This view's reads: a path to its bytes, null when it does not exist or is refused. */
    private final Map<String, byte[]> read = new LinkedHashMap<>();
    private final Map<String, String> outside = new HashMap<>();
    private final Map<String, Problem> refused = new LinkedHashMap<>();
    /** Each first read of a path, in order: what a value worked out through this view read. */
    private final List<Asked> asked = new ArrayList<>();

    /** Opened by {@link #commit} or {@link #workingTree}: its {@link #close} releases the store; not yet closed. */
    private boolean holdsStore;

    private RepoFiles(Store store) {
        this.store = store;
    }

    /** A view that holds the store open until it is closed. */
    private static RepoFiles holding(Store store) {
        RepoFiles view = new RepoFiles(store);
        store.hold();
        view.holdsStore = true;
        return view;
    }

    /**
     * What {@link Source#load} found for one path.
     *
     * @param bytes   the file's bytes, null when it does not exist (or is not a file)
     * @param outside where a symbolic link on the way leads out of the repository, or null
     */
    record Found(byte[] bytes, String outside) {
        static final Found NONE = new Found(null, null);

        static Found of(byte[] bytes) {
            return bytes == null ? NONE : new Found(bytes, null);
        }
    }

    /** Where the files come from: the working tree or a commit. */
    private interface Source {
        /** Reads normalised paths inside the repository; a path whose symbolic links lead out of it is {@link Found#outside}. */
        List<Found> load(List<String> paths);

        boolean directoryExists(String path);

        /**
         * Every file of the source by normalised path, with its git mode ({@code 100644}, {@code 120000} for a
         * symbolic link), listed without reading any; null when the source has no such listing (the working tree).
         */
        default Map<String, String> modes() {
            return null;
        }

        /**
         * The files under {@code directory} whose bytes contain {@code literal}, searched without reading them
         * here; null when the source cannot search (then each file is read). Symbolic links are not followed:
         * a link's file is read whatever this says.
         */
        default Set<String> containing(String literal, String directory) {
            return null;
        }

        /** Ends what reading needed (a git process); reading again starts it anew. */
        default void close() {
        }
    }

    /**
     * What the views of one side share: each file read once, and what is worked out from the files
     * (a parsed script, what a launcher runs, the launch index of a set of configs) once, whichever
     * view, and whichever thread, asks first. The gate's checks each have a view of the head commit's
     * files, and share one store.
     */
    private static final class Store {
        private final Source source;
        private final Map<String, Found> found = new HashMap<>();
        private final Map<String, Boolean> directories = new HashMap<>();
        private final Memo derived = new Memo();

        Store(Source source) {
            this.source = source;
        }

        // Loops, not streams, here and in readAll: every read of every check passes, on a short run.
        synchronized List<Found> load(List<String> paths) {
            List<String> missing = new ArrayList<>();
            for (String p : paths) {
                if (!found.containsKey(p) && !missing.contains(p)) {
                    missing.add(p);
                }
            }
            if (!missing.isEmpty()) {
                List<Found> loaded = source.load(missing);
                for (int i = 0; i < missing.size(); i++) {
                    found.put(missing.get(i), loaded.get(i));
                }
            }
            List<Found> out = new ArrayList<>(paths.size());
            for (String p : paths) {
                out.add(found.get(p));
            }
            return out;
        }

        synchronized boolean directoryExists(String path) {
            return directories.computeIfAbsent(path, source::directoryExists);
        }

        /**
         * Whether the normalised path is a regular file, from the source's listing alone, without reading it;
         * null when only reading tells (no listing, a symbolic link on the way, which reading resolves).
         */
        Boolean listedFile(String path) {
            Map<String, String> modes = derived.once(List.of("modes"), () -> Optional.ofNullable(source.modes())).orElse(null);
            if (modes == null) {
                return null;
            }
            for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
                if (SYMLINK_MODE.equals(modes.get(path.substring(0, slash)))) {
                    return null; // a linked directory on the way: reading resolves it
                }
            }
            String mode = modes.get(path);
            return SYMLINK_MODE.equals(mode) ? null : Boolean.valueOf(mode != null && mode.startsWith("100"));
        }

        /** {@link Source#containing}, once per run for each literal and directory (a git process, run outside the store's lock). */
        Set<String> containing(String literal, String directory) {
            return derived.once(List.of("containing", literal, directory),
                    () -> Optional.ofNullable(source.containing(literal, directory))).orElse(null);
        }

        /** Views holding the store open: the git process ends when the last of them closes, not before. */
        private int holders;
        /**
         * Guards {@link #holders} alone: a check opening its view does not wait for a read in progress on another
         * thread (the store's own lock is held through git's answer).
         */
        private final Object holding = new Object();

        void hold() {
            synchronized (holding) {
                holders++;
            }
        }

        void release() {
            synchronized (holding) {
                if (--holders > 0) {
                    return;
                }
                holders = 0;
            }
            synchronized (this) {
                source.close(); // after any read in progress; a later read starts the process anew
            }
        }
    }

    /** A path read and the line that named it, as a view first asked for it. */
    private record Asked(String path, Position namedAt) {
    }

    /** A value worked out from the files, with the reads it took: a view that takes the value takes those reads too. */
    private record Derived(Object value, List<Asked> reads) {
    }

    /**
     * The value of {@code key}, worked out by {@code compute} once per store, on a view of its own.
     * The reads it took are replayed on this view, so that {@link #problems} and {@link #sources} are
     * what they would be had this view worked the value out itself, whichever view did.
     */
    @SuppressWarnings("unchecked")
    public <T> T once(List<Object> key, Function<RepoFiles, T> compute) {
        Derived d = store.derived.once(key, () -> {
            RepoFiles own = new RepoFiles(store);
            Object value = compute.apply(own);
            return new Derived(value, List.copyOf(own.asked));
        });
        replay(d.reads());
        return (T) d.value();
    }

    private void replay(List<Asked> reads) {
        for (Asked a : reads) {
            if (!read.containsKey(a.path())) {
                readAll(List.of(a.path()), a.namedAt());
            }
        }
    }

    /** Another view of the same files, for work on another thread; {@link #absorb} takes its reads back. */
    RepoFiles fork() {
        return new RepoFiles(store);
    }

    /** Takes the reads of a {@link #fork} as this view's own, as if this view had read them. */
    void absorb(RepoFiles fork) {
        replay(fork.asked);
    }

    /** The file read as a shell script, parsed once per run; null when {@link #read} gives null. */
    public ShellScript script(String path, Position namedAt) {
        if (read(path, namedAt) == null) {
            return null;
        }
        return once(List.of("script", path), files -> ShellScript.parse(path, files.read(path)));
    }

    /**
     * The file parsed as YAML (a recipe), once per run; null when {@link #read} gives null.
     *
     * @throws ProblemException when it is not YAML
     */
    public YNode yaml(String path) {
        if (read(path) == null) {
            return null;
        }
        return once(List.of("yaml", path), files -> YamlLoader.standard().load(files.read(path), path).root());
    }

    /** The launch script {@code path} with what it sources ({@link Scripts#load}), worked out once per run. */
    public Scripts.Loaded loaded(String path) {
        return once(List.of("loaded", path), files -> Scripts.load(path, files));
    }

    /** The script names the launcher {@code path} tries for {@code inputs} ({@link Launchers#candidates}), worked out once per run. */
    List<String> candidates(String path, Map<String, String> inputs, Position namedAt) {
        if (script(path, namedAt) == null) {
            return List.of();
        }
        return once(List.of("candidates", path, Collections.unmodifiableMap(new HashMap<>(inputs))),
                files -> Launchers.candidates(files.launcher(path), inputs));
    }

    /** The launcher {@code path} read once for every set of inputs it is evaluated for. */
    private Launchers.Launcher launcher(String path) {
        return once(List.of("launcher", path), files -> Launchers.Launcher.of(files.script(path, Position.ofFile(path))));
    }

    /** The repository's scripts the recipe {@code path} names ({@link LaunchIndex#scriptsNamedBy}), found once per run. */
    List<String> scriptsNamedBy(String path) {
        return once(List.of("named", path), files -> files.cannotContain(path, LaunchIndex.SCRIPTS_FROM)
                ? List.of() : LaunchIndex.scriptsNamedBy(files.read(path)));
    }

    /**
     * Whether the file {@code path} is known, without reading it, not to hold {@code literal}: a regular file of
     * the commit that a search of its directory (one per run) did not find it in. A recipe names a script only
     * after {@code benchmarks/}; most recipes name none, and a run reads only those that may.
     */
    private boolean cannotContain(String path, String literal) {
        String normal = normalised(path);
        if (normal == null || !Boolean.TRUE.equals(store.listedFile(normal))) {
            return false;
        }
        Set<String> holding = store.containing(literal, searchRoot(normal));
        return holding != null && !holding.contains(normal);
    }

    /** Where a file is searched: the first two levels of its path (benchmarks/multi_node), so that one search serves every recipe. */
    private static String searchRoot(String normal) {
        int first = normal.indexOf('/');
        int second = first < 0 ? -1 : normal.indexOf('/', first + 1);
        return second >= 0 ? normal.substring(0, second) : first >= 0 ? normal.substring(0, first) : "";
    }

    /**
     * Whether {@code path} is a file: {@code read(path, namedAt) != null}, without reading the bytes when the
     * commit's listing tells (the multi-node recipes a config names, hundreds of them, most never read).
     */
    public boolean exists(String path, Position namedAt) {
        if (read.containsKey(path)) {
            return read.get(path) != null;
        }
        String normal = normalised(path);
        Boolean known = normal == null ? null : store.listedFile(normal);
        return known != null ? known : read(path, namedAt) != null;
    }

    /** Every config of {@code configs} resolved to the files it runs ({@link LaunchIndex#of}), once per run and set of configs. */
    public LaunchIndex index(ConfigSet configs) {
        return once(List.of("index", new Memo.Identity(configs)), files -> LaunchIndex.of(configs, files));
    }

    /** The file's bytes, or null; a path out of the repository is reported at the file itself. */
    public byte[] read(String path) {
        return read(path, Position.ofFile(path));
    }

    /** The file's bytes, or null when it does not exist (or is not a file, or is outside the repository). */
    public byte[] read(String path, Position namedAt) {
        return readAll(List.of(path), namedAt).get(0);
    }

    /**
     * Several files at once (one git process for a commit); null for those that do not exist.
     *
     * @param namedAt the line that names the paths, where one outside the repository is reported
     */
    public List<byte[]> readAll(List<String> paths, Position namedAt) {
        List<String> missing = new ArrayList<>();
        for (String p : paths) {
            if (!read.containsKey(p) && !missing.contains(p)) {
                missing.add(p);
            }
        }
        List<String> inside = new ArrayList<>();
        List<String> normal = new ArrayList<>();
        for (String p : missing) {
            asked.add(new Asked(p, namedAt));
            String n = normalised(p);
            if (n == null) {
                refuse(p, namedAt, p + " leads outside the repository");
            } else {
                inside.add(p);
                normal.add(n);
            }
        }
        if (!normal.isEmpty()) {
            List<Found> loaded = store.load(normal);
            for (int i = 0; i < inside.size(); i++) {
                Found f = loaded.get(i);
                if (f.outside() != null) {
                    refuse(inside.get(i), namedAt, inside.get(i) + " reaches " + f.outside() + " through a symbolic link, "
                            + "outside the repository");
                } else {
                    read.put(inside.get(i), f.bytes());
                }
            }
        }
        List<byte[]> out = new ArrayList<>();
        paths.forEach(p -> out.add(read.get(p)));
        return out;
    }

    private void refuse(String path, Position namedAt, String why) {
        read.put(path, null);
        outside.put(path, why);
        refused.putIfAbsent(path, Problem.error(namedAt, OUTSIDE, why + ", so it is not read: name a file inside the "
                + "repository (a path from its top that does not climb out with ..; a symbolic link to a file in it)"));
    }

    /** Why a path that was read is not: it leads outside the repository; null when it does not. */
    public String outside(String path) {
        return outside.get(path);
    }

    /** A {@value #OUTSIDE} error for each path read that leads outside the repository, at the line that names it. */
    public List<Problem> problems() {
        return List.copyOf(refused.values());
    }

    public boolean hasDirectory(String path) {
        String normal = normalised(path);
        return normal != null && store.directoryExists(normal);
    }

    /** Every file read so far that exists, by path. */
    public Map<String, byte[]> sources() {
        Map<String, byte[]> found = new LinkedHashMap<>();
        read.forEach((k, v) -> {
            if (v != null) {
                found.put(k, v);
            }
        });
        return found;
    }

    /**
     * {@code path} relative to the repository's top with {@code .} and {@code ..} resolved ({@code ""}
     * for the top itself), or null when it is absolute or climbs out of the repository.
     */
    public static String normalised(String path) {
        if (path.startsWith("/") || path.startsWith("\\") || DRIVE.matcher(path).lookingAt()) {
            return null;
        }
        if (isPlain(path)) {
            return path; // the everyday path: nothing to resolve
        }
        List<String> parts = new ArrayList<>();
        for (String p : path.replace('\\', '/').split("/")) {
            if (p.equals("..")) {
                if (parts.isEmpty()) {
                    return null;
                }
                parts.remove(parts.size() - 1);
            } else if (!p.equals(".") && !p.isEmpty()) {
                parts.add(p);
            }
        }
        return String.join("/", parts);
    }

    private static final Pattern DRIVE = Pattern.compile("[A-Za-z]:");

    /** A relative path without empty, {@code .} or {@code ..} segments or backslashes: already normal. */
    private static boolean isPlain(String path) {
        return !path.isEmpty() && !path.endsWith("/") && path.indexOf('\\') < 0 && !path.contains("//")
                && !path.equals(".") && !path.equals("..") && !path.startsWith("./") && !path.startsWith("../")
                && !path.contains("/./") && !path.contains("/../") && !path.endsWith("/.") && !path.endsWith("/..");
    }

    /**
     * Ends what reading needed (a git process) once no other view of the store holds it open (the gate's
     * checks close their views at different times; each close used to end the process the others then
     * started anew); reading again starts it anew. Closing a view twice, or one worked out on another
     * thread ({@link #fork}), changes nothing.
     */
    @Override
    public void close() {
        if (holdsStore) {
            holdsStore = false;
            store.release();
        }
    }

    /** The files under {@code root} on disk; symbolic links are followed only within it. */
    public static RepoFiles workingTree(Path root) {
        return holding(new Store(new Source() {
            private Path top;

            /** The real file or directory {@code path} names; null when it does not exist. */
            private Path real(String path) throws IOException {
                Path file = root.resolve(path);
                if (!Files.exists(file)) {
                    return null;
                }
                if (top == null) {
                    top = root.toRealPath();
                }
                return file.toRealPath();
            }

            @Override
            public List<Found> load(List<String> paths) {
                List<Found> out = new ArrayList<>();
                for (String p : paths) {
                    try {
                        Path file = real(p);
                        if (file != null && !file.startsWith(top)) {
                            out.add(new Found(null, file.toString()));
                        } else {
                            out.add(Found.of(file != null && Files.isRegularFile(file) ? Files.readAllBytes(file) : null));
                        }
                    } catch (IOException e) {
                        out.add(Found.NONE);
                    }
                }
                return out;
            }

            @Override
            public boolean directoryExists(String path) {
                try {
                    Path dir = real(path);
                    return dir != null && dir.startsWith(top) && Files.isDirectory(dir);
                } catch (IOException e) {
                    return false;
                }
            }
        }));
    }

    /**
     * The files of {@code commit}, read through one {@code git cat-file --batch --follow-symlinks} kept
     * open until {@link #close}: a link within the tree is followed, one out of it is refused. The views
     * of one commit in one run (the gate's checks) share what is read and worked out
     * ({@link Git#memo}): a commit's files never change.
     */
    public static RepoFiles commit(Git from, String commit) {
        // Paths here are from the work tree's top; git reads REV:./path from the directory it runs in.
        Git git = from.at(RepoRoot.of(from.dir()));
        return holding(git.memo().once(List.of("files", git.dir(), commit), () -> new Store(new Source() {
            private Git.BlobReader reader;

            private Git.GitObject object(String path) {
                if (reader == null) {
                    reader = git.blobReader();
                }
                return reader.read(commit, path);
            }

            @Override
            public List<Found> load(List<String> paths) {
                List<Found> out = new ArrayList<>();
                for (String p : paths) {
                    Git.GitObject o = object(p);
                    if (o != null && o.type().equals(Git.GitObject.SYMLINK)) {
                        out.add(new Found(null, new String(o.bytes(), StandardCharsets.UTF_8)));
                    } else {
                        out.add(Found.of(o != null && o.type().equals("blob") ? o.bytes() : null));
                    }
                }
                return out;
            }

            @Override
            public boolean directoryExists(String path) {
                Git.GitObject o = object(path);
                return o != null && o.type().equals("tree");
            }

            @Override
            public Map<String, String> modes() {
                Git.Result r = git.run(List.of("ls-tree", "-r", "-z", "--full-tree", commit));
                if (!r.ok()) {
                    return null;
                }
                Map<String, String> out = new HashMap<>();
                // "<mode> <type> <object>\t<path>\0"
                for (String entry : r.stdoutText().split("\0")) {
                    int tab = entry.indexOf('\t');
                    int space = entry.indexOf(' ');
                    if (tab > 0 && space > 0) {
                        out.put(entry.substring(tab + 1), entry.substring(0, space));
                    }
                }
                return out;
            }

            @Override
            public Set<String> containing(String literal, String directory) {
                // git searches the commit's blobs itself; exit 1 is "found nothing"
                Git.Result r = git.run(List.of("grep", "-l", "-z", "-F", "--no-color", "-e", literal, commit, "--",
                        directory.isEmpty() ? "." : directory));
                if (r.exitCode() > 1) {
                    return null;
                }
                Set<String> out = new HashSet<>();
                String prefix = commit + ":";
                for (String hit : r.stdoutText().split("\0")) {
                    if (hit.startsWith(prefix)) {
                        out.add(hit.substring(prefix.length()));
                    }
                }
                return out;
            }

            @Override
            public void close() {
                if (reader != null) {
                    reader.close();
                    reader = null;
                }
            }
        })));
    }
}
