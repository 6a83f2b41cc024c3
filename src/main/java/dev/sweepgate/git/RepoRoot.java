package dev.sweepgate.git;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The top of the work tree a directory is in, found as git finds it: the nearest directory at
 * or above it that holds {@code .git} (a directory, or a file in a linked worktree or a
 * submodule). No git process: a short run stays short.
 */
public final class RepoRoot {
    private RepoRoot() {
    }

    /**
     * Where a repository file named by its default path is, seen from {@code cwd}: the path
     * itself when it exists there (or is absolute), else the same path under the top of the
     * work tree, spelled relative to {@code cwd} ({@code ../perf-changelog.yaml}), when that
     * exists. So the defaults work from any subdirectory, while a path the user wrote keeps
     * meaning what it says from where they are.
     */
    public static String locate(Path cwd, String path) {
        Path given = Path.of(path);
        if (given.isAbsolute() || Files.exists(cwd.resolve(given))) {
            return path;
        }
        Path root = of(cwd);
        Path candidate = root.resolve(given).normalize();
        if (root.equals(cwd.toAbsolutePath().normalize()) || !Files.exists(candidate)) {
            return path;
        }
        return cwd.toAbsolutePath().normalize().relativize(candidate).toString().replace('\\', '/');
    }

    /**
     * The reverse of {@link #locate}: {@code path}, named from {@code cwd}, named from the top of its work
     * tree, as git names changed files.
     */
    public static String fromTop(Path cwd, String path) {
        Path here = cwd.toAbsolutePath().normalize();
        return of(here).relativize(here.resolve(path).normalize()).toString().replace('\\', '/');
    }

    /** The work tree's top, or {@code start} itself when it is in none. */
    public static Path of(Path start) {
        for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve(".git"))) {
                return dir;
            }
        }
        return start;
    }
}
