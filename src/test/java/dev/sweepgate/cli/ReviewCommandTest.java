package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.git.TestRepo;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** sweepgate review on a small benchmark repository: each check's verdicts, formats and exit codes. */
class ReviewCommandTest {
    static final String RUNNERS = "labels:\n  cluster:b200-x: [b200-x_00]\n  gb300: [gb300-nv_0]\n  cluster:gb300-nv: [gb300-nv_1]\n  mi355x: [mi355x-a_0]\n";
    static final String GOLDEN = "toy-model:\n  thinking_on:\n    1: 1.70\n    3: 2.49\n  thinking_off:\n    3: 2.97\n";
    static final String MODELS = """
            # Models

            ## Scenarios

            | Scenario | ISL/OSL | Status |
            |---|---|---|
            | Agentic coding | traces | Active |
            | Single-turn 8k1k | 8192 / 1024 | Active |
            | Single-turn 1k1k | 1024 / 1024 | **Deprecated for all models** since 2026-07-17 (#1). |

            ## Model support matrix

            | Model architecture class | Prefix | Date added | Active scenarios | Deprecated scenarios |
            |---|---|---|---|---|
            | Toy | `toy` | 2026-01-01 | Agentic coding, Single-turn 8k1k | Single-turn 1k8k |
            | Old | `old` | 2025-01-01 | — (retired 2026-09-01, #2) | Single-turn 1k1k |
            """;
    static final String VLLM_MTP = """
            #!/usr/bin/env bash
            source "$(dirname "$0")/../../benchmark_lib.sh"
            NUM_SPEC_TOKENS=3
            if [ "${EVAL_ONLY:-false}" = "true" ]; then
                SPEC_CONFIG="{\\"method\\": \\"mtp\\", \\"num_speculative_tokens\\": $NUM_SPEC_TOKENS}"
            else
                SPEC_CONFIG="%s"
            fi
            CMD=(
                vllm serve "$MODEL"
                --speculative-config "$SPEC_CONFIG"
            )
            "${CMD[@]}" &
            """;

    @TempDir
    Path dir;

    TestRepo repo;
    String base;

    static String config(String key, String image, String prefix, String framework, String runner, String scenario) {
        return key + ":\n  image: " + image + "\n  model: org/toy-model\n  model-prefix: " + prefix + "\n  runner: " + runner
                + "\n  precision: fp4\n  framework: " + framework + "\n  multinode: false\n  scenarios:\n" + scenario;
    }

    static final String AGENTIC = "    agentic-coding:\n    - search-space:\n      - { tp: 8, kv-offloading: none, spec-decoding: mtp, conc-list: [1, 2] }\n";
    static final String FIXED = "    fixed-seq-len:\n    - isl: 8192\n      osl: 1024\n      search-space:\n      - { tp: 8, spec-decoding: mtp, conc-list: [4] }\n";

    @BeforeEach
    void setUp() {
        repo = TestRepo.init(dir);
        repo.write("configs/amd-master.yaml", config("toy-fp4-mi355x-sglang", "lmsysorg/sglang:v1", "toy", "sglang", "mi355x", FIXED))
                .write("configs/nvidia-master.yaml", "{}\n").write("configs/runners.yaml", RUNNERS)
                .write("perf-changelog.yaml", "- config-keys:\n    - toy-fp4-mi355x-sglang\n  description:\n    - \"x\"\n"
                        + "  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/1\n")
                .write("golden_al_distribution/toy_mtp.yaml", GOLDEN).write("MODELS.md", MODELS)
                .write(".github/CODEOWNERS", "* @core\nconfigs/nvidia-master.yaml @nv-owner\n")
                .write("benchmarks/benchmark_lib.sh", "run_benchmark_serving() { :; }\n");
        base = repo.commit("base");
    }

