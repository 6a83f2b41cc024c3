package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** full-sweep and test-config as a user runs them: files on disk, exit codes, JSON on stdout. */
class MatrixCommandsTest {
    private static final String AMD = """
            dsr1-fp8-mi355x-sglang:
              image: rocm/sglang:1
              model: deepseek-ai/DeepSeek-R1
              model-prefix: dsr1
              precision: fp8
              framework: sglang
              runner: mi355x
              multinode: false
              scenarios:
                fixed-seq-len:
                - isl: 8192
                  osl: 1024
                  search-space:
                  - { tp: 8, conc-start: 4, conc-end: 64 }
            """;
    private static final String NVIDIA = """
            kimik3-fp4-b200-vllm-agentic:
              image: vllm/vllm:1
              model: moonshotai/Kimi-K3
              model-prefix: kimik3
              precision: fp4
              framework: vllm
              runner: cluster:b200-dgxc
              multinode: false
              scenarios:
                agentic-coding:
                - dram-utilization: 0.95
                  search-space:
                  - { tp: 8, kv-offloading: dram, kv-offload-backend: { name: vllm-simple }, conc-list: [8, 32] }
            """;
    private static final String RUNNERS = """
            labels:
              mi355x: [mi355x-amds_0, mi355x-amds_1]
              cluster:b200-dgxc: [b200-dgxc_00]
              cluster:h200-dgxc: [h200-dgxc_00]
            hardware:
              cluster:b200-dgxc: { available-cpu-dram-mib: 3_095_781, gpus-per-node: 8 }
            """;

    @TempDir
    Path dir;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void writeConfigs() throws IOException {
        Files.createDirectories(dir.resolve("configs"));
        Files.writeString(dir.resolve("configs/amd-master.yaml"), AMD);
        Files.writeString(dir.resolve("configs/nvidia-master.yaml"), NVIDIA);
        Files.writeString(dir.resolve("configs/runners.yaml"), RUNNERS);
    }

