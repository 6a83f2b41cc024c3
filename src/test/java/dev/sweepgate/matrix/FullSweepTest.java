package dev.sweepgate.matrix;

import static dev.sweepgate.matrix.Fixtures.agentic;
import static dev.sweepgate.matrix.Fixtures.column;
import static dev.sweepgate.matrix.Fixtures.config;
import static dev.sweepgate.matrix.Fixtures.fixed;
import static dev.sweepgate.matrix.Fixtures.list;
import static dev.sweepgate.matrix.Fixtures.multi;
import static dev.sweepgate.matrix.Fixtures.range;
import static dev.sweepgate.matrix.Fixtures.single;
import static dev.sweepgate.matrix.Fixtures.singleAgentic;
import static dev.sweepgate.matrix.Fixtures.worker;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.UsageException;
import dev.sweepgate.problem.UsageException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FullSweepTest {
    private static final MasterConfig DSR1_B200 = config("dsr1-fp4-b200-sglang").prefix("dsr1")
            .with(fixed(1024, 1024, single(4, null, null, range(1, 4))))
            .with(fixed(8192, 1024, single(8, 8, true, list(64)))).build();
    private static final MasterConfig DSV4_H200 = config("dsv4-fp8-h200-vllm").prefix("dsv4").runner("h200")
            .precision("fp8").framework("vllm")
            .with(fixed(1024, 1024, single(8, null, null, list(2)))).build();
    private static final MasterConfig GLM_MULTI = config("glm5-fp8-gb200-dynamo").prefix("glm5").runner("gb200")
            .precision("fp8").framework("dynamo-sglang").multinode(true, "nixl")
            .with(fixed(8192, 1024, multi(worker(1, 4, 1, false), worker(1, 8, 1, false), range(4, 128)))).build();
    private static final MasterConfig AGENTIC = config("dsr1-fp4-b200-agentic").prefix("dsr1")
            .runner("cluster:b200-dgxc")
            .with(agentic(null, singleAgentic(8, "none", null, "none", list(2, 8, 32)))).build();
    private static final ConfigSet ALL = Fixtures.set(DSR1_B200, DSV4_H200, GLM_MULTI, AGENTIC);

    private static Builder options() {
        return new Builder();
    }

    /** Changes one option at a time from "everything, no evals". */
    private static final class Builder {
        List<String> prefixes;
        Set<String> precisions;
        Set<String> frameworks;
        Set<String> runnerTypes;
        Set<String> seqLens;
        Set<ScenarioType> scenarios;
        boolean single;
        boolean multi;
        String nodeFilter;
        int step = 2;
        Integer minConc;
        Integer maxConc;
        Integer maxTp;
        Integer maxEp;

        List<Row> run(ConfigSet configs) {
            return MatrixGenerator.fullSweep(configs, new FullSweepOptions(prefixes, precisions, frameworks,
                    runnerTypes, seqLens, scenarios, single, multi, nodeFilter, step, minConc, maxConc, maxTp, maxEp,
                    EvalMode.NONE));
        }

        List<Row> run() {
            return run(ALL);
        }
    }

    private static List<String> names(List<Row> rows) {
        return rows.stream().map(r -> r.get("model-prefix") + "@" + r.get("conc")).toList();
    }

    @Test
    void everythingInLoadOrder() {
        assertEquals(List.of("dsr1@1", "dsr1@2", "dsr1@4", "dsr1@64", "dsv4@2", "glm5@[4, 8, 16, 32, 64, 128]",
                "dsr1@2", "dsr1@8", "dsr1@32"), names(options().run()));
    }

    @Test
    void modelPrefixMatchesTheStartOfTheKey() {
        Builder b = options();
        b.prefixes = List.of("dsv4", "glm");
        assertEquals(List.of("dsv4@2", "glm5@[4, 8, 16, 32, 64, 128]"), names(b.run()));
    }

    @Test
    void precisionAndFramework() {
        Builder b = options();
        b.precisions = Set.of("fp8");
        assertEquals(2, b.run().size());
        b.frameworks = Set.of("vllm");
        assertEquals(List.of("dsv4@2"), names(b.run()));
    }

    @Test
    void runnerTypeKeepsThatLabelAndRefusesUnknownOnes() {
        Builder b = options();
        b.runnerTypes = Set.of("h200", "gb200");
        assertEquals(List.of("dsv4@2", "glm5@[4, 8, 16, 32, 64, 128]"), names(b.run()));
        b.runnerTypes = Set.of("nosuchrunner");
        UsageException e = assertThrows(UsageException.class, b::run);
        assertTrue(e.getMessage().contains("nosuchrunner"));
        assertTrue(e.getMessage().contains("b200, cluster:b200-dgxc, cluster:gb200-nv, gb200, h200"), e.getMessage());
        b.runnerTypes = Set.of("h20");
        assertTrue(assertThrows(UsageException.class, b::run).getMessage().contains("did you mean h200"));
    }

    @Test
    void seqLensFilterFixedRowsOnlyAndKeepAgenticRows() {
        Builder b = options();
        b.seqLens = Set.of("8k1k");
        assertEquals(List.of("dsr1@64", "glm5@[4, 8, 16, 32, 64, 128]", "dsr1@2", "dsr1@8", "dsr1@32"),
                names(b.run()));
    }

    @Test
    void scenarioType() {
        Builder b = options();
        b.scenarios = Set.of(ScenarioType.AGENTIC_CODING);
        assertEquals(List.of("dsr1@2", "dsr1@8", "dsr1@32"), names(b.run()));
    }

    @Test
    void singleAndMultiNode() {
        Builder b = options();
        b.multi = true;
        assertEquals(List.of("glm5@[4, 8, 16, 32, 64, 128]"), names(b.run()));
        b.single = true;
        assertEquals(9, b.run().size());
        b.multi = false;
        assertEquals(8, b.run().size());
    }

    @Test
    void runnerNodeFilterExpandsRowsOverMatchingNodesKeepingDuplicates() {
        Builder b = options();
        b.nodeFilter = "nv_";
        List<Row> rows = b.run();
        // b200 has b200-nv_0, b200-nv_1 and b200-nv_0 again; h200 has no match and is skipped.
        assertEquals(List.of("b200-nv_0", "b200-nv_1", "b200-nv_0", "b200-nv_0", "b200-nv_1", "b200-nv_0"),
                column(rows.subList(0, 6), "runner"));
        assertEquals(1, rows.get(0).get("conc"));
        assertEquals(2, rows.get(3).get("conc"));
        assertEquals("gb200-nv_0", rows.get(12).get("runner"));
        assertEquals(13, rows.size());
        b.nodeFilter = "";
        assertEquals(9, b.run().size());
    }

    @Test
    void stepSizeAndItsLowerBound() {
        Builder b = options();
        b.step = 4;
        assertEquals(List.of(4, 16, 64, 128), GLM_ROW_CONCS(b.run()));
        b.step = 1;
        assertThrows(UsageException.class, b::run);
    }

    @SuppressWarnings("unchecked")
    private static List<Integer> GLM_ROW_CONCS(List<Row> rows) {
        return (List<Integer>) rows.stream().filter(r -> r.get("model-prefix").equals("glm5")).findFirst()
                .orElseThrow().get("conc");
    }

    @Test
    void minAboveMaxIsAUsageError() {
        Builder b = options();
        b.minConc = 64;
        b.maxConc = 8;
        assertThrows(UsageException.class, b::run);
    }

    @Test
    void singleNodeRangeIsNarrowedBeforeExpansion() {
        MasterConfig config = config("r").with(fixed(1024, 1024, single(4, null, null, range(4, 100)))).build();
        Builder b = options();
        b.minConc = 10;
        b.maxConc = 50;
        assertEquals(List.of(10, 20, 40, 50), column(b.run(Fixtures.set(config)), "conc"));
        b.minConc = 200;
        b.maxConc = null;
        assertEquals(List.of(), b.run(Fixtures.set(config)), "conc-end below min-conc skips the entry");
        b.minConc = null;
        b.maxConc = 2;
        assertEquals(List.of(2), column(b.run(Fixtures.set(config)), "conc"), "start above max-conc runs max-conc");
        b.maxConc = 0;
        assertEquals(List.of(), b.run(Fixtures.set(config)));
        b.maxConc = null;
        b.minConc = 0;
        assertEquals(List.of(), b.run(Fixtures.set(config)), "a min-conc of 0 skips fixed entries");
    }

    @Test
    void aRangeEndingAtMinConcRunsThatValue() {
        MasterConfig config = config("r").with(fixed(1024, 1024, single(4, null, null, range(4, 100)))).build();
        Builder b = options();
        b.minConc = 100;
        assertEquals(List.of(100), column(b.run(Fixtures.set(config)), "conc"));
        b.minConc = 101;
        assertEquals(List.of(), b.run(Fixtures.set(config)));
    }

    @Test
    void singleNodeListFallsBackToMaxConc() {
        MasterConfig config = config("l").with(fixed(1024, 1024, single(4, null, null, list(64, 8, 128)))).build();
        Builder b = options();
        b.maxConc = 32;
        assertEquals(List.of(8), column(b.run(Fixtures.set(config)), "conc"));
        b.maxConc = 4;
        assertEquals(List.of(4), column(b.run(Fixtures.set(config)), "conc"));
        b.maxConc = null;
        b.minConc = 256;
        assertEquals(List.of(), b.run(Fixtures.set(config)));
    }

    @Test
    void multiNodeConcurrencyFilters() {
        Builder b = options();
        b.minConc = 16;
        b.maxConc = 64;
        assertEquals(List.of(16, 32, 64), GLM_ROW_CONCS(b.run()));
        b.minConc = null;
        b.maxConc = 2;
        assertEquals(List.of(2), GLM_ROW_CONCS(b.run()), "nothing left: max-conc itself");
        b.minConc = 300;
        b.maxConc = null;
        assertTrue(b.run().stream().noneMatch(r -> r.get("model-prefix").equals("glm5")));
    }

    @Test
    void agenticRowsKeepValuesWithinTheBoundsOnly() {
        Builder b = options();
        b.minConc = 4;
        b.maxConc = 16;
        b.scenarios = Set.of(ScenarioType.AGENTIC_CODING);
        assertEquals(List.of(8), column(b.run(), "conc"));
        b.minConc = 64;
        b.maxConc = null;
        assertEquals(List.of(), b.run());
    }

    @Test
    void agenticBoundsAreInclusive() {
        Builder b = options();
        b.scenarios = Set.of(ScenarioType.AGENTIC_CODING);
        b.minConc = 2;
        b.maxConc = 32;
        assertEquals(List.of(2, 8, 32), column(b.run(), "conc"));
        b.minConc = 8;
        b.maxConc = 8;
        assertEquals(List.of(8), column(b.run(), "conc"));
    }

    @Test
    void maxTpSkipsLargerSingleNodeEntriesAndMaxEpCapsEp() {
        Builder b = options();
        b.maxTp = 4;
        assertEquals(List.of("dsr1@1", "dsr1@2", "dsr1@4", "glm5@[4, 8, 16, 32, 64, 128]", "dsr1@2", "dsr1@8",
                "dsr1@32"), names(b.run()));
        b.maxTp = null;
        b.maxEp = 2;
        List<Row> rows = b.run();
        assertEquals(2, rows.get(3).get("ep"), "ep 8 is capped at 2");
        assertEquals(1, rows.get(0).get("ep"));
        b.maxEp = 0;
        assertEquals(List.of("glm5@[4, 8, 16, 32, 64, 128]", "dsr1@2", "dsr1@8", "dsr1@32"), names(b.run()));
    }

    @Test
    void theBoundsOfTheFiltersAreInclusiveAndZeroSkips() {
        MasterConfig config = config("l").with(fixed(1024, 1024, single(4, 2, null, list(8, 16)))).build();
        Builder b = options();
        b.maxTp = 4;
        assertEquals(List.of(8, 16), column(b.run(Fixtures.set(config)), "conc"), "max-tp equal to tp keeps the entry");
        b.maxTp = 3;
        assertEquals(List.of(), b.run(Fixtures.set(config)));
        b.maxTp = null;
        b.minConc = 16;
        b.maxConc = 16;
        assertEquals(List.of(16), column(b.run(Fixtures.set(config)), "conc"), "min-conc and max-conc are inclusive");
        b.maxConc = null;
        b.minConc = 0;
        assertEquals(List.of(), b.run(Fixtures.set(config)), "a min-conc of 0 skips a list too");
        b.minConc = null;
        b.maxConc = 0;
        assertEquals(List.of(), b.run(Fixtures.set(config)), "a max-conc of 0 has no value to fall back to");
        assertTrue(b.run().stream().noneMatch(r -> r.get("model-prefix").equals("glm5")), "nor for a multi-node entry");
    }
}
