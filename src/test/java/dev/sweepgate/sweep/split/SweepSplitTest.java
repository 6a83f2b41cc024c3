package dev.sweepgate.sweep.split;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sweepgate.output.JsonTree;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SweepSplitTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> TEXTS = List.of("a", "vllm/vllm-openai:v0.9", "é", "日本語", "\uD83D\uDE80 rocket",
            "quote \" and \\ backslash", "line\nbreak");

    /** A sweep of the real shape (single_node and multi_node by sequence length, flat eval buckets, metadata). */
    private static ObjectNode randomSweep(Random random) {
        ObjectNode sweep = NODES.objectNode();
        for (String top : List.of("single_node", "multi_node")) {
            ObjectNode group = sweep.putObject(top);
            for (String bucket : List.of("1k1k", "8k1k", "agentic")) {
                if (random.nextInt(3) > 0) {
                    rows(group.putArray(bucket), random);
                }
            }
        }
        for (String bucket : List.of("evals", "agentic_evals", "multinode_evals", "multinode_agentic_evals")) {
            rows(sweep.putArray(bucket), random);
        }
        sweep.putObject("changelog_metadata").put("base_ref", "main").putArray("entries");
        return sweep;
    }

    private static void rows(ArrayNode bucket, Random random) {
        int n = random.nextInt(4) == 0 ? 0 : random.nextInt(40);
        for (int i = 0; i < n; i++) {
            ObjectNode row = bucket.addObject();
            row.put("exp-name", "exp_" + i);
            row.put("image", TEXTS.get(random.nextInt(TEXTS.size())).repeat(1 + random.nextInt(8)));
            row.put("conc", 1 << random.nextInt(9));
            row.put("run-eval", random.nextBoolean());
            if (random.nextBoolean()) {
                row.putObject("prefill").put("tp", 4).putArray("additional-settings").add("x=" + random.nextInt(100));
            }
        }
    }

    private static long utf16Bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_16LE).length;
    }

    @Test
    void everyRowIsInExactlyOneChunkInOrderAndEveryChunkKeepsBothLimits() throws IOException {
        Random random = new Random(25);
        ObjectMapper mapper = new ObjectMapper();
        for (int round = 0; round < 400; round++) {
            ObjectNode sweep = randomSweep(random);
            Map<String, ArrayNode> buckets = SweepBuckets.of(sweep);
            long largestRow = 0;
            for (ArrayNode rows : buckets.values()) {
                for (JsonNode row : rows) {
                    largestRow = Math.max(largestRow, utf16Bytes("[" + mapper.writeValueAsString(row) + "]"));
                }
            }
            ChunkLimits limits = new ChunkLimits(1 + random.nextInt(12),
                    largestRow + random.nextInt(random.nextBoolean() ? 400 : 6000));
            List<Chunk> chunks = SweepSplit.split(sweep, limits, "perf-changelog.yaml");
            String context = "round " + round + ", " + limits;

            Map<String, List<JsonNode>> rebuilt = new LinkedHashMap<>();
            for (Chunk chunk : chunks) {
                JsonNode parsed = mapper.readTree(chunk.text());
                assertEquals(chunk.rows().size(), parsed.size(), context);
                assertTrue(parsed.size() >= 1 && parsed.size() <= limits.maxJobs(), context + ": " + parsed.size() + " rows");
                assertEquals(utf16Bytes(chunk.text()), chunk.outputBytes(), context + ": GitHub counts UTF-16");
                assertEquals(mapper.writeValueAsString(parsed), chunk.text(), context + ": compact JSON");
                assertTrue(chunk.outputBytes() <= limits.maxOutputBytes(), context + ": " + chunk.outputBytes() + " bytes");
                List<JsonNode> so = rebuilt.computeIfAbsent(chunk.bucket(), k -> new ArrayList<>());
                assertEquals(countChunks(chunks, chunk), chunk.index(), context + ": chunks are numbered 0, 1, ... per bucket");
                assertEquals(chunk.bucket() + "-" + chunk.index() + ".json", chunk.file());
                parsed.forEach(so::add);
            }
            Map<String, List<JsonNode>> expected = new LinkedHashMap<>();
            buckets.forEach((name, rows) -> {
                if (!rows.isEmpty()) {
                    List<JsonNode> list = new ArrayList<>();
                    rows.forEach(list::add);
                    expected.put(name, list);
                }
            });
            assertEquals(expected, rebuilt, context + ": every row once, in order, buckets in order, none for an empty bucket");
            assertGreedy(chunks, limits, context);
        }
    }

    /** The chunk's place among the earlier chunks of its bucket. */
    private static int countChunks(List<Chunk> chunks, Chunk chunk) {
        int n = 0;
        for (Chunk c : chunks) {
            if (c == chunk) {
                return n;
            }
            if (c.bucket().equals(chunk.bucket())) {
                n++;
            }
        }
        throw new AssertionError();
    }

    /** A bucket's chunk ends only where its next row would break a limit: so a bucket that fits is one chunk. */
    private static void assertGreedy(List<Chunk> chunks, ChunkLimits limits, String context) {
        for (int i = 0; i + 1 < chunks.size(); i++) {
            Chunk chunk = chunks.get(i);
            Chunk next = chunks.get(i + 1);
            if (!next.bucket().equals(chunk.bucket())) {
                continue;
            }
            List<String> grown = new ArrayList<>(chunk.rows());
            grown.add(next.rows().get(0));
            Chunk bigger = new Chunk(chunk.bucket(), chunk.index(), grown);
            assertTrue(grown.size() > limits.maxJobs() || bigger.outputBytes() > limits.maxOutputBytes(),
                    context + ": chunk " + chunk.file() + " could have held the next row");
        }
    }

    @Test
    void aBucketThatFitsIsOneChunkAndTheIndexListsChunksInOrder() {
        ObjectNode sweep = NODES.objectNode();
        ArrayNode rows = sweep.putObject("single_node").putArray("8k1k");
        for (int i = 0; i < 275; i++) {
            rows.addObject().put("exp-name", "dsv4_8k1k").put("conc", i);
        }
        sweep.putObject("multi_node");
        sweep.putArray("evals").addObject().put("exp-name", "e").put("conc", 1);
        sweep.putArray("agentic_evals");

        List<Chunk> chunks = SweepSplit.split(sweep, ChunkLimits.GITHUB, "perf-changelog.yaml");

        assertEquals("[{\"bucket\":\"single_node.8k1k\",\"chunk\":0,\"rows\":256,\"file\":\"single_node.8k1k-0.json\"},"
                + "{\"bucket\":\"single_node.8k1k\",\"chunk\":1,\"rows\":19,\"file\":\"single_node.8k1k-1.json\"},"
                + "{\"bucket\":\"evals\",\"chunk\":0,\"rows\":1,\"file\":\"evals-0.json\"}]", ChunkSet.index(chunks));
        assertEquals(Map.of("single_node.8k1k", 2, "evals", 1), SweepSplit.chunksPerBucket(chunks));
    }

    @Test
    void theByteLimitCutsBeforeTheJobLimitWhenRowsAreLarge() {
        ObjectNode sweep = NODES.objectNode();
        ArrayNode rows = sweep.putArray("evals");
        String image = "x".repeat(98);
        for (int i = 0; i < 10; i++) {
            rows.addObject().put("image", image);
        }
        // a row is {"image":"x...x"}: 110 characters, 220 bytes; a chunk of k rows 2 + 110k + (k - 1) characters
        long two = ChunkLimits.outputBytes("[" + JsonTree.compact(rows.get(0)) + "," + JsonTree.compact(rows.get(1)) + "]");
        assertEquals(446, two);
        List<Chunk> chunks = SweepSplit.split(sweep, new ChunkLimits(256, 446), "perf-changelog.yaml");
        assertEquals(List.of(2, 2, 2, 2, 2), chunks.stream().map(c -> c.rows().size()).toList());
        List<Chunk> tighter = SweepSplit.split(sweep, new ChunkLimits(256, 445), "perf-changelog.yaml");
        assertEquals(10, tighter.size(), "one byte less and two rows no longer fit together");
    }

    @Test
    void aRowLargerThanAChunkMayBeIsAProblemNamingIt() {
        ObjectNode sweep = NODES.objectNode();
        ArrayNode rows = sweep.putObject("single_node").putArray("1k1k");
        rows.addObject().put("exp-name", "small").put("conc", 1);
        rows.addObject().put("exp-name", "big").put("runner", "b200").put("conc", 8).put("image", "y".repeat(500));

        ProblemException e = assertThrows(ProblemException.class,
                () -> SweepSplit.split(sweep, new ChunkLimits(256, 1000), "perf-changelog.yaml"));

        Problem problem = e.problems().get(0);
        assertEquals(1, e.problems().size());
        assertEquals(SweepSplit.ROW_TOO_LARGE, problem.rule());
        assertEquals("perf-changelog.yaml", problem.file());
        long size = ChunkLimits.outputBytes("[" + JsonTree.compact(rows.get(1)) + "]");
        assertEquals("row 2 of bucket single_node.1k1k (exp-name big, runner b200, conc 8) is " + size + " bytes as a "
                + "chunk of its own, counted as GitHub counts a job output (UTF-16), more than the 1000 bytes a chunk may "
                + "hold, so no chunk can carry it; raise --max-output-bytes to at least " + size, problem.message());
    }

    @Test
    void limitsOfZeroAreNotLimits() {
        assertThrows(IllegalArgumentException.class, () -> new ChunkLimits(0, 1000));
        assertThrows(IllegalArgumentException.class, () -> new ChunkLimits(1, 0));
    }

    @Test
    void githubCountsTwoBytesPerUtf16Unit() {
        assertEquals(2, ChunkLimits.outputBytes("a"));
        assertEquals(2, ChunkLimits.outputBytes("é"));
        assertEquals(4, ChunkLimits.outputBytes("\uD83D\uDE80"));
    }
}
