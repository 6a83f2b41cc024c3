package dev.sweepgate.launch;

import dev.sweepgate.git.Git;
import dev.sweepgate.problem.EnvironmentException;
import java.util.ArrayList;
import java.util.List;

/** The files under {@code benchmarks/} a change adds, modifies or deletes: what can move a result besides the configs. */
public final class LaunchChanges {
    public static final String BENCHMARKS = "benchmarks/";

    private LaunchChanges() {
    }

    /**
     * The change from {@code baseCommit} to {@code headCommit} (null: the working tree, with its
     * untracked files), renames read as a deletion and an addition, as the runners see them.
     */
    public static List<Git.Change> between(Git git, String baseCommit, String headCommit) {
        if (headCommit != null) {
            return git.changes(baseCommit, headCommit).stream().filter(c -> c.path().startsWith(BENCHMARKS)).toList();
        }
        // the working tree: not one run's fixed answer, so not Git.changes; pathspecs from the top, as sweepgate
        // may run in a subdirectory
        Git.Result r = git.run(List.of("-c", "core.quotepath=off", "diff", "--name-status", "--no-renames", "-z", baseCommit,
                "--", ":(top)" + BENCHMARKS));
        if (!r.ok()) {
            throw new EnvironmentException("git diff --name-status failed: " + r.stderr().strip());
        }
        List<Git.Change> out = new ArrayList<>(Git.Change.listed(r.stdoutText()));
        Git.Result others = git.run(List.of("-c", "core.quotepath=off", "ls-files", "--others", "--exclude-standard", "-z",
                "--full-name", "--", ":(top)" + BENCHMARKS));
        if (others.ok()) {
            for (String path : others.stdoutText().split("\0")) {
                if (!path.isEmpty()) {
                    out.add(new Git.Change(Git.Change.ADDED, path)); // untracked: added by the change
                }
            }
        }
        return out;
    }
}
