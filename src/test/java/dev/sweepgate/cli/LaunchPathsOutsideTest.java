package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.git.TestRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A config or script of a pull request names the files review and validate-configs read: a path
 * that leads out of the repository (by {@code ..} or a symbolic link) is never read, on the working
 * tree or at a commit, and is an error at the line that names it.
 */
class LaunchPathsOutsideTest {
    /** What a file outside the repository holds: were it read, its value would be quoted as "not a number". */
    static final String SECRET = "SECRET-7f3a-token";
    static final String RECIPES = "benchmarks/multi_node/srt-slurm-recipes/";
    static final String RECIPE = """
            base:
              backend:
                type: sglang
                decode_environment:
                  SGLANG_SIMULATE_ACC_LEN: '%s'
                sglang_config:
                  decode:
                    speculative-num-steps: 1
            """;

    @TempDir
    Path dir;

    Path secret;
    TestRepo repo;
    String base;

    @BeforeEach
    void setUp() throws IOException {
        secret = dir.resolve("secret.yaml");
        Files.writeString(secret, RECIPE.formatted(SECRET));
        Files.writeString(dir.resolve("secret.sh"), "export SGLANG_SIMULATE_ACC_LEN=" + SECRET + "\n");
        repo = TestRepo.init(Files.createDirectories(dir.resolve("repo")));
        repo.write("configs/amd-master.yaml", "{}\n").write("configs/nvidia-master.yaml", "{}\n")
                .write("configs/runners.yaml", "labels:\n  cluster:mi355x: [mi355x-amds_0]\n  cluster:gb300: [gb300-nv_0]\n")
                .write("golden_al_distribution/toy_mtp.yaml", LaunchFilesTest.GOLDEN)
                .write("runners/launch_mi355x-amds.sh", LaunchFilesTest.AMD_LAUNCHER)
                .write("benchmarks/benchmark_lib.sh", "run_benchmark_serving() { :; }\n")
                .write("perf-changelog.yaml", "- config-keys:\n    - toy-*\n  description:\n    - \"x\"\n"
                        + "  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/1\n");
        base = repo.commit("base");
    }

