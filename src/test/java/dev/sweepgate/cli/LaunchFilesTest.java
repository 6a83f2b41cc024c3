package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.git.TestRepo;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * validate-configs follows an agentic speculative-decoding config to the file that pins its
 * acceptance as the benchmark repository's runners do: the runner's launch script names the
 * single-node script, which may hand over to another; a multi-node entry names a recipe, which
 * may select a variant.
 */
class LaunchFilesTest {
    static final String GOLDEN = "toy-model-fp8:\n  thinking_on:\n    1: 1.70\n    2: 2.20\n    3: 2.49\n";
    static final String AMD_LAUNCHER = """
            #!/usr/bin/env bash
            SPEC_SUFFIX=$([[ "$SPEC_DECODING" == "mtp" ]] && printf '_mtp' || printf '')
            SCRIPT="benchmarks/single_node/${SCENARIO_SUBDIR}${EXP_NAME%%_*}_${PRECISION}_mi355x_${FRAMEWORK}${SPEC_SUFFIX}.sh"
            if [[ ! -f "$SCRIPT" ]]; then
                SCRIPT="benchmarks/single_node/${SCENARIO_SUBDIR}${EXP_NAME%%_*}_${PRECISION}_mi355x${SPEC_SUFFIX}.sh"
            fi
            bash "$SCRIPT"
            """;
    static final String UNTAGGED = "benchmarks/single_node/agentic/toy_fp4_mi355x_mtp.sh";
    static final String TAGGED = "benchmarks/single_node/agentic/toy_fp4_mi355x_sglang_mtp.sh";

    @TempDir
    Path dir;

    TestRepo repo;

    /** A config on the cluster:mi355x runner; its model's weights are NVFP4, its curve was measured on FP8 weights. */
    static String singleNode(String framework) {
        return "toy-fp4-mi355x-" + framework + "-agentic-mtp:\n  image: lmsysorg/sglang:v1\n  model: org/Toy-Model-NVFP4\n"
                + "  model-prefix: toy\n  runner: cluster:mi355x\n  precision: fp4\n  framework: " + framework + "\n  multinode: false\n"
                + "  scenarios:\n    agentic-coding:\n    - search-space:\n      - { tp: 8, kv-offloading: none, spec-decoding: mtp, conc-list: [1] }\n";
    }

    static String multiNode(String configFile) {
        return "toy-fp4-gb300-dynamo-sglang-agentic:\n  image: lmsysorg/sglang:v1\n  model: org/Toy-Model-NVFP4\n  model-prefix: toy\n"
                + "  runner: cluster:gb300\n  precision: fp4\n  framework: dynamo-sglang\n  multinode: true\n  disagg: true\n"
                + "  kv-p2p-transfer: nixl\n"
                + "  scenarios:\n    agentic-coding:\n    - search-space:\n      - conc-list: [8]\n        spec-decoding: mtp\n"
                + "        prefill: { num-worker: 1, tp: 4, ep: 4, dp-attn: true, additional-settings: [\"CONFIG_FILE=" + configFile + "\"] }\n"
                + "        decode: { num-worker: 1, tp: 4, ep: 4, dp-attn: true }\n";
    }

    @BeforeEach
    void setUp() {
        repo = TestRepo.init(dir);
        repo.write("configs/amd-master.yaml", "{}\n").write("configs/nvidia-master.yaml", "{}\n")
                .write("configs/runners.yaml", "labels:\n  cluster:mi355x: [mi355x-amds_0, mi355x-amds_1]\n  cluster:gb300: [gb300-nv_0]\n")
                .write("golden_al_distribution/toy_mtp.yaml", GOLDEN)
                .write("runners/launch_mi355x-amds.sh", AMD_LAUNCHER)
                .write("benchmarks/benchmark_lib.sh", "run_benchmark_serving() { :; }\n");
    }

    ChangelogFixture.Run validate() {
        return ChangelogFixture.runIn(dir, Map.of(), "validate-configs", "--list-unpinned", "--format", "text");
    }

