package dev.sweepgate.matrix;

import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.RunnerConfig;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.config.SearchEntry;
import java.util.List;
import java.util.Optional;

/**
 * What a command keeps while the one expansion loop walks the configs. The loop is the
 * same for every command; only these answers differ.
 */
interface Selection {

    /** The runner names the config's rows go to, in order; empty skips the config. */
    List<String> runners(MasterConfig config, RunnerConfig runnerConfig);

    boolean includes(ScenarioType type);

    /** Applies to fixed-seq-len scenarios only. */
    boolean includes(SeqLen seqLen);

    /** The concurrency values (and the ep for single-node fixed rows) of an entry; empty skips it. */
    Optional<EntryPlan> plan(SearchEntry entry, ScenarioType type);

    /**
     * @param concs concurrency values, after the command's filters
     * @param ep    the ep a single-node fixed row carries (the entry's, capped by --max-ep)
     */
    record EntryPlan(List<Integer> concs, int ep) {
        public EntryPlan {
            concs = List.copyOf(concs);
        }

        static EntryPlan of(List<Integer> concs, SearchEntry entry) {
            return new EntryPlan(concs, entry.ep() == null ? 1 : entry.ep());
        }
    }

    /** Runner nodes as full-sweep picks them: the label's nodes containing the filter, duplicates kept. */
    static List<String> nodesContaining(String filter, MasterConfig config, RunnerConfig runnerConfig) {
        List<String> nodes = runnerConfig.labels().getOrDefault(config.runner(), List.of());
        return nodes.stream().filter(node -> node.contains(filter)).toList();
    }
}