    private int run(String... args) {
        List<String> all = new ArrayList<>(List.of("-C", dir.toString()));
        all.addAll(List.of(args));
        return Main.run(all.toArray(String[]::new), new Env(dir, Map.of(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
    }

    private int runAtATerminal(String... args) {
        List<String> all = new ArrayList<>(List.of("-C", dir.toString()));
        all.addAll(List.of(args));
        return Main.run(all.toArray(String[]::new), new Env(dir, Map.of(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                java.io.InputStream.nullInputStream(), true));
    }

    private JsonNode json() throws IOException {
        return new ObjectMapper().readTree(out.toByteArray());
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void fullSweepReadsTheDefaultFilesAndPrintsRows() throws IOException {
        assertEquals(0, run("full-sweep"), stderr());
        JsonNode rows = json();
        assertEquals(7, rows.size());
        assertEquals("dsr1", rows.get(0).get("model-prefix").asText());
        assertEquals(64, rows.get(4).get("conc").asInt());
        assertTrue(rows.get(4).get("run-eval").asBoolean());
        assertEquals(2849, rows.get(5).get("total-cpu-dram-gb").asInt());
        assertEquals("kimik3_tp8_conc8_kvdram-vllm-simple", rows.get(5).get("exp-name").asText());
    }

    @Test
    void atATerminalFullSweepSummarisesTheRowsAndSaysHowToGetTheJson() {
        assertEquals(0, runAtATerminal("full-sweep"), stderr());
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("7 matrix rows (2 with an eval) of 2 models\n"), text);
        assertTrue(text.contains("  dsr1               5       2\n"), text);
        assertTrue(text.contains("  kimik3             2       0\n"), text);
        assertTrue(text.contains("add > matrix.json to the command"), text);
        assertFalse(text.contains("{"), "no JSON at a terminal: " + text);
    }

    @Test
    void atATerminalFormatJsonStillPrintsTheMatrix() throws IOException {
        assertEquals(0, runAtATerminal("full-sweep", "--format", "json"), stderr());
        assertEquals(7, json().size());
    }

    @Test
    void configFilesLoadInTheOrderGiven() throws IOException {
        assertEquals(0, run("full-sweep", "--config-files", "configs/nvidia-master.yaml", "configs/amd-master.yaml",
                "--runner-config", "configs/runners.yaml"), stderr());
        assertEquals("kimik3", json().get(0).get("model-prefix").asText());
    }

    @Test
    void testConfigFollowsTheKeysAndTheirFilters() throws IOException {
        assertEquals(0, run("test-config", "--config-keys", "kimik3-*", "dsr1-fp8-mi355x-sglang", "--conc", "32", "64",
                "--runner-node-filter", "amds_1"), stderr());
        JsonNode rows = json();
        assertEquals(2, rows.size(), "the kimik3 label has no node containing amds_1");
        assertEquals("mi355x-amds_1", rows.get(0).get("runner").asText());
        assertEquals(32, rows.get(0).get("conc").asInt());
        assertEquals(64, rows.get(1).get("conc").asInt());
    }

    @Test
    void evalsOnlyKeepsEvalRows() throws IOException {
        assertEquals(0, run("test-config", "--config-keys", "*", "--evals-only"), stderr());
        JsonNode rows = json();
        assertEquals(3, rows.size());
        rows.forEach(r -> assertTrue(r.get("eval-only").asBoolean()));
    }

    @Test
    void usageErrorsExitTwo() {
        assertEquals(2, run("full-sweep", "--step-size", "1"));
        assertTrue(stderr().contains("--step-size must be greater than 1"), stderr());
        assertEquals(2, run("full-sweep", "--min-conc", "64", "--max-conc", "8"));
        assertEquals(2, run("test-config", "--config-keys", "x", "--no-evals", "--all-evals"));
        assertTrue(stderr().contains("--no-evals"), stderr());
        assertEquals(2, run("full-sweep", "--seq-lens", "2k1k"));
        assertEquals(2, run("test-config"), "--config-keys is required");
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void usageIsCheckedBeforeAnyFileIsRead() {
        assertEquals(2, run("full-sweep", "--config-files", "configs/missing.yaml", "--step-size", "1"));
        assertEquals(2, run("test-config", "--config-keys", "x", "--config-files", "configs/missing.yaml",
                "--no-evals", "--evals-only"));
    }

    @Test
    void unknownRunnerTypeIsBadUsageListingTheLabels() {
        assertEquals(2, run("full-sweep", "--runner-type", "nosuchrunner", "--format", "text"));
        assertTrue(stderr().contains("nosuchrunner"), stderr());
        assertTrue(stderr().contains("cluster:b200-dgxc, cluster:h200-dgxc, mi355x"), stderr());
        assertEquals("", out.toString(StandardCharsets.UTF_8), "stdout carries only data");
    }

    @Test
    void unknownKeySuggestsTheNearestKeys() {
        assertEquals(1, run("test-config", "--config-keys", "dsr1-fp8-mi355x-sglng", "--format", "github"));
        assertTrue(stderr().startsWith("::error"), stderr());
        assertTrue(stderr().contains("did you mean dsr1-fp8-mi355x-sglang?"), stderr());
        assertFalse(stderr().contains("kimik3-fp4-b200-vllm-agentic"), "not every key: " + stderr());
    }

    @Test
    void dramBudgetErrorNamesTheRunner() throws IOException {
        Files.writeString(dir.resolve("configs/nvidia-master.yaml"),
                NVIDIA.replace("runner: cluster:b200-dgxc", "runner: cluster:h200-dgxc"));
        assertEquals(1, run("test-config", "--config-keys", "kimik3-fp4-b200-vllm-agentic", "--format", "json"));
        JsonNode problems = new ObjectMapper().readTree(stderr()).get("problems");
        assertEquals("matrix.dram-no-hardware", problems.get(0).get("rule").asText());
        assertTrue(problems.get(0).get("message").asText().contains("'cluster:h200-dgxc'"));
        assertEquals("configs/nvidia-master.yaml", problems.get(0).get("file").asText());
    }

    @Test
    void missingFileIsAnEnvironmentFailure() {
        assertEquals(3, run("full-sweep", "--runner-config", "configs/nope.yaml"));
        assertTrue(stderr().contains("configs/nope.yaml"), stderr());
    }

    @Test
    void brokenConfigIsARuleFailure() throws IOException {
        Files.writeString(dir.resolve("configs/amd-master.yaml"), AMD.replace("tp: 8", "tp: \"8\""));
        assertEquals(1, run("full-sweep"));
        assertTrue(stderr().contains("configs/amd-master.yaml"), stderr());
    }

    @Test
    void maxTpSkipsTheEntryAndMaxEpCapsItsEp() throws IOException {
        Files.writeString(dir.resolve("configs/amd-master.yaml"),
                AMD.replace("{ tp: 8, conc-start: 4, conc-end: 64 }", "{ tp: 8, ep: 4, conc-list: [16] }"));
        assertEquals(List.of(4), epOfAmdRows());
        assertEquals(List.of(2), epOfAmdRows("--max-tp", "8", "--max-ep", "2"));
        assertEquals(List.of(), epOfAmdRows("--max-tp", "4", "--max-ep", "8"));
        assertEquals(List.of(4), epOfAmdRows("--max-ep", "4"));
    }

    private List<Integer> epOfAmdRows(String... flags) throws IOException {
        out.reset();
        List<String> args = new ArrayList<>(List.of("full-sweep", "--model-prefix", "dsr1"));
        args.addAll(List.of(flags));
        assertEquals(0, run(args.toArray(String[]::new)), stderr());
        List<Integer> eps = new ArrayList<>();
        json().forEach(row -> eps.add(row.get("ep").asInt()));
        return eps;
    }
}
