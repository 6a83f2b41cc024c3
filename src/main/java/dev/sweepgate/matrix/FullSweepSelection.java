package dev.sweepgate.matrix;

import dev.sweepgate.config.Concurrency;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.RunnerConfig;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.config.SearchEntry;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** The filters of {@code full-sweep} that act inside the expansion loop (matrix.md, "full-sweep filters"). */
final class FullSweepSelection implements Selection {
    private final FullSweepOptions options;
    private final SeqLenFilter seqLens;

    FullSweepSelection(FullSweepOptions options) {
        this.options = options;
        this.seqLens = SeqLenFilter.of(options.seqLens());
    }

    /** The config-level filters: key prefix, precision, framework, runner type, node type. */
    boolean selects(MasterConfig config) {
        if (present(options.modelPrefixes())
                && options.modelPrefixes().stream().noneMatch(prefix -> config.key().startsWith(prefix))) {
            return false;
        }
        if (present(options.precisions()) && !options.precisions().contains(config.precision())) {
            return false;
        }
        if (present(options.frameworks()) && !options.frameworks().contains(config.framework())) {
            return false;
        }
        if (present(options.runnerTypes()) && !options.runnerTypes().contains(config.runner())) {
            return false;
        }
        boolean bothNodeTypes = options.singleNode() == options.multiNode();
        return bothNodeTypes || (config.multinode() ? options.multiNode() : options.singleNode());
    }

    @Override
    public List<String> runners(MasterConfig config, RunnerConfig runnerConfig) {
        String filter = options.runnerNodeFilter();
        if (filter == null || filter.isEmpty()) {
            return List.of(config.runner());
        }
        return Selection.nodesContaining(filter, config, runnerConfig);
    }

    @Override
    public boolean includes(ScenarioType type) {
        return !present(options.scenarios()) || options.scenarios().contains(type);
    }

    @Override
    public boolean includes(SeqLen seqLen) {
        return seqLens.includes(seqLen);
    }

    @Override
    public Optional<EntryPlan> plan(SearchEntry entry, ScenarioType type) {
        if (type == ScenarioType.AGENTIC_CODING) {
            return agentic(entry);
        }
        return entry.multiNode() ? fixedMultiNode(entry) : fixedSingleNode(entry);
    }

    private Optional<EntryPlan> agentic(SearchEntry entry) {
        List<Integer> concs = within(expand(entry.concurrency()), options.minConc(), options.maxConc());
        return concs.isEmpty() ? Optional.empty() : Optional.of(EntryPlan.of(concs, entry));
    }

    private Optional<EntryPlan> fixedMultiNode(SearchEntry entry) {
        return clampList(expand(entry.concurrency())).map(concs -> EntryPlan.of(concs, entry));
    }

    private Optional<EntryPlan> fixedSingleNode(SearchEntry entry) {
        Integer maxTp = options.maxTp();
        if (maxTp != null && (maxTp <= 0 || entry.tp() > maxTp)) {
            return Optional.empty();
        }
        int ep = entry.ep() == null ? 1 : entry.ep();
        Integer maxEp = options.maxEp();
        if (maxEp != null) {
            if (maxEp <= 0) {
                return Optional.empty();
            }
            ep = Math.min(ep, maxEp);
        }
        Optional<List<Integer>> concs = entry.concurrency() instanceof Concurrency.Range range
                ? clampRange(range)
                : clampList(expand(entry.concurrency()));
        int cappedEp = ep;
        return concs.map(values -> new EntryPlan(values, cappedEp));
    }

    /**
     * min-conc keeps values at or above it; max-conc keeps values at or below it, falling back
     * to max-conc itself when nothing is left. Concurrency values are positive (the config rules
     * refuse others), so a max-conc of 0 or less keeps nothing and skips the entry.
     */
    private Optional<List<Integer>> clampList(List<Integer> values) {
        Integer min = options.minConc();
        Integer max = options.maxConc();
        List<Integer> kept = values;
        if (min != null) {
            if (min <= 0) {
                return Optional.empty();
            }
            kept = within(kept, min, null);
            if (kept.isEmpty()) {
                return Optional.empty();
            }
        }
        if (max != null) {
            kept = within(kept, null, max);
            if (kept.isEmpty()) {
                return max > 0 ? Optional.of(List.of(max)) : Optional.empty();
            }
        }
        return Optional.of(kept);
    }

    /** The range is narrowed to [min-conc, max-conc] before it is expanded. */
    private Optional<List<Integer>> clampRange(Concurrency.Range range) {
        int start = range.start();
        int end = range.end();
        Integer min = options.minConc();
        Integer max = options.maxConc();
        if (min != null) {
            if (min <= 0 || end < min) {
                return Optional.empty();
            }
            start = Math.max(start, min);
        }
        if (max != null) {
            if (max <= 0) {
                return Optional.empty();
            }
            if (start > max) {
                start = max;
                end = max;
            } else {
                end = Math.min(end, max);
            }
        }
        return Optional.of(ConcurrencyValues.range(start, end, options.stepSize()));
    }

    /** The values from min to max (null: no bound), in order; the list itself when neither is given. */
    private static List<Integer> within(List<Integer> values, Integer min, Integer max) {
        if (min == null && max == null) {
            return values;
        }
        List<Integer> kept = new ArrayList<>(values.size());
        for (int value : values) {
            if ((min == null || value >= min) && (max == null || value <= max)) {
                kept.add(value);
            }
        }
        return kept;
    }

    private List<Integer> expand(Concurrency concurrency) {
        return ConcurrencyValues.expand(concurrency, options.stepSize());
    }

    private static boolean present(Collection<?> values) {
        return values != null && !values.isEmpty();
    }
}
