package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.git.TestRepo;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A change to a file under benchmarks/ reaches the configs that run it (issue 32), on the real
 * shape of the benchmark repository: its two H200 agentic MTP configs and golden curves as they
 * are (copied data), a launcher that builds the script's name as runners/launch_h200-dgxc-slurm.sh
 * does, and launch scripts that pin the acceptance length the way the real ones do.
 */
class LaunchCoverageTest {
    static final String MINIMAX = "benchmarks/single_node/agentic/minimaxm3_fp8_h200_mtp.sh";
    static final String QWEN = "benchmarks/single_node/agentic/qwen3.5_fp8_h200_mtp.sh";
    static final String MINIMAX_KEY = "minimaxm3-fp8-h200-vllm-agentic-mtp";
    static final String QWEN_KEY = "qwen3.5-fp8-h200-sglang-agentic-mtp";
    static final String LAUNCHER = """
            #!/usr/bin/env bash
            SPEC_SUFFIX=$([[ "$SPEC_DECODING" == "mtp" ]] && printf '_mtp' || printf '')
            BENCH_BASE="benchmarks/single_node/${SCENARIO_SUBDIR}${EXP_NAME%%_*}_${PRECISION}_h200"
            BENCH_SCRIPT="${BENCH_BASE}_${FRAMEWORK}${SPEC_SUFFIX}.sh"
            if [[ ! -f "$BENCH_SCRIPT" ]]; then
                LEGACY_FW_SUFFIX=$([[ "$FRAMEWORK" == "trt" ]] && printf '_trt' || printf '')
                BENCH_SCRIPT="${BENCH_BASE}${LEGACY_FW_SUFFIX}${SPEC_SUFFIX}.sh"
            fi
            srun bash $BENCH_SCRIPT
            """;
    static final String MINIMAX_SCRIPT = """
            #!/usr/bin/env bash
            source "$(dirname "$0")/../../benchmark_lib.sh"
            NUM_SPEC_TOKENS=3
            SYNTHETIC_ACCEPT_LEN=2.78
            if [ "$EVAL_ONLY" = "true" ]; then
                SPEC_CONFIG="{\\"method\\": \\"eagle3\\", \\"num_speculative_tokens\\": $NUM_SPEC_TOKENS}"
            else
                SPEC_CONFIG="{\\"method\\": \\"eagle3\\", \\"num_speculative_tokens\\": $NUM_SPEC_TOKENS, \\"rejection_sample_method\\": \\"synthetic\\", \\"synthetic_acceptance_length\\": $SYNTHETIC_ACCEPT_LEN}"
            fi
            VLLM_CMD=(
                vllm serve "$MODEL_PATH"
                --speculative-config "$SPEC_CONFIG"
            )
            "${VLLM_CMD[@]}" > "$SERVER_LOG" 2>&1 &
            run_agentic_replay_and_write_outputs "$RESULT_DIR"
            """;
    static final String QWEN_SCRIPT = """
            #!/usr/bin/env bash
            source "$(dirname "$0")/../../benchmark_lib.sh"
            SPEC_ARGS=(
                --speculative-algorithm EAGLE
                --speculative-num-steps 3
                --speculative-eagle-topk 1
                --speculative-num-draft-tokens 4
            )
            if [ "$EVAL_ONLY" != "true" ]; then
                export SGLANG_SIMULATE_ACC_LEN=3.39
                export SGLANG_SIMULATE_ACC_METHOD=match-expected
            fi
            python3 -m sglang.launch_server --model-path "$MODEL_PATH" "${SPEC_ARGS[@]}" > "$SERVER_LOG" 2>&1 &
            run_agentic_replay_and_write_outputs "$RESULT_DIR"
            """;
    static final String HISTORY = "- config-keys:\n    - " + QWEN_KEY + "\n  description:\n    - \"Add the H200 AgentX arms\"\n"
            + "  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/1\n";

