package dev.sweepgate.matrix;

import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.RunnerConfig;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.config.SearchEntry;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The filters of {@code test-config}: step 2, both node types, --conc, --seq-lens, --scenario-type, nodes. */
final class TestConfigSelection implements Selection {
    private final TestConfigOptions options;
    private final SeqLenFilter seqLens;
    private final Set<Integer> concs;

    TestConfigSelection(TestConfigOptions options) {
        this.options = options;
        this.seqLens = SeqLenFilter.of(options.seqLens());
        this.concs = options.conc() == null || options.conc().isEmpty() ? null : Set.copyOf(options.conc());
    }

    /**
     * The label itself when it contains the filter, then its nodes that do, without
     * duplicates. Unlike full-sweep, an empty filter is a filter: the label and every node.
     */
    @Override
    public List<String> runners(MasterConfig config, RunnerConfig runnerConfig) {
        String filter = options.runnerNodeFilter();
        if (filter == null) {
            return List.of(config.runner());
        }
        Set<String> candidates = new LinkedHashSet<>();
        if (config.runner().contains(filter)) {
            candidates.add(config.runner());
        }
        candidates.addAll(Selection.nodesContaining(filter, config, runnerConfig));
        return new ArrayList<>(candidates);
    }

    @Override
    public boolean includes(ScenarioType type) {
        return options.scenarios() == null || options.scenarios().isEmpty() || options.scenarios().contains(type);
    }

    @Override
    public boolean includes(SeqLen seqLen) {
        return seqLens.includes(seqLen);
    }

    @Override
    public Optional<EntryPlan> plan(SearchEntry entry, ScenarioType type) {
        List<Integer> values = ConcurrencyValues.expand(entry.concurrency(), ConcurrencyValues.DEFAULT_STEP);
        if (concs != null) {
            values = values.stream().filter(concs::contains).toList();
        }
        return values.isEmpty() ? Optional.empty() : Optional.of(EntryPlan.of(values, entry));
    }
}
