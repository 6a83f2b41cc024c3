package dev.sweepgate.matrix;

import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.RunnerConfig;
import dev.sweepgate.config.SearchEntry;
import dev.sweepgate.config.Worker;
import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code total-cpu-dram-gb} of an agentic entry: the share of a node's CPU DRAM the entry's
 * GPUs may use for KV offloading. Decimal arithmetic as the reference does it: every step
 * rounded to 28 significant digits, half-even, then truncated to whole gigabytes.
 */
public final class DramBudget {
    /** The reference caps what one node may offer, whatever runners.yaml says. */
    static final long MAX_AVAILABLE_MIB = 2_861_022L;
    private static final MathContext DECIMAL = new MathContext(28, RoundingMode.HALF_EVEN);
    private static final BigDecimal BYTES_PER_MIB = BigDecimal.valueOf(1_048_576L);
    private static final BigDecimal BYTES_PER_GB = BigDecimal.valueOf(1_000_000_000L);

    private final MasterConfig config;
    private final Double dramUtilization;
    private final RunnerConfig.Hardware hardware;
    private final RunnerConfig runners;
    /**
     * The first two steps of the formula, the same for every entry of the scenario; null until an
     * entry needs them.
     */
    private BigDecimal usableBytes;
    /** Budgets by GPUs used: a scenario's entries use a few GPU counts, each worked out once. */
    private final Map<Long, Long> byGpusUsed = new HashMap<>();

    /**
     * The budgets of one agentic scenario of {@code config}: its entries share the runner and the
     * utilization, so what depends on those alone is computed once for all of them.
     *
     * @param dramUtilization the scenario's {@code dram-utilization}; null when not written
     */
    DramBudget(MasterConfig config, Double dramUtilization, RunnerConfig runners) {
        this.config = config;
        this.dramUtilization = dramUtilization;
        this.runners = runners;
        this.hardware = runners.hardware() == null ? null : runners.hardware().get(config.runner());
    }

    /**
     * The budget of one entry of the scenario.
     *
     * @throws ProblemException when the runner has no hardware entry or the GPUs do not fit its nodes
     */
    long totalCpuDramGb(SearchEntry entry) {
        if (!"dram".equals(entry.kvOffloading())) {
            return 0;
        }
        String label = config.runner();
        if (hardware == null) {
            throw problem(config, entry, "matrix.dram-no-hardware", "config '" + config.key()
                    + "' offloads KV cache to DRAM on runner '" + label
                    + "', which has no hardware entry in the runner config; add 'hardware: " + label
                    + ": {available-cpu-dram-mib: ..., gpus-per-node: ...}' (labels with hardware: "
                    + labelsWithHardware(runners.hardware()) + ")");
        }
        if (dramUtilization == null) {
            throw problem(config, entry, "matrix.dram-utilization-missing", "config '" + config.key()
                    + "' offloads KV cache to DRAM but its agentic-coding scenario has no dram-utilization;"
                    + " add 'dram-utilization: 0.8' (a fraction in (0, 1]) next to its search-space");
        }
        long gpus = hardware.gpusPerNode();
        long used = gpusUsed(config, entry, gpus);
        if (usableBytes == null) {
            usableBytes = usableBytes(hardware.availableCpuDramMib(), dramUtilization);
        }
        return byGpusUsed.computeIfAbsent(used, u -> share(usableBytes, gpus, u));
    }

    /** The formula alone: min(available, cap) MiB in bytes, times utilization, for used of gpus GPUs, in GB. */
    static long compute(long availableMib, long gpusPerNode, long gpusUsed, double dramUtilization) {
        return share(usableBytes(availableMib, dramUtilization), gpusPerNode, gpusUsed);
    }

    /** The formula's first steps: the bytes a whole node may use. */
    private static BigDecimal usableBytes(long availableMib, double dramUtilization) {
        BigDecimal available = BigDecimal.valueOf(Math.min(availableMib, MAX_AVAILABLE_MIB));
        return available.multiply(BYTES_PER_MIB, DECIMAL).multiply(ShortestDecimal.of(dramUtilization), DECIMAL);
    }

    /** The formula's last steps: the share of {@code usableBytes} for used of gpus GPUs, in whole GB. */
    private static long share(BigDecimal usableBytes, long gpusPerNode, long gpusUsed) {
        BigDecimal result = usableBytes
                .multiply(BigDecimal.valueOf(gpusUsed), DECIMAL)
                .divide(BigDecimal.valueOf(gpusPerNode), DECIMAL)
                .divide(BYTES_PER_GB, DECIMAL);
        return result.setScale(0, RoundingMode.DOWN).longValueExact();
    }

    private static long gpusUsed(MasterConfig config, SearchEntry entry, long gpus) {
        String label = config.runner();
        if (!entry.multiNode()) {
            long used = (long) entry.tp() * entry.pp() * entry.pcpSize();
            if (used > gpus) {
                throw problem(config, entry, "matrix.dram-gpus", "config '" + config.key() + "': tp x pp x pcp-size = "
                        + used + " GPUs does not fit on one node of runner '" + label + "', which has " + gpus
                        + " GPUs per node; lower tp, pp or pcp-size, or use the multi-node form");
            }
            return used;
        }
        Worker prefill = entry.prefill();
        long perNode = (long) prefill.tp() * prefill.pp() * prefill.pcpSize();
        if (perNode > gpus) {
            if (perNode % gpus != 0) {
                throw problem(config, entry, "matrix.dram-gpus", "config '" + config.key()
                        + "': the prefill worker spans tp x pp x pcp-size = " + perNode
                        + " GPUs, which is not a whole number of nodes of runner '" + label + "' (" + gpus
                        + " GPUs per node); make it a multiple of " + gpus);
            }
            return gpus;
        }
        if (gpus % perNode != 0) {
            throw problem(config, entry, "matrix.dram-gpus", "config '" + config.key()
                    + "': the prefill worker uses tp x pp x pcp-size = " + perNode
                    + " GPUs, which does not divide the " + gpus + " GPUs per node of runner '" + label
                    + "'; use a divisor of " + gpus);
        }
        return perNode;
    }

    private static String labelsWithHardware(Map<String, RunnerConfig.Hardware> hardware) {
        if (hardware == null || hardware.isEmpty()) {
            return "none";
        }
        return String.join(", ", hardware.keySet());
    }

    private static ProblemException problem(MasterConfig config, SearchEntry entry, String rule, String message) {
        Position at = entry.pos() != null ? entry.pos() : config.pos() != null ? config.pos() : Position.ofFile("");
        return new ProblemException(Problem.error(at, rule, message));
    }
}
