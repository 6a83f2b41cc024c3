package dev.sweepgate.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.yaml.SourceFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every rule of configs.md, each with an accepted and a rejected example. */
class ConfigLoaderTest {
    static final String RUNNERS = """
            labels:
              h200: [h200-a, h200-b]
              cluster:h200: [h200-c]
              h200-multinode: [h200-m]
            hardware:
              cluster:h200: {available-cpu-dram-mib: 2000000, gpus-per-node: 8}
            """;

    static final String SINGLE = """
            sn:
              image: img:1
              model: org/model
              model-prefix: m
              precision: fp8
              framework: sglang
              runner: h200
              multinode: false
              scenarios:
                fixed-seq-len:
                - isl: 1024
                  osl: 1024
                  search-space:
                  - %s
            """;

    static final String MULTI = """
            mn:
              image: img:1
              model: org/model
              model-prefix: m
              precision: fp8
              framework: dynamo
              runner: h200-multinode
              multinode: true
              %s
              scenarios:
                fixed-seq-len:
                - isl: 8192
                  osl: 1024
                  search-space:
                  - %s
            """;

    static final String AGENTIC = """
            ag:
              image: img:1
              model: org/model
              model-prefix: m
              precision: fp8
              framework: sglang
              runner: %s
              multinode: %s
              scenarios:
                agentic-coding:
                - %s
                  search-space:
                  - %s
            """;

    static final String WORKERS = "prefill: {num-worker: 1, tp: 4, ep: 4, dp-attn: true}, decode: {num-worker: 1, tp: 8, ep: 8, dp-attn: false}";

    static ConfigSet load(String master) {
        return load(master, RUNNERS);
    }

    static ConfigSet load(String master, String runners) {
        return ConfigLoader.load(List.of(source("configs/a.yaml", master)), source("configs/runners.yaml", runners));
    }

    static SourceFile source(String name, String text) {
        return new SourceFile(name, text.getBytes(StandardCharsets.UTF_8));
    }

    static List<Problem> problems(String master) {
        return problems(master, RUNNERS);
    }

    static List<Problem> problems(String master, String runners) {
        ProblemException e = assertThrows(ProblemException.class, () -> load(master, runners));
        return e.problems();
    }

    static void assertRejected(String master, String rule) {
        List<Problem> problems = problems(master);
        assertTrue(problems.stream().anyMatch(p -> p.rule().equals(rule)),
                () -> "expected rule " + rule + " among " + problems);
    }

    static String single(String entry) {
        return SINGLE.formatted(entry);
    }

    static String multi(String topLevel, String entry) {
        return MULTI.formatted(topLevel, entry);
    }

    static String agenticSingle(String item, String entry) {
        return AGENTIC.formatted("cluster:h200", "false", item, entry);
    }

    @Test
    void theEmbeddedConfigsAreValid() throws Exception {
        Path root = Path.of("").toAbsolutePath();
        ConfigSet set = ConfigLoader.load(
                List.of(new SourceFile("configs/amd-master.yaml", Files.readAllBytes(root.resolve("configs/amd-master.yaml"))),
                        new SourceFile("configs/nvidia-master.yaml", Files.readAllBytes(root.resolve("configs/nvidia-master.yaml")))),
                new SourceFile("configs/runners.yaml", Files.readAllBytes(root.resolve("configs/runners.yaml"))));
        assertTrue(set.configs().size() > 100);
        assertTrue(set.runners().labels().containsKey("h200"));
        // the bytes problems quote their lines from, by the names problems give the files
        assertEquals(java.util.Set.of("configs/amd-master.yaml", "configs/nvidia-master.yaml", "configs/runners.yaml"),
                set.sources().keySet());
        assertTrue(java.util.Arrays.equals(Files.readAllBytes(root.resolve("configs/runners.yaml")),
                set.sources().get("configs/runners.yaml")));
    }

