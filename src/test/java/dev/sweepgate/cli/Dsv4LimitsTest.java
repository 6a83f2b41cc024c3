package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sweepgate.git.TestRepo;
import dev.sweepgate.json.PythonJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The change of issue 25 on the benchmark repository's real configs (the corpus bundle's newest
 * state): one entry selecting dsv4*, which the changelog rules accept, makes a bucket of 275 rows
 * and a job output over 1 MB once priorities are added. process-changelog and plan say so.
 */
class Dsv4LimitsTest {
    private static final Path BUNDLE = Path.of("../shared/corpus/data.bundle");
    private static final String ENTRY = "\n- config-keys:\n    - dsv4*\n  description:\n    - \"Rerun every dsv4 config\"\n"
            + "  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/XXX\n";

    @TempDir
    static Path clones;

    static Path repo;
    static String base;
    static String head;

    @BeforeAll
    static void cloneAndAppend() throws IOException {
        assumeTrue(Files.isRegularFile(BUNDLE), "the corpus bundle is not there: " + BUNDLE.toAbsolutePath());
        repo = clones.resolve("history");
        TestRepo.init(clones).git("clone", "-q", "-b", "history", BUNDLE.toAbsolutePath().toString(), repo.toString());
        TestRepo history = TestRepo.open(repo);
        Files.copy(Path.of("configs/ci-priority.yaml"), repo.resolve("configs/ci-priority.yaml"));
        base = history.commit("the priority policy, as the benchmark repository has it");
        history.write("perf-changelog.yaml", history.read("perf-changelog.yaml") + ENTRY);
        head = history.commit("one entry for every dsv4 config");
    }

    private static ChangelogFixture.Run run(String... args) {
        return ChangelogFixture.runIn(repo, Map.of(), args);
    }

    @Test
    void processChangelogWarnsOfBothLimitsWithTheFiguresAfterPriorities() throws IOException {
        ChangelogFixture.Run r = run("process-changelog", "--base-ref", base, "--head-ref", head,
                "--priority-policy", "configs/ci-priority.yaml", "--event-name", "push", "--queue-namespace", "123:1");

        assertEquals(0, r.exit(), r.err());
        JsonNode sweep = new ObjectMapper().readTree(r.out());
        assertEquals(275, sweep.at("/single_node/8k1k").size());
        String published = r.out().substring(0, r.out().length() - 1);
        assertEquals(558_331, published.length(), "about half a million characters");
        List<String> warnings = r.err().lines().filter(l -> l.contains(": warning: ")).toList();
        assertEquals(2, warnings.size(), r.err());
        assertTrue(warnings.get(0).startsWith("perf-changelog.yaml: warning: bucket single_node.8k1k has 275 rows, more "
                + "than the 256 jobs GitHub Actions allows in one matrix"), warnings.get(0));
        assertTrue(warnings.get(1).startsWith("perf-changelog.yaml: warning: the sweep's job output is 1116662 bytes as "
                + "GitHub counts it (UTF-16, 2 bytes a character, priorities included), more than the 1000000 bytes "
                + "(1 MB) a GitHub Actions job output can hold, so the job that publishes it fails; the largest buckets: "
                + "single_node.8k1k (275 rows, "), warnings.get(1));
    }

    @Test
    void withoutPrioritiesTheCompactSweepIsAlreadyAtTheLimit() throws PythonJson.NotJson {
        ChangelogFixture.Run r = run("process-changelog", "--base-ref", base, "--head-ref", head);

        assertEquals(0, r.exit(), r.err());
        // what the reference's process_changelog.py prints is compact: 504 611 characters, 1 009 222 bytes in UTF-16
        String compact = PythonJson.write(PythonJson.read(r.out()));
        assertEquals(504_611, compact.length());
        assertTrue(r.err().contains("the sweep's job output is " + 2L * (r.out().length() - 1) + " bytes"), r.err());
    }

    @Test
    void planMeasuresTheSweepWithPrioritiesAsAPushToMainAddsThem() throws IOException {
        ChangelogFixture.Run r = run("plan", "--base-ref", base, "--head-ref", head, "--format", "json");

        assertEquals(0, r.exit(), r.err());
        JsonNode totals = new ObjectMapper().readTree(r.out()).get("totals");
        assertEquals(275, totals.at("/jobs_per_bucket/single_node~18k1k").asInt());
        assertEquals("[\"single_node/8k1k\"]", totals.get("over_job_limit").toString());
        assertTrue(totals.get("output_with_priorities").asBoolean());
        // a push to main: the namespace and the labels of a pull request change no size
        assertEquals(1_116_662, totals.get("output_bytes").asLong());
        assertTrue(totals.get("over_output_limit").asBoolean());
        assertTrue(r.err().contains("[sweep.output-limit]"), r.err());
    }
}
