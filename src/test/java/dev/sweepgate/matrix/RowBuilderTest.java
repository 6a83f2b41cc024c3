package dev.sweepgate.matrix;

import static dev.sweepgate.matrix.Fixtures.agentic;
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

import dev.sweepgate.config.Component;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.SearchEntry;
import dev.sweepgate.config.Worker;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The four row shapes, field by field and in the reference's order. */
class RowBuilderTest {

    private static List<Row> noEvals(MasterConfig config) {
        return MatrixGenerator.testConfig(Fixtures.set(config),
                new TestConfigOptions(List.of(config.key()), null, null, null, null, EvalMode.NONE));
    }

    @Test
    void singleNodeFixedRowPerConcurrency() {
        MasterConfig config = config("m-fp4-b200").with(fixed(8192, 1024, single(4, null, null, range(4, 8)))).build();
        List<Row> rows = noEvals(config);
        assertEquals(2, rows.size());
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("image", "img:m-fp4-b200");
        expected.put("model", "org/model");
        expected.put("model-prefix", "m");
        expected.put("precision", "fp4");
        expected.put("framework", "sglang");
        expected.put("runner", "b200");
        expected.put("isl", 8192);
        expected.put("osl", 1024);
        expected.put("tp", 4);
        expected.put("pp", 1);
        expected.put("dcp-size", 1);
        expected.put("pcp-size", 1);
        expected.put("conc", 4);
        expected.put("max-model-len", 9472);
        expected.put("ep", 1);
        expected.put("dp-attn", false);
        expected.put("spec-decoding", "none");
        expected.put("exp-name", "m_8k1k");
        expected.put("disagg", false);
        expected.put("run-eval", false);
        assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(rows.get(0).fields().entrySet()));
        assertEquals(8, rows.get(1).get("conc"));
    }

    @Test
    void otherSequenceLengthsAreNamedIslUnderscoreOsl() {
        MasterConfig config = config("m").with(fixed(2048, 512, single(1, 2, true, list(1)))).build();
        Row row = noEvals(config).get(0);
        assertEquals("m_2048_512", row.get("exp-name"));
        assertEquals(2048 + 512 + 256, row.get("max-model-len"));
        assertEquals(2, row.get("ep"));
        assertEquals(true, row.get("dp-attn"));
    }

    @Test
    void multiNodeFixedRowCarriesTheWholeConcurrencyListAndWorkers() {
        Worker prefill = new Worker(2, 4, 1, 1, 1, 4, true, "gb200", List.of("A=1"), Fixtures.AT);
        Worker decode = new Worker(1, 8, 2, 1, 1, 8, false, null, null, Fixtures.AT);
        MasterConfig config = config("m-dyn").runner("gb200").multinode(true, "nixl")
                .with(fixed(1024, 1024, multi(prefill, decode, range(1, 16)))).build();
        List<Row> rows = noEvals(config);
        assertEquals(1, rows.size());
        Row row = rows.get(0);
        assertEquals(List.of("image", "model", "model-prefix", "precision", "framework", "runner", "isl", "osl",
                "spec-decoding", "prefill", "decode", "conc", "max-model-len", "exp-name", "disagg", "run-eval",
                "kv-p2p-transfer"), new ArrayList<>(row.fields().keySet()));
        assertEquals(List.of(1, 2, 4, 8, 16), row.get("conc"));
        assertEquals(true, row.get("disagg"));
        assertEquals("nixl", row.get("kv-p2p-transfer"));
        assertEquals(Map.of("num-worker", 2, "tp", 4, "ep", 4, "dp-attn", true, "hardware", "gb200",
                "additional-settings", List.of("A=1"), "pp", 1, "dcp-size", 1, "pcp-size", 1), row.get("prefill"));
        // Keys not written stay absent; pp keeps its written value.
        assertEquals(Map.of("num-worker", 1, "tp", 8, "ep", 8, "dp-attn", false, "pp", 2, "dcp-size", 1,
                "pcp-size", 1), row.get("decode"));
    }

    @Test
    void singleNodeAgenticRowPerConcurrency() {
        MasterConfig config = config("m-agentic").runner("cluster:b200-dgxc")
                .with(agentic(0.95,
                        singleAgentic(8, "none", null, "mtp", list(1)),
                        singleAgentic(8, "dram", new Component("vllm-simple", null), "none", list(8))))
                .build();
        List<Row> rows = noEvals(config);
        assertEquals(List.of("image", "model", "model-prefix", "precision", "framework", "runner", "tp", "pp",
                "dcp-size", "pcp-size", "ep", "dp-attn", "spec-decoding", "conc", "kv-offloading",
                "total-cpu-dram-gb", "duration", "exp-name", "scenario-type"),
                new ArrayList<>(rows.get(0).fields().keySet()));
        assertEquals("m_tp8_conc1_kvnone_spec-mtp", rows.get(0).get("exp-name"));
        assertEquals(0L, rows.get(0).get("total-cpu-dram-gb"));
        assertEquals(3600, rows.get(0).get("duration"));
        assertEquals("agentic-coding", rows.get(0).get("scenario-type"));
        assertFalse(rows.get(0).has("run-eval"), "agentic rows carry no run-eval with --no-evals");
        assertFalse(rows.get(0).has("disagg"));
        assertEquals("m_tp8_conc8_kvdram-vllm-simple", rows.get(1).get("exp-name"));
        assertEquals(Map.of("name", "vllm-simple"), rows.get(1).get("kv-offload-backend"));
        assertEquals(2849L, rows.get(1).get("total-cpu-dram-gb"));
    }

    @Test
    void multiNodeAgenticRowPerConcurrencyWithOneElementList() {
        SearchEntry entry = multiAgentic(worker(2, 8, 16, true), worker(0, 8, 1, false), null, null, list(4, 32));
        MasterConfig config = config("m-agentic-mn").runner("cluster:gb200-nv").multinode(false, null)
                .with(agentic(null, entry)).build();
        List<Row> rows = noEvals(config);
        assertEquals(2, rows.size());
        assertEquals(List.of("image", "model", "model-prefix", "precision", "framework", "runner", "spec-decoding",
                "prefill", "decode", "conc", "kv-offloading", "total-cpu-dram-gb", "duration", "exp-name", "disagg",
                "scenario-type"), new ArrayList<>(rows.get(0).fields().keySet()));
        assertEquals(List.of(4), rows.get(0).get("conc"));
        assertEquals("none", rows.get(0).get("kv-offloading"));
        assertEquals("m_p2x8ep16dpa_d0x8_conc4", rows.get(0).get("exp-name"));
        assertEquals("m_p2x8ep16dpa_d0x8_conc32", rows.get(1).get("exp-name"));
    }

    @Test
    void multiNodeAgenticNameCarriesTheKvTagOnlyWhenOffloading() {
        SearchEntry entry = multiAgentic(worker(1, 4, 1, false), worker(1, 4, 1, false), "dram",
                new Component("hicache", null), list(8));
        MasterConfig config = config("q").prefix("qwen3.5").runner("cluster:gb200-nv").multinode(true, "mooncake")
                .with(agentic(0.8, entry)).build();
        Row row = noEvals(config).get(0);
        assertEquals("qwen3.5_p1x4_d1x4_conc8_kvdram-hicache", row.get("exp-name"));
        assertEquals("mooncake", row.get("kv-p2p-transfer"));
    }

    @Test
    void entryRouterWinsOverTheConfigsAndTransferOnlyOnMultiNodeRows() {
        Component configRouter = new Component("config-router", "1");
        Component entryRouter = new Component("entry-router", "2");
        SearchEntry withRouter = new SearchEntry(4, 1, 1, 1, null, null, "none", entryRouter, null, list(1), null,
                null, null, null, Fixtures.AT);
        MasterConfig config = config("m").router(configRouter)
                .with(fixed(1024, 1024, single(4, null, null, list(1)), withRouter)).build();
        List<Row> rows = noEvals(config);
        assertEquals(Map.of("name", "config-router", "version", "1"), rows.get(0).get("router"));
        assertEquals(Map.of("name", "entry-router", "version", "2"), rows.get(1).get("router"));
        assertFalse(rows.get(0).has("kv-p2p-transfer"));

        SearchEntry entryTransfer = new SearchEntry(null, 1, 1, 1, null, null, "none", null, "mori", list(1),
                worker(1, 8, 1, false), worker(1, 8, 1, false), null, null, Fixtures.AT);
        MasterConfig multi = config("mn").runner("gb200").multinode(true, null)
                .with(fixed(1024, 1024, entryTransfer)).build();
        assertEquals("mori", noEvals(multi).get(0).get("kv-p2p-transfer"));
    }

    @Test
    void fixedScenariosComeBeforeAgenticOnesWhateverTheOrderWritten() {
        MasterConfig config = config("m").runner("cluster:b200-dgxc")
                .with(agentic(null, singleAgentic(8, "none", null, "none", list(1))))
                .with(fixed(1024, 1024, single(8, null, null, list(2))))
                .build();
        List<Row> rows = noEvals(config);
        assertEquals(List.of(2, 1), Fixtures.column(rows, "conc"));
    }
}