    /** The base of a change, loaded against its head's parse in the same run, is what loading it alone gives. */
    @Test
    void aBaseLoadedAgainstItsHeadIsTheBaseLoadedAlone() throws Exception {
        Path root = Path.of("").toAbsolutePath();
        byte[] nvidia = Files.readAllBytes(root.resolve("configs/nvidia-master.yaml"));
        byte[] runners = Files.readAllBytes(root.resolve("configs/runners.yaml"));
        String text = new String(nvidia, StandardCharsets.UTF_8);
        int at = text.indexOf("conc-list: [", text.length() / 3);
        byte[] changed = (text.substring(0, at) + "conc-list: [2, " + text.substring(at + "conc-list: [".length()))
                .getBytes(StandardCharsets.UTF_8);
        List<SourceFile> head = List.of(new SourceFile("configs/nvidia-master.yaml", nvidia),
                new SourceFile("configs/runners.yaml", runners));
        List<SourceFile> base = List.of(new SourceFile("configs/nvidia-master.yaml@main", changed),
                new SourceFile("configs/runners.yaml@main", runners));
        dev.sweepgate.concurrent.Memo run = new dev.sweepgate.concurrent.Memo();
        ConfigLoader.load(head.subList(0, 1), head.get(1), run);
        ConfigSet against = ConfigLoader.load(base.subList(0, 1), base.get(1), run, head);
        ConfigSet alone = ConfigLoader.load(base.subList(0, 1), base.get(1));
        assertEquals(alone.configs(), against.configs());
        assertEquals(alone.runners(), against.runners());
        assertEquals(alone.sources().keySet(), against.sources().keySet());
        // a base that breaks the rules reports what loading it alone reports
        byte[] broken = text.replaceFirst("multinode: false", "multinode: maybe").getBytes(StandardCharsets.UTF_8);
        List<SourceFile> brokenBase = List.of(new SourceFile("configs/nvidia-master.yaml@main", broken), base.get(1));
        ProblemException expected = assertThrows(ProblemException.class,
                () -> ConfigLoader.load(brokenBase.subList(0, 1), brokenBase.get(1)));
        ProblemException actual = assertThrows(ProblemException.class,
                () -> ConfigLoader.load(brokenBase.subList(0, 1), brokenBase.get(1), run, head));
        assertEquals(expected.problems(), actual.problems());
    }

    @Test
    void aSingleNodeEntryGetsItsDefaults() {
        ConfigSet set = load(single("{ tp: 8, conc-start: 4, conc-end: 64 }"));
        SearchEntry e = set.configs().get(0).fixedSeqLen().get(0).searchSpace().get(0);
        assertEquals(8, e.tp());
        assertEquals(1, e.pp());
        assertEquals(1, e.dcpSize());
        assertEquals(1, e.pcpSize());
        assertEquals("none", e.specDecoding());
        assertEquals(new Concurrency.Range(4, 64), e.concurrency());
        assertEquals(null, e.ep());
    }

    @Test
    void threeSeparateMistakesAreAllReportedWithTheirLines() {
        String master = """
                a:
                  image: img
                  model: m
                  model-prefix: p
                  precision: fp8
                  framework: f
                  runner: h200
                  multinode: false
                  owner: me
                  scenarios:
                    fixed-seq-len:
                    - isl: "1024"
                      osl: 1024
                      search-space:
                      - { tp: 0, conc-list: [4] }
                """;
        List<Problem> problems = problems(master);
        assertEquals(3, problems.size(), problems::toString);
        assertEquals(List.of(9, 12, 15), problems.stream().map(Problem::line).sorted().toList());
        assertTrue(problems.stream().allMatch(p -> p.file().equals("configs/a.yaml") && p.column() > 0));
    }

    @Nested
    class Types {
        @ParameterizedTest
        @CsvSource(delimiter = '|', value = {
                "tp: '8'|config.type",
                "tp: 8.0|config.type",
                "tp: true|config.type",
                "tp: 0|config.range",
                "tp: -8|config.range",
                "tp: ~|config.null",
                "tp: 8, ep: null|config.null",
                "tp: 8, ep: 0|config.range",
                "tp: 8, pp: 0|config.range",
                "tp: 8, dp-attn: 'true'|config.type",
                "tp: 8, dp-attn: 1|config.type",
                "tp: 8, spec_decoding: mtp|config.unknown-field",
                "tp: 8, spec-decoding: eagle|config.spec-decoding",
                "tp: 8, foo: 1|config.unknown-field",
        })
        void strictTypesAreRefused(String fields, String rule) {
            assertRejected(single("{ " + fields + ", conc-list: [4] }"), rule);
        }

