package dev.sweepgate.matrix;

import static dev.sweepgate.matrix.Fixtures.agentic;
import static dev.sweepgate.matrix.Fixtures.config;
import static dev.sweepgate.matrix.Fixtures.list;
import static dev.sweepgate.matrix.Fixtures.multiAgentic;
import static dev.sweepgate.matrix.Fixtures.singleAgentic;
import static dev.sweepgate.matrix.Fixtures.worker;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.config.Component;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.SearchEntry;
import dev.sweepgate.config.Worker;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class DramBudgetTest {
    private static final Component HICACHE = new Component("hicache", null);

    private static long budget(String runner, SearchEntry entry, double utilization) {
        MasterConfig config = config("k").runner(runner).with(agentic(utilization, entry)).build();
        return new DramBudget(Fixtures.runners()).totalCpuDramGb(config, entry, utilization);
    }

    private static ProblemException failure(String runner, SearchEntry entry) {
        MasterConfig config = config("dsv4-agentic").runner(runner).with(agentic(0.8, entry)).build();
        return assertThrows(ProblemException.class,
                () -> MatrixGenerator.testConfig(Fixtures.set(config), new TestConfigOptions(
                        List.of("dsv4-agentic"), List.of(99999), null, null, null, EvalMode.MARK)));
    }

    @Test
    void zeroWithoutDramOffloading() {
        assertEquals(0, budget("no-hardware", singleAgentic(8, "none", null, "none", list(1)), 0.8));
    }

    @Test
    void singleNodeShareOfTheNode() {
        // 860160 MiB x 1048576 x 0.683 x 4/4 / 1e9 = 616.027...
        assertEquals(616, budget("cluster:gb200-nv", singleAgentic(4, "dram", HICACHE, "none", list(1)), 0.683));
        // Two of four GPUs get half.
        assertEquals(308, budget("cluster:gb200-nv", singleAgentic(2, "dram", HICACHE, "none", list(1)), 0.683));
    }

    @Test
    void oneBudgetGivesEachEntryTheShareOfItsOwnRunnerGpusAndUtilization() {
        SearchEntry four = singleAgentic(4, "dram", HICACHE, "none", list(1));
        SearchEntry two = singleAgentic(2, "dram", HICACHE, "none", list(1));
        SearchEntry eight = singleAgentic(8, "dram", HICACHE, "none", list(1));
        SearchEntry none = singleAgentic(4, "none", null, "none", list(1));
        MasterConfig gb200 = config("k").runner("cluster:gb200-nv").with(agentic(0.683, four, two, none)).build();
        MasterConfig b200 = config("b").runner("cluster:b200-dgxc").with(agentic(0.95, eight)).build();
        DramBudget budget = new DramBudget(Fixtures.runners());
        assertEquals(616, budget.totalCpuDramGb(gb200, four, 0.683));
        assertEquals(308, budget.totalCpuDramGb(gb200, two, 0.683));
        assertEquals(0, budget.totalCpuDramGb(gb200, none, 0.683));
        assertEquals(2849, budget.totalCpuDramGb(b200, eight, 0.95));
        assertEquals(616, budget.totalCpuDramGb(gb200, four, 0.683));
        // 860160 MiB x 1048576 x 0.5 x 4/4 / 1e9 = 450.97...: another utilization, another budget
        assertEquals(450, budget.totalCpuDramGb(gb200, four, 0.5));
    }

    @Test
    void availableMemoryIsCapped() {
        // 3095781 MiB is capped at 2861022 MiB: 2861022 x 1048576 x 0.95 / 1e9 = 2849.999...
        assertEquals(2849, budget("cluster:b200-dgxc", singleAgentic(8, "dram", HICACHE, "none", list(1)), 0.95));
        assertEquals(2999, DramBudget.compute(5_000_000, 8, 8, 1.0));
    }

    @Test
    void utilizationIsTheShortestDecimalNotTheBinaryDouble() {
        assertEquals(new BigDecimal("0.1065"), ShortestDecimal.of(0.1065));
        assertEquals(new BigDecimal("0.95"), ShortestDecimal.of(0.95));
        assertEquals(new BigDecimal("0.8"), ShortestDecimal.of(0.80));
        assertEquals(new BigDecimal("0.9999999999999999"), ShortestDecimal.of(Math.nextDown(1.0)));
        // JDK 17 prints 1.9999999999999998E23 for this one.
        assertEquals(0, new BigDecimal("2E+23").compareTo(ShortestDecimal.of(2e23)));
        // 2063837 x 1048576 x 0.1065 x 4 / 8 / 1e9 = 115.2377896...
        assertEquals(115, DramBudget.compute(2_063_837, 8, 4, 0.1065));
    }

    @Test
    void everyStepRoundsToTwentyEightDigits() {
        // 1e6 x 1048576 x 0.9999999999999999 / 3 / 1e9 = 349.52533333333329838... (28 digits kept)
        assertEquals(349, DramBudget.compute(1_000_000, 3, 1, Math.nextDown(1.0)));
        // Truncated toward zero, never rounded up: 953674 MiB x 1048576 / 1e9 = 999.99966...
        assertEquals(999, DramBudget.compute(953_674, 1, 1, 1.0));
    }

    @Test
    void wholeNumbersGiveTheDecimalBudgetWhereverTheyAreUsed() {
        // the real configs' utilizations (0.086 ... 1.0, at most five decimals) never need decimals
        for (double u : new double[] {0.086, 0.1065, 0.14, 0.15239, 0.1664, 0.2, 0.21429, 0.5, 0.61, 0.683, 0.75, 0.8,
                0.887, 0.9, 0.95, 1.0, 0.000001, 0.99999}) {
            for (long gpus : new long[] {1, 4, 8, 72}) {
                long inLongs = DramBudget.inLongs(2_063_837, gpus, Math.max(1, gpus / 2), u);
                assertTrue(inLongs >= 0, u + " on " + gpus);
                assertEquals(DramBudget.inDecimals(2_063_837, gpus, Math.max(1, gpus / 2), u), inLongs, u + " on " + gpus);
            }
        }
        // outside what the proof covers: decimals decide
        assertEquals(-1, DramBudget.inLongs(1_000_000, 3, 1, Math.nextDown(1.0)));
        assertEquals(-1, DramBudget.inLongs(1_000_000, 3, 1, 0.1234567));
        assertEquals(-1, DramBudget.inLongs(1_000_000, 1001, 1, 0.5));
        assertEquals(-1, DramBudget.inLongs(1_000_000, 8, Long.MAX_VALUE / 4, 0.5));
        assertEquals(-1, DramBudget.inLongs(1_000_000, 8, 8, 1.5));
        java.util.Random random = new java.util.Random(20261202);
        int inWholeNumbers = 0;
        for (int i = 0; i < 20_000; i++) {
            long available = random.nextInt(4) == 0 ? DramBudget.MAX_AVAILABLE_MIB + random.nextInt(1000) - 500
                    : 1 + random.nextInt(3_500_000);
            long gpus = 1 + random.nextInt(i % 10 == 0 ? 1000 : 16);
            long used = 1 + random.nextInt((int) gpus);
            int decimals = random.nextInt(7);
            long scale = (long) Math.pow(10, decimals);
            double u = (1 + random.nextInt((int) scale)) / (double) scale;
            if (random.nextInt(3) == 0) {
                // a quotient of exactly k gigabytes, and one a byte short of it: where truncation could tip
                long k = 1 + random.nextInt(3000);
                long bytes = Math.min(available, DramBudget.MAX_AVAILABLE_MIB) * 1_048_576L;
                u = Math.min(1.0, Math.round(k * 1e9 * gpus / (double) (bytes * used) * scale) / (double) scale);
                if (!(u > 0)) {
                    u = 1.0 / scale;
                }
            }
            long inLongs = DramBudget.inLongs(available, gpus, used, u);
            long inDecimals = DramBudget.inDecimals(available, gpus, used, u);
            if (inLongs >= 0) {
                inWholeNumbers++;
                assertEquals(inDecimals, inLongs, available + " " + gpus + " " + used + " " + u);
            }
            assertEquals(inDecimals, DramBudget.compute(available, gpus, used, u));
        }
        // only products beyond a long (many GPUs with six decimals) are left to decimals
        assertTrue(inWholeNumbers > 19_000, inWholeNumbers + " of 20000");
    }

    @Test
    void aBudgetOfWholeGigabytesIsKeptAndOneJustBelowIsTruncated() {
        // 1953125 MiB = 5^9 x 2^20 bytes = 2048 x 10^9 bytes exactly
        for (double u : new double[] {1.0, 0.5, 0.25, 0.125, 0.0625, 0.03125}) {
            long whole = Math.round(2048 * u);
            assertEquals(whole, DramBudget.inLongs(1_953_125, 8, 8, u), "u " + u);
            assertEquals(whole, DramBudget.inDecimals(1_953_125, 8, 8, u), "u " + u);
            // a MiB less is 2047.998951424 GB at u = 1: truncated, never rounded up
            assertEquals(DramBudget.inDecimals(1_953_124, 8, 8, u), DramBudget.inLongs(1_953_124, 8, 8, u), "u " + u);
            assertEquals(whole - 1, DramBudget.inLongs(1_953_124, 8, 8, u), "u " + u);
        }
        // 3 of 3 GPUs: the division by 3 is exact; 1 of 3 is not, 682.666... GB
        assertEquals(2048, DramBudget.inLongs(1_953_125, 3, 3, 1.0));
        assertEquals(682, DramBudget.inLongs(1_953_125, 3, 1, 1.0));
        assertEquals(682, DramBudget.inDecimals(1_953_125, 3, 1, 1.0));
    }

    @Test
    void multiNodeUsesThePrefillWorkersPerNodeFootprint() {
        // tp 2 divides the 4 GPUs of a node: 2 of 4 used.
        SearchEntry small = multiAgentic(worker(1, 2, 1, false), worker(1, 8, 1, false), "dram", HICACHE, list(1));
        assertEquals(308, budget("cluster:gb200-nv", small, 0.683));
        // tp 8 spans two whole nodes: every GPU of a node used.
        SearchEntry large = multiAgentic(worker(1, 8, 1, false), worker(1, 8, 1, false), "dram", HICACHE, list(1));
        assertEquals(616, budget("cluster:gb200-nv", large, 0.683));
    }

    @Test
    void runnerWithoutHardwareIsAnErrorNamingTheRunnerAndTheLabelsThatHaveIt() {
        ProblemException e = failure("b200", singleAgentic(8, "dram", HICACHE, "none", list(1)));
        Problem problem = e.problems().get(0);
        assertEquals("matrix.dram-no-hardware", problem.rule());
        assertTrue(problem.message().contains("'b200'"), problem.message());
        assertTrue(problem.message().contains("cluster:b200-dgxc, cluster:gb200-nv"), problem.message());
    }

    @Test
    void singleNodeMustFitOnOneNode() {
        ProblemException e = failure("cluster:gb200-nv", singleAgentic(8, "dram", HICACHE, "none", list(1)));
        assertEquals("matrix.dram-gpus", e.problems().get(0).rule());
        assertTrue(e.problems().get(0).message().contains("4 GPUs per node"), e.problems().get(0).message());
    }

    @Test
    void multiNodeFootprintMustBeWholeNodesOrDivideANode() {
        Worker six = new Worker(1, 6, 1, 1, 1, 1, false, null, null, Fixtures.AT);
        ProblemException spans = failure("cluster:gb200-nv",
                multiAgentic(six, worker(1, 4, 1, false), "dram", HICACHE, list(1)));
        assertTrue(spans.problems().get(0).message().contains("multiple of 4"), spans.problems().get(0).message());
        Worker three = new Worker(1, 3, 1, 1, 1, 1, false, null, null, Fixtures.AT);
        ProblemException divides = failure("cluster:gb200-nv",
                multiAgentic(three, worker(1, 4, 1, false), "dram", HICACHE, list(1)));
        assertTrue(divides.problems().get(0).message().contains("divisor of 4"), divides.problems().get(0).message());
    }

    @Test
    void errorsAreRaisedEvenForEntriesAFilterDrops() {
        // failure() filters on a concurrency no entry has; the budget error still surfaces.
        ProblemException e = failure("h200", singleAgentic(8, "dram", HICACHE, "none", list(1)));
        assertEquals(1, e.problems().size());
    }

    @Test
    void pipelineAndContextParallelismMultiplyTheGpusUsed() {
        // tp 1 x pp 2 x pcp-size 2 = the 4 GPUs of a node: the whole node's share
        SearchEntry single = new SearchEntry(1, 2, 1, 2, null, null, "none", null, null, list(1), null, null, "dram",
                HICACHE, Fixtures.AT);
        assertEquals(616, budget("cluster:gb200-nv", single, 0.683));
        Worker prefill = new Worker(1, 1, 2, 1, 2, 1, false, null, null, Fixtures.AT);
        SearchEntry multi = multiAgentic(prefill, worker(1, 4, 1, false), "dram", HICACHE, list(1));
        assertEquals(616, budget("cluster:gb200-nv", multi, 0.683));
        // tp 1 x pp 2 x pcp-size 1 = 2 of 4 GPUs: half
        Worker half = new Worker(1, 1, 2, 1, 1, 1, false, null, null, Fixtures.AT);
        assertEquals(308, budget("cluster:gb200-nv", multiAgentic(half, worker(1, 4, 1, false), "dram", HICACHE, list(1)),
                0.683));
    }
}
