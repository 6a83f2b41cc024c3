package dev.sweepgate.review;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.concurrent.SideBySide;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.plan.Plan;
import dev.sweepgate.plan.Planner;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.launch.RepoFiles;
import dev.sweepgate.sweep.SweepOptions;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a {@link Change} through git, measured from the merge base as every command measures a change. */
public final class ChangeReader {
    private static final Pattern HUNK = Pattern.compile("^@@ -\\d+(?:,\\d+)? \\+(\\d+)(?:,(\\d+))? @@");

    private ChangeReader() {
    }

    public static Change read(ChangelogGate gate, Git git, Path workTree, ChangelogGate.Refs refs, String changelog,
                              Integer prNumber, LocalDate date) {
        // The inputs are independent: read side by side (each a git process and a parse), as validate-changelog does.
        List<Problem> headProblems = new ArrayList<>();
        List<Problem> baseProblems = new ArrayList<>();
        List<Problem> entryProblems = new ArrayList<>();
        ExecutorService pool = SideBySide.pool(3, "sweepgate-review");
        try {
            Future<Optional<ConfigSet>> base = pool.submit(() -> ProblemException.collecting(
                    () -> gate.configsAtBaseIfChanged(refs), baseProblems));
            Future<List<ChangelogEntry>> entries = pool.submit(() -> ProblemException.collecting(
                    () -> gate.appendedEntries(refs, changelog), entryProblems));
            Future<List<Change.ChangedFile>> changed = pool.submit(() -> files(git, refs));
            ConfigSet head = ProblemException.collecting(() -> gate.headConfigs(refs), headProblems);
            RepoFiles files = refs.headIsWorkingTree() ? RepoFiles.workingTree(workTree) : RepoFiles.commit(git, refs.headCommit());
            Supplier<List<Plan.AppendOnlyCheck>> appendOnly = () -> new Planner(gate)
                    .plan(refs, changelog, new SweepOptions(false, false, false)).appendOnly();
            Optional<ConfigSet> changedBase = SideBySide.join(base);
            // Unchanged config files: the head's configs are the base's (null when neither side could be read).
            ConfigSet atBase = changedBase == null ? null : changedBase.orElse(head);
            List<ChangelogEntry> added = SideBySide.join(entries);
            List<Problem> problems = new ArrayList<>(headProblems);
            problems.addAll(baseProblems);
            problems.addAll(entryProblems);
            return new Change(refs.baseRef(), refs.headIsWorkingTree() ? "the working tree" : refs.headRef(), head, atBase,
                    added == null ? List.of() : added, SideBySide.join(changed), files, prNumber, date, appendOnly, problems);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Every file of the change with the lines it adds: one {@code git diff -U0}. */
    static List<Change.ChangedFile> files(Git git, ChangelogGate.Refs refs) {
        List<String> args = new ArrayList<>(List.of("-c", "core.quotepath=off", "diff", "--no-color", "--no-ext-diff",
                "--no-textconv", "--no-renames", "--diff-algorithm=myers", "-U0", refs.baseCommit()));
        if (!refs.headIsWorkingTree()) {
            args.add(refs.headCommit());
        }
        Git.Result r = git.run(args);
        if (!r.ok()) {
            throw new EnvironmentException("git diff failed: " + r.stderr().strip());
        }
        List<Change.ChangedFile> files = new ArrayList<>(parse(r.stdoutText()));
        if (refs.headIsWorkingTree()) {
            // New files not yet added to git are part of a working tree's change too: every line is added.
            Git.Result others = git.run(List.of("-c", "core.quotepath=off", "ls-files", "--others", "--exclude-standard", "-z"));
            if (others.ok()) {
                for (String path : others.stdoutText().split("\0")) {
                    if (!path.isEmpty()) {
                        files.add(untracked(git.dir().resolve(path), path));
                    }
                }
            }
        }
        return files;
    }

    private static Change.ChangedFile untracked(Path file, String path) {
        List<Change.AddedLine> lines = new ArrayList<>();
        try {
            String[] text = java.nio.file.Files.readString(file, java.nio.charset.StandardCharsets.UTF_8).split("\n", -1);
            for (int i = 0; i < text.length; i++) {
                lines.add(new Change.AddedLine(i + 1, text[i]));
            }
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            // unreadable or not UTF-8: the file still counts as changed
        }
        return new Change.ChangedFile(path, true, false, lines);
    }

    static List<Change.ChangedFile> parse(String diff) {
        List<Change.ChangedFile> out = new ArrayList<>();
        String path = null;
        boolean added = false;
        boolean deleted = false;
        List<Change.AddedLine> lines = new ArrayList<>();
        int next = 0;
        for (String line : diff.split("\n", -1)) {
            if (line.startsWith("diff --git ")) {
                if (path != null) {
                    out.add(new Change.ChangedFile(path, added, deleted, lines));
                }
                int b = line.lastIndexOf(" b/");
                path = b < 0 ? line : line.substring(b + 3);
                added = false;
                deleted = false;
                lines = new ArrayList<>();
            } else if (line.startsWith("new file mode")) {
                added = true;
            } else if (line.startsWith("deleted file mode")) {
                deleted = true;
            } else if (line.startsWith("+++ ") || line.startsWith("--- ")) {
                continue;
            } else if (line.startsWith("@@")) {
                Matcher m = HUNK.matcher(line);
                next = m.find() ? Integer.parseInt(m.group(1)) : 0;
            } else if (line.startsWith("+") && path != null) {
                lines.add(new Change.AddedLine(next++, line.substring(1)));
            }
        }
        if (path != null) {
            out.add(new Change.ChangedFile(path, added, deleted, lines));
        }
        return out;
    }
}