        @ParameterizedTest
        @CsvSource(delimiter = '|', value = {
                "tp: 0x8",
                "tp: 8, dp-attn: yes",
                "tp: 8, dp-attn: off",
                "tp: 8, ep: 1_0",
                "tp: 8, spec-decoding: draft_model",
                "tp: 8, pp: 2, dcp-size: 2, pcp-size: 2",
        })
        void yaml11ValuesOfTheRightTypeAreAccepted(String fields) {
            assertNotNull(load(single("{ " + fields + ", conc-list: [4] }")));
        }

        @Test
        void aDateIsNotAString() {
            assertRejected(single("{ tp: 8, conc-list: [4] }").replace("image: img:1", "image: 2026-01-01"), "config.type");
        }

        @Test
        void aBooleanIsNotAString() {
            assertRejected(single("{ tp: 8, conc-list: [4] }").replace("model-prefix: m", "model-prefix: on"), "config.type");
        }

        @Test
        void base60IsAnInteger() {
            ConfigSet set = load(single("{ tp: 8, conc-start: 4, conc-end: 1:04 }"));
            assertEquals(new Concurrency.Range(4, 64), set.configs().get(0).fixedSeqLen().get(0).searchSpace().get(0).concurrency());
        }
    }

    @Nested
    class ConfigEntry {
        @Test
        void everyRequiredFieldIsRequired() {
            for (String field : List.of("image", "model", "model-prefix", "precision", "framework", "runner", "multinode")) {
                String master = single("{ tp: 8, conc-list: [4] }").replaceFirst("(?m)^  " + field + ":.*\\n", "");
                assertRejected(master, "config.missing-field");
            }
            assertRejected("a:\n  image: i\n  model: m\n  model-prefix: p\n  precision: f\n  framework: f\n  runner: h200\n  multinode: false\n",
                    "config.missing-field");
        }

        @Test
        void disaggNeedsMultinode() {
            assertRejected(single("{ tp: 8, conc-list: [4] }").replace("multinode: false", "multinode: false\n  disagg: true"),
                    "config.disagg-single-node");
            assertNotNull(load(single("{ tp: 8, conc-list: [4] }").replace("multinode: false", "multinode: false\n  disagg: false")));
        }

        @Test
        void kvP2pTransferOnlyWhenMultinode() {
            assertRejected(single("{ tp: 8, conc-list: [4] }").replace("multinode: false", "multinode: false\n  kv-p2p-transfer: nixl"),
                    "config.transfer-single-node");
            assertRejected(single("{ tp: 8, kv-p2p-transfer: nixl, conc-list: [4] }"), "config.transfer-single-node");
            assertNotNull(load(multi("kv-p2p-transfer: nixl", "{ conc-list: [4], " + WORKERS + " }")));
        }

        @Test
        void scenariosNeedAtLeastOneItem() {
            String empty = single("{ tp: 8, conc-list: [4] }").replaceAll("(?s)    fixed-seq-len:.*", "    fixed-seq-len: []\n");
            assertRejected(empty, "config.no-scenarios");
            assertRejected(single("{ tp: 8, conc-list: [4] }").replace("fixed-seq-len:", "fixed_seq_len:"), "config.unknown-field");
        }

        @Test
        void anEmptySearchSpaceIsAllowed() {
            String master = single("{ tp: 8, conc-list: [4] }").replaceAll("(?s)      search-space:.*", "      search-space: []\n");
            assertEquals(0, load(master).configs().get(0).fixedSeqLen().get(0).searchSpace().size());
        }

        @Test
        void aStarInAKeyIsRefused() {
            assertRejected(single("{ tp: 8, conc-list: [4] }").replace("sn:", "sn-*:"), "config.wildcard-key");
        }

        @Test
        void keysMustBeStrings() {
            assertRejected(single("{ tp: 8, conc-list: [4] }").replace("sn:", "1234:"), "config.key-type");
        }

        @Test
        void theRootMustBeAMapping() {
            assertRejected("- a\n- b\n", "config.root");
            assertRejected("", "yaml.empty");
        }