    ChangelogFixture.Run review(String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("review", "--base-ref", base, "--date", "2026-08-01"));
        args.addAll(List.of(extra));
        return ChangelogFixture.runIn(repo.dir(), Map.of(), args.toArray(String[]::new));
    }

    ChangelogFixture.Run validate() {
        return ChangelogFixture.runIn(repo.dir(), Map.of(), "validate-configs", "--list-unpinned", "--format", "text");
    }

    /** Fails unless the run refused the path at {@code at} with the rule, exit 1, and never showed the file's contents. */
    static void refused(ChangelogFixture.Run run, String at, String path) {
        String all = run.out() + run.err();
        assertEquals(1, run.exit(), all);
        assertTrue(run.err().contains(at + ": error: " + path) && run.err().contains("outside the repository, so it is not "
                + "read: name a file inside the repository") && run.err().contains("[launch.path-outside]"), all);
        assertFalse(all.contains(SECRET), all);
        assertFalse(all.contains("cat-file"), all);
    }

    @Test
    void aConfigFileThatClimbsOutWithDotDotIsAnErrorAtItsSettingOnTheWorkingTreeAndAtACommit() {
        // From benchmarks/multi_node/srt-slurm-recipes/ four levels up is the directory that holds the repository.
        repo.write("configs/nvidia-master.yaml", LaunchFilesTest.multiNode("recipes/../../../../secret.yaml"));
        String path = RECIPES + "../../../../secret.yaml";

        refused(review(), "configs/nvidia-master.yaml:16:86", path);
        refused(validate(), "configs/nvidia-master.yaml:16:86", path);

        repo.commit("head");
        ChangelogFixture.Run atCommit = review("--head-ref", "HEAD", "--format", "json");
        assertEquals(1, atCommit.exit(), atCommit.out() + atCommit.err());
        assertTrue(atCommit.out().contains("\"rule\" : \"launch.path-outside\""), atCommit.out());
        // One cause, one problem: the golden check's "not checkable" at the same line is not a second one.
        assertFalse(atCommit.out().contains("\"rule\" : \"review.golden-al\""), atCommit.out());
        assertFalse((atCommit.out() + atCommit.err()).contains(SECRET), atCommit.out() + atCommit.err());
        refused(review("--head-ref", "HEAD"), "configs/nvidia-master.yaml:16:86", path);
    }

    @Test
    void aSymbolicLinkOutOfTheRepositoryIsNotFollowedOnTheWorkingTreeNorAtACommit() throws IOException {
        repo.write("configs/nvidia-master.yaml", LaunchFilesTest.multiNode("recipes/sglang/toy.yaml"));
        Path link = repo.dir().resolve(RECIPES + "sglang/toy.yaml");
        Files.createDirectories(link.getParent());
        Files.createSymbolicLink(link, secret);

        refused(review(), "configs/nvidia-master.yaml:16:86", RECIPES + "sglang/toy.yaml reaches ");
        refused(validate(), "configs/nvidia-master.yaml:16:86", RECIPES + "sglang/toy.yaml reaches ");

        repo.commit("head");
        Files.delete(link);
        refused(review("--head-ref", "HEAD"), "configs/nvidia-master.yaml:16:86", RECIPES + "sglang/toy.yaml reaches "
                + secret + " through a symbolic link");
    }

    @Test
    void aLinkedDirectoryOutOfTheRepositoryIsNotFollowedEither() throws IOException {
        Path outside = Files.createDirectories(dir.resolve("elsewhere"));
        Files.writeString(outside.resolve("toy.yaml"), RECIPE.formatted(SECRET));
        Files.createDirectories(repo.dir().resolve(RECIPES));
        Files.createSymbolicLink(repo.dir().resolve(RECIPES + "sglang"), outside);
        repo.write("configs/nvidia-master.yaml", LaunchFilesTest.multiNode("recipes/sglang/toy.yaml"));

        refused(validate(), "configs/nvidia-master.yaml:16:86", RECIPES + "sglang/toy.yaml reaches ");
    }

    @Test
    void aSymbolicLinkWithinTheRepositoryIsFollowedAtACommitAsACheckoutWould() throws IOException {
        repo.write(RECIPES + "sglang/real.yaml", RECIPE.formatted("1.70"));
        Files.createSymbolicLink(repo.dir().resolve(RECIPES + "sglang/toy.yaml"), Path.of("real.yaml"));
        repo.write("configs/nvidia-master.yaml", LaunchFilesTest.multiNode("recipes/sglang/toy.yaml"));
        repo.commit("head");

        ChangelogFixture.Run run = review("--head-ref", "HEAD");
        // 1.70 at the decode workers' draft of 1 is the golden value: read through the link, not the link's text.
        assertTrue(run.out().contains("11 golden acceptance length: PASS"), run.out() + run.err());
        assertFalse(run.err().contains("launch.path-outside"), run.err());
    }

    @Test
    void aScriptThatSourcesAFileOutOfTheRepositoryIsAnErrorAtTheSourceLine() {
        repo.write("configs/amd-master.yaml", LaunchFilesTest.singleNode("sglang"));
        // From benchmarks/single_node/agentic/ four levels up is the directory that holds the repository.
        repo.write(LaunchFilesTest.TAGGED, """
                #!/usr/bin/env bash
                source "$(dirname "$0")/../../../../secret.sh"
                python3 -m sglang.launch_server --speculative-num-steps 1 &
                """);

        ChangelogFixture.Run run = validate();
        refused(run, LaunchFilesTest.TAGGED + ":2", "benchmarks/single_node/agentic/../../../../secret.sh leads outside");

        repo.commit("head");
        refused(review("--head-ref", "HEAD"), LaunchFilesTest.TAGGED + ":2",
                "benchmarks/single_node/agentic/../../../../secret.sh leads outside");
    }
}
