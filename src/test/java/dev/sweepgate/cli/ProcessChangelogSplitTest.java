package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.sweepgate.git.TestRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** process-changelog --split-dir and --canary, run as a user runs them. */
class ProcessChangelogSplitTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static JsonNode json(String text) throws IOException {
        return JSON.readTree(text);
    }

    private static Map<String, String> files(Path directory) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> entries = Files.list(directory)) {
            for (Path entry : entries.toList()) {
                out.put(entry.getFileName().toString(), Files.readString(entry));
            }
        }
        return out;
    }

    /** The rows of the chunk files the index lists, per bucket, in index order. */
    private static Map<String, List<JsonNode>> rowsOfChunks(Path split) throws IOException {
        Map<String, List<JsonNode>> rows = new java.util.LinkedHashMap<>();
        for (JsonNode entry : json(Files.readString(split.resolve("index.json")))) {
            JsonNode chunk = json(Files.readString(split.resolve(entry.get("file").asText())));
            assertEquals(entry.get("rows").asInt(), chunk.size(), entry.toString());
            chunk.forEach(rows.computeIfAbsent(entry.get("bucket").asText(), k -> new ArrayList<>())::add);
        }
        return rows;
    }

    private static Map<String, List<JsonNode>> rowsOfSweep(JsonNode sweep) {
        Map<String, List<JsonNode>> rows = new java.util.LinkedHashMap<>();
        sweep.fields().forEachRemaining(top -> {
            if (top.getValue() instanceof ArrayNode bucket && !bucket.isEmpty()) {
                bucket.forEach(rows.computeIfAbsent(top.getKey(), k -> new ArrayList<>())::add);
            } else if (top.getValue().isObject() && !top.getKey().equals("changelog_metadata")) {
                top.getValue().fields().forEachRemaining(b -> b.getValue()
                        .forEach(rows.computeIfAbsent(top.getKey() + "." + b.getKey(), k -> new ArrayList<>())::add));
            }
        });
        return rows;
    }

    @Test
    void theDsv4EntryOnTheRealConfigsIsTwoChunksOf8k1kAndOneOfEveryOtherBucket() throws IOException {
        TestRepo repo = TestRepo.init(Files.createDirectories(dir.resolve("repo")));
        for (String config : List.of("amd-master.yaml", "nvidia-master.yaml", "runners.yaml")) {
            repo.write("configs/" + config, Files.readAllBytes(Path.of("configs", config)));
        }
        byte[] history = Files.readAllBytes(Path.of("perf-changelog.yaml"));
        repo.write("perf-changelog.yaml", history);
        String base = repo.commit("the benchmark repository");
        repo.write("perf-changelog.yaml", new String(history, StandardCharsets.UTF_8) + "\n" + entry("dsv4*", LINK + "3000"));
        String head = repo.commit("every dsv4 config");

        ChangelogFixture.Run plain = ChangelogFixture.runIn(repo.dir(), Map.of(),
                "process-changelog", "--base-ref", base, "--head-ref", head);
        ChangelogFixture.Run split = ChangelogFixture.runIn(repo.dir(), Map.of(),
                "process-changelog", "--base-ref", base, "--head-ref", head, "--split-dir", "../chunks");

        assertEquals(0, split.exit(), split.err());
        assertEquals(plain.out(), split.out(), "the sweep is printed as before");
        Path chunks = dir.resolve("chunks");
        assertEquals("[{\"bucket\":\"single_node.8k1k\",\"chunk\":0,\"rows\":256,\"file\":\"single_node.8k1k-0.json\"},"
                + "{\"bucket\":\"single_node.8k1k\",\"chunk\":1,\"rows\":19,\"file\":\"single_node.8k1k-1.json\"},"
                + "{\"bucket\":\"single_node.agentic\",\"chunk\":0,\"rows\":104,\"file\":\"single_node.agentic-0.json\"},"
                + "{\"bucket\":\"multi_node.8k1k\",\"chunk\":0,\"rows\":118,\"file\":\"multi_node.8k1k-0.json\"},"
                + "{\"bucket\":\"multi_node.agentic\",\"chunk\":0,\"rows\":86,\"file\":\"multi_node.agentic-0.json\"},"
                + "{\"bucket\":\"evals\",\"chunk\":0,\"rows\":75,\"file\":\"evals-0.json\"},"
                + "{\"bucket\":\"agentic_evals\",\"chunk\":0,\"rows\":7,\"file\":\"agentic_evals-0.json\"},"
                + "{\"bucket\":\"multinode_evals\",\"chunk\":0,\"rows\":99,\"file\":\"multinode_evals-0.json\"},"
                + "{\"bucket\":\"multinode_agentic_evals\",\"chunk\":0,\"rows\":26,\"file\":\"multinode_agentic_evals-0.json\"}]\n",
                Files.readString(chunks.resolve("index.json")));
        assertEquals(rowsOfSweep(json(plain.out())), rowsOfChunks(chunks), "every row once, in order");
        for (Map.Entry<String, String> file : files(chunks).entrySet()) {
            String text = file.getValue().strip();
            assertEquals(JSON.writeValueAsString(json(text)), text, file.getKey() + " is compact JSON");
            assertTrue(2L * text.length() <= 1_000_000, file.getKey() + ": " + 2L * text.length() + " bytes");
        }
    }

    @Test
    void prioritiesThenTheCanaryThenTheChunksAllWorkOnTheAnnotatedSweep() throws IOException {
        TestRepo repo = TestRepo.init(Files.createDirectories(dir.resolve("repo")));
        for (String config : List.of("amd-master.yaml", "nvidia-master.yaml", "runners.yaml")) {
            repo.write("configs/" + config, Files.readAllBytes(Path.of("configs", config)));
        }
        byte[] history = Files.readAllBytes(Path.of("perf-changelog.yaml"));
        repo.write("perf-changelog.yaml", history);
        String base = repo.commit("the benchmark repository");
        repo.write("perf-changelog.yaml", new String(history, StandardCharsets.UTF_8) + "\n" + entry("dsv4*", LINK + "3000"));
        String head = repo.commit("every dsv4 config");
        String policy = Path.of("configs", "ci-priority.yaml").toAbsolutePath().toString();

        ChangelogFixture.Run run = ChangelogFixture.runIn(repo.dir(), Map.of(), "process-changelog", "--base-ref", base,
                "--head-ref", head, "--priority-policy", policy, "--event-name", "push", "--canary",
                "--split-dir", "../chunks");

        assertEquals(0, run.exit(), run.err());
        JsonNode printed = json(run.out());
        assertEquals(JSON.writeValueAsString(printed), run.out().strip(), "compact, as the priority step prints");
        JsonNode canary = printed.get("canary").get(0);
        assertTrue(canary.has("priority") && canary.has("queue-token"), canary.toString());
        Map<String, List<JsonNode>> chunkRows = rowsOfChunks(dir.resolve("chunks"));
        Map<String, List<JsonNode>> expectedRows = rowsOfSweep(printed.get("remaining"));
        expectedRows.values().removeIf(List::isEmpty); // the canary keeps its buckets, empty or not
        assertEquals(expectedRows, chunkRows, "the chunks hold the annotated rest");
        chunkRows.values().forEach(rows -> rows.forEach(row -> assertTrue(row.has("queue-token"), row.toString())));
        assertEquals(274, chunkRows.get("single_node.8k1k").size(), "275 rows but the canary");
        assertTrue(run.err().contains("note: bucket single_node.8k1k has 274 rows")
                && run.err().contains("--split-dir wrote the sweep as 9 chunks"), run.err());
        assertFalse(run.err().contains("warning:"), run.err());
    }

    /** A repository whose change appends one entry selecting the fixture's alpha config: 2 rows of 1k1k, 5 of 8k1k, 2 evals. */
    private ChangelogFixture fixture() throws IOException {
        ChangelogFixture f = new ChangelogFixture(Files.createDirectories(dir.resolve("repo")));
        f.append(entry("alpha-fp8-mi355x-sglang", LINK + "3"));
        return f;
    }

    private static ChangelogFixture.Run process(ChangelogFixture f, String... options) {
        List<String> args = new ArrayList<>(List.of("process-changelog", "--base-ref", "HEAD~1", "--head-ref", "HEAD"));
        args.addAll(List.of(options));
        return f.run(args.toArray(String[]::new));
    }

    @Test
    void aLaterRunReplacesTheWholeSetSoNoStaleChunkSurvives() throws IOException {
        ChangelogFixture f = fixture();
        Path chunks = dir.resolve("chunks");
        assertEquals(0, process(f, "--split-dir", chunks.toString(), "--max-jobs", "2").exit());
        assertEquals(List.of("evals-0.json", "index.json", "single_node.1k1k-0.json", "single_node.8k1k-0.json",
                "single_node.8k1k-1.json", "single_node.8k1k-2.json"), List.copyOf(files(chunks).keySet()));

        ChangelogFixture.Run again = process(f, "--split-dir", chunks.toString());

        assertEquals(0, again.exit(), again.err());
        assertEquals(List.of("evals-0.json", "index.json", "single_node.1k1k-0.json", "single_node.8k1k-0.json"),
                List.copyOf(files(chunks).keySet()));
        assertEquals(5, json(files(chunks).get("single_node.8k1k-0.json")).size());
        try (Stream<Path> beside = Files.list(dir)) {
            assertEquals(List.of("chunks", "repo"), beside.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void chunkLimitsOfZeroOrLessAndLimitsWithoutADirectoryAreBadUsage() throws IOException {
        ChangelogFixture f = fixture();
        Map<List<String>, String> cases = Map.of(
                List.of("--split-dir", "c", "--max-jobs", "0"), "sweepgate: --max-jobs 0: a chunk holds at least one row; give a number above 0\n",
                List.of("--split-dir", "c", "--max-jobs", "-3"), "sweepgate: --max-jobs -3: a chunk holds at least one row; give a number above 0\n",
                List.of("--split-dir", "c", "--max-output-bytes", "0"), "sweepgate: --max-output-bytes 0: give a number of bytes above 0\n",
                List.of("--max-jobs", "10"), "sweepgate: --max-jobs limits the chunks of --split-dir; give --split-dir DIR too\n");
        for (Map.Entry<List<String>, String> c : cases.entrySet()) {
            ChangelogFixture.Run r = process(f, c.getKey().toArray(String[]::new));
            assertEquals(2, r.exit(), c.getKey() + ": " + r.err());
            assertEquals("", r.out());
            assertTrue(r.err().startsWith(c.getValue()), c.getKey() + ": " + r.err());
        }
        ChangelogFixture.Run words = process(f, "--split-dir", "c", "--max-jobs", "many");
        assertEquals(2, words.exit());
        assertTrue(words.err().contains("'many' is not an int"), words.err());
        assertFalse(Files.exists(f.repo.dir().resolve("c")), "nothing is written on bad usage");
    }

    @Test
    void aRowLargerThanAChunkMayBeFailsAndLeavesThePreviousSet() throws IOException {
        ChangelogFixture f = fixture();
        Path chunks = dir.resolve("chunks");
        assertEquals(0, process(f, "--split-dir", chunks.toString()).exit());
        Map<String, String> before = files(chunks);

        ChangelogFixture.Run r = process(f, "--split-dir", chunks.toString(), "--max-output-bytes", "300");

        assertEquals(1, r.exit(), r.err());
        assertEquals("", r.out(), "no sweep is printed for a split that cannot be made");
        assertTrue(r.err().startsWith("perf-changelog.yaml: error: row 1 of bucket single_node.1k1k (exp-name alpha_1k1k, "
                + "runner mi355x, conc 4) is "), r.err());
        assertTrue(r.err().contains("bytes a chunk may hold, so no chunk can carry it; raise --max-output-bytes to at least "),
                r.err());
        assertTrue(r.err().contains("[sweep.row-too-large]"), r.err());
        assertEquals(before, files(chunks));
    }

    @Test
    void aFileIsNotReplacedAndADirectoryOfOtherFilesKeepsThem() throws IOException {
        ChangelogFixture f = fixture();
        Path file = Files.writeString(dir.resolve("notes.txt"), "keep me\n");
        ChangelogFixture.Run onFile = process(f, "--split-dir", file.toString());
        assertEquals(2, onFile.exit(), onFile.err());
        assertEquals("sweepgate: --split-dir " + file + ": this is a file, not a directory; name a directory (a new one, "
                + "or the split directory of an earlier run)\n", onFile.err());
        assertEquals("keep me\n", Files.readString(file));

        Path home = Files.createDirectories(dir.resolve("home"));
        Files.writeString(home.resolve("thesis.tex"), "years of work\n");
        ChangelogFixture.Run onHome = process(f, "--split-dir", home.toString());
        assertEquals(0, onHome.exit(), onHome.err());
        assertEquals("years of work\n", files(home).get("thesis.tex"));
        assertTrue(files(home).containsKey("index.json"), files(home).keySet().toString());
    }

    @Test
    void aReusedDirectoryLosesOnlyTheChunksItsEarlierIndexNamed() throws IOException {
        ChangelogFixture f = fixture();
        Path chunks = dir.resolve("chunks");
        assertEquals(0, process(f, "--split-dir", chunks.toString(), "--max-jobs", "2").exit());
        Files.writeString(chunks.resolve("my-data.json"), "{\"mine\": true}\n");

        ChangelogFixture.Run again = process(f, "--split-dir", chunks.toString());

        assertEquals(0, again.exit(), again.err());
        // single_node.8k1k-1.json and -2.json were the earlier index's: stale now, so gone; my-data.json was never a chunk.
        assertEquals(List.of("evals-0.json", "index.json", "my-data.json", "single_node.1k1k-0.json", "single_node.8k1k-0.json"),
                List.copyOf(files(chunks).keySet()));
        assertEquals("{\"mine\": true}\n", files(chunks).get("my-data.json"));
        assertEquals(rowsOfSweep(json(again.out())), rowsOfChunks(chunks));
        try (Stream<Path> beside = Files.list(dir); Stream<Path> inside = Files.list(chunks)) {
            assertEquals(List.of("chunks", "repo"), beside.map(p -> p.getFileName().toString()).sorted().toList());
            assertTrue(inside.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary file is left");
        }
    }

    @Test
    void aFileTheNewSetWouldOverwriteButNoEarlierIndexNamesIsRefused() throws IOException {
        ChangelogFixture f = fixture();
        Path chunks = Files.createDirectories(dir.resolve("chunks"));
        Files.writeString(chunks.resolve("evals-0.json"), "mine\n");
        ChangelogFixture.Run r = process(f, "--split-dir", chunks.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("sweepgate: --split-dir " + chunks + " holds evals-0.json, which the earlier index.json does not name: "
                + "the new chunk set would overwrite it, so move it away or name another directory\n", r.err());
        assertEquals(Map.of("evals-0.json", "mine\n"), files(chunks));

        // Someone's index.json that is no chunk index is not ours to replace, nor are the files it names.
        Files.writeString(chunks.resolve("index.json"), "{\"title\": \"my index\"}\n");
        Files.delete(chunks.resolve("evals-0.json"));
        r = process(f, "--split-dir", chunks.toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("holds an index.json that is not the index of a chunk set (not a JSON array)"), r.err());
        Files.writeString(chunks.resolve("index.json"), "[{\"file\": \"../outside.json\"}]\n");
        r = process(f, "--split-dir", chunks.toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("an entry without a chunk's file name"), r.err());
        assertEquals(Map.of("index.json", "[{\"file\": \"../outside.json\"}]\n"), files(chunks));
    }

    @Test
    void theCanaryIsTheLowestConcOfTheSingleNodeRowsAndTheChunksHoldTheRest() throws IOException {
        ChangelogFixture f = fixture();
        JsonNode sweep = json(process(f).out());
        Path chunks = dir.resolve("chunks");

        ChangelogFixture.Run r = process(f, "--canary", "--split-dir", chunks.toString());

        assertEquals(0, r.exit(), r.err());
        JsonNode printed = json(r.out());
        assertEquals(List.of("canary", "remaining"), List.copyOf(iterable(printed.fieldNames())));
        assertEquals(sweep.at("/single_node/1k1k/0"), printed.at("/canary/0"), "1k1k's conc 4 comes before 8k1k's conc 4");
        assertEquals(1, printed.get("canary").size());
        assertEquals(1, printed.at("/remaining/single_node/1k1k").size());
        assertEquals(sweep.at("/single_node/8k1k"), printed.at("/remaining/single_node/8k1k"));
        assertEquals(sweep.get("changelog_metadata"), printed.at("/remaining/changelog_metadata"));
        assertEquals(rowsOfSweep(printed.get("remaining")), rowsOfChunks(chunks));
    }

    private static <T> List<T> iterable(java.util.Iterator<T> it) {
        List<T> list = new ArrayList<>();
        it.forEachRemaining(list::add);
        return list;
    }
}