        @Test
        void aDuplicateKeyInAMappingIsRefused() {
            assertRejected(single("{ tp: 8, conc-list: [4] }").replace("  model: org/model\n", "  model: org/model\n  model: other\n"),
                    "yaml.duplicate-key");
        }

        @Test
        void theSameConfigInTwoFilesIsRefused() {
            String master = single("{ tp: 8, conc-list: [4] }");
            ProblemException e = assertThrows(ProblemException.class, () -> ConfigLoader.load(
                    List.of(source("configs/a.yaml", master), source("configs/b.yaml", master)), source("configs/runners.yaml", RUNNERS)));
            assertEquals("config.duplicate-config", e.problems().get(0).rule());
            assertEquals("configs/b.yaml", e.problems().get(0).file());
        }

        @Test
        void mergeKeysAndAliasesWork() {
            String master = single("&base { tp: 8, conc-list: [4] }\n      - { <<: *base, tp: 4 }\n      - *base");
            List<SearchEntry> entries = load(master).configs().get(0).fixedSeqLen().get(0).searchSpace();
            assertEquals(List.of(8, 4, 8), entries.stream().map(SearchEntry::tp).toList());
        }
    }

    @Nested
    class Concurrency_ {
        @ParameterizedTest
        @CsvSource(delimiter = '|', value = {
                "conc-list: [4], conc-start: 4, conc-end: 8",
                "conc-start: 4",
                "conc-end: 4",
                "conc-list: []",
                "conc-start: 8, conc-end: 4",
                "tp: 8",
        })
        void badConcurrencyIsRefused(String conc) {
            String entry = conc.startsWith("tp") ? "{ tp: 8 }" : "{ tp: 8, " + conc + " }";
            assertRejected(single(entry), "config.concurrency");
        }

        @Test
        void zeroInAConcListIsRefused() {
            assertRejected(single("{ tp: 8, conc-list: [0, 4] }"), "config.range");
        }

        @Test
        void aConcListKeepsOrderAndDuplicates() {
            SearchEntry e = load(single("{ tp: 8, conc-list: [8, 4, 8] }")).configs().get(0).fixedSeqLen().get(0).searchSpace().get(0);
            assertEquals(new Concurrency.ListOf(List.of(8, 4, 8)), e.concurrency());
        }
    }

    @Nested
    class Parallelism {
        @Test
        void tpMustBeDivisibleByDcpSize() {
            assertRejected(single("{ tp: 6, dcp-size: 4, conc-list: [4] }"), "config.dcp-divides-tp");
            assertNotNull(load(single("{ tp: 8, dcp-size: 4, conc-list: [4] }")));
        }

        @Test
        void workersNeedEpAndDpAttn() {
            assertRejected(multi("kv-p2p-transfer: nixl", "{ conc-list: [4], prefill: {num-worker: 1, tp: 4, dp-attn: true}, "
                    + "decode: {num-worker: 1, tp: 8, ep: 8, dp-attn: false} }"), "config.missing-field");
        }

        @Test
        void workerTpMustBeDivisibleByDcpSize() {
            assertRejected(multi("", "{ conc-list: [4], prefill: {num-worker: 1, tp: 4, dcp-size: 3, ep: 4, dp-attn: true}, "
                    + "decode: {num-worker: 1, tp: 8, ep: 8, dp-attn: false} }"), "config.dcp-divides-tp");
        }

        @Test
        void numWorkerMayBeZeroButNotNegative() {
            assertNotNull(load(multi("", "{ conc-list: [4], prefill: {num-worker: 0, tp: 4, ep: 4, dp-attn: true}, "
                    + "decode: {num-worker: 1, tp: 8, ep: 8, dp-attn: false} }")));
            assertRejected(multi("", "{ conc-list: [4], prefill: {num-worker: -1, tp: 4, ep: 4, dp-attn: true}, "
                    + "decode: {num-worker: 1, tp: 8, ep: 8, dp-attn: false} }"), "config.range");
        }