    ChangelogFixture.Run review(String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("review", "--base-ref", base, "--date", "2026-08-01"));
        args.addAll(List.of(extra));
        return ChangelogFixture.runIn(dir, Map.of(), args.toArray(String[]::new));
    }

    void addAgenticVllm(String image, String specConfig) {
        repo.write("configs/nvidia-master.yaml", config("toy-fp4-b200-vllm-agentic-mtp", image, "toy", "vllm", "cluster:b200-x", AGENTIC));
        repo.write("benchmarks/single_node/agentic/toy_fp4_b200_vllm_mtp.sh", VLLM_MTP.formatted(specConfig));
    }

    static final String SYNTHETIC = "{\\\"method\\\": \\\"mtp\\\", \\\"num_speculative_tokens\\\": $NUM_SPEC_TOKENS, "
            + "\\\"rejection_sample_method\\\": \\\"synthetic\\\", \\\"synthetic_acceptance_length\\\": %s}";

    @Test
    void theSeedMistakeFailsAtTheThroughputBranchWhileTheEvalBranchVerifiesForReal() {
        addAgenticVllm("vllm/vllm-openai:v1", "{\\\"method\\\": \\\"mtp\\\", \\\"num_speculative_tokens\\\": $NUM_SPEC_TOKENS}");
        ChangelogFixture.Run run = review("--format", "markdown");

        assertEquals(1, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("| 11 | golden acceptance length | ❌ FAIL |"), run.out());
        assertTrue(run.out().contains("(benchmarks/single_node/agentic/toy_fp4_b200_vllm_mtp.sh:7)"), run.out());
        assertTrue(run.out().contains("| 6a | upstream image | ✅ PASS |"), run.out());
    }

    @Test
    void theGoldenValueInTheThroughputBranchPasses() {
        addAgenticVllm("vllm/vllm-openai:v1", SYNTHETIC.formatted("2.49"));
        ChangelogFixture.Run run = review("--format", "text");

        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("11 golden acceptance length: PASS"), run.out());
        assertTrue(run.out().contains("AL 2.49 is the golden AL of toy-model (thinking_on, 3 draft tokens, golden_al_distribution/toy_mtp.yaml)"), run.out());
        assertTrue(run.out().contains("configs/nvidia-master.yaml: @nv-owner"), run.out());
    }

    @Test
    void aValueOffTheCurveFailsNamingTheGoldenValueAndTheCurveFile() {
        addAgenticVllm("vllm/vllm-openai:v1", SYNTHETIC.formatted("2.6"));
        ChangelogFixture.Run run = review("--format", "json");

        assertEquals(1, run.exit());
        assertTrue(run.out().contains("\"rule\" : \"review.golden-al\"") || run.out().contains("\"rule\": \"review.golden-al\""), run.out());
        assertTrue(run.out().contains("the golden value is 2.49 (thinking_on, golden_al_distribution/toy_mtp.yaml)"), run.out());
    }

    /**
     * The merge script and a pre-push hook review a head commit from a working tree that may hold another
     * revision: the curve the change moves is the head's, as validate-configs reads it, not the checkout's.
     */
    @Test
    void withAHeadRefTheCurvesAreTheHeadCommitsNotTheWorkingTrees() {
        addAgenticVllm("vllm/vllm-openai:v1", SYNTHETIC.formatted("2.6"));
        repo.write("golden_al_distribution/toy_mtp.yaml", GOLDEN.replace("3: 2.49", "3: 2.6"));
        String head = repo.commit("a new curve and the script pinned to it");
        repo.git("checkout", "-q", base);

        ChangelogFixture.Run run = review("--head-ref", head);
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("11 golden acceptance length: PASS"), run.out());
        assertEquals(0, ChangelogFixture.runIn(dir, Map.of(), "validate-configs", "--base-ref", base, "--head-ref", head).exit());

        // the working tree itself still reviews against the curves it holds
        repo.git("checkout", "-q", head);
        repo.write("golden_al_distribution/toy_mtp.yaml", GOLDEN);
        assertEquals(1, review().exit(), review().out());
        assertEquals(0, review("--head-ref", head).exit(), review("--head-ref", head).out());
    }

    @Test
    void aValueHeldInAVariableReadsAsItsLiteralAndOneComputedAtRunTimeIsNotCheckable() {
        addAgenticVllm("vllm/vllm-openai:v1", SYNTHETIC.formatted("$SPEC_DECODE_AL"));
        String script = "benchmarks/single_node/agentic/toy_fp4_b200_vllm_mtp.sh";
        repo.write(script, repo.read(script).replace("NUM_SPEC_TOKENS=3\n", "NUM_SPEC_TOKENS=3\nSPEC_DECODE_AL=2.49\n"));
        assertEquals(0, review().exit(), review().out());
        assertTrue(review().out().contains("(" + script + ":4)"), review().out());

        repo.write(script, repo.read(script).replace("SPEC_DECODE_AL=2.49", "SPEC_DECODE_AL=$(python3 -c 'print(2.49)')"));
        ChangelogFixture.Run run = review();
        assertEquals(0, run.exit(), run.out());
        assertTrue(run.out().contains("11 golden acceptance length: NOT CHECKABLE"), run.out());
        assertTrue(run.out().contains("computed at run time"), run.out());
    }

    @Test
    void trtCountsAcceptedDraftTokensWithoutTheBonusToken() {
        String key = "toy-fp4-b200-trt-agentic-mtp";
        repo.write("configs/nvidia-master.yaml", config(key, "nvcr.io#nvidia/trt:1", "toy", "trt", "cluster:b200-x", AGENTIC)
                + "\n" + config("toy-fp4-b200-vllm", "vllm/vllm-openai:v1", "toy", "vllm", "cluster:b200-x", FIXED));
        String script = "benchmarks/single_node/agentic/toy_fp4_b200_trt_mtp.sh";
        repo.write(script, "cat << EOF > ser.yaml\nspeculative_config:\n    max_draft_len: 3\nEOF\n"
                + "if [ \"$EVAL_ONLY\" = \"true\" ]; then\n    unset TLLM_SPEC_DECODE_FORCE_NUM_ACCEPTED_TOKENS\nelse\n"
                + "    export TLLM_SPEC_DECODE_FORCE_NUM_ACCEPTED_TOKENS=1.49\nfi\n");
        ChangelogFixture.Run run = review();
        assertTrue(run.out().contains("11 golden acceptance length: PASS"), run.out());
        assertTrue(run.out().contains("6b engine first: PASS"), run.out());

        repo.write(script, repo.read(script).replace("=1.49", "=2.49"));
        run = review();
        assertEquals(1, run.exit());
        assertTrue(run.out().contains("(AL 3.49)") && run.out().contains(script + ":8"), run.out());
    }

    @Test
    void sglangMultiNodeRecipesInTheRepositoryAreReadAndExternalOnesAreNotCheckable() {
        String mn = "toy-fp4-gb300-dynamo-sglang-agentic:\n  image: lmsysorg/sglang:v1\n  model: org/toy-model\n  model-prefix: toy\n"
                + "  runner: cluster:gb300-nv\n  precision: fp4\n  framework: dynamo-sglang\n  multinode: true\n  disagg: true\n"
                + "  kv-p2p-transfer: nixl\n"
                + "  scenarios:\n    agentic-coding:\n    - search-space:\n      - conc-list: [8]\n        spec-decoding: mtp\n"
                + "        prefill: { num-worker: 1, tp: 4, ep: 4, dp-attn: true, additional-settings: [\"CONFIG_FILE=recipes/sglang/toy/a.yaml\"] }\n"
                + "        decode: { num-worker: 1, tp: 4, ep: 4, dp-attn: true }\n";
        repo.write("configs/nvidia-master.yaml", mn);
        ChangelogFixture.Run run = review();
        assertTrue(run.out().contains("NOT CHECKABLE") && run.out().contains("an external recipe"), run.out() + run.err());

        repo.write("benchmarks/multi_node/srt-slurm-recipes/sglang/toy/a.yaml", "backend:\n  type: sglang\n"
                + "  decode_environment:\n    SGLANG_SIMULATE_ACC_LEN: '2.49'\n  sglang_config:\n    decode:\n      speculative-num-steps: 3\n");
        run = review();
        assertTrue(run.out().contains("11 golden acceptance length: PASS"), run.out());

        repo.write("benchmarks/multi_node/srt-slurm-recipes/sglang/toy/a.yaml", "backend: [unclosed\n");
        run = review();
        assertTrue(run.out().contains("the recipe is not YAML"), run.out());
    }

    @Test
    void aRetirementDatedAfterTheReviewDateIsNotYetInForce() {
        repo.write("configs/nvidia-master.yaml", config("old-fp4-b200-vllm", "vllm/vllm-openai:v1", "old", "vllm", "cluster:b200-x", FIXED));
        repo.write("benchmarks/single_node/fixed_seq_len/old_fp4_b200_vllm_mtp.sh", "run_benchmark_serving --use-chat-template\n");
        ChangelogFixture.Run before = review();
        assertTrue(before.out().contains("7 deprecated scenario: PASS"), before.out());
        assertTrue(before.out().contains("old retires on 2026-09-01, after the review date 2026-08-01"), before.out());

        ChangelogFixture.Run after = ChangelogFixture.runIn(dir, Map.of(), "review", "--base-ref", base, "--date", "2026-09-01");
        assertEquals(1, after.exit());
        assertTrue(after.out().contains("old is retired since 2026-09-01"), after.out());
    }

    /** Issue 31 item 6, issue 34 item 8: the text names each reported finding's rule id; the owners heading and the fix read right. */
    @Test
    void theTextFormatNamesEachFailsRuleIdAndTheDeprecatedFailSaysWhatToDo() {
        repo.write("configs/nvidia-master.yaml", config("old-fp4-b200-vllm", "vllm/vllm-openai:v1", "old", "vllm", "cluster:b200-x", FIXED));
        repo.write("benchmarks/single_node/fixed_seq_len/old_fp4_b200_vllm_mtp.sh", "run_benchmark_serving --use-chat-template\n");
        ChangelogFixture.Run run = ChangelogFixture.runIn(dir, Map.of(), "review", "--base-ref", base, "--date", "2026-09-01",
                "--format", "text");

        assertEquals(1, run.exit(), run.out() + run.err());
        String fail = run.out().lines().filter(l -> l.contains("old is retired since 2026-09-01")).findFirst().orElseThrow();
        assertTrue(fail.startsWith("  FAIL old-fp4-b200-vllm: "), fail);
        assertTrue(fail.contains("benchmark a model MODELS.md keeps active instead"), fail);
        assertTrue(fail.contains("document why: `# sweepgate: disable=review.deprecated`"), fail);
        assertTrue(fail.endsWith(" [review.deprecated]"), fail);
        assertTrue(run.out().contains("\ncode owners of the changed files (check 0, information)\n"), run.out());
        assertTrue(run.out().lines().filter(l -> l.startsWith("  PASS")).noneMatch(l -> l.contains("[review.")), run.out());
    }

    @Test
    void aPrefixAbsentFromModelsFailsAndAMalformedTableIsNotCheckableAtItsLine() {
        repo.write("configs/nvidia-master.yaml", config("new-fp4-b200-vllm", "vllm/vllm-openai:v1", "new", "vllm", "cluster:b200-x", FIXED));
        assertTrue(review().out().contains("model prefix new is not in MODELS.md"), review().out());

        repo.write("MODELS.md", MODELS.replace("|---|---|---|---|---|", "no separator"));
        ChangelogFixture.Run run = review();
        assertTrue(run.out().contains("7 deprecated scenario: NOT CHECKABLE"), run.out());
        assertTrue(run.out().contains("(MODELS.md:14)"), run.out());
    }

    @Test
    void anEnginePatchFailsWithoutItsWaiverAndPassesWithIt() {
        repo.write("benchmarks/single_node/agentic/toy_fp4_mi355x_sglang.sh", "git apply /tmp/fix.patch\n");
        ChangelogFixture.Run run = review("--pr-number", "7");
        assertEquals(1, run.exit());
        assertTrue(run.out().contains("an engine patch needs the waiver docs/waiver/7.md"), run.out());

        repo.write("docs/waiver/7.md", "Why: an upstream fix not yet released.\n");
        run = review("--pr-number", "7");
        assertEquals(0, run.exit(), run.out());
        assertTrue(run.out().contains("10 engine patch: PASS"), run.out());
    }

    @Test
    void aFixedSeqLenMtpScriptWithoutTheChatTemplateFails() {
        repo.write("configs/amd-master.yaml", config("toy-fp4-mi355x-sglang", "lmsysorg/sglang:v2", "toy", "sglang", "mi355x", FIXED));
        String script = "benchmarks/single_node/fixed_seq_len/toy_fp4_mi355x_sglang_mtp.sh";
        repo.write(script, "run_benchmark_serving \\\n    --model \"$MODEL\"\n");
        ChangelogFixture.Run run = review();
        assertEquals(1, run.exit());
        assertTrue(run.out().contains("9 chat template: FAIL") && run.out().contains(script + ":1"), run.out());

        // Issue 31 item 7, a real script's shape: quoted expansions and arithmetic after options are their values.
        repo.write(script, "run_benchmark_serving \\\n    --model \"$MODEL\" \\\n    --port \"$PORT\" \\\n"
                + "    --num-prompts $((CONC * 10)) \\\n    --max-concurrency \"${CONC}\" \\\n    --result-dir /workspace/\n");
        run = review();
        assertEquals(1, run.exit(), run.out());
        assertTrue(run.out().contains("9 chat template: FAIL") && run.out().contains("pass --use-chat-template"), run.out());
        // A bare expansion where a flag could be may hide it: not checkable, never a pass.
        repo.write(script, "run_benchmark_serving --model \"$MODEL\" $EXTRA_ARGS\n");
        assertTrue(review().out().contains("9 chat template: NOT CHECKABLE"), review().out());

        repo.write(script, "ARGS=(--model \"$MODEL\" --use-chat-template)\nrun_benchmark_serving \"${ARGS[@]}\"\n");
        assertTrue(review().out().contains("9 chat template: PASS"), review().out());

        repo.write(script, "export SGLANG_SIMULATE_ACC_LEN=2.49\nrun_benchmark_serving --use-chat-template\n");
        run = review();
        assertTrue(run.out().contains("synthetic acceptance is for agentic configs only"), run.out());
    }

    @Test
    void aDowngradedImageFailsUnlessADisableCommentDocumentsTheException() {
        repo.write("configs/amd-master.yaml", config("toy-fp4-mi355x-sglang", "rocm/sgl-dev:v1", "toy", "sglang", "mi355x", FIXED));
        repo.write("benchmarks/single_node/fixed_seq_len/toy_fp4_mi355x_sglang_mtp.sh", "run_benchmark_serving --use-chat-template\n");
        ReviewVerdictsTest.body("Bumps the image.\n").accept(repo);
        ChangelogFixture.Run run = review("--format", "github", "--pr-body", ReviewVerdictsTest.BODY);
        assertEquals(1, run.exit());
        assertTrue(run.err().contains("::error file=configs/amd-master.yaml,line=2") && run.err().contains("review.upstream-image"), run.err());

        repo.write("configs/amd-master.yaml", repo.read("configs/amd-master.yaml")
                .replace("rocm/sgl-dev:v1", "rocm/sgl-dev:v1  # sweepgate: disable=review.upstream-image new hardware bring-up"));
        assertEquals(0, review("--pr-body", ReviewVerdictsTest.BODY).exit(), review().out());
        assertTrue(review("--pr-body", ReviewVerdictsTest.BODY).out().contains("WAIVED"), review().out());
        // Without the sign-off text the comment documents it too.
        assertTrue(review().out().contains("WAIVED"), review().out());
    }

    @Test
    void aSquashFileIsNotAPublicImage() {
        repo.write("configs/amd-master.yaml", config("toy-fp4-mi355x-sglang", "/data/sglang.sqsh", "toy", "sglang", "mi355x", FIXED));
        assertTrue(review().out().contains("6c public image: FAIL"), review().out());
    }

    @Test
    void aNewOtherEngineWithoutAnUpstreamSiblingFailsEngineFirst() {
        repo.write("configs/nvidia-master.yaml", config("toy-fp4-gb300-atom", "rocm/atom:1", "toy", "atom", "gb300", FIXED));
        ReviewVerdictsTest.body("Adds ATOM.\n").accept(repo);
        assertTrue(review("--pr-body", ReviewVerdictsTest.BODY).out().contains("6b engine first: FAIL"), review().out());
    }

    /**
     * Issue 31 item 1: 12 of 40 real commits add dynamo-* configs on GB200/GB300, where no plain vllm/sglang config
     * can exist; upstream accepts an exception documented in the sign-off. Without the text it is a warning that
     * names what to document; with a sign-off in the template's shape that documents it, a waived FAIL.
     */
    @Test
    void aDynamoConfigOnGb300IsAWarningWithoutTheSignOffAndPassesWhenTheSignOffDocumentsTheException() {
        repo.write("configs/nvidia-master.yaml", config("toy-fp4-gb300-dynamo-sglang", "lmsysorg/sglang:v1", "toy", "dynamo-sglang",
                "gb300", FIXED));
        ChangelogFixture.Run run = review("--format", "github");
        assertTrue(run.err().contains("::warning file=configs/nvidia-master.yaml,line=7") && run.err().contains("review.engine-first")
                && run.err().contains("exception: toy on gb300"), run.err());
        assertTrue(!run.err().contains("::error") || !run.err().contains("engine-first"), run.err());

        ReviewVerdictsTest.body("""
                As a PR reviewer and CODEOWNER, I have reviewed this and have:
                - [x] Verified that this PR has passed PR validation.

                ### Additional detail section:
                - Engine-first exception: toy on GB300 NVL72 runs disaggregated through Dynamo only; no plain SGLang config exists there.

                Signed: `someone`
                """).accept(repo);
        run = review("--pr-body", ReviewVerdictsTest.BODY);
        assertTrue(run.out().contains("6b engine first: PASS"), run.out());
        assertTrue(run.out().contains("the sign-off documents the exception (.git/pr-body.md:5: - Engine-first exception"), run.out());
    }

    @Test
    void mixedAppendOnlyAndRegularEntriesFail() {
        repo.write("perf-changelog.yaml", repo.read("perf-changelog.yaml")
                + "\n- config-keys:\n    - toy-fp4-mi355x-sglang\n  description:\n    - \"a\"\n  pr-link: XXX\n  append-only: true\n"
                + "\n- config-keys:\n    - toy-fp4-mi355x-sglang\n  description:\n    - \"b\"\n  pr-link: XXX\n");
        ChangelogFixture.Run run = review();
        assertTrue(run.out().contains("12 append-only: FAIL"), run.out());
    }

    @Test
    void aBadDateIsBadUsage() {
        assertEquals(2, ChangelogFixture.runIn(dir, Map.of(), "review", "--base-ref", base, "--date", "tomorrow").exit());
    }

    @Test
    void validateConfigsVerifiesAnUnpinnedConfigInItsLaunchScript() {
        addAgenticVllm("vllm/vllm-openai:v1", SYNTHETIC.formatted("2.6"));
        ChangelogFixture.Run run = ChangelogFixture.runIn(dir, Map.of(), "validate-configs", "--list-unpinned", "--format", "text");
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains("benchmarks/single_node/agentic/toy_fp4_b200_vllm_mtp.sh:7") && run.err().contains("[golden.value]"), run.err());

        addAgenticVllm("vllm/vllm-openai:v1", SYNTHETIC.formatted("2.49"));
        run = ChangelogFixture.runIn(dir, Map.of(), "validate-configs", "--list-unpinned", "--format", "text");
        assertEquals(0, run.exit(), run.err());
        assertTrue(!run.err().contains("golden.unpinned"), run.err());
    }

    /** The review line of the gate's verdict table. */
    static String reviewVerdict(ChangelogFixture.Run gate) {
        return gate.err().lines().filter(l -> l.startsWith("  review ")).findFirst().orElse(gate.err());
    }

    /**
     * Issue 31 item 8: the gate (and so CI, the hooks and the merge script) hands review the date a reviewer goes by
     * and the pull request's body, so a dated retirement and a documented exception are judged as review judges them.
     */
    @Test
    void theGateGivesReviewItsDateAndTheSignOff() {
        repo.write("configs/nvidia-master.yaml", config("old-fp4-b200-vllm", "vllm/vllm-openai:v1", "old", "vllm", "cluster:b200-x", FIXED)
                + config("toy-fp4-gb300-dynamo-sglang", "lmsysorg/sglang:v1", "toy", "dynamo-sglang", "gb300", FIXED));
        repo.write("benchmarks/single_node/fixed_seq_len/old_fp4_b200_vllm_mtp.sh", "run_benchmark_serving --use-chat-template\n");
        String head = repo.commit("old model and a dynamo config");

        ChangelogFixture.Run before = ChangelogFixture.runIn(dir, Map.of(), "gate", "--base-ref", base, "--head-ref", head,
                "--pull-request", "--date", "2026-08-01");
        assertTrue(reviewVerdict(before).endsWith("passed"), before.err());
        assertTrue(before.out().contains("old retires on 2026-09-01, after the review date 2026-08-01"), before.out());
        assertTrue(before.out().contains("6b engine first: NOT CHECKABLE") && before.out().contains("exception: toy on gb300"),
                before.out());

        ChangelogFixture.Run after = ChangelogFixture.runIn(dir, Map.of(), "gate", "--base-ref", base, "--head-ref", head,
                "--pull-request", "--date", "2026-09-01");
        assertTrue(reviewVerdict(after).endsWith("FAILED (exit 1)"), after.err());
        assertTrue(after.out().contains("old is retired since 2026-09-01"), after.out());

        ReviewVerdictsTest.body("""
                ### Additional detail section:
                - Engine-first exception: toy on GB300 NVL72 runs disaggregated through Dynamo only.
                """).accept(repo);
        ChangelogFixture.Run signed = ChangelogFixture.runIn(dir, Map.of(), "gate", "--base-ref", base, "--head-ref", head,
                "--pull-request", "--date", "2026-08-01", "--pr-body", ReviewVerdictsTest.BODY);
        assertTrue(signed.out().contains("6b engine first: PASS"), signed.out());
        assertTrue(signed.out().contains("the sign-off documents the exception (") && signed.out().contains("pr-body.md:2:"),
                signed.out());

        ChangelogFixture.Run missing = ChangelogFixture.runIn(dir, Map.of(), "gate", "--base-ref", base, "--head-ref", head,
                "--pr-body", "no-such-body.md");
        assertEquals(2, missing.exit(), missing.err());
        assertTrue(missing.err().contains("--pr-body no-such-body.md: no such file"), missing.err());
        ChangelogFixture.Run badDate = ChangelogFixture.runIn(dir, Map.of(), "gate", "--base-ref", base, "--head-ref", head,
                "--date", "tomorrow");
        assertEquals(2, badDate.exit(), badDate.err());
    }
}