    @TempDir
    Path dir;

    TestRepo repo;

    static String resource(String name) {
        try (InputStream in = LaunchCoverageTest.class.getResourceAsStream("/dev/sweepgate/launch/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @BeforeEach
    void setUp() {
        repo = TestRepo.init(dir);
        repo.write("configs/amd-master.yaml", "{}\n").write("configs/nvidia-master.yaml", resource("nvidia-master.yaml"))
                .write("configs/runners.yaml", resource("runners.yaml"))
                .write("golden_al_distribution/minimaxm3_eagle3_gqa.yaml", resource("minimaxm3_eagle3_gqa.yaml"))
                .write("golden_al_distribution/qwen3.5_mtp.yaml", resource("qwen3.5_mtp.yaml"))
                .write("runners/launch_h200-dgxc-slurm.sh", LAUNCHER)
                .write("benchmarks/benchmark_lib.sh", "run_agentic_replay_and_write_outputs() { :; }\n")
                .write(MINIMAX, MINIMAX_SCRIPT).write(QWEN, QWEN_SCRIPT)
                .write("perf-changelog.yaml", HISTORY);
        repo.commit("base");
        repo.git("branch", "base");
    }

    ChangelogFixture.Run coverage() {
        return ChangelogFixture.runIn(dir, Map.of(), "check-coverage", "--base-ref", "base", "--head-ref", "HEAD");
    }

    @Test
    void aScriptChangeWithoutAnEntryFailsNamingTheConfigThatRunsItAndTheEntryToAdd() {
        repo.write(MINIMAX, MINIMAX_SCRIPT.replace("NUM_SPEC_TOKENS=3\n", "NUM_SPEC_TOKENS=3\nexport VLLM_USE_V2=1\n"));
        repo.commit("tune the minimax script");
        ChangelogFixture.Run run = coverage();
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains(MINIMAX + ": error: " + MINIMAX + " changed (base -> HEAD)"), run.err());
        assertTrue(run.err().contains("\n  " + MINIMAX_KEY + "\n"), run.err());
        assertFalse(run.err().contains(QWEN_KEY), run.err());
        assertTrue(run.err().contains("fix: append an entry to perf-changelog.yaml with `config-keys: [" + MINIMAX_KEY
                + "]` and `scenario-type: [agentic-coding]`") && run.err().contains("[coverage.launch-uncovered]"), run.err());

        // The entry the message asks for covers it.
        repo.write("perf-changelog.yaml", HISTORY + "\n- config-keys:\n    - " + MINIMAX_KEY + "\n  description:\n"
                + "    - \"Tune the H200 MiniMax script\"\n  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/2\n");
        repo.commit("entry");
        run = coverage();
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains(MINIMAX + ": 1 config (" + MINIMAX_KEY + "), covered"), run.out());
    }

    @Test
    void aSharedLibraryWarnsWithHowManyConfigsItReaches() {
        repo.write("benchmarks/benchmark_lib.sh", "run_agentic_replay_and_write_outputs() { echo replay; }\n");
        repo.commit("library");
        ChangelogFixture.Run run = coverage();
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.err().contains("benchmarks/benchmark_lib.sh: warning: ") && run.err().contains("is a shared library: 2 launch "
                + "scripts and recipes read or run it, so it reaches 2 configs") && run.err().contains("[coverage.launch-library]"), run.err());
    }

