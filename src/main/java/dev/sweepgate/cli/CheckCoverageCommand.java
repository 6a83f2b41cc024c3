package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogGate;
import dev.sweepgate.coverage.CoverageGate;
import dev.sweepgate.coverage.CoverageResult;
import dev.sweepgate.git.Git;
import dev.sweepgate.output.Format;
import dev.sweepgate.output.ProblemRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "check-coverage",
        description = {"Fails when a config's generated rows changed between two refs without a changelog entry "
                + "appended in the same change that covers them (config-keys select the config, scenario-type "
                + "includes the changed scenario).",
                "Without --head-ref the head is the working tree (configs and changelog)."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:every config change is covered (or nothing changed)",
                "1:a config change is not covered, or an input breaks a rule", "2:bad usage",
                "3:environment failure (git, files)"})
final class CheckCoverageCommand implements ContextCommand {
    @Mixin
    private ConfigFileOptions configFiles;

    @Mixin
    private FormatOption format;

    @Mixin
    private ChangeOptions change;

    @Mixin
    private HeadRefOption head;

    @Override
    public int call(Context context) {
        String headRef = head.headRef();
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
