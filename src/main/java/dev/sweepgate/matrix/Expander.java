package dev.sweepgate.matrix;

import dev.sweepgate.concurrent.SideBySide;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.RunnerConfig;
import dev.sweepgate.config.Scenario;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.config.SearchEntry;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

/**
 * The one expansion loop: configs in the given order, fixed-seq-len scenarios before agentic
 * ones, entries in file order, then concurrency values, then runner nodes innermost (for
 * multi-node agentic entries the nodes are the outer loop). Every command goes through here.
 */
final class Expander {
    private final RunnerConfig runnerConfig;
    private final Selection selection;
    private final DramBudget dramBudget;

    Expander(RunnerConfig runnerConfig, Selection selection) {
        this.runnerConfig = runnerConfig;
        this.dramBudget = new DramBudget(runnerConfig);
        this.selection = selection;
    }

    /** The rows of one config and the problems its rows have. */
    record Expanded(List<Row> rows, List<Problem> problems) {
    }

    /**
     * Each config expands on its own, so a full sweep's configs are shared with the pool's
     * thread (idle once the files are read); rows and problems come back in config order.
     */
    List<Row> expand(List<MasterConfig> configs, Problems problems, ExecutorService pool) {
        List<Row> rows = new ArrayList<>();
        for (Expanded expanded : SideBySide.mapInOrder(pool, configs, this::expandConfig)) {
            problems.addAll(expanded.problems());
            rows.addAll(expanded.rows());
        }
        return rows;
    }

    private Expanded expandConfig(MasterConfig config) {
        List<String> runners = selection.runners(config, runnerConfig);
        if (runners.isEmpty()) {
            return new Expanded(List.of(), List.of());
        }
        Problems problems = new Problems();
        List<Row> configRows = new ArrayList<>();
        if (selection.includes(ScenarioType.FIXED_SEQ_LEN)) {
            for (Scenario.FixedSeqLen scenario : config.fixedSeqLen()) {
                expandFixed(config, scenario, runners, configRows);
            }
        }
        if (selection.includes(ScenarioType.AGENTIC_CODING)) {
            for (Scenario.AgenticCoding scenario : config.agenticCoding()) {
                expandAgentic(config, scenario, runners, configRows, problems);
            }
        }
        problems.addAll(RowShape.check(config, configRows));
        return new Expanded(configRows, problems.all());
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
                               List<Row> rows, Problems problems) {
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
