package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.AMD;
import static dev.sweepgate.cli.ChangelogFixture.HISTORY;
import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.NVIDIA;
import static dev.sweepgate.cli.ChangelogFixture.appended;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which change is checked: a pull request branch that fell behind main is measured from its
 * merge base with main, so main's newer entries and config changes are not the PR's.
 */
class BranchBehindMainTest {
    private static final String ALPHA = "alpha-fp8-mi355x-sglang";
    private static final String BETA = "beta-fp4-b200-vllm-agentic";
    private static final String MAIN_ENTRY = entry(ALPHA, LINK + "3");
    private static final String PR_ENTRY = entry(BETA, LINK + "XXX");

    @TempDir
    Path dir;

    ChangelogFixture fx;
    String pr;

    /** main gained a config change with its entry after the PR branched off history. */
    @BeforeEach
    void setUp() {
        fx = new ChangelogFixture(dir);
        fx.repo.git("checkout", "-q", "-b", "pr");
        pr = fx.append(PR_ENTRY);
        fx.repo.git("checkout", "-q", "main");
        fx.repo.write("configs/amd-master.yaml", AMD.replace("conc-list: [4, 8] }", "conc-list: [4, 8, 16] }"));
        fx.append(MAIN_ENTRY);
        fx.repo.git("checkout", "-q", "pr");
    }

    @Test
    void validateChangelogChecksOnlyWhatThePullRequestAppended() {
        ChangelogFixture.Run r = fx.run("validate-changelog", "--base-ref", "main", "--head-ref", "pr",
                "--pr-number", "4", "--check-coverage", "--format=text");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("1 entry added"), r.out());
        assertFalse(r.err().contains("deleted"), r.err());
    }

    @Test
    void theWorkingTreeIsMeasuredFromItsMergeBaseToo() {
        ChangelogFixture.Run r = fx.run("validate-changelog", "--base-ref", "main", "--pull-request", "--format=text");
        assertEquals(0, r.exit(), r.err());
    }

    @Test
    void checkCoverageIgnoresConfigsThePullRequestNeverTouched() {
        ChangelogFixture.Run r = fx.run("check-coverage", "--base-ref", "main", "--head-ref", "pr", "--format=text");
        assertEquals(0, r.exit(), r.err());
        assertFalse(r.err().contains(ALPHA), r.err());
    }

    @Test
    void processChangelogSweepsOnlyThePullRequestsEntryAndEchoesTheRefsAsGiven() {
        ChangelogFixture.Run r = fx.run("process-changelog", "--base-ref", "main", "--head-ref", "pr");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("\"base_ref\":\"main\"") || r.out().contains("\"base_ref\" : \"main\""), r.out());
        assertTrue(r.out().contains(BETA), r.out());
        assertFalse(r.out().contains("alpha_1k1k"), r.out());
    }

    @Test
    void fixChangelogRepairsAgainstTheMergeBase() {
        // the seed mistake: the two-space separator line turned empty
        fx.repo.write("perf-changelog.yaml", appended(PR_ENTRY).replaceFirst("\n  \n", "\n\n"));
        ChangelogFixture.Run r = fx.run("fix-changelog", "--base-ref", "main", "--format=text");
        assertEquals(0, r.exit(), r.err());
        assertEquals(appended(PR_ENTRY), fx.repo.read("perf-changelog.yaml"));
    }

    @Test
    void canonicalizeLinksOnlyThePullRequestsEntries() {
        ChangelogFixture.Run r = fx.run("prepare-merge", "canonicalize", "--base-ref", "main", "--pr-number", "4",
                "--format=text");
        assertEquals(0, r.exit(), r.err());
        assertEquals(appended(entry(BETA, LINK + "4")), fx.repo.read("perf-changelog.yaml"));
    }

    @Test
    void refsWithoutSharedHistoryAreAnErrorNamingBoth() {
        fx.repo.git("checkout", "-q", "--orphan", "unrelated");
        fx.repo.write("perf-changelog.yaml", HISTORY).write("configs/amd-master.yaml", AMD)
                .write("configs/nvidia-master.yaml", NVIDIA);
        fx.repo.commit("unrelated history");
        for (String command : new String[] {"validate-changelog", "check-coverage", "process-changelog"}) {
            ChangelogFixture.Run r = fx.run(command, "--base-ref", "unrelated", "--head-ref", "pr");
            assertEquals(3, r.exit(), command + ": " + r.err());
            assertTrue(r.err().contains("unrelated and pr share no history"), command + ": " + r.err());
        }
    }
}