    /** The real shape of InferenceX c0c915672: a multi-node recipe's job runs a script of the repository. */
    @Test
    void aScriptARecipesJobRunsIsHeldToTheRuleToo() {
        String recipe = "benchmarks/multi_node/srt-slurm-recipes/trtllm/deepseek-v4/agentx-gb300/disagg-1p4d-mtp.yaml";
        String job = "benchmarks/multi_node/agentic_srt.sh";
        String key = "dsv4-fp4-gb300-dynamo-trt-agentx";
        repo.write("configs/nvidia-master.yaml", resource("nvidia-master.yaml") + "\n" + key + """
                :
                  image: nvcr.io#nvidia/tensorrt-llm/release:1.3.0rc24
                  model: deepseek-ai/DeepSeek-V4-Pro
                  model-prefix: dsv4
                  runner: cluster:gb300-nv
                  precision: fp4
                  framework: dynamo-trt
                  kv-p2p-transfer: nixl
                  multinode: true
                  disagg: true
                  scenarios:
                    agentic-coding:
                    - dram-utilization: 0.21429
                      search-space:
                      - spec-decoding: mtp
                        conc-list: [4]
                        prefill:
                          num-worker: 1
                          tp: 4
                          ep: 4
                          dp-attn: true
                          additional-settings:
                          - "CONFIG_FILE=""" + recipe + """
                "
                        decode: { num-worker: 4, tp: 8, ep: 8, dp-attn: false }
                """)
                .write(recipe, "name: disagg-1p4d\nbenchmark:\n  type: custom\n  command: bash /infmax-workspace/" + job + "\n")
                .write(job, "#!/usr/bin/env bash\nexport TRTLLM_SERVER_FRONTEND=1\n");
        repo.commit("the gb300 arm");
        repo.git("branch", "-f", "base");
        repo.write(job, "#!/usr/bin/env bash\n");
        repo.commit("revert the frontend variables");
        ChangelogFixture.Run run = coverage();
        assertEquals(1, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains(job + ": error: " + job + " changed (base -> HEAD)") && run.err().contains("\n  " + key + " (through " + recipe + ")\n")
                && run.err().contains("[coverage.launch-uncovered]"), run.err());
    }

    @Test
    void deletingTheScriptOfARemovedConfigNeedsNothing() {
        String configs = resource("nvidia-master.yaml");
        repo.write("configs/nvidia-master.yaml", configs.substring(0, configs.indexOf(MINIMAX_KEY + ":")));
        repo.git("rm", "-q", MINIMAX);
        repo.commit("retire the minimax arm");
        ChangelogFixture.Run run = coverage();
        assertEquals(0, run.exit(), run.err());
        assertFalse(run.err().contains("coverage.launch"), run.err());
        assertTrue(run.out().contains(MINIMAX + " (deleted): no config that still exists ran it"), run.out());
    }

    @Test
    void theGateJudgesAScriptOnlyAcceptanceChangeAtTheScriptsLine() throws Exception {
        Path gate = Path.of(".github/scripts").toAbsolutePath();
        Path tools = Launcher.write(dir.resolveSibling(dir.getFileName() + "-bin"));
        repo.write(MINIMAX, MINIMAX_SCRIPT.replace("SYNTHETIC_ACCEPT_LEN=2.78", "SYNTHETIC_ACCEPT_LEN=2.11"));
        repo.commit("AL 2.78 -> 2.11");
        ProcessBuilder pb = new ProcessBuilder(List.of("bash", gate.resolve("pr-gate.sh").toString(), "base", "HEAD"))
                .directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().remove("GITHUB_ACTIONS");
        pb.environment().remove("GITHUB_STEP_SUMMARY");
        pb.environment().put("SWEEPGATE", "'" + tools + "'");
        Path out = Files.createTempFile(dir.getParent(), "gate", ".txt");
        pb.redirectOutput(out.toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS));
        String text = Files.readString(out);
        assertEquals(1, p.exitValue(), text);
        assertTrue(text.contains(MINIMAX + ":4: error: ") && text.contains("AL 2.11 is not the golden AL of minimax-m3")
                && text.contains("[golden.value]"), text);
        assertTrue(text.contains("[review.golden-al]") && text.contains("[coverage.launch-uncovered]"), text);
        assertTrue(text.contains("sweepgate gate: base...HEAD: FAILED: check-coverage, validate-configs, review"), text);
    }
}
