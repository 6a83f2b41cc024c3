package dev.sweepgate.config;

import static dev.sweepgate.config.ConfigLoaderTest.agenticSingle;
import static dev.sweepgate.config.ConfigLoaderTest.load;
import static dev.sweepgate.config.ConfigLoaderTest.problems;
import static dev.sweepgate.config.ConfigLoaderTest.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Shapes of a master config the binder refuses, each with the line and words its author reads. */
class MasterConfigBinderTest {
    private static final String ITEM = "dram-utilization: 0.9";

    /** line: rule, for every problem of a refused config. */
    private static List<String> refused(String master) {
        return problems(master).stream().map(p -> p.line() + ": " + p.rule()).toList();
    }

    private static String message(String master, String rule) {
        return problems(master).stream().filter(p -> p.rule().equals(rule)).findFirst().orElseThrow().message();
    }

    @Test
    void aConfigMustBeAMappingOfFields() {
        assertEquals(List.of("1: config.type"), refused("sn: 5\n"));
        assertTrue(message("sn: 5\n", "config.type").contains("must be a mapping of fields, got the integer 5"));
    }

    @Test
    void scenarioItemsAndSearchSpaceEntriesMustBeMappings() {
        String fixedItem = single("{ tp: 8, conc-list: [4] }").replaceFirst("(?s)fixed-seq-len:\n.*", "fixed-seq-len: [5]\n");
        assertTrue(message(fixedItem, "config.type").startsWith("items of fixed-seq-len in "), fixedItem);
        assertEquals(List.of("14: config.type"), refused(single("5")));
        assertTrue(message(single("5"), "config.type").startsWith("search-space entries in "));
        String agenticItem = agenticSingle(ITEM, "{ tp: 8, kv-offloading: none, conc-list: [4] }")
                .replaceFirst("(?s)agentic-coding:\n.*", "agentic-coding: [5]\n");
        assertTrue(message(agenticItem, "config.type").startsWith("items of agentic-coding in "), agenticItem);
        assertTrue(message(agenticSingle(ITEM, "5"), "config.type").startsWith("search-space entries in "));
    }

    @Test
    void unknownFieldsAreReportedAtEveryLevel() {
        assertEquals(List.of("14: config.unknown-field"), refused(single("{ tp: 8, conc-list: [4], tpp: 2 }")));
        assertEquals(List.of("12: config.unknown-field"),
                refused(single("{ tp: 8, conc-list: [4] }").replace("- isl: 1024", "- isl: 1024\n      islx: 1")));
        assertEquals(List.of("12: config.unknown-field"), refused(agenticSingle(ITEM + "\n      foo: 1",
                "{ tp: 8, kv-offloading: none, conc-list: [4] }")));
    }

    @Test
    void multiNodeFieldsInASingleNodeEntryNameTheRealCause() {
        assertTrue(message(single("{ tp: 8, conc-list: [4], kv-p2p-transfer: nixl }"), "config.transfer-single-node")
                .contains("needs multinode: true; remove it from this single-node entry"));
        String withWorker = single("{ tp: 8, conc-list: [4], prefill: { num-worker: 1, tp: 4, ep: 4, dp-attn: true } }");
        assertTrue(message(withWorker, "config.form").startsWith("`prefill` in a search-space entry of "), withWorker);
        assertTrue(message(withWorker, "config.form").endsWith("needs multinode: true; single-node entries set tp directly"));
        assertTrue(message(agenticSingle(ITEM, "{ tp: 8, kv-offloading: none, kv-p2p-transfer: nixl, conc-list: [4] }"),
                "config.transfer-single-node").endsWith("needs multinode: true; remove it"));
    }

    @Test
    void aHalfRangeOfConcurrencySaysWhichHalfIsMissing() {
        assertTrue(message(single("{ tp: 8, conc-start: 4 }"), "config.concurrency")
                .contains("sets conc-start without conc-end: give both, or use conc-list"));
        assertTrue(message(single("{ tp: 8, conc-end: 4 }"), "config.concurrency")
                .contains("sets conc-end without conc-start: give both, or use conc-list"));
    }

    @Test
    void theEnumFieldsKeepTheValueWritten() {
        SearchEntry fixed = load(single("{ tp: 8, conc-list: [4], spec-decoding: mtp }")).configs().get(0).fixedSeqLen()
                .get(0).searchSpace().get(0);
        assertEquals("mtp", fixed.specDecoding());
        SearchEntry agentic = load(agenticSingle(ITEM, "{ tp: 8, kv-offloading: none, conc-list: [4] }")).configs().get(0)
                .agenticCoding().get(0).searchSpace().get(0);
        assertEquals("none", agentic.kvOffloading());
        assertTrue(message(single("{ tp: 8, conc-list: [4], spec-decoding: eagle9 }"), "config.spec-decoding")
                .contains("is `eagle9`; it must be one of "));
    }
}
