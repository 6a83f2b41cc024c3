package dev.sweepgate.plan;

import static dev.sweepgate.plan.PlanFixture.ALPHA;
import static dev.sweepgate.plan.PlanFixture.ALPHA_FP4;
import static dev.sweepgate.plan.PlanFixture.ALPHA_MTP;
import static dev.sweepgate.plan.PlanFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanRenderTest {
    @TempDir
    Path dir;

    Plan twin;

    /** The MTP twin change between two tags, so that the refs the plan prints are stable. */
    @BeforeEach
    void setUp() {
        PlanFixture fx = new PlanFixture(dir);
        fx.repo.git("tag", "base");
        fx.change(ALPHA + "\n" + ALPHA_FP4 + "\n" + ALPHA_MTP, entry("alpha-fp8-mi355x-sglang-mtp"));
        fx.repo.git("tag", "head");
        twin = PlanFixture.plan(dir, "base", "head");
    }

    @Test
    void markdownIsWhatTheJobSummaryShows() throws IOException {
        assertEquals(resource("mtp-twin.md"), PlanFormat.MARKDOWN.render(twin));
    }

    @Test
    void textIsATerminalTable() throws IOException {
        assertEquals(resource("mtp-twin.txt"), PlanFormat.TEXT.render(twin));
    }

    @Test
    void jsonHasTheDocumentedKeys() throws IOException {
        JsonNode doc = new ObjectMapper().readTree(PlanFormat.JSON.render(twin));
        assertEquals(List.of("changelog", "base_ref", "head_ref", "sweep_computed", "entries", "config_changes",
                "removed_configs", "launch_changes", "append_only", "totals", "problems"), names(doc));
        JsonNode config = doc.get("entries").get(0).get("configs").get(0);
        assertEquals(List.of("key", "throughput_jobs", "eval_jobs", "throughput", "evals"), names(config));
        assertEquals(7, config.get("throughput_jobs").asInt());
        assertEquals(List.of("bucket", "exp_name", "runner", "conc", "gpus"), names(config.get("throughput").get(0)));
        assertEquals(8, config.get("throughput").get(0).get("gpus").asInt());
        JsonNode totals = doc.get("totals");
        assertEquals(List.of("jobs", "jobs_per_bucket", "jobs_per_runner", "max_jobs_per_matrix", "over_job_limit",
                "output_bytes", "output_with_priorities", "max_output_bytes", "over_output_limit", "chunks",
                "chunks_per_bucket"), names(totals));
        assertEquals(3, totals.get("chunks").asInt());
        assertEquals(Map.of("single_node/1k1k", 1, "single_node/8k1k", 1, "evals", 1),
                new ObjectMapper().convertValue(totals.get("chunks_per_bucket"), Map.class));
        assertEquals(256, totals.get("max_jobs_per_matrix").asInt());
        assertTrue(totals.get("output_bytes").asLong() > 0);
        assertEquals(1_000_000, totals.get("max_output_bytes").asLong());
        assertEquals(List.of("key", "new", "covered", "scenarios"), names(doc.get("config_changes").get(0)));
    }

    /**
     * Issue 23: an image bump shows the image (both values) in the table of changed configs, a
     * curve of agentic points is one short item, and a long cell is wrapped in the terminal.
     */
    @Test
    void aChangedConfigShowsWhatChangedAndLongCellsAreWrapped() throws IOException {
        String curve = "{ tp: 4, kv-offloading: none, conc-list: [1, 2, 4, 8, 16, 32, 64, 96, 128, 160, 192, 256] }";
        String nvidia = PlanFixture.NVIDIA.replace("image: img/beta:1", "image: img/beta:2")
                .replace("{ tp: 4, kv-offloading: none, conc-list: [1, 2, 4] }", curve);
        PlanFixture fx = new PlanFixture(java.nio.file.Files.createDirectories(dir.resolve("bump")));
        fx.repo.write("configs/nvidia-master.yaml", PlanFixture.NVIDIA.replace("{ tp: 4, kv-offloading: none, "
                + "conc-list: [1, 2, 4] }", curve));
        String base = fx.repo.commit("twelve agentic points");
        fx.repo.write("configs/nvidia-master.yaml", nvidia)
                .write("perf-changelog.yaml", PlanFixture.HISTORY + "\n" + entry("beta-fp4-b200-vllm-agentic"));
        String head = fx.repo.commit("image bump");
        Plan plan = PlanFixture.plan(fx.repo.dir(), base, head);

        String text = PlanFormat.TEXT.render(plan);
        assertTrue(text.contains("  3 (line 13)  -      beta-fp4-b200-vllm-agentic  14"), text);
        // twelve agentic exp-names, one curve: conc* in the name, the values after it, wrapped at 60 characters
        assertTrue(text.contains("12    beta_tp4_conc*_kvnone conc 1, 2, 4, 8, 16, 32, 64, 96, 128,\n"), text);
        assertTrue(text.matches("(?s).*\n {70,}160, 192, 256\n.*"), text);
        assertTrue(text.contains("image: img/beta:1 -> img/beta:2"), text);
        assertTrue(text.lines().allMatch(line -> line.length() <= 160), text);

        String markdown = PlanFormat.MARKDOWN.render(plan);
        assertTrue(markdown.contains("| 3 (line 13) | - | beta-fp4-b200-vllm-agentic | 14 |"), markdown);
        assertTrue(markdown.contains("| beta_tp4_conc*_kvnone conc 1, 2, 4, 8, 16, 32, 64, 96, 128, 160, 192, 256 |"),
                markdown);
        assertTrue(markdown.contains("| image: img/beta:1 -> img/beta:2 |"), markdown);

        JsonNode json = new ObjectMapper().readTree(PlanFormat.JSON.render(plan));
        assertEquals(13, json.at("/entries/0/line").asInt());
        JsonNode changed = json.at("/config_changes/0/scenarios/0/changed/0");
        assertEquals("image", changed.at("/changes/0/field").asText(), changed.toString());
        assertEquals("img/beta:1", changed.at("/changes/0/base").asText());
        assertEquals("img/beta:2", changed.at("/changes/0/head").asText());
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = PlanRenderTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
