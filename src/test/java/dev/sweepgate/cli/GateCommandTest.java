package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sweepgate gate} in process on a real repository: the verdict, the SARIF files, the job summary. */
class GateCommandTest {
    @TempDir
    Path dir;
    ChangelogFixture fx;

    @BeforeEach
    void repository() {
        fx = new ChangelogFixture(dir);
    }

    @Test
    void aFailedCheckIsNamedInTheLastLineItsSarifFileAndTheJobSummary() throws IOException {
        String head = fx.append(ChangelogFixture.entry("no-such-config", "XXX"));
        Path summary = dir.resolve("summary.md");
        ChangelogFixture.Run run = fx.run(Map.of("GITHUB_STEP_SUMMARY", summary.toString()), "gate", "--base-ref",
                fx.base, "--head-ref", head, "--pull-request", "--sarif-dir", "sarif");

        assertEquals(1, run.exit(), run.err());
        List<String> lines = run.err().lines().toList();
        assertEquals("sweepgate gate: " + fx.base + "..." + head + ": FAILED: validate-changelog (1 of 2 checks)",
                lines.get(lines.size() - 1), run.err());
        assertTrue(run.err().contains("\n  validate-changelog  FAILED (exit 1)\n  review              passed\n"), run.err());
        assertTrue(run.err().contains("[changelog.unknown-config-key]"), run.err());
        assertFalse(run.err().contains("fix-changelog"), "no repair applies to an unknown key: " + run.err());
        assertTrue(Files.readString(dir.resolve("sarif/validate-changelog.sarif")).contains("changelog.unknown-config-key"));
        assertTrue(Files.exists(dir.resolve("sarif/review.sarif")));
        String md = Files.readString(summary);
        assertTrue(md.startsWith("### sweepgate gate: FAILED: validate-changelog (1 of 2 checks)"), md);
        assertTrue(md.contains("| validate-changelog | **failed** (exit 1) |") && md.contains("| review | passed |"), md);
        assertTrue(md.contains("#### validate-changelog") && md.contains("config key 'no-such-config' not found"), md);
    }

    /** The checks run side by side, yet each one's output comes whole and in the list's order. */
    @Test
    void eachChecksOutputComesWholeInTheOrderOfTheList() {
        String head = fx.append(ChangelogFixture.entry("alpha-fp8-mi355x-sglang", "XXX"));
        ChangelogFixture.Run run = fx.run("gate", "--base-ref", fx.base, "--head-ref", head, "--pull-request");
        int changelog = run.err().indexOf("sweepgate gate: validate-changelog: sweepgate validate-changelog --base-ref " + fx.base);
        int review = run.err().indexOf("sweepgate gate: review: sweepgate review --base-ref " + fx.base);
        assertTrue(changelog >= 0 && review > changelog, run.err());
        int valid = run.out().indexOf("perf-changelog.yaml: valid (" + fx.base);
        int checklist = run.out().indexOf("review: " + fx.base);
        assertTrue(valid >= 0 && checklist > valid, run.out());
        assertTrue(run.err().contains("\n  validate-changelog  passed\n"), run.err());
    }

    @Test
    void aNumberAndAnUnknownNumberExcludeEachOther() {
        ChangelogFixture.Run run = fx.run("gate", "--base-ref", fx.base, "--head-ref", "HEAD", "--pr-number", "3",
                "--pull-request");
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("--pr-number and --pull-request exclude each other"), run.err());
    }
}
