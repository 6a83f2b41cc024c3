package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.changelog.ChangelogGate;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.changelog.SweepOptions;
import dev.sweepgate.changelog.SweepSummary;
import dev.sweepgate.coverage.CoverageGate;
import dev.sweepgate.coverage.CoverageResult;
import dev.sweepgate.git.Git;
import dev.sweepgate.output.Format;
import dev.sweepgate.output.ProblemRenderer;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.UsageException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

record ValidateChangelogCommand(ChangelogOptions common, ConfigFileOptions configFiles, FormatOption format,
        String headRef, Long prNumber, String repo, boolean checkCoverage) {
    /** --head-ref where omitting it means the working tree. */
    static final OptionSpec HEAD_REF = OptionSpec.value("--head-ref", "REF",
            "The ref of the change; omitted: the working tree (configs included).");

    static final CommandSpec SPEC = CommandSpec.of("validate-changelog",
                    (args, context) -> from(args).call(context),
                    "Checks a change of the performance changelog: file, history and byte rules, then computes the "
                            + "sweep exactly as process-changelog would.",
                    "Without --head-ref the head is the working-tree file, so you can run it before committing.")
            .withOptions(ChangelogOptions.OPTIONS, ConfigFileOptions.OPTIONS, FormatOption.OPTIONS, List.of(
                    HEAD_REF,
                    OptionSpec.value("--pr-number", "N",
                            "The pull request number: new entries may then link XXX or .../pull/N.")
                            .converted(Converters.LONG),
                    MergeOptions.REPO,
                    OptionSpec.flag("--check-coverage", "Also run check-coverage: every config whose generated rows "
                            + "changed must be covered by an appended entry (off by default, so the verdicts stay "
                            + "those of the reference).")))
            .withExitCodes("0:the change is valid", "1:the change breaks a rule", "2:bad usage",
                    "3:environment failure (git, files)");

    static ValidateChangelogCommand from(ParsedArgs args) {
        return new ValidateChangelogCommand(ChangelogOptions.from(args), ConfigFileOptions.from(args),
                FormatOption.from(args), args.string("--head-ref"), args.longInteger("--pr-number"),
                args.string("--repo"), args.flag("--check-coverage"));
    }

    int call(Context context) {
        if (prNumber != null && prNumber < 1) {
            throw new UsageException("--pr-number must be a positive pull request number, not " + prNumber);
        }
        if (!PrLinkPolicy.isValidRepo(repo)) {
            throw new UsageException("--repo must be OWNER/NAME, not " + repo);
        }
        Git git = new Git(context.dir());
        ChangelogGate gate = new ChangelogGate(git, context::read, configFiles.configFiles(), configFiles.runnerConfig());
        ChangelogGate.Refs refs = gate.refs(common.change().baseRef(), headRef);
        String file = common.change().changelogFile();
        ChangelogGate.Validation result;
        try {
            result = gate.validate(refs, file, new PrLinkPolicy(repo, prNumber),
                    new SweepOptions(false, common.allEvals(), common.evalsOnly()));
        } catch (ProblemException e) {
            context.report(e.problems(), format.chosen(), false);
            return Main.RULE_BROKEN;
        }
        List<Problem> problems = format.judge(result.problems());
        CoverageResult coverage = null;
        if (checkCoverage && result.change() != null) {
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
        String summary = SweepSummary.text(file, result.change(), result.sweep(), common.change().baseRef(), headLabel);
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
                + (coverage == null ? "" : coverage.markdown(common.change().baseRef(), CoverageGate.headLabel(refs))));
        return Main.OK;
    }

}
