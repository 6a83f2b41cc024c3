package dev.sweepgate.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.config.ConfigLoader;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.git.Git;
import dev.sweepgate.git.TestRepo;
import dev.sweepgate.yaml.SourceFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A commit's multi-node recipes are known to exist from git's listing, and only those that may name a script
 * of the repository (they hold "benchmarks/", which git finds) are read: the launch index is the same as the
 * working tree's, where every recipe is read, symbolic links included.
 */
class RecipesReadOnDemandTest {
    private static final String RECIPES = "benchmarks/multi_node/srt-slurm-recipes/";

    @TempDir
    Path dir;

    private static String config(String key, String recipe) {
        return key + ":\n  image: lmsysorg/sglang:v1\n  model: org/toy-model\n  model-prefix: toy\n  runner: cluster:gb300-nv\n"
                + "  precision: fp4\n  framework: dynamo-sglang\n  multinode: true\n  disagg: true\n  kv-p2p-transfer: nixl\n"
                + "  scenarios:\n    agentic-coding:\n    - search-space:\n      - conc-list: [8]\n"
                + "        prefill: { num-worker: 1, tp: 4, ep: 4, dp-attn: true, additional-settings: [\"CONFIG_FILE=recipes/"
                + recipe + "\"] }\n        decode: { num-worker: 1, tp: 4, ep: 4, dp-attn: true }\n";
    }

    @Test
    void aCommitsIndexReadsOnlyTheRecipesThatMayNameAScriptAndEqualsTheWorkingTrees() throws Exception {
        TestRepo repo = TestRepo.init(dir);
        String masters = config("names-script", "a.yaml") + config("names-none", "b.yaml") + config("linked", "link.yaml")
                + config("through-linked-dir", "linked-dir/c.yaml") + config("external", "missing.yaml");
        repo.write("configs/nvidia-master.yaml", masters).write("configs/runners.yaml", "labels:\n  cluster:gb300-nv: [gb300-nv_0]\n")
                .write(RECIPES + "a.yaml", "backend:\n  command: bash /infmax-workspace/benchmarks/multi_node/agentic_srt.sh\n")
                .write(RECIPES + "b.yaml", "backend:\n  type: sglang\n")
                .write(RECIPES + "real/c.yaml", "command: bash benchmarks/multi_node/agentic_srt.sh\n")
                .write("benchmarks/multi_node/agentic_srt.sh", "source \"$(dirname \"$0\")/env.sh\"\n")
                .write("benchmarks/multi_node/env.sh", "export X=1\n");
        Files.createSymbolicLink(dir.resolve(RECIPES + "link.yaml"), Path.of("a.yaml"));
        Files.createSymbolicLink(dir.resolve(RECIPES + "linked-dir"), Path.of("real"));
        String commit = repo.commit("recipes, one naming a script, one linked, one in a linked directory");
        ConfigSet configs = ConfigLoader.load(List.of(source("configs/nvidia-master.yaml")), source("configs/runners.yaml"));

        try (RepoFiles atCommit = RepoFiles.commit(new Git(dir), commit); RepoFiles onDisk = RepoFiles.workingTree(dir)) {
            LaunchIndex fromGit = atCommit.index(configs);
            LaunchIndex fromDisk = onDisk.index(configs);
            for (String path : List.of(RECIPES + "a.yaml", RECIPES + "b.yaml", RECIPES + "link.yaml", RECIPES + "linked-dir/c.yaml",
                    RECIPES + "missing.yaml", "benchmarks/multi_node/agentic_srt.sh", "benchmarks/multi_node/env.sh")) {
                assertEquals(fromDisk.reach(path), fromGit.reach(path), path);
            }
            assertEquals(List.of("names-script", "linked", "through-linked-dir"), fromGit.reach("benchmarks/multi_node/env.sh").keys());
            assertEquals(List.of("names-none"), fromGit.reach(RECIPES + "b.yaml").keys());
            assertEquals(List.of(), fromGit.reach(RECIPES + "missing.yaml").keys());

            // the recipe that names no script counts as run, unread
            assertFalse(atCommit.sources().containsKey(RECIPES + "b.yaml"), atCommit.sources().keySet().toString());
            assertTrue(onDisk.sources().containsKey(RECIPES + "b.yaml"), onDisk.sources().keySet().toString());
            assertTrue(atCommit.sources().containsKey(RECIPES + "a.yaml"), atCommit.sources().keySet().toString());
        }
    }

    private SourceFile source(String path) throws Exception {
        return new SourceFile(path, Files.readString(dir.resolve(path), StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8));
    }
}
