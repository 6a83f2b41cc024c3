package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plan command's wiring: options, formats and exit codes (the plan itself is tested in dev.sweepgate.plan). */
class PlanCommandTest {
    @TempDir
    Path dir;

    ChangelogFixture fx;

    @BeforeEach
    void setUp() {
        fx = new ChangelogFixture(dir);
    }

    @Test
    void printsTheMarkdownPlanOfACommittedChange() {
        String head = fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3"));
        ChangelogFixture.Run run = fx.run("plan", "--base-ref", fx.base, "--head-ref", head, "--format", "markdown");

        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().startsWith("### perf-changelog.yaml: the plan of this change\n"), run.out());
        assertTrue(run.out().contains("| 3 (line 14) | - | alpha-fp8-mi355x-sglang | 7 | 2 | 8 |"), run.out());
    }

    @Test
    void theWorkingTreeIsTheDefaultHeadAndJsonIsOneDocument() throws Exception {
        fx.repo.write("perf-changelog.yaml", ChangelogFixture.appended(entry("alpha-fp8-mi355x-sglang", "XXX")));
        ChangelogFixture.Run run = fx.run("plan", "--base-ref", fx.base, "--format", "json");

        assertEquals(0, run.exit(), run.err());
        JsonNode doc = new ObjectMapper().readTree(run.out());
        assertTrue(doc.get("head_ref").isNull());
        assertEquals(9, doc.get("totals").get("jobs").asInt());
        // numbered by its place in the working-tree file, as validate-changelog numbers it (issue 23: it was 1)
        assertEquals(3, doc.at("/entries/0/number").asInt());
        assertEquals(14, doc.at("/entries/0/line").asInt());
        assertTrue(fx.run("validate-changelog", "--base-ref", fx.base).out().contains("entry 3 (line 14)"));
    }

    @Test
    void aSweepThatCannotBeComputedStillPrintsThePlanAndExitsOne() {
        String head = fx.append(entry("no-such-config", LINK + "3"));
        ChangelogFixture.Run run = fx.run("plan", "--base-ref", fx.base, "--head-ref", head, "--format", "text");

        assertEquals(1, run.exit());
        assertTrue(run.out().contains("The sweep cannot be computed"), run.out());
        assertTrue(run.err().contains("no-such-config"), run.err());
    }

    @Test
    void aBucketOverTheJobLimitIsCountedInChunks() throws Exception {
        String concs = java.util.stream.IntStream.rangeClosed(1, 300).mapToObj(Integer::toString)
                .collect(java.util.stream.Collectors.joining(", "));
        fx.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("conc-list: [4, 8]", "conc-list: [" + concs + "]"));
        String head = fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3"));

        ChangelogFixture.Run text = fx.run("plan", "--base-ref", fx.base, "--head-ref", head);
        ChangelogFixture.Run json = fx.run("plan", "--base-ref", fx.base, "--head-ref", head, "--format", "json");

        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("  Chunks (process-changelog --split-dir, at most 256 jobs and 1000000 bytes each): "
                + "4; single_node/1k1k needs 2 (a bucket over a limit runs as several matrices).\n"), text.out());
        JsonNode totals = new ObjectMapper().readTree(json.out()).get("totals");
        assertEquals(4, totals.get("chunks").asInt());
        assertEquals(2, totals.get("chunks_per_bucket").get("single_node/1k1k").asInt());
    }

    @Test
    void anUnknownFormatIsBadUsage() {
        assertEquals(2, fx.run("plan", "--base-ref", fx.base, "--format", "yaml").exit());
    }
}
