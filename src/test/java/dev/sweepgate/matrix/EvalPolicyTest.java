package dev.sweepgate.matrix;

import static dev.sweepgate.matrix.Fixtures.agentic;
import static dev.sweepgate.matrix.Fixtures.column;
import static dev.sweepgate.matrix.Fixtures.config;
import static dev.sweepgate.matrix.Fixtures.fixed;
import static dev.sweepgate.matrix.Fixtures.list;
import static dev.sweepgate.matrix.Fixtures.multi;
import static dev.sweepgate.matrix.Fixtures.multiAgentic;
import static dev.sweepgate.matrix.Fixtures.range;
import static dev.sweepgate.matrix.Fixtures.single;
import static dev.sweepgate.matrix.Fixtures.singleAgentic;
import static dev.sweepgate.matrix.Fixtures.worker;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.SearchEntry;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class EvalPolicyTest {

    private static List<Row> rows(EvalMode mode, MasterConfig... configs) {
        List<String> keys = Arrays.stream(configs).map(MasterConfig::key).toList();
        return MatrixGenerator.testConfig(Fixtures.set(configs), new TestConfigOptions(keys, null, null, null, null, mode));
    }

    private static List<Object> marked(List<Row> rows) {
        return rows.stream().filter(r -> Boolean.TRUE.equals(r.get("run-eval"))).map(r -> r.get("conc")).toList();
    }

    @Test
    void singleNodeFixedMarksTheLargestAndTheMedianConcurrencyFrom16Up() {
        MasterConfig config = config("m").with(fixed(8192, 1024, single(4, null, null, range(1, 256)))).build();
        List<Row> rows = rows(EvalMode.MARK, config);
        // eligible 16 32 64 128 256: median (index 5/2 = 2) is 64, largest 256
        assertEquals(List.of(64, 256), marked(rows));
        assertEquals(9, rows.size());
        assertFalse(rows.get(0).has("eval-conc"));
    }

    @Test
    void ofAnEvenNumberOfConcurrenciesTheUpperMedianIsMarked() {
        MasterConfig config = config("m").with(fixed(8192, 1024, single(4, null, null, range(16, 128)))).build();
        // eligible 16 32 64 128: the median is the one at index 4/2 = 2, 64
        assertEquals(List.of(64, 128), marked(rows(EvalMode.MARK, config)));
    }

    @Test
    void singleNodeFixedGroupsIgnoreTpButSplitOnDpAttention() {
        MasterConfig config = config("m").with(fixed(8192, 1024,
                single(4, null, null, list(16, 32)),
                single(8, null, null, list(64)),
                single(8, 8, true, list(16)))).build();
        // tp4 and tp8 share a group: distinct 16 32 64, median 32, largest 64; dp-attn 16 is alone.
        assertEquals(List.of(32, 64, 16), marked(rows(EvalMode.MARK, config)));
    }

    @Test
    void onlyEightKOneKRowsAreMarked() {
        MasterConfig config = config("m").with(fixed(1024, 1024, single(4, null, null, list(16, 64)))).build();
        assertEquals(List.of(), marked(rows(EvalMode.MARK, config)));
    }

    @Test
    void multiNodeFixedMarksTheFirstRowHoldingTheHighestConcurrency() {
        MasterConfig config = config("mn").runner("gb200").multinode(true, "nixl").with(fixed(8192, 1024,
                multi(worker(1, 4, 1, false), worker(1, 8, 1, false), list(1, 8)),
                multi(worker(1, 4, 1, false), worker(1, 8, 1, false), list(32, 64)),
                multi(worker(1, 4, 1, false), worker(1, 8, 1, false), list(64)),
                multi(worker(2, 4, 1, false), worker(1, 8, 1, false), list(4, 8)))).build();
        List<Row> rows = rows(EvalMode.MARK, config);
        assertEquals(List.of(false, true, false, false), column(rows, "run-eval"));
        assertEquals(64, rows.get(1).get("eval-conc"));
        List<String> fields = List.copyOf(rows.get(1).fields().keySet());
        assertEquals("eval-conc", fields.get(fields.size() - 1), "eval-conc goes last; run-eval keeps its place");
        assertEquals(List.copyOf(rows.get(0).fields().keySet()), fields.subList(0, fields.size() - 1));
        assertFalse(rows.get(3).has("eval-conc"), "a setup below 16 is not evaluated");
    }

    @Test
    void agenticRowsAreMarkedOnlyWithEvalsOnly() {
        MasterConfig config = config("a").runner("cluster:b200-dgxc")
                .with(agentic(null, singleAgentic(8, "none", null, "none", list(4, 64, 64, 8)))).build();
        assertEquals(List.of(false, false, false, false), column(rows(EvalMode.MARK, config), "run-eval"));
        List<Row> evals = rows(EvalMode.EVALS_ONLY, config);
        assertEquals(1, evals.size());
        assertEquals(64, evals.get(0).get("conc"));
        assertEquals(true, evals.get(0).get("eval-only"));
        assertFalse(evals.get(0).has("eval-conc"));
    }

    @Test
    void multiNodeAgenticUsesTheMultiNodeRuleWithItsFloor() {
        SearchEntry entry = multiAgentic(worker(1, 4, 1, false), worker(1, 4, 1, false), null, null, list(8, 32, 16));
        SearchEntry small = multiAgentic(worker(2, 4, 1, false), worker(1, 4, 1, false), null, null, list(1, 2));
        MasterConfig config = config("ma").runner("cluster:gb200-nv").multinode(false, null)
                .with(agentic(null, entry, small)).build();
        List<Row> evals = rows(EvalMode.EVALS_ONLY, config);
        assertEquals(1, evals.size());
        assertEquals(List.of(32), evals.get(0).get("conc"));
        assertEquals(32, evals.get(0).get("eval-conc"));
        // run-eval is new to an agentic row: it goes last, and eval-conc after it
        List<String> fields = List.copyOf(evals.get(0).fields().keySet());
        assertEquals(List.of("run-eval", "eval-conc", "eval-only"), fields.subList(fields.size() - 3, fields.size()));
    }

    @Test
    void evalsOnlyKeepsMarkedRowsOnly() {
        MasterConfig config = config("m").with(fixed(8192, 1024, single(4, null, null, range(1, 64)))).build();
        List<Row> rows = rows(EvalMode.EVALS_ONLY, config);
        assertEquals(List.of(32, 64), column(rows, "conc"));
        assertEquals(List.of(true, true), column(rows, "eval-only"));
    }

    @Test
    void noEvalsLeavesFixedRowsFalseAndAgenticRowsWithoutTheKey() {
        MasterConfig fixedConfig = config("m").with(fixed(8192, 1024, single(4, null, null, range(1, 64)))).build();
        MasterConfig agenticConfig = config("a").runner("cluster:b200-dgxc")
                .with(agentic(null, singleAgentic(8, "none", null, "none", list(64)))).build();
        List<Row> rows = rows(EvalMode.NONE, fixedConfig, agenticConfig);
        assertEquals(8, rows.size());
        rows.subList(0, 7).forEach(r -> assertEquals(false, r.get("run-eval")));
        assertFalse(rows.get(7).has("run-eval"));
    }

    @Test
    void allEvalsTakesEverySingleNodeAgenticAndEightKOneKRow() {
        MasterConfig config = config("m").runner("cluster:b200-dgxc")
                .with(fixed(8192, 1024, single(4, null, null, list(1, 2))))
                .with(fixed(1024, 1024, single(4, null, null, list(64))))
                .with(agentic(null, singleAgentic(8, "none", null, "none", list(1, 2)))).build();
        List<Row> rows = rows(EvalMode.ALL_EVALS, config);
        assertEquals(List.of(1, 2, 1, 2), column(rows, "conc"));
        rows.forEach(r -> assertEquals(true, r.get("eval-only")));
    }

    @Test
    void allEvalsMergesMultiNodeFixedSetupsWithEvalAllConcs() {
        MasterConfig config = config("mn").runner("gb200").multinode(true, "nixl").with(fixed(8192, 1024,
                multi(worker(1, 4, 1, false), worker(1, 8, 1, false), list(64, 8)),
                multi(worker(2, 4, 1, false), worker(1, 8, 1, false), list(4)),
                multi(worker(1, 4, 1, false), worker(1, 8, 1, false), list(1, 8, 32)))).build();
        List<Row> rows = rows(EvalMode.ALL_EVALS, config);
        assertEquals(2, rows.size());
        assertEquals(List.of(1, 8, 32, 64), rows.get(0).get("conc"));
        assertEquals(true, rows.get(0).get("eval-all-concs"));
        assertFalse(rows.get(0).has("eval-conc"), "merged fixed rows evaluate every concurrency");
        assertEquals(List.of(4), rows.get(1).get("conc"));
        assertEquals(true, rows.get(1).get("run-eval"));
    }

    @Test
    void allEvalsMergesMultiNodeAgenticSetupsWithTheirHighestConcurrency() {
        SearchEntry entry = multiAgentic(worker(1, 4, 1, false), worker(0, 4, 1, false), null, null, list(12, 1, 4));
        MasterConfig config = config("ma").runner("cluster:gb200-nv").multinode(false, null)
                .with(agentic(null, entry)).build();
        List<Row> rows = rows(EvalMode.ALL_EVALS, config);
        assertEquals(1, rows.size());
        assertEquals(List.of(1, 4, 12), rows.get(0).get("conc"));
        assertEquals(12, rows.get(0).get("eval-conc"));
        assertEquals("m_p1x4_d0x4_conc12", rows.get(0).get("exp-name"), "the first row's name is kept");
        assertFalse(rows.get(0).has("eval-all-concs"));
    }

    @Test
    void allEvalsDropsOneKOneKMultiNodeRows() {
        MasterConfig config = config("mn").runner("gb200").multinode(true, "nixl").with(fixed(1024, 1024,
                multi(worker(1, 4, 1, false), worker(1, 8, 1, false), list(64)))).build();
        assertEquals(List.of(), rows(EvalMode.ALL_EVALS, config));
    }
}
