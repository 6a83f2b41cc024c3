package dev.sweepgate.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A real git repository in a temporary directory, for tests that read refs. */
public final class TestRepo {
    private final Path dir;
    private final Git git;

    private TestRepo(Path dir) {
        this.dir = dir;
        this.git = new Git(dir, Map.of("GIT_CONFIG_NOSYSTEM", "1", "HOME", dir.toString(),
                "GIT_AUTHOR_NAME", "test", "GIT_AUTHOR_EMAIL", "test@example.com",
                "GIT_COMMITTER_NAME", "test", "GIT_COMMITTER_EMAIL", "test@example.com"));
    }

    public static TestRepo init(Path dir) {
        TestRepo repo = new TestRepo(dir);
        repo.git("init", "-q", "-b", "main");
        return repo;
    }

    /** A repository that already exists (for instance a copy of one made by {@link #init}). */
    public static TestRepo open(Path dir) {
        return new TestRepo(dir);
    }

    public Path dir() {
        return dir;
    }

    public TestRepo write(String path, String content) {
        return write(path, content.getBytes(StandardCharsets.UTF_8));
    }

    public TestRepo write(String path, byte[] content) {
        try {
            Path file = dir.resolve(path);
            Files.createDirectories(file.getParent());
            Files.write(file, content);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    public String read(String path) {
        try {
            return Files.readString(dir.resolve(path));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Stages everything and commits; returns the commit id. */
    public String commit(String message) {
        git("add", "-A");
        git("commit", "-q", "--allow-empty", "-m", message);
        return git("rev-parse", "HEAD").trim();
    }

    public String git(String... args) {
        Git.Result r = git.run(new ArrayList<>(List.of(args)));
        if (!r.ok()) {
            throw new IllegalStateException("git " + String.join(" ", args) + " failed: " + r.stderr());
        }
        return r.stdoutText();
    }
}
