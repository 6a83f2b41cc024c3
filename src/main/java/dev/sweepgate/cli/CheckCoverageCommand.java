package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogGate;
import dev.sweepgate.coverage.CoverageGate;
import dev.sweepgate.coverage.CoverageResult;
import dev.sweepgate.git.Git;
import dev.sweepgate.output.Format;
import dev.sweepgate.output.ProblemRenderer;
import java.util.List;

record CheckCoverageCommand(ConfigFileOptions configFiles, FormatOption format, ChangeOptions change, String headRef) {
    static final CommandSpec SPEC = CommandSpec.of("check-coverage",
                    (args, context) -> from(args).call(context),
                    "Fails when a config's generated rows changed between two refs without a changelog entry "
                            + "appended in the same change that covers them (config-keys select the config, scenario-type "
                            + "includes the changed scenario).",
                    "Without --head-ref the head is the working tree (configs and changelog).")
            .withOptions(ConfigFileOptions.OPTIONS, FormatOption.OPTIONS, ChangeOptions.OPTIONS,
                    List.of(ValidateChangelogCommand.HEAD_REF))
            .withExitCodes("0:every config change is covered (or nothing changed)",
                    "1:a config change is not covered, or an input breaks a rule", "2:bad usage",
                    "3:environment failure (git, files)");

    static CheckCoverageCommand from(ParsedArgs args) {
        return new CheckCoverageCommand(ConfigFileOptions.from(args), FormatOption.from(args), ChangeOptions.from(args),
                args.string("--head-ref"));
    }

    int call(Context context) {
        ChangelogGate gate = new ChangelogGate(new Git(context.dir()), context::read,
                configFiles.configFiles(), configFiles.runnerConfig());
        ChangelogGate.Refs refs = gate.refs(change.baseRef(), headRef);
        CoverageResult result = new CoverageGate(gate).check(refs, change.changelogFile());
        if (!result.ok()) {
            context.report(result.problems(), format.chosen(), false);
            return Main.RULE_BROKEN;
        }
        String headLabel = CoverageGate.headLabel(refs);
        Format chosen = context.format(format.chosen());
        String summary = result.text(change.baseRef(), headLabel);
        if (chosen == Format.JSON || chosen == Format.SARIF) {
            ProblemRenderer.render(result.problems(), chosen, "sweepgate", context.out());
            context.err().print(summary);
        } else {
            context.report(result.problems(), chosen, false);
            context.out().print(summary);
        }
        StepSummary.append(context, result.markdown(change.baseRef(), headLabel));
        return Main.OK;
    }
}
