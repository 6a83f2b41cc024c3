package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.HISTORY;
import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.RUNNERS;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sweepgate.git.TestRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** process-changelog warns when the sweep outgrows GitHub's matrix and step-output limits, without changing its output. */
class ProcessChangelogLimitsTest {
    @TempDir
    Path dir;

    /** A config whose fixed-seq-len scenarios each run {@code concs} concurrencies, and a change selecting it. */
    private String[] repoWithAppendedEntry(int concs, String... seqLens) {
        String list = IntStream.rangeClosed(1, concs).mapToObj(Integer::toString).collect(Collectors.joining(", "));
        StringBuilder config = new StringBuilder("""
                alpha-fp8-mi355x-sglang:
                  image: img/alpha:1
                  model: org/alpha
                  model-prefix: alpha
                  runner: mi355x
                  precision: fp8
                  framework: sglang
                  multinode: false
                  scenarios:
                    fixed-seq-len:
                """);
        for (String seqLen : seqLens) {
            String[] io = seqLen.split("/");
            config.append("    - isl: ").append(io[0]).append("\n      osl: ").append(io[1])
                    .append("\n      search-space:\n      - { tp: 8, conc-list: [").append(list).append("] }\n");
        }
        TestRepo repo = TestRepo.init(dir);
        repo.write("configs/amd-master.yaml", config.toString())
                .write("configs/nvidia-master.yaml", ChangelogFixture.NVIDIA)
                .write("configs/runners.yaml", RUNNERS).write("perf-changelog.yaml", HISTORY);
        String base = repo.commit("history");
        repo.write("perf-changelog.yaml", HISTORY + "\n" + entry("alpha-fp8-mi355x-sglang", LINK + "3"));
        String head = repo.commit("append");
        return new String[] {"process-changelog", "--base-ref", base, "--head-ref", head};
    }

    private ChangelogFixture.Run run(Map<String, String> env, String... args) {
        return ChangelogFixture.runIn(dir, env, args);
    }

    @Test
    void warnsWhenOneBucketHasMoreThan256RowsAndKeepsTheJson() throws IOException {
        String[] args = repoWithAppendedEntry(300, "1024/1024");

        ChangelogFixture.Run plain = run(Map.of(), args);
        ChangelogFixture.Run actions = run(Map.of("GITHUB_ACTIONS", "true"), args);

        assertEquals(0, plain.exit(), plain.err());
        assertEquals(0, actions.exit(), actions.err());
        JsonNode json = new ObjectMapper().readTree(plain.out());
        assertEquals(300, json.at("/single_node/1k1k").size());
        assertEquals(plain.out(), actions.out(), "the warning must not change stdout");
        assertEquals("perf-changelog.yaml: warning: bucket single_node.1k1k has 300 rows, more than the 256 jobs GitHub "
                + "Actions allows in one matrix, so the benchmark job fed from it will not start; split the change into "
                + "several pull requests whose entries select fewer configs (or narrower scenario-type), each under 256 "
                + "rows per bucket [sweep.matrix-limit]\n0 errors, 1 warning\n", plain.err());
        assertTrue(actions.err().startsWith("::warning file=perf-changelog.yaml,title=sweep.matrix-limit::bucket "
                + "single_node.1k1k has 300 rows"), actions.err());
        assertFalse(plain.err().contains("1 MiB"), "300 rows stay far below 1 MiB");
    }

    @Test
    void warnsWhenTheOutputIsLargerThanAJobOutputCanHoldCountedOnUtf16() throws IOException {
        // 5 buckets of 250 rows: about 600 000 characters, under 1 MB in UTF-8 but over it as GitHub counts
        String[] seqLens = IntStream.rangeClosed(1, 5).mapToObj(i -> (1000 + i) + "/1024").toArray(String[]::new);
        String[] args = repoWithAppendedEntry(250, seqLens);

        ChangelogFixture.Run plain = run(Map.of(), args);
        ChangelogFixture.Run actions = run(Map.of("GITHUB_ACTIONS", "true"), args);

        assertEquals(0, plain.exit(), plain.err());
        assertEquals(plain.out(), actions.out(), "the warning must not change stdout");
        JsonNode json = new ObjectMapper().readTree(plain.out());
        assertEquals(250, json.at("/single_node/1001_1024").size());
        String published = plain.out().substring(0, plain.out().length() - 1); // without println's newline
        assertTrue(published.getBytes(StandardCharsets.UTF_8).length < 1_000_000, "the test needs a sweep under 1 MB in UTF-8");
        assertTrue(2L * published.length() > 1_000_000, "the test needs a sweep over 1 MB in UTF-16");
        assertFalse(plain.err().contains("sweep.matrix-limit"), "no bucket is over 256 rows: " + plain.err());
        assertTrue(plain.err().startsWith("perf-changelog.yaml: warning: the sweep's job output is " + 2L * published.length()
                + " bytes as GitHub counts it (UTF-16, 2 bytes a character), more than the 1000000 bytes (1 MB) a GitHub "
                + "Actions job output can hold, so the job that publishes it fails; the largest buckets: "
                + "single_node.1001_1024 (250 rows, "), plain.err());
        assertTrue(actions.err().startsWith("::warning file=perf-changelog.yaml,title=sweep.output-limit::the sweep's job output is "),
                actions.err());
    }

    @Test
    void aSweepWithinTheLimitsPrintsNoWarning() {
        ChangelogFixture.Run r = run(Map.of("GITHUB_ACTIONS", "true"), repoWithAppendedEntry(256, "1024/1024"));
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
    }
}
