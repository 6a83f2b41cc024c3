package dev.sweepgate.sweep;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.matrix.Row;
import java.util.List;

/**
 * What a changelog change will run: throughput rows (each with its recipe-fingerprint, when
 * process-changelog computed it) and eval rows, in generation order, plus what each entry selected.
 */
public record Sweep(List<ChangelogEntry> entries, List<EntryPlan> plans, List<Row> throughput, List<Row> evals) {
    public Sweep {
        entries = List.copyOf(entries);
        plans = List.copyOf(plans);
        throughput = List.copyOf(throughput);
        evals = List.copyOf(evals);
    }

    /**
     * One entry's share of the sweep.
     *
     * @param configKeys the resolved config keys
     * @param throughput the throughput rows this entry contributed, in generation order, before
     *                   --trim-conc and fingerprints (an entry runs a config's scenario only when no
     *                   earlier entry already benchmarked it)
     * @param evals      the eval rows this entry contributed
     */
    public record EntryPlan(ChangelogEntry entry, List<String> configKeys, List<Row> throughput, List<Row> evals) {
        public EntryPlan {
            configKeys = List.copyOf(configKeys);
            throughput = List.copyOf(throughput);
            evals = List.copyOf(evals);
        }
    }
}
