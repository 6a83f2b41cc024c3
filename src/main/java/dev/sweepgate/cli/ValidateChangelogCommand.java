package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.concurrent.SideBySide;
import dev.sweepgate.coverage.CoverageGate;
import dev.sweepgate.coverage.CoverageResult;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.output.Format;
import dev.sweepgate.output.ProblemRenderer;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.UsageException;
import dev.sweepgate.sweep.SweepOptions;
import dev.sweepgate.sweep.SweepSummary;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class ValidateChangelogCommand implements ContextCommand {
    private final ChangelogOptions common = new ChangelogOptions();

    private final ConfigFileOptions configFiles = new ConfigFileOptions();

    private final FormatOption format = new FormatOption();

    private final HeadRefOption head = new HeadRefOption();

    private final OptionSpec prNumber = Specs.value("--pr-number", "N", Long.class,
            "The pull request number: new entries may then link XXX or .../pull/N.").build();

    private final OptionSpec pullRequest = Specs.flag("--pull-request", "A pull request whose number is not known "
            + "yet (what the pre-push hook passes): new entries may link XXX, .../pull/XXX or any canonical link.").build();

    private final RepoOption repoOption = new RepoOption();

    private final OptionSpec checkCoverage = Specs.flag("--check-coverage", "Also run check-coverage: fail when a "
            + "config's generated rows changed and no appended entry covers them. Off by default, when only the "
            + "changelog is judged; the pull request gate (.github/scripts/pr-gate.sh) passes it.").build();

    @Override
    public CommandSpec spec() {
        return Specs.exitCodes(Specs.with(Specs.command(this, "Checks a change of the performance changelog: file, "
                                + "history and byte rules, then computes the sweep exactly as process-changelog would.",
                        "Without --head-ref the head is the working-tree file, so you can run it before committing."),
                List.of(common.spec(), configFiles.spec(), format.spec(), head.spec(), repoOption.spec()),
                prNumber, pullRequest, checkCoverage),
                "0:the change is valid", "1:the change breaks a rule", "2:bad usage",
                "3:environment failure (git, files)");
    }

    @Override
    public int call(Context context) {
        String headRef = head.headRef();
        ExecutorService lookUp = SideBySide.pool(1, "sweepgate-origin");
        try {
            // Where origin points matters only for the policy: git answers while the refs resolve.
            return check(context, headRef, repoOption.repo(context, lookUp));
        } finally {
            lookUp.shutdownNow();
        }
    }

    private int check(Context context, String headRef, Future<String> repo) {
        Long prNumber = this.prNumber.getValue();
        boolean pullRequest = Specs.given(this.pullRequest);
        MergeOptions.checkPrNumber(prNumber);
        if (prNumber != null && pullRequest) {
            throw new UsageException("--pr-number and --pull-request exclude each other: pass the number when it is known");
        }
        Git git = context.git();
        ChangelogGate gate = new ChangelogGate(git, context::read, configFiles.configFiles(), configFiles.runnerConfig());
        ChangelogGate.Refs refs = gate.refs(common.change().baseRef(), headRef);
        String file = common.change().changelogFile();
        // Without --head-ref the head is a working tree: a pull request whose number is not known yet.
        PrLinkPolicy policy = PrLinkPolicy.of(SideBySide.join(repo), prNumber, pullRequest || headRef == null);
        ChangelogGate.Validation result;
        try {
            result = gate.validate(refs, file, policy,
                    new SweepOptions(false, common.allEvals(), common.evalsOnly()));
        } catch (ProblemException e) {
            context.report(e.problems(), format.chosen(), false);
            return Main.RULE_BROKEN;
        }
        List<Problem> problems = format.judge(result.problems());
        CoverageResult coverage = null;
        if (Specs.given(checkCoverage) && result.change() != null) {
            // Without a readable change (file rules broken) no entry can be judged; those problems suffice.
            // the entries the sweep runs; when it could not be computed, those the history rules see appended
            List<ChangelogEntry> entries = result.sweep() != null ? result.sweep().entries() : result.change().additions();
            coverage = new CoverageGate(gate).check(refs, entries, file);
            // A head config that breaks a rule is reported by both checks: once is enough.
            Set<Problem> all = new LinkedHashSet<>(problems);
            all.addAll(coverage.problems());
            problems = List.copyOf(all);
        }
        if (problems.stream().anyMatch(Problem::isError)) {
            context.report(problems, format.chosen(), false);
            return Main.RULE_BROKEN;
        }
        Format chosen = context.format(format.chosen());
        String headLabel = headRef == null ? "working tree" : headRef;
        String summary = SweepSummary.text(file, result.change(), result.sweep(), common.change().baseRef(), headLabel)
                + policy.summaryNote();
        if (coverage != null) {
            summary += coverage.text(common.change().baseRef(), CoverageGate.headLabel(refs));
        }
        if (chosen == Format.JSON || chosen == Format.SARIF) {
            ProblemRenderer.render(problems, chosen, "sweepgate", context.out());
            context.err().print(summary);
        } else {
            context.report(problems, chosen, false);
            context.out().print(summary);
        }
        StepSummary.append(context, SweepSummary.markdown(file, result.change(), result.sweep(), common.change().baseRef(), headLabel)
                + policy.summaryNote().replace("\n", "\n\n")
                + (coverage == null ? "" : coverage.markdown(common.change().baseRef(), CoverageGate.headLabel(refs))));
        return Main.OK;
    }

}
