package dev.sweepgate.cli;

import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.sweep.Sweep;
import dev.sweepgate.sweep.SweepJson;
import dev.sweepgate.sweep.SweepLimits;
import dev.sweepgate.sweep.SweepOptions;
import dev.sweepgate.sweep.SweepSummary;
import java.nio.charset.StandardCharsets;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class ProcessChangelogCommand implements ContextCommand {
    private final ChangelogOptions common = new ChangelogOptions();

    private final ConfigFileOptions configFiles = new ConfigFileOptions();

    private final FormatOption format = new FormatOption();

    private final RepoOption repo = new RepoOption();

    private final OptionSpec headRef = Specs.value("--head-ref", "REF", String.class, "The ref of the change.")
            .required(true).build();

    private final OptionSpec trimConc = Specs.flag("--trim-conc",
            "One concurrency per curve (the lowest), for a quick run.").build();

    @Override
    public CommandSpec spec() {
        return Specs.exitCodes(Specs.with(Specs.command(this, "Prints the sweep JSON for the entries a change appends to "
                        + "the changelog (what CI runs)."),
                List.of(common.spec(), configFiles.spec(), repo.spec(), format.spec()), headRef, trimConc),
                "0:the sweep is on stdout", "1:the change breaks a rule", "2:bad usage",
                "3:environment failure (git, files)");
    }

    @Override
    public int call(Context context) {
        String headRef = this.headRef.getValue();
        ChangelogGate gate = new ChangelogGate(new Git(context.dir()), context::read,
                configFiles.configFiles(), configFiles.runnerConfig()).withRepo(repo.lazily(context));
        ChangelogGate.Refs refs = gate.refs(common.change().baseRef(), headRef);
        Sweep sweep;
        try {
            sweep = gate.process(refs, common.change().changelogFile(), new SweepOptions(Specs.given(trimConc), common.allEvals(), common.evalsOnly()));
        } catch (ProblemException e) {
            context.report(e.problems(), format.chosen(), true);
            return Main.RULE_BROKEN;
        }
        String json = JsonOutput.pretty(SweepJson.document(sweep, common.change().baseRef(), headRef));
        context.out().println(json);
        context.out().flush();
        // Warnings only: the JSON and the exit status stay what they are.
        context.report(SweepLimits.check(sweep, json.getBytes(StandardCharsets.UTF_8).length, common.change().changelogFile()),
                format.chosen(), true);
        StepSummary.append(context, SweepSummary.markdown(common.change().changelogFile(), null, sweep, common.change().baseRef(), headRef));
        return Main.OK;
    }
}
