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
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code total-cpu-dram-gb} of an agentic entry: the share of a node's CPU DRAM the entry's
 * GPUs may use for KV offloading. Decimal arithmetic as the reference does it: every step
 * rounded to 28 significant digits, half-even, then truncated to whole gigabytes.
 */
public final class DramBudget {
    /** The reference caps what one node may offer, whatever runners.yaml says. */
    static final long MAX_AVAILABLE_MIB = 2_861_022L;

    /**
     * The decimal constants, initialized on the first budget that needs them ({@link #inLongs}):
     * BigDecimal's own class initialization costs JDK 25 some 15 ms.
     */
    private static final class Decimal {
        static final MathContext CONTEXT = new MathContext(28, RoundingMode.HALF_EVEN);
        static final BigDecimal BYTES_PER_MIB = BigDecimal.valueOf(1_048_576L);
        static final BigDecimal BYTES_PER_GB = BigDecimal.valueOf(1_000_000_000L);
    }

    private final RunnerConfig runners;
    /**
     * Budgets already worked out, by the formula's inputs (available MiB, GPUs per node, GPUs used,
     * utilization): a sweep's entries use a few runners, utilizations and GPU counts (the real
     * configs: 179 entries offloading to DRAM, 28 distinct inputs).
     */
    private final Map<List<Object>, Long> computed = new ConcurrentHashMap<>(); // configs expand on two threads

    /** The budgets of the entries of one expansion over {@code runners}. */
    DramBudget(RunnerConfig runners) {
        this.runners = runners;
    }

    /**
     * @param dramUtilization the scenario's {@code dram-utilization}; null when not written
     * @throws ProblemException when the runner has no hardware entry or the GPUs do not fit its nodes
     */
    long totalCpuDramGb(MasterConfig config, SearchEntry entry, Double dramUtilization) {
        if (!"dram".equals(entry.kvOffloading())) {
            return 0;
        }
        String label = config.runner();
        RunnerConfig.Hardware hardware = runners.hardware() == null ? null : runners.hardware().get(label);
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
        long available = hardware.availableCpuDramMib();
        long gpus = hardware.gpusPerNode();
        long used = gpusUsed(config, entry, gpus);
        // A list, not a record, as the key: a record's hashCode is bootstrapped on first use, which
        // cost more than all the arithmetic it saves.
        List<Object> inputs = List.of(available, gpus, used, dramUtilization);
        Long budget = computed.get(inputs);
        if (budget == null) {
            budget = compute(available, gpus, used, dramUtilization);
            computed.put(inputs, budget);
        }
        return budget;
    }

    /** The formula alone: min(available, cap) MiB in bytes, times utilization, for used of gpus GPUs, in GB. */
    static long compute(long availableMib, long gpusPerNode, long gpusUsed, double dramUtilization) {
        long inLongs = inLongs(availableMib, gpusPerNode, gpusUsed, dramUtilization);
        return inLongs >= 0 ? inLongs : inDecimals(availableMib, gpusPerNode, gpusUsed, dramUtilization);
    }

    private static final long[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};

    /**
     * The budget in whole numbers, when that is provably the decimal one ({@link #inDecimals}), else
     * -1. JDK 25's BigDecimal costs a short run about 40 ms (its class initialization squares 5 up
     * to 5^65536, JDK-8341470, and the arithmetic runs cold), while the real configs' inputs need
     * none of its rounding. With a utilization of at most six decimals, u = m / 10^k exactly (its
     * shortest decimal, found as the fewest decimals that read back as the double), the budget is
     * n / (10^k x gpus x 10^9) for n = bytes x m x used. When n fits in a long, each product of the
     * decimal steps has at most 19 digits and is exact at 28; only the division by the GPUs per node
     * rounds, by half a unit of its 28th digit, under 10^-9 bytes (the quotient is at most n), while
     * a quotient that is not a whole number of gigabytes lies at least 1 / (10^k x gpus) >= 10^-9
     * bytes from one, and one that is has at most 19 digits and is exact: the truncated gigabytes
     * are the same. DramBudgetTest holds both to the same answers.
     */
    static long inLongs(long availableMib, long gpusPerNode, long gpusUsed, double dramUtilization) {
        if (availableMib < 0 || gpusUsed < 0 || gpusPerNode < 1 || gpusPerNode > 1000
                || !(dramUtilization > 0 && dramUtilization <= 1)) {
            return -1;
        }
        for (int k = 0; k < POWERS_OF_TEN.length; k++) {
            long m = Math.round(dramUtilization * POWERS_OF_TEN[k]);
            if (m / (double) POWERS_OF_TEN[k] == dramUtilization) {
                long bytes = Math.min(availableMib, MAX_AVAILABLE_MIB) * 1_048_576L;
                try {
                    long n = Math.multiplyExact(Math.multiplyExact(bytes, m), gpusUsed);
                    return n / (POWERS_OF_TEN[k] * gpusPerNode * 1_000_000_000L);
                } catch (ArithmeticException overflow) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /** The formula in decimal arithmetic, every step rounded to 28 digits as the reference does. */
    static long inDecimals(long availableMib, long gpusPerNode, long gpusUsed, double dramUtilization) {
        BigDecimal available = BigDecimal.valueOf(Math.min(availableMib, MAX_AVAILABLE_MIB));
        BigDecimal result = available.multiply(Decimal.BYTES_PER_MIB, Decimal.CONTEXT)
                .multiply(ShortestDecimal.of(dramUtilization), Decimal.CONTEXT)
                .multiply(BigDecimal.valueOf(gpusUsed), Decimal.CONTEXT)
                .divide(BigDecimal.valueOf(gpusPerNode), Decimal.CONTEXT)
                .divide(Decimal.BYTES_PER_GB, Decimal.CONTEXT);
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
