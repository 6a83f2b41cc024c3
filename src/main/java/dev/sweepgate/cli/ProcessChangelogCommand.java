package dev.sweepgate.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.output.JsonTree;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.sweep.Sweep;
import dev.sweepgate.sweep.SweepJson;
import dev.sweepgate.sweep.SweepLimits;
import dev.sweepgate.sweep.SweepOptions;
import dev.sweepgate.sweep.SweepOutput;
import dev.sweepgate.sweep.SweepSummary;
import dev.sweepgate.sweep.canary.Canary;
import dev.sweepgate.sweep.priority.Prioritizer;
import dev.sweepgate.sweep.split.Chunk;
import dev.sweepgate.sweep.split.ChunkLimits;
import java.util.List;
import java.util.Map;
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

    private final OptionSpec canary = Specs.flag("--canary",
            "Print {\"canary\": [row] or [], \"remaining\": sweep}: the benchmark repository's canary (the first "
                    + "single-node 1k1k or 8k1k row without run-eval with the lowest conc) and the sweep without it. "
                    + "With --split-dir the chunks are those of the remaining sweep.").build();

    private final SplitOptions split = new SplitOptions();

    private final SweepPriorityOptions priorities = new SweepPriorityOptions();

    @Override
    public CommandSpec spec() {
        return Specs.exitCodes(Specs.with(Specs.command(this, "Prints the sweep JSON for the entries a change appends to "
                        + "the changelog (what CI runs)."),
                List.of(common.spec(), configFiles.spec(), repo.spec(), format.spec(), split.spec(), priorities.spec()),
                headRef, trimConc, canary),
                "0:the sweep is on stdout (and the chunks in --split-dir)",
                "1:the change breaks a rule, a row alone is larger than --max-output-bytes, or (with --strict) the "
                        + "sweep is over GitHub's limits", "2:bad usage",
                "3:environment failure (git, files)");
    }

    @Override
    public int call(Context context) {
        String headRef = this.headRef.getValue();
        ChunkLimits limits = split.limits();
        ChangelogGate gate = new ChangelogGate(context.git(), context::read,
                configFiles.configFiles(), configFiles.runnerConfig()).withRepo(repo.lazily(context));
        ChangelogGate.Refs refs = gate.refs(common.change().baseRef(), headRef);
        String changelog = common.change().changelogFile();
        Sweep sweep;
        SweepOutput output;
        try {
            // the policy first: a broken one fails before any git work
            Prioritizer prioritizer = priorities.prioritizer(context);
            sweep = gate.process(refs, changelog, new SweepOptions(Specs.given(trimConc), common.allEvals(), common.evalsOnly()));
            Map<String, Object> document = SweepJson.document(sweep, common.change().baseRef(), headRef);
            if (prioritizer != null) {
                output = SweepOutput.prioritized(document, prioritizer, changelog);
            } else if (Specs.given(canary) || split.given()) {
                // The steps that work on the JSON a workflow receives work on its tree.
                JsonNode tree = JsonTree.of(document);
                output = new SweepOutput(tree, JsonTree.pretty(tree), false);
            } else {
                output = SweepOutput.plain(document, JsonOutput.pretty(document));
            }
        } catch (ProblemException e) {
            context.report(format.judge(e.problems()), format.chosen(), true);
            return Main.RULE_BROKEN;
        }
        if (Specs.given(canary)) {
            output = output.withDocument(Canary.select(output.document()));
        }
        List<Chunk> chunks = null;
        if (split.given()) {
            JsonNode rows = Specs.given(canary) ? output.document().get("remaining") : output.document();
            try {
                chunks = split.write(context, rows, limits, changelog);
            } catch (ProblemException e) {
                context.report(e.problems(), format.chosen(), true);
                return Main.RULE_BROKEN;
            }
        }
        context.out().println(output.text());
        context.out().flush();
        // Warnings: the JSON stays what it is (with --strict they fail the run). With --split-dir
        // the chunks are within the limits, and the warnings say so.
        List<Problem> warnings = format.judge(SweepLimits.check(SweepLimits.measure(output), changelog,
                chunks == null ? null : chunks.size()));
        context.report(warnings, format.chosen(), true);
        String summary = SweepSummary.markdown(changelog, null, sweep, common.change().baseRef(), headRef);
        StepSummary.append(context, chunks == null ? summary : summary + SplitOptions.markdown(chunks, limits));
        return warnings.stream().anyMatch(Problem::isError) ? Main.RULE_BROKEN : Main.OK;
    }
}
