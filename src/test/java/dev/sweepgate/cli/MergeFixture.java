package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sweepgate.git.Git;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A benchmark repository (see {@link ChangelogFixture}) with a pull request branch {@code pr}
 * and {@code main} that both changed the changelog, for real conflicted merges.
 */
final class MergeFixture {
    static final String FILE = "perf-changelog.yaml";

    final ChangelogFixture fx;
    final Map<String, String> environment;
    final Git git;

    MergeFixture(Path dir) {
        // The gate reviews the configs a new entry selects: vllm and sglang configs run upstream images (check 6a).
        fx = new ChangelogFixture(dir, ChangelogFixture.AMD.replace("img/alpha:1", "lmsysorg/sglang:alpha-1"),
                ChangelogFixture.NVIDIA.replace("img/beta:1", "vllm/vllm-openai:beta-1"));
        environment = new HashMap<>(Map.of("GIT_CONFIG_NOSYSTEM", "1", "HOME", dir.toString(),
                "GIT_AUTHOR_NAME", "test", "GIT_AUTHOR_EMAIL", "test@example.com",
                "GIT_COMMITTER_NAME", "test", "GIT_COMMITTER_EMAIL", "test@example.com"));
        git = new Git(dir, environment);
    }

    Path dir() {
        return fx.repo.dir();
    }

    /** Commits {@code changelog} on {@code branch}, created from the history commit when new. */
    String commitOn(String branch, String changelog) {
        return commitOn(branch, fx.base, changelog);
    }

    /** Commits {@code changelog} on {@code branch}, created from {@code from} when new. */
    String commitOn(String branch, String from, String changelog) {
        if (run("rev-parse", "--verify", "-q", "refs/heads/" + branch).ok()) {
            fx.repo.git("checkout", "-q", branch);
        } else {
            fx.repo.git("checkout", "-q", "-b", branch, from);
        }
        fx.repo.write(FILE, changelog);
        return fx.repo.commit("changelog on " + branch);
    }

    Git.Result run(String... args) {
        return git.run(new ArrayList<>(List.of(args)));
    }

    /** Checks out {@code pr} and merges {@code main} into it; the merge must conflict. */
    void conflictedMerge() {
        fx.repo.git("checkout", "-q", "pr");
        Git.Result merge = run("merge", "--no-edit", "main");
        assertEquals(1, merge.exitCode(), "the merge must conflict: " + merge.stdoutText() + merge.stderr());
    }

    /** Installs the merge driver with extra arguments, run through a real sweepgate executable. */
    void configureDriver(Path launcherDir, String arguments) {
        Path sweepgate = Launcher.write(launcherDir);
        fx.repo.git("config", "merge.perf-changelog.driver", "'" + sweepgate + "' merge-driver %O %A %B " + arguments);
        // .git/info/attributes applies on every branch without a commit of its own
        fx.repo.write(".git/info/attributes", FILE + " merge=perf-changelog\n");
    }

    ChangelogFixture.Run sweepgate(String... args) {
        return ChangelogFixture.runIn(dir(), environment, args);
    }
}
