package dev.sweepgate.cli;

import dev.sweepgate.coverage.CoverageGate;
import dev.sweepgate.coverage.CoverageResult;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.output.Format;
import dev.sweepgate.output.ProblemRenderer;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class CheckCoverageCommand implements ContextCommand {
    private final ConfigFileOptions configFiles = new ConfigFileOptions();

    private final FormatOption format = new FormatOption();

    private final ChangeOptions change = new ChangeOptions();

    private final HeadRefOption head = new HeadRefOption();

    @Override
    public CommandSpec spec() {
        return Specs.exitCodes(Specs.with(Specs.command(this, "Fails when a config's generated rows changed between two "
                                + "refs without a changelog entry appended in the same change that covers them "
                                + "(config-keys select the config, scenario-type includes the changed scenario).",
                        "Without --head-ref the head is the working tree (configs and changelog)."),
                List.of(configFiles.spec(), format.spec(), change.spec(), head.spec())),
                "0:every config change is covered (or nothing changed)",
                "1:a config change is not covered, or an input breaks a rule", "2:bad usage",
                "3:environment failure (git, files)");
    }

    @Override
    public int call(Context context) {
        String headRef = head.headRef();
        ChangelogGate gate = new ChangelogGate(context.git(), context::read,
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
