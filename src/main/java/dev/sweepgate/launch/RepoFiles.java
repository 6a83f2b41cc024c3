package dev.sweepgate.launch;

import dev.sweepgate.git.Git;
import dev.sweepgate.launch.shell.ShellScript;
import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of the benchmark repository at one side of a change: the working tree or a
 * commit. Only the files a check asks for are read (a launch script, the scripts it sources,
 * a recipe), each once; what was read is kept for the excerpts and disable comments of problems.
 *
 * <p>Paths come from the files of a change (a config's {@code CONFIG_FILE}, a script's {@code source}),
 * so they are confined to the repository: a path whose {@code ..} leaves it, or that reaches a file
 * outside it through a symbolic link, is never read, and is a {@value #OUTSIDE} error at the line
 * that names it ({@link #problems}).
 */
public abstract class RepoFiles implements AutoCloseable {
    /** The rule of a path that leads out of the repository. */
    public static final String OUTSIDE = "launch.path-outside";

    private final Map<String, byte[]> read = new LinkedHashMap<>();
    private final Map<String, Boolean> directories = new HashMap<>();
    private final Map<String, String> outside = new HashMap<>();
    private final Map<String, Problem> refused = new LinkedHashMap<>();
    /** Each script parsed once: a runner's launcher is read for every config that runs on it. */
    private final Map<String, ShellScript> parsed = new HashMap<>();
    /** What a launcher names for one set of inputs: many configs share a runner, model, precision and framework. */
    private final Map<List<Object>, List<String>> launched = new HashMap<>();

    /**
     * What {@link #load} found for one path.
     *
     * @param bytes   the file's bytes, null when it does not exist (or is not a file)
     * @param outside where a symbolic link on the way leads out of the repository, or null
     */
    protected record Found(byte[] bytes, String outside) {
        static final Found NONE = new Found(null, null);

        static Found of(byte[] bytes) {
            return bytes == null ? NONE : new Found(bytes, null);
        }
    }

    /** The file read as a shell script, parsed once per run; null when {@link #read} gives null. */
    public final ShellScript script(String path, Position namedAt) {
        ShellScript known = parsed.get(path);
        if (known != null) {
            return known;
        }
        byte[] bytes = read(path, namedAt);
        if (bytes == null) {
            return null;
        }
        ShellScript script = ShellScript.parse(path, bytes);
        parsed.put(path, script);
        return script;
    }

    /** The script names the launcher {@code path} tries for {@code inputs} ({@link Launchers#candidates}), worked out once per run. */
    final List<String> candidates(String path, Map<String, String> inputs, Position namedAt) {
        List<Object> key = List.of(path, inputs);
        List<String> known = launched.get(key);
        if (known == null) {
            ShellScript launcher = script(path, namedAt);
            known = launcher == null ? List.of() : List.copyOf(Launchers.candidates(launcher, inputs));
            launched.put(key, known);
        }
        return known;
    }

    /** The file's bytes, or null; a path out of the repository is reported at the file itself. */
    public final byte[] read(String path) {
        return read(path, Position.ofFile(path));
    }

    /** The file's bytes, or null when it does not exist (or is not a file, or is outside the repository). */
    public final byte[] read(String path, Position namedAt) {
        return readAll(List.of(path), namedAt).get(0);
    }

    /**
     * Several files at once (one git process for a commit); null for those that do not exist.
     *
     * @param namedAt the line that names the paths, where one outside the repository is reported
     */
    public final List<byte[]> readAll(List<String> paths, Position namedAt) {
        List<String> missing = paths.stream().filter(p -> !read.containsKey(p)).distinct().toList();
        List<String> inside = new ArrayList<>();
        List<String> normal = new ArrayList<>();
        for (String p : missing) {
            String n = normalised(p);
            if (n == null) {
                refuse(p, namedAt, p + " leads outside the repository");
            } else {
                inside.add(p);
                normal.add(n);
            }
        }
        if (!normal.isEmpty()) {
            List<Found> loaded = load(normal);
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
    public final String outside(String path) {
        return outside.get(path);
    }

    /** A {@value #OUTSIDE} error for each path read that leads outside the repository, at the line that names it. */
    public final List<Problem> problems() {
        return List.copyOf(refused.values());
    }

    public final boolean hasDirectory(String path) {
        return directories.computeIfAbsent(path, p -> normalised(p) != null && directoryExists(normalised(p)));
    }

    /** Every file read so far that exists, by path. */
    public final Map<String, byte[]> sources() {
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
        if (path.startsWith("/") || path.startsWith("\\") || path.matches("[A-Za-z]:.*")) {
            return null;
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

    /** Reads normalised paths inside the repository; a path whose symbolic links lead out of it is {@link Found#outside}. */
    protected abstract List<Found> load(List<String> paths);

    protected abstract boolean directoryExists(String path);

    /** Ends what reading needed (a git process); reading again starts it anew. */
    @Override
    public void close() {
    }

    /** The files under {@code root} on disk; symbolic links are followed only within it. */
    public static RepoFiles workingTree(Path root) {
        return new RepoFiles() {
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
            protected List<Found> load(List<String> paths) {
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
            protected boolean directoryExists(String path) {
                try {
                    Path dir = real(path);
                    return dir != null && dir.startsWith(top) && Files.isDirectory(dir);
                } catch (IOException e) {
                    return false;
                }
            }
        };
    }

    /**
     * The files of {@code commit}, read through one {@code git cat-file --batch --follow-symlinks} kept
     * open until {@link #close}: a link within the tree is followed, one out of it is refused.
     */
    public static RepoFiles commit(Git git, String commit) {
        return new RepoFiles() {
            private Git.BlobReader reader;

            private Git.GitObject object(String path) {
                if (reader == null) {
                    reader = git.blobReader();
                }
                return reader.read(commit, path);
            }

            @Override
            protected List<Found> load(List<String> paths) {
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
            protected boolean directoryExists(String path) {
                Git.GitObject o = object(path);
                return o != null && o.type().equals("tree");
            }

            @Override
            public void close() {
                if (reader != null) {
                    reader.close();
                    reader = null;
                }
            }
        };
    }
}
