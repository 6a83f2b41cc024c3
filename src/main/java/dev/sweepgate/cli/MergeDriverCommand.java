package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.git.Git;
import dev.sweepgate.merge.ConflictResolver;
import dev.sweepgate.merge.MergeOutcome;
import java.nio.file.Files;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "merge-driver",
        description = {"A git merge driver for the changelog: the upstream side keeps its bytes and the other side's "
                + "new entries (or pr-link corrections) that upstream lacks are appended after it.",
                "Configure once per clone (or run `sweepgate install-hooks`):",
                "  git config merge.perf-changelog.driver 'sweepgate merge-driver %%O %%A %%B'",
                "  echo 'perf-changelog.yaml merge=perf-changelog' >> .gitattributes",
                "On failure %%A is left untouched and the exit status is non-zero, so git reports a normal conflict."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:resolved (%%A holds the result)",
                "1:cannot resolve: a side breaks a rule or the changes collide", "2:bad usage",
                "3:environment failure"})
final class MergeDriverCommand implements ContextCommand {
    /** Which side is upstream: fixed, or {@code auto} (ours while rebasing or cherry-picking, else theirs). */
    enum Upstream { THEIRS, OURS, AUTO }

    @Mixin
    private FormatOption format;

    @Parameters(index = "0", paramLabel = "BASE", description = "%%O: the merge base version.")
    private String basePath;

    @Parameters(index = "1", paramLabel = "OURS", description = "%%A: our version; replaced by the result.")
    private String oursPath;

    @Parameters(index = "2", paramLabel = "THEIRS", description = "%%B: their version.")
    private String theirsPath;

    @Option(names = "--pr-number", paramLabel = "N",
            description = "Rewrite the appended entries' pr-links to https://github.com/REPO/pull/N (default: keep them).")
    private Long prNumber;

    @Option(names = "--upstream", paramLabel = "SIDE", defaultValue = "theirs",
            description = "The side kept byte for byte: theirs (default; main merged into a PR branch), ours (a rebase "
                    + "onto main) or auto (ours while git rebases or cherry-picks, else theirs).")
    private Upstream upstream;

    @Mixin
    private RepoOption repoOption;

    @Option(names = "--path", paramLabel = "PATH", defaultValue = "perf-changelog.yaml",
            description = "The file's name in messages (git's %%P; default: ${DEFAULT-VALUE}).")
    private String path;

    @Override
    public int call(Context context) {
        String repo = repoOption.repo(context);
        MergeOptions.checkPrNumber(prNumber);
        ChangelogFile base = ChangelogFile.check(context.read(basePath), path + "@merge-base");
        ChangelogFile ours = ChangelogFile.check(context.read(oursPath), path + "@ours");
        ChangelogFile theirs = ChangelogFile.check(context.read(theirsPath), path + "@theirs");
        boolean upstreamIsOurs = switch (upstream) {
            case OURS -> true;
            case THEIRS -> false;
            case AUTO -> replaying(context);
        };
        MergeOutcome outcome = upstreamIsOurs
                ? ConflictResolver.resolve(base, theirs, ours, repo, prNumber,
                        new ConflictResolver.Labels("upstream (ours)", "the replayed change (theirs)"), path)
                : ConflictResolver.resolve(base, ours, theirs, repo, prNumber,
                        new ConflictResolver.Labels("upstream (theirs)", "our branch (ours)"), path);
        return MergeReport.finish(context, format, outcome, context.resolve(oursPath));
    }

    /** Whether git is replaying commits onto upstream (rebase, cherry-pick), where "ours" is upstream. */
    private static boolean replaying(Context context) {
        Git git = new Git(context.dir());
        for (String marker : List.of("rebase-merge", "rebase-apply", "CHERRY_PICK_HEAD")) {
            Git.Result r = git.run(List.of("rev-parse", "--git-path", marker));
            if (r.ok() && Files.exists(context.resolve(r.stdoutText().trim()))) {
                return true;
            }
        }
        return false;
    }
}