        @Test
        void hardwareIsSetOnBothWorkersOrNeither() {
            assertRejected(multi("", "{ conc-list: [4], prefill: {num-worker: 1, tp: 4, ep: 4, dp-attn: true, hardware: gb200}, "
                    + "decode: {num-worker: 1, tp: 8, ep: 8, dp-attn: false} }"), "config.hardware-pairing");
            Worker w = load(multi("", "{ conc-list: [4], prefill: {num-worker: 1, tp: 4, ep: 4, dp-attn: true, hardware: gb200}, "
                    + "decode: {num-worker: 1, tp: 8, ep: 8, dp-attn: false, hardware: gb300} }"))
                    .configs().get(0).fixedSeqLen().get(0).searchSpace().get(0).prefill();
            assertEquals("gb200", w.hardware());
        }

        @Test
        void aMultiNodeEntryHasNoTp() {
            assertRejected(multi("", "{ tp: 8, conc-list: [4], " + WORKERS + " }"), "config.form");
        }

        @Test
        void additionalSettingsAreStrings() {
            assertRejected(multi("", "{ conc-list: [4], prefill: {num-worker: 1, tp: 4, ep: 4, dp-attn: true, additional-settings: [1]}, "
                    + "decode: {num-worker: 1, tp: 8, ep: 8, dp-attn: false} }"), "config.type");
        }
    }

    @Nested
    class Components {
        @Test
        void aComponentHasExactlyNameAndVersion() {
            assertNotNull(load(single("{ tp: 8, conc-list: [4], router: {name: r, version: '1.0'} }")));
            assertRejected(single("{ tp: 8, conc-list: [4], router: {name: r} }"), "config.missing-field");
            assertRejected(single("{ tp: 8, conc-list: [4], router: {name: r, version: '1', url: x} }"), "config.unknown-field");
            assertRejected(single("{ tp: 8, conc-list: [4], router: {name: '', version: '1'} }"), "config.empty");
        }

        @Test
        void aVersionIsNotAnImage() {
            assertRejected(single("{ tp: 8, conc-list: [4], router: {name: r, version: 'image:lmsys/sglang'} }"), "config.component-version");
        }

        @Test
        void aRouterIsDeclaredInOnePlaceOnly() {
            String master = single("{ tp: 8, conc-list: [4], router: {name: r, version: '1'} }")
                    .replace("multinode: false", "multinode: false\n  router: {name: r, version: '1'}");
            assertRejected(master, "config.declared-twice");
        }

        @Test
        void disaggNeedsAKvTransferSomewhere() {
            String noTransfer = multi("disagg: true", "{ conc-list: [4], " + WORKERS + " }");
            assertRejected(noTransfer, "config.disagg-transfer");
            assertNotNull(load(multi("disagg: true", "{ conc-list: [4], kv-p2p-transfer: nixl, " + WORKERS + " }")));
            assertNotNull(load(multi("disagg: true\n  kv-p2p-transfer: nixl", "{ conc-list: [4], " + WORKERS + " }")));
            String noEntries = multi("disagg: true", "{ conc-list: [4], " + WORKERS + " }").replaceAll("(?s)      search-space:.*", "      search-space: []\n");
            assertRejected(noEntries, "config.disagg-transfer");
        }
    }

    @Nested
    class Agentic {
        static final String ITEM = "dram-utilization: 0.9";

        @Test
        void aSingleNodeAgenticEntryIsAccepted() {
            ConfigSet set = load(agenticSingle(ITEM, "{ tp: 8, kv-offloading: dram, kv-offload-backend: {name: lmcache}, conc-list: [4] }"));
            Scenario.AgenticCoding a = set.configs().get(0).agenticCoding().get(0);
            assertEquals(0.9, a.dramUtilization());
            assertEquals(new Component("lmcache", null), a.searchSpace().get(0).kvOffloadBackend());
        }

        @Test
        void kvOffloadingIsRequiredInTheSingleNodeForm() {
            assertRejected(agenticSingle(ITEM, "{ tp: 8, conc-list: [4] }"), "config.missing-field");
            assertRejected(agenticSingle(ITEM, "{ tp: 8, kv-offloading: disk, conc-list: [4] }"), "config.kv-offloading");
        }

        @Test
        void theBackendGoesWithDramOnly() {
            assertRejected(agenticSingle(ITEM, "{ tp: 8, kv-offloading: dram, conc-list: [4] }"), "config.kv-offload-backend");
            assertRejected(agenticSingle(ITEM, "{ tp: 8, kv-offloading: none, kv-offload-backend: {name: x}, conc-list: [4] }"),
                    "config.kv-offload-backend");
        }

