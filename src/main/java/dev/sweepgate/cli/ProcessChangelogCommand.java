package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogGate;
import dev.sweepgate.changelog.Sweep;
import dev.sweepgate.changelog.SweepJson;
import dev.sweepgate.changelog.SweepLimits;
import dev.sweepgate.changelog.SweepOptions;
import dev.sweepgate.changelog.SweepSummary;
import dev.sweepgate.git.Git;
import dev.sweepgate.problem.ProblemException;
import java.nio.charset.StandardCharsets;
import java.util.List;

record ProcessChangelogCommand(ChangelogOptions common, ConfigFileOptions configFiles, FormatOption format,
        String headRef, boolean trimConc) {
    static final CommandSpec SPEC = CommandSpec.of("process-changelog",
                    (args, context) -> from(args).call(context),
                    "Prints the sweep JSON for the entries a change appends to the changelog (what CI runs).")
            .withOptions(ChangelogOptions.OPTIONS, ConfigFileOptions.OPTIONS, FormatOption.OPTIONS, List.of(
                    OptionSpec.value("--head-ref", "REF", "The ref of the change.").required(),
                    OptionSpec.flag("--trim-conc", "One concurrency per curve (the lowest), for a quick run.")))
            .withExitCodes("0:the sweep is on stdout", "1:the change breaks a rule", "2:bad usage",
                    "3:environment failure (git, files)");

    static ProcessChangelogCommand from(ParsedArgs args) {
        return new ProcessChangelogCommand(ChangelogOptions.from(args), ConfigFileOptions.from(args),
                FormatOption.from(args), args.string("--head-ref"), args.flag("--trim-conc"));
    }

    int call(Context context) {
        ChangelogGate gate = new ChangelogGate(new Git(context.dir()), context::read,
                configFiles.configFiles(), configFiles.runnerConfig());
        ChangelogGate.Refs refs = gate.refs(common.change().baseRef(), headRef);
        Sweep sweep;
        try {
            sweep = gate.process(refs, common.change().changelogFile(), new SweepOptions(trimConc, common.allEvals(), common.evalsOnly()));
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
