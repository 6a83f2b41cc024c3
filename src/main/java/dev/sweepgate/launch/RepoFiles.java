package dev.sweepgate.launch;

import dev.sweepgate.git.Git;
import java.io.IOException;
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
 */
public abstract class RepoFiles implements AutoCloseable {
    private final Map<String, byte[]> read = new LinkedHashMap<>();
    private final Map<String, Boolean> directories = new HashMap<>();

    /** The file's bytes, or null when it does not exist (or is not a file). */
    public final byte[] read(String path) {
        return readAll(List.of(path)).get(0);
    }

    /** Several files at once (one git process for a commit); null for those that do not exist. */
    public final List<byte[]> readAll(List<String> paths) {
        List<String> missing = paths.stream().filter(p -> !read.containsKey(p)).distinct().toList();
        if (!missing.isEmpty()) {
            List<byte[]> loaded = load(missing);
            for (int i = 0; i < missing.size(); i++) {
                read.put(missing.get(i), loaded.get(i));
            }
        }
        List<byte[]> out = new ArrayList<>();
        paths.forEach(p -> out.add(read.get(p)));
        return out;
    }

    public final boolean hasDirectory(String path) {
        return directories.computeIfAbsent(path, this::directoryExists);
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

    protected abstract List<byte[]> load(List<String> paths);

    protected abstract boolean directoryExists(String path);

    /** Ends what reading needed (a git process); reading again starts it anew. */
    @Override
    public void close() {
    }

    /** The files under {@code root} on disk. */
    public static RepoFiles workingTree(Path root) {
        return new RepoFiles() {
            @Override
            protected List<byte[]> load(List<String> paths) {
                List<byte[]> out = new ArrayList<>();
                for (String p : paths) {
                    Path file = root.resolve(p).normalize();
                    try {
                        out.add(Files.isRegularFile(file) ? Files.readAllBytes(file) : null);
                    } catch (IOException e) {
                        out.add(null);
                    }
                }
                return out;
            }

            @Override
            protected boolean directoryExists(String path) {
                return Files.isDirectory(root.resolve(path));
            }
        };
    }

    /** The files of {@code commit}, read through one {@code git cat-file --batch} kept open until {@link #close}. */
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
            protected List<byte[]> load(List<String> paths) {
                List<byte[]> out = new ArrayList<>();
                for (String p : paths) {
                    Git.GitObject o = object(p);
                    out.add(o != null && o.type().equals("blob") ? o.bytes() : null);
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