        @Test
        void dramUtilizationIsAFractionNeededForDram() {
            assertRejected(agenticSingle("dram-utilization: 1.5", "{ tp: 8, kv-offloading: none, conc-list: [4] }"), "config.range");
            assertRejected(agenticSingle("dram-utilization: 0", "{ tp: 8, kv-offloading: none, conc-list: [4] }"), "config.range");
            assertNotNull(load(agenticSingle("dram-utilization: 1", "{ tp: 8, kv-offloading: none, conc-list: [4] }")));
            String withoutUtilization = agenticSingle(ITEM, "{ tp: 8, kv-offloading: dram, kv-offload-backend: {name: x}, conc-list: [4] }")
                    .replace("- dram-utilization: 0.9\n      search-space:", "- search-space:");
            assertRejected(withoutUtilization, "config.dram-utilization");
        }

        @Test
        void theRunnerMustBeACluster() {
            assertRejected(AGENTIC.formatted("h200", "false", ITEM, "{ tp: 8, kv-offloading: none, conc-list: [4] }"), "config.agentic-runner");
        }

        @Test
        void theFormMustMatchTheConfig() {
            assertRejected(agenticSingle(ITEM, "{ conc-list: [4], " + WORKERS + " }"), "config.form");
            assertRejected(AGENTIC.formatted("cluster:h200", "true", ITEM, "{ tp: 8, kv-offloading: none, conc-list: [4] }"), "config.form");
            assertRejected(agenticSingle(ITEM, "{ tp: 8, kv-offloading: none, conc-list: [4], prefill: {num-worker: 1, tp: 4, ep: 4, dp-attn: true} }"),
                    "config.form");
        }

        @Test
        void aMultiNodeAgenticEntryMayNotWriteParallelism() {
            assertNotNull(load(AGENTIC.formatted("cluster:h200", "true", ITEM, "{ conc-list: [4], " + WORKERS + " }")));
            assertRejected(AGENTIC.formatted("cluster:h200", "true", ITEM, "{ pp: 1, conc-list: [4], " + WORKERS + " }"), "config.form");
        }
    }

    @Nested
    class Runners {
        static final String MASTER = SINGLE.formatted("{ tp: 8, conc-list: [4] }");

        @Test
        void labelsAreNonEmptyListsOfStrings() {
            assertTrue(problems(MASTER, "labels:\n  empty: []\n").stream().anyMatch(p -> p.rule().equals("runners.empty-label")));
            assertTrue(problems(MASTER, "labels:\n  h200: [1]\n").stream().anyMatch(p -> p.rule().equals("runners.type")));
            assertTrue(problems(MASTER, "hardware: {}\n").stream().anyMatch(p -> p.rule().equals("config.missing-field")));
        }

        @Test
        void nothingElseAtEitherLevel() {
            assertTrue(problems(MASTER, RUNNERS + "owners: [me]\n").stream().anyMatch(p -> p.rule().equals("config.unknown-field")));
            assertTrue(problems(MASTER, RUNNERS.replace("gpus-per-node: 8}", "gpus-per-node: 8, cpus: 4}"))
                    .stream().anyMatch(p -> p.rule().equals("config.unknown-field")));
        }

        @Test
        void hardwareNeedsBothPositiveValues() {
            assertTrue(problems(MASTER, RUNNERS.replace(", gpus-per-node: 8", "")).stream().anyMatch(p -> p.rule().equals("config.missing-field")));
            assertTrue(problems(MASTER, RUNNERS.replace("gpus-per-node: 8", "gpus-per-node: 0")).stream().anyMatch(p -> p.rule().equals("config.range")));
        }