    @Test
    void aLauncherThatDropsTheFrameworkLeadsToTheUntaggedScript() {
        repo.write("configs/amd-master.yaml", singleNode("sglang"));
        repo.write(UNTAGGED, """
                #!/usr/bin/env bash
                source "$(dirname "$0")/../../benchmark_lib.sh"
                export SGLANG_SIMULATE_ACC_LEN=2.49
                python3 -m sglang.launch_server --speculative-algorithm EAGLE \\
                    --speculative-eagle-topk 1 --speculative-num-draft-tokens 4 &
                """);
        ChangelogFixture.Run run = validate();
        // 4 draft tokens at top-k 1 are a draft of 3: the curve's 2.49.
        assertEquals(0, run.exit(), run.err());
        assertFalse(run.err().contains("golden.unpinned"), run.err());

        repo.write(UNTAGGED, repo.read(UNTAGGED).replace("=2.49", "=2.20"));
        run = validate();
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains(UNTAGGED + ":3") && run.err().contains("at 3 draft tokens") && run.err().contains("[golden.value]"),
                run.err());

        // The framework's own script wins when it exists, as the launcher tries it first.
        repo.write(TAGGED, "export SGLANG_SIMULATE_ACC_LEN=1.70\npython3 -m sglang.launch_server --speculative-num-steps 1 &\n");
        run = validate();
        assertEquals(0, run.exit(), run.err());
    }

    @Test
    void aQuotedHereDocumentInTheLauncherIsDataNotItsBranches() {
        repo.write("configs/amd-master.yaml", singleNode("sglang"));
        // The multi-node branch writes a helper in Python through <<'PY': its ifs are not the launcher's.
        repo.write("runners/launch_mi355x-amds.sh", """
                if [[ "$IS_MULTINODE" == "true" ]]; then
                    cat > collect.py <<'PY'
                import os
                if os.path.isdir("logs"):
                    print("logs")
                PY
                    python3 collect.py
                else
                """ + AMD_LAUNCHER + "fi\n");
        repo.write(UNTAGGED, "export SGLANG_SIMULATE_ACC_LEN=2.49\npython3 -m sglang.launch_server --speculative-eagle-topk 1 "
                + "--speculative-num-draft-tokens 4 &\n");
        ChangelogFixture.Run run = validate();
        assertEquals(0, run.exit(), run.err());
        assertFalse(run.err().contains("golden.unpinned"), run.err());

        repo.write(UNTAGGED, repo.read(UNTAGGED).replace("=2.49", "=2.20"));
        run = validate();
        assertTrue(run.err().contains(UNTAGGED + ":1") && run.err().contains("[golden.value]"), run.err());
    }

    @Test
    void aLauncherWhoseScriptNameThisReaderCannotBuildIsNotCheckableNamingIt() {
        repo.write("configs/amd-master.yaml", singleNode("sglang"));
        repo.write("runners/launch_mi355x-amds.sh", "bash \"benchmarks/single_node/$(ls benchmarks | head -1).sh\"\n");
        ChangelogFixture.Run run = validate();
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.err().contains("[golden.unpinned]")
                && run.err().contains("runners/launch_mi355x-amds.sh builds the single-node script's name in a way this reader does not follow"),
                run.err());

        repo.write("runners/launch_mi355x-amds.sh", AMD_LAUNCHER);
        run = validate();
        assertTrue(run.err().contains("no launch script: runners/launch_mi355x-amds.sh tries " + TAGGED + ", then " + UNTAGGED
                + ", and none exists"), run.err());
    }

    @Test
    void aScriptThatHandsOverWithExecIsReadTogetherWithTheOneItRuns() {
        repo.write("configs/amd-master.yaml", singleNode("sglang"));
        repo.write(TAGGED, """
                #!/usr/bin/env bash
                script_dir="$(cd "$(dirname "$0")" && pwd)"
                export SGLANG_SIMULATE_ACC_LEN=2.20
                exec bash "$script_dir/toy_server.sh" "$@"
                """);
        String server = "benchmarks/single_node/agentic/toy_server.sh";
        repo.write(server, """
                ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
                source "$ROOT/benchmarks/benchmark_lib.sh"
                python3 -m sglang.launch_server --speculative-algorithm DSPARK --speculative-dspark-block-size 2 \\
                    --speculative-num-steps 1 --speculative-num-draft-tokens 3 &
                """);
        // A DSpark draft is its block size: 2 here, whatever the step count says.
        ChangelogFixture.Run run = validate();
        assertEquals(0, run.exit(), run.err());
        assertFalse(run.err().contains("golden.unpinned"), run.err());

        repo.write(server, repo.read(server).replace("block-size 2", "block-size 3"));
        run = validate();
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains(TAGGED + ":3") && run.err().contains("at 3 draft tokens"), run.err());

        repo.write(TAGGED, repo.read(TAGGED).replace("toy_server.sh", "toy_missing.sh"));
        run = validate();
        assertTrue(run.err().contains("[golden.unpinned]") && run.err().contains("toy_missing.sh does not exist"), run.err());
    }

    static final String VARIANTS = """
            base:
              backend:
                type: sglang
                decode_environment:
                  SGLANG_SIMULATE_ACC_LEN: '1.70'
                sglang_config:
                  decode:
                    speculative-num-steps: 1
            zip_override_mtp:
              name: [low, high]
              backend:
                decode_environment:
                  SGLANG_SIMULATE_ACC_LEN: ['%s', '2.49']
                sglang_config:
                  prefill:
                    speculative-num-steps: 9
                  decode:
                    speculative-num-steps: [2, 3]
            """;

    @Test
    void aZipOverrideSelectorPicksItsItemOfEveryListOverTheBase() {
        String recipe = "benchmarks/multi_node/srt-slurm-recipes/sglang/toy/v.yaml";
        repo.write(recipe, VARIANTS.formatted("2.20"));
        repo.write("configs/nvidia-master.yaml", multiNode("recipes/sglang/toy/v.yaml:zip_override_mtp[0]"));
        // Item 0: 2.20 at the decode workers' draft of 2 (the prefill's 9 is not the decode's).
        ChangelogFixture.Run run = validate();
        assertEquals(0, run.exit(), run.err());
        assertFalse(run.err().contains("golden.unpinned"), run.err());

        repo.write(recipe, VARIANTS.formatted("2.49"));
        run = validate();
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains(recipe + ":13") && run.err().contains("at 2 draft tokens"), run.err());

        repo.write("configs/nvidia-master.yaml", multiNode("recipes/sglang/toy/v.yaml:zip_override_mtp[1]"));
        assertEquals(0, validate().exit());

        repo.write("configs/nvidia-master.yaml", multiNode("recipes/sglang/toy/v.yaml:zip_override_mtp[2]"));
        run = validate();
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.err().contains("[golden.unpinned]") && run.err().contains("picks item 2 of a list of 2"), run.err());

        // Another kind of override that sets the acceptance is merged by srt-slurm at run time.
        repo.write(recipe, VARIANTS.formatted("2.20") + "override_fast:\n  backend:\n    decode_environment:\n"
                + "      SGLANG_SIMULATE_ACC_LEN: '1.70'\n");
        repo.write("configs/nvidia-master.yaml", multiNode("recipes/sglang/toy/v.yaml:override_fast"));
        run = validate();
        assertTrue(run.err().contains("the override override_fast sets the acceptance"), run.err());
    }

    @Test
    void anAliasedWorkerEnvironmentIsReadInATrtRecipe() {
        String recipe = "benchmarks/multi_node/srt-slurm-recipes/trtllm/toy/d.yaml";
        repo.write(recipe, """
                backend:
                  type: trtllm
                  prefill_environment: &env
                    TLLM_SPEC_DECODE_FORCE_NUM_ACCEPTED_TOKENS: "1.20"
                  decode_environment: *env
                  trtllm_config:
                    decode:
                      speculative_config:
                        decoding_type: MTP
                        max_draft_len: 2
                """);
        repo.write("configs/nvidia-master.yaml", multiNode("recipes/trtllm/toy/d.yaml").replace("dynamo-sglang", "dynamo-trt"));
        ChangelogFixture.Run run = validate();
        assertEquals(0, run.exit(), run.err());
        assertFalse(run.err().contains("golden.unpinned"), run.err());

        repo.write(recipe, repo.read(recipe).replace("\"1.20\"", "\"1.49\""));
        run = validate();
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains("(AL 2.49)") && run.err().contains("at 2 draft tokens"), run.err());
    }

    static final String VLLM_SCRIPT = "benchmarks/single_node/agentic/toy_fp4_mi355x_vllm_mtp.sh";

    /** The vLLM config at the given concurrencies. */
    static String vllmAt(String concurrencies) {
        return singleNode("vllm").replace("conc-list: [1]", "conc-list: [" + concurrencies + "]");
    }

    @Test
    void aDraftLengthSetOnSeveralBranchesIsJudgedOnEachOfThem() {
        repo.write("configs/amd-master.yaml", vllmAt("1, 8"));
        repo.write(VLLM_SCRIPT, """
                #!/usr/bin/env bash
                script_dir="$(cd "$(dirname "$0")" && pwd)"
                case "${TOPOLOGY:-small}:${OFFLOAD:-none}" in
                    small:none)
                        export K=1
                        export AL=1.70
                        ;;
                    large:*)
                        export K=3
                        export AL=2.49
                        ;;
                    *)
                        echo "unsupported topology" >&2
                        exit 1
                        ;;
                esac
                exec bash "$script_dir/toy_server.sh"
                """);
        String server = "benchmarks/single_node/agentic/toy_server.sh";
        // The patch script runs as a child before the server starts: it cannot change the flag below.
        repo.write(server, """
                bash "$(dirname "$0")/toy_patches.sh"
                K="${K:-2}"
                AL="${AL:-2.20}"
                vllm serve org/Toy --speculative-config \\
                    "{\\\"num_speculative_tokens\\\": $K, \\\"rejection_sample_method\\\": \\\"synthetic\\\", \\\"synthetic_acceptance_length\\\": $AL}" &
                """);
        // Each arm pairs a draft length with its golden AL, and so do the defaults (2 and 2.20).
        ChangelogFixture.Run run = validate();
        assertEquals(0, run.exit(), run.err());
        assertFalse(run.err().contains("golden.unpinned"), run.err());

        repo.write(VLLM_SCRIPT, repo.read(VLLM_SCRIPT).replace("AL=2.49", "AL=2.20"));
        run = validate();
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains(VLLM_SCRIPT + ":10") && run.err().contains("at 3 draft tokens")
                && run.err().contains("[golden.value]"), run.err());

        // A branch this reader cannot read leaves the whole value not checkable, with the line and why.
        repo.write(VLLM_SCRIPT, repo.read(VLLM_SCRIPT).replace("AL=2.20", "AL=$(cat al.txt)"));
        run = validate();
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.err().contains("[golden.unpinned]") && run.err().contains(VLLM_SCRIPT + ":10")
                && run.err().contains("computed at run time"), run.err());
    }

    static final String BY_CONCURRENCY = """
            #!/usr/bin/env bash
            if [ "$CONC" -le 8 ]; then
                NUM=1
                AL=1.70
            elif [ "$CONC" -le 16 ]; then
                NUM=3
                AL=2.49
            else
                NUM=0
            fi
            SPEC_ARGS=()
            if [ "$NUM" -gt 0 ]; then
                if [ "${EVAL_ONLY:-false}" = "true" ]; then
                    CFG="{\\\"num_speculative_tokens\\\": $NUM, \\\"rejection_sample_method\\\": \\\"block\\\"}"
                else
                    CFG="{\\\"num_speculative_tokens\\\": $NUM, \\\"rejection_sample_method\\\": \\\"synthetic\\\", \\\"synthetic_acceptance_length\\\": $AL}"
                fi
                SPEC_ARGS=(--speculative-config "$CFG")
            fi
            vllm serve org/Toy "${SPEC_ARGS[@]}" &
            """;

    @Test
    void branchesOnTheConcurrencyAreJudgedAtEachConcurrencyOfTheConfig() {
        repo.write("configs/amd-master.yaml", vllmAt("1, 8, 16, 32"));
        repo.write(VLLM_SCRIPT, BY_CONCURRENCY);
        // 1 and 8 draft 1 token at 1.70, 16 drafts 3 at 2.49, 32 does not speculate.
        ChangelogFixture.Run run = validate();
        assertEquals(0, run.exit(), run.err());
        assertFalse(run.err().contains("golden.unpinned"), run.err());

        repo.write(VLLM_SCRIPT, BY_CONCURRENCY.replace("AL=2.49", "AL=2.20"));
        run = validate();
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains(VLLM_SCRIPT + ":7") && run.err().contains("at 3 draft tokens")
                && run.err().contains("at CONC 16") && run.err().contains("[golden.value]"), run.err());

        // The else branch drafts with a value computed at run time: not checkable at the concurrency that takes it.
        String computed = BY_CONCURRENCY.replace("    NUM=0\n", "    NUM=2\n    AL=$(cat al.txt)\n");
        repo.write(VLLM_SCRIPT, computed);
        run = validate();
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.err().contains("[golden.unpinned]") && run.err().contains(VLLM_SCRIPT + ":10")
                && run.err().contains("(at CONC=32)"), run.err());
        // A config whose concurrencies never take that branch is judged.
        repo.write("configs/amd-master.yaml", vllmAt("1, 16"));
        run = validate();
        assertEquals(0, run.exit(), run.err());
        assertFalse(run.err().contains("golden.unpinned"), run.err());
    }
}
