package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.git.Git;
import dev.sweepgate.merge.ConflictResolver;
import dev.sweepgate.merge.MergeOutcome;
import java.nio.file.Files;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

final class MergeDriverCommand implements ContextCommand {
    /** Which side is upstream: fixed, or {@code auto} (ours while rebasing or cherry-picking, else theirs). */
    enum Upstream { THEIRS, OURS, AUTO }

    private final FormatOption format = new FormatOption();

    private final PositionalParamSpec basePath = Specs.positional("BASE", String.class,
            "%%O: the merge base version.").index("0").build();

    private final PositionalParamSpec oursPath = Specs.positional("OURS", String.class,
            "%%A: our version; replaced by the result.").index("1").build();

    private final PositionalParamSpec theirsPath = Specs.positional("THEIRS", String.class,
            "%%B: their version.").index("2").build();

    private final OptionSpec prNumber = Specs.value("--pr-number", "N", Long.class,
            "Rewrite the appended entries' pr-links to https://github.com/REPO/pull/N (default: keep them).").build();

    private final OptionSpec upstream = Specs.value("--upstream", "SIDE", Upstream.class,
                    "The side kept byte for byte: theirs (default; main merged into a PR branch), ours (a rebase onto "
                            + "main) or auto (ours while git rebases or cherry-picks, else theirs).")
            .defaultValue("theirs").build();

    private final RepoOption repoOption = new RepoOption();

    private final OptionSpec path = Specs.value("--path", "PATH", String.class,
            "The file's name in messages (git's %%P; default: ${DEFAULT-VALUE}).").defaultValue("perf-changelog.yaml").build();

    @Override
    public CommandSpec spec() {
        CommandSpec spec = Specs.with(Specs.command(this, "A git merge driver for the changelog: the upstream side keeps its "
                        + "bytes and the other side's new entries (or pr-link corrections) that upstream lacks are "
                        + "appended after it.",
                "Configure once per clone (or run `sweepgate install-hooks`):",
                "  git config merge.perf-changelog.driver 'sweepgate merge-driver %%O %%A %%B'",
                "  echo 'perf-changelog.yaml merge=perf-changelog' >> .gitattributes",
                "On failure %%A is left untouched and the exit status is non-zero, so git reports a normal conflict."),
                List.of(format.spec(), repoOption.spec()), prNumber, upstream, path);
        spec.addPositional(basePath).addPositional(oursPath).addPositional(theirsPath);
        return Specs.exitCodes(spec, "0:resolved (%%A holds the result)",
                "1:cannot resolve: a side breaks a rule or the changes collide", "2:bad usage",
                "3:environment failure");
    }

    @Override
    public int call(Context context) {
        String repo = repoOption.repo(context);
        Long prNumber = this.prNumber.getValue();
        MergeOptions.checkPrNumber(prNumber);
        String path = this.path.getValue();
        String oursPath = this.oursPath.getValue();
        ChangelogFile base = ChangelogFile.check(context.read(basePath.getValue()), path + "@merge-base");
        ChangelogFile ours = ChangelogFile.check(context.read(oursPath), path + "@ours");
        ChangelogFile theirs = ChangelogFile.check(context.read(theirsPath.getValue()), path + "@theirs");
        boolean upstreamIsOurs = switch (upstream.<Upstream>getValue()) {
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
        Git git = context.git();
        for (String marker : List.of("rebase-merge", "rebase-apply", "CHERRY_PICK_HEAD")) {
            Git.Result r = git.run(List.of("rev-parse", "--git-path", marker));
            if (r.ok() && Files.exists(context.resolve(r.stdoutText().trim()))) {
                return true;
            }
        }
        return false;
    }
}
