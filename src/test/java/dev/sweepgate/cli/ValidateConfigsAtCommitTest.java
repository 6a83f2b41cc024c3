package dev.sweepgate.cli;

import static dev.sweepgate.cli.LaunchCoverageTest.MINIMAX;
import static dev.sweepgate.cli.LaunchCoverageTest.MINIMAX_KEY;
import static dev.sweepgate.cli.LaunchCoverageTest.MINIMAX_SCRIPT;
import static dev.sweepgate.cli.LaunchCoverageTest.QWEN;
import static dev.sweepgate.cli.LaunchCoverageTest.QWEN_SCRIPT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.git.TestRepo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate-configs --head-ref REF}: the files of a commit (what the gate checks, without a
 * copy of the tree), and with {@code --base-ref} the launch files of only the configs the change can
 * affect: a pull request is not failed for an acceptance length already wrong on its base branch in a
 * script it does not touch.
 */
class ValidateConfigsAtCommitTest {
    /** An acceptance length that is not MiniMax's golden one (2.78), already on the base branch. */
    static final String WRONG_MINIMAX = MINIMAX_SCRIPT.replace("SYNTHETIC_ACCEPT_LEN=2.78", "SYNTHETIC_ACCEPT_LEN=2.11");

    @TempDir
    Path dir;

    TestRepo repo;
    LaunchCoverageTest fixture;

    @BeforeEach
    void setUp() {
        fixture = new LaunchCoverageTest();
        fixture.dir = dir;
        fixture.setUp();
        repo = fixture.repo;
    }

    ChangelogFixture.Run validate(String... args) {
        List<String> all = new ArrayList<>(List.of("validate-configs"));
        all.addAll(List.of(args));
        return ChangelogFixture.runIn(dir, Map.of(), all.toArray(String[]::new));
    }

    @Test
    void theFilesOfTheCommitAreValidatedNotTheWorkingTree() {
        repo.write(MINIMAX, WRONG_MINIMAX);
        repo.commit("AL 2.78 -> 2.11");
        repo.write(MINIMAX, MINIMAX_SCRIPT); // undone in the working tree only

        ChangelogFixture.Run tree = validate();
        assertEquals(0, tree.exit(), tree.err());

        ChangelogFixture.Run commit = validate("--head-ref", "HEAD");
        assertEquals(1, commit.exit(), commit.err());
        assertTrue(commit.err().contains(MINIMAX + ":4:") && commit.err().contains("AL 2.11 is not the golden AL of minimax-m3")
                && commit.err().contains("[golden.value]"), commit.err());
    }

    /** From a subdirectory too: the launch files are the repository's, named from its top. */
    @Test
    void aCommitsLaunchFilesAreReadFromASubdirectory() {
        repo.write(MINIMAX, WRONG_MINIMAX);
        repo.commit("AL 2.78 -> 2.11");
        ChangelogFixture.Run run = ChangelogFixture.runIn(dir.resolve("configs"), Map.of(), "validate-configs", "--head-ref",
                "HEAD");
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains(MINIMAX + ":4:") && run.err().contains("[golden.value]"), run.err());
        assertFalse(run.err().contains("no benchmarks/ directory"), run.err());
    }

    /** git names the changed files from the top, the options from where the command runs: both mean the same file. */
    @Test
    void aChangedConfigEntryIsInScopeFromASubdirectory() {
        repo.git("branch", "-f", "upstream");
        repo.write("configs/nvidia-master.yaml", repo.read("configs/nvidia-master.yaml")
                .replace("image: vllm/vllm-openai:v0.27.1", "image: vllm/vllm-openai:v0.99.0"));
        repo.commit("bump the minimax image");
        ChangelogFixture.Run run = ChangelogFixture.runIn(dir.resolve("configs"), Map.of(), "validate-configs", "--base-ref",
                "upstream", "--head-ref", "HEAD");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.err().contains("the launch files of 1 config with agentic speculative-decoding entries ("
                + LaunchCoverageTest.QWEN_KEY + ") were not read"), run.err());
    }

    @Test
    void aScriptAlreadyWrongOnTheBaseThatTheChangeDoesNotReachFailsNothing() {
        repo.write(MINIMAX, WRONG_MINIMAX);
        repo.commit("main already has a wrong acceptance length");
        repo.git("branch", "-f", "upstream");
        repo.write(QWEN, QWEN_SCRIPT.replace("python3 -m", "export SGLANG_ENABLE_JIT_DEEPGEMM=0\npython3 -m"));
        repo.commit("tune the qwen script");

        ChangelogFixture.Run change = validate("--base-ref", "upstream", "--head-ref", "HEAD");
        assertEquals(0, change.exit(), change.err());
        assertTrue(change.err().contains("note: the launch files of 1 config with agentic speculative-decoding entries ("
                + MINIMAX_KEY + ") were not read for their acceptance length: the change reaches neither their entries nor "
                + "the files they run") && change.err().contains("[golden.launch-scoped]"), change.err());
        assertFalse(change.err().contains("golden.value"), change.err());

        // alone (or without a base), every config's launch files are read
        ChangelogFixture.Run all = validate("--head-ref", "HEAD");
        assertEquals(1, all.exit(), all.err());
        assertTrue(all.err().contains(MINIMAX + ":4:") && all.err().contains("[golden.value]"), all.err());
    }

    @Test
    void theChangeThatEditsTheScriptTheConfigOrACurveIsJudged() {
        repo.write(MINIMAX, MINIMAX_SCRIPT.replace("SYNTHETIC_ACCEPT_LEN=2.78", "SYNTHETIC_ACCEPT_LEN=2.05"));
        repo.commit("main already has a wrong acceptance length");
        repo.git("branch", "-f", "upstream");

        // the script itself
        repo.write(MINIMAX, WRONG_MINIMAX);
        repo.commit("another wrong value");
        assertJudged(validate("--base-ref", "upstream", "--head-ref", "HEAD"), "2.11");

        // the config's entry
        repo.git("reset", "-q", "--hard", "upstream");
        repo.write("configs/nvidia-master.yaml", repo.read("configs/nvidia-master.yaml")
                .replace("image: vllm/vllm-openai:v0.27.1", "image: vllm/vllm-openai:v0.99.0"));
        repo.commit("bump the image");
        assertJudged(validate("--base-ref", "upstream", "--head-ref", "HEAD"), "2.05");

        // a golden curve: every config may be affected
        repo.git("reset", "-q", "--hard", "upstream");
        repo.write("golden_al_distribution/qwen3.5_mtp.yaml", repo.read("golden_al_distribution/qwen3.5_mtp.yaml") + "\n");
        repo.commit("touch a curve");
        ChangelogFixture.Run curve = validate("--base-ref", "upstream", "--head-ref", "HEAD");
        assertJudged(curve, "2.05");
        assertFalse(curve.err().contains("golden.launch-scoped"), curve.err());
    }

    private static void assertJudged(ChangelogFixture.Run run, String al) {
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains("AL " + al + " is not the golden AL of minimax-m3") && run.err().contains("[golden.value]"),
                run.err());
    }

    @Test
    void aBaseWithoutAHeadIsBadUsage() {
        ChangelogFixture.Run run = validate("--base-ref", "HEAD");
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("--base-ref names the start of a change: give its end with --head-ref too"), run.err());
    }
}
