package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.git.Git;
import dev.sweepgate.merge.ConflictResolver;
import dev.sweepgate.merge.MergeOutcome;
import dev.sweepgate.problem.EnvironmentException;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class ResolveConflictCommand implements ContextCommand {
    private final MergeOptions options = new MergeOptions();

    private final FormatOption format = new FormatOption();

    @Override
    public CommandSpec spec() {
        return Specs.exitCodes(Specs.with(Specs.command(this, "Resolves a conflicted changelog during a `git merge` of "
                                + "main into a pull request branch: main's file is kept byte for byte and the pull "
                                + "request's new entries (with the canonical pr-link) or pr-link corrections are "
                                + "replayed on top of it.",
                        "Reads the three index stages of the file; writes the working-tree file atomically and leaves "
                                + "staging it (git add) to the caller. On any failure the file is left as it was."),
                List.of(options.spec(), format.spec())),
                "0:resolved", "1:cannot resolve: a side breaks a rule or the changes collide (file unchanged)",
                "2:bad usage", "3:environment failure (git, files, no conflicted merge)");
    }

    @Override
    public int call(Context context) {
        PrLinkPolicy policy = options.policy(context);
        String file = context.located(options.changelogFile());
        Git git = context.git();
        git.requireRepository();
        List<Git.StageEntry> stages = git.stages(file);
        byte[] base = stage(git, stages, 1, file, "the merge base");
        byte[] ours = stage(git, stages, 2, file, "the pull request's side (ours)");
        byte[] theirs = stage(git, stages, 3, file, "main's side (theirs)");
        MergeOutcome outcome = ConflictResolver.resolve(
                ChangelogFile.check(base, file + "@merge-base"),
                ChangelogFile.check(ours, file + "@ours"),
                ChangelogFile.check(theirs, file + "@theirs"),
                policy.repo(), policy.prNumber(),
                new ConflictResolver.Labels("main (theirs)", "the pull request (ours)"), file);
        return MergeReport.finish(context, format, outcome, context.resolve(file));
    }

    private static byte[] stage(Git git, List<Git.StageEntry> stages, int stage, String file, String what) {
        if (stages.isEmpty()) {
            throw new EnvironmentException(file + " is not in the index; run this inside the repository during a "
                    + "conflicted `git merge` of main into the pull request branch");
        }
        if (stages.stream().allMatch(s -> s.stage() == 0)) {
            throw new EnvironmentException(file + " is not conflicted (the index holds one merged version): "
                    + "nothing to resolve; run this while `git merge` reports a conflict in it");
        }
        List<Git.StageEntry> found = stages.stream().filter(s -> s.stage() == stage).toList();
        if (found.size() != 1) {
            throw new EnvironmentException("the conflicted merge has no " + what + " version of " + file
                    + " (index stage " + stage + "); resolve this conflict by hand");
        }
        return git.blob(found.get(0).objectId());
    }
}
