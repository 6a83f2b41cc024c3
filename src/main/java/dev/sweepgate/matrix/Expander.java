package dev.sweepgate.matrix;

import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.RunnerConfig;
import dev.sweepgate.config.Scenario;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.config.SearchEntry;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one expansion loop: configs in the given order, fixed-seq-len scenarios before agentic
 * ones, entries in file order, then concurrency values, then runner nodes innermost (for
 * multi-node agentic entries the nodes are the outer loop). Every command goes through here.
 */
final class Expander {
    private final RunnerConfig runnerConfig;
    private final Selection selection;
    private final Problems problems;
    private final DramBudget dramBudget;

    Expander(RunnerConfig runnerConfig, Selection selection, Problems problems) {
        this.runnerConfig = runnerConfig;
        this.dramBudget = new DramBudget(runnerConfig);
        this.selection = selection;
        this.problems = problems;
    }

    List<Row> expand(List<MasterConfig> configs) {
        List<Row> rows = new ArrayList<>();
        for (MasterConfig config : configs) {
            List<String> runners = selection.runners(config, runnerConfig);
            if (runners.isEmpty()) {
                continue;
            }
            List<Row> configRows = new ArrayList<>();
            if (selection.includes(ScenarioType.FIXED_SEQ_LEN)) {
                for (Scenario.FixedSeqLen scenario : config.fixedSeqLen()) {
                    expandFixed(config, scenario, runners, configRows);
                }
            }
            if (selection.includes(ScenarioType.AGENTIC_CODING)) {
                for (Scenario.AgenticCoding scenario : config.agenticCoding()) {
                    expandAgentic(config, scenario, runners, configRows);
                }
            }
            problems.addAll(RowShape.check(config, configRows));
            rows.addAll(configRows);
        }
        return rows;
    }

    private void expandFixed(MasterConfig config, Scenario.FixedSeqLen scenario, List<String> runners,
                             List<Row> rows) {
        SeqLen seqLen = new SeqLen(scenario.isl(), scenario.osl());
        if (!selection.includes(seqLen)) {
            return;
        }
        for (SearchEntry entry : scenario.searchSpace()) {
            Optional<Selection.EntryPlan> plan = selection.plan(entry, ScenarioType.FIXED_SEQ_LEN);
            if (plan.isEmpty()) {
                continue;
            }
            if (entry.multiNode()) {
                for (String runner : runners) {
                    rows.add(RowBuilder.fixedMultiNode(config, seqLen, entry, runner, plan.get().concs()));
                }
                continue;
            }
            for (int conc : plan.get().concs()) {
                for (String runner : runners) {
                    rows.add(RowBuilder.fixedSingleNode(config, seqLen, entry, plan.get().ep(), runner, conc));
                }
            }
        }
    }

    private void expandAgentic(MasterConfig config, Scenario.AgenticCoding scenario, List<String> runners,
                               List<Row> rows) {
        for (SearchEntry entry : scenario.searchSpace()) {
            // The budget is computed before any filter, so its errors show whatever is selected.
            long dramGb;
            try {
                dramGb = dramBudget.totalCpuDramGb(config, entry, scenario.dramUtilization());
            } catch (ProblemException e) {
                problems.addAll(e.problems());
                continue;
            }
            Optional<Selection.EntryPlan> plan = selection.plan(entry, ScenarioType.AGENTIC_CODING);
            if (plan.isEmpty()) {
                continue;
            }
            if (entry.multiNode()) {
                for (String runner : runners) {
                    for (int conc : plan.get().concs()) {
                        rows.add(RowBuilder.agenticMultiNode(config, entry, runner, conc, dramGb));
                    }
                }
                continue;
            }
            for (int conc : plan.get().concs()) {
                for (String runner : runners) {
                    rows.add(RowBuilder.agenticSingleNode(config, entry, runner, conc, dramGb));
                }
            }
        }
    }
}