        @Test
        void hardwareLabelsNeedNotBeRunnerLabels() {
            ConfigSet set = load(MASTER, RUNNERS + "  other: {available-cpu-dram-mib: 1, gpus-per-node: 1}\n");
            assertEquals(2, set.runners().hardware().size());
        }
    }
    @Test
    void manyConfigsKeepTheirOrderAndTheirProblemsStayInFileOrder() {
        // Entries are bound on two threads: what comes back must be what one thread would give.
        StringBuilder master = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            String config = SINGLE.replace("sn:", "c" + i + ":").formatted("{tp: 8, conc-start: 4, conc-end: 8}");
            master.append(i % 7 == 3 ? config.replace("  image: img:1\n", "") : config);
        }
        ProblemException e = assertThrows(ProblemException.class, () -> load(master.toString()));
        List<Integer> lines = e.problems().stream().map(Problem::line).toList();
        assertEquals(lines.stream().sorted().toList(), lines, e.problems().toString());
        assertEquals(9, e.problems().size(), e.problems().toString());
        ConfigSet set = load(master.toString().replace("  model: org/model\n", "  image: img:1\n  model: org/model\n")
                .replace("  image: img:1\n  image: img:1\n", "  image: img:1\n"));
        assertEquals(java.util.stream.IntStream.range(0, 60).mapToObj(i -> "c" + i).toList(),
                set.configs().stream().map(MasterConfig::key).toList());
    }

    @Test
    void theLargestPieceIsParsedOnTheOtherThread() {
        // amd, nvidia and runners as whole files
        assertEquals(List.of(false, true, false), asList(ConfigLoader.halves(List.of(53, 324, 8))));
        // amd, the beginning and the end of nvidia, runners
        assertEquals(List.of(false, false, true, false), asList(ConfigLoader.halves(List.of(53, 131, 192, 8))));
        assertEquals(List.of(true, false, true, false), asList(ConfigLoader.halves(List.of(10, 10, 10, 10))));
    }

    @Test
    void aFileWithMostOfTheBytesIsCutSoThatTheOtherThreadHasHalf() {
        StringBuilder large = new StringBuilder();
        for (int i = 0; large.length() < 200_000; i++) {
            large.append(SINGLE.replace("sn:", "c" + i + ":").formatted("{tp: 8, conc-start: 4, conc-end: 8}"));
        }
        SourceFile small = source("configs/a.yaml", SINGLE.replace("sn:", "small:").formatted("{tp: 8, conc-list: [4]}"));
        SourceFile big = source("configs/b.yaml", large.toString());
        SourceFile runners = source("configs/runners.yaml", RUNNERS);
        List<ConfigLoader.Piece> pieces = ConfigLoader.pieces(List.of(small, big, runners));
        assertEquals(4, pieces.size(), pieces.toString());
        ConfigLoader.Piece end = pieces.get(2);
        long total = small.bytes().length + big.bytes().length + runners.bytes().length;
        assertTrue(Math.abs(end.size() - total / 2) < 200, pieces.toString()); // within a config of half
        assertTrue(large.toString().startsWith("c", end.from()) && large.charAt(end.from() - 1) == '\n', pieces.toString());
        // Parsed in parts and joined, the configs are all there, in order.
        ConfigSet set = ConfigLoader.load(List.of(small, big), runners);
        assertEquals(1 + large.toString().split("\n(?=c[0-9]+:)").length, set.configs().size());
        assertEquals("small", set.configs().get(0).key());
        // An alias across the cut cannot be read in parts: the whole file is, and binds the same way.
        // A problem in the end part is reported at its line of the file.
        String broken = large + "c-broken:\n  image: img:1\n  owner: me\n";
        int ownerLine = (int) broken.lines().count();
        ProblemException e = assertThrows(ProblemException.class,
                () -> ConfigLoader.load(List.of(small, source("configs/b.yaml", broken)), runners));
        assertTrue(e.problems().stream().anyMatch(p -> p.file().equals("configs/b.yaml") && p.line() == ownerLine),
                e.problems().toString());
        String aliased = large.toString().replaceFirst("c0:\n", "c0: &first\n") + "c-alias: *first\n";
        ConfigSet whole = ConfigLoader.load(List.of(small, source("configs/b.yaml", aliased)), runners);
        assertEquals(set.configs().size() + 1, whole.configs().size());
        assertEquals("c-alias", whole.configs().get(whole.configs().size() - 1).key());
    }

    private static List<Boolean> asList(boolean[] values) {
        List<Boolean> list = new java.util.ArrayList<>();
        for (boolean value : values) {
            list.add(value);
        }
        return list;
    }
}
