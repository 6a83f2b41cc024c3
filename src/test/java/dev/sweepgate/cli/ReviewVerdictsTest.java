package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.git.TestRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every verdict each check of sweepgate review can give (spec review.md), one small change to a
 * fixture repository per (check, verdict), asserted on that check's verdict line and its evidence.
 *
 * <p>Not every check can give every verdict:
 * <ul>
 * <li>0 owners is information and never has a verdict; it is not a case here.</li>
 * <li>6a upstream image is NOT CHECKABLE only for a downstream image without the sign-off text
 *     (--pr-body), which may document the exception (other frameworks and hardware are N/A).</li>
 * <li>6c public image and 12 append-only have no NOT CHECKABLE either (the spec's "cannot
 *     decide" column is empty for them).</li>
 * <li>6b engine first is NOT CHECKABLE without the sign-off text (a case), and when the base's configs
 *     cannot be read, which also fails the review as a whole: its own test below.</li>
 * </ul>
 */
class ReviewVerdictsTest {
    static final String RUNNERS = "labels:\n  cluster:b200-x: [b200-x_00]\n  gb300: [gb300-nv_0]\n  h200: [h200-x_0]\n"
            + "  cluster:gb300: [gb300-nv_1]\n  mi355x: [mi355x-a_0]\n  cluster:mi355x: [mi355x-a_1]\n";
    static final String GOLDEN = ReviewCommandTest.GOLDEN;
    static final String CURVE = "golden_al_distribution/toy_mtp.yaml";
    /** ReviewCommandTest's MODELS.md (its Scenarios table ends at line 9, the toy row is line 15) and a qualified deprecation. */
    static final String MODELS = ReviewCommandTest.MODELS + "| Arm | `arm` | 2026-01-01 | Agentic coding | Single-turn 8k1k (non-DSpark arm) |\n";
    static final String AGENTIC = ReviewCommandTest.AGENTIC;
    static final String FIXED_8K1K = ReviewCommandTest.FIXED;
    static final String AGENTIC_PLAIN = "    agentic-coding:\n    - search-space:\n      - { tp: 8, kv-offloading: none, conc-list: [1, 2] }\n";

    static String fixed(int isl, int osl) {
        return "    fixed-seq-len:\n    - isl: " + isl + "\n      osl: " + osl + "\n      search-space:\n      - { tp: 8, conc-list: [4] }\n";
    }

    /** A single-node config; its image is on line 2 and its model prefix on line 4 of a file it starts. */
    static String config(String key, String image, String prefix, String framework, String runner, String scenario) {
        return ReviewCommandTest.config(key, image, prefix, framework, runner, scenario);
    }

    /** A multi-node agentic config on gb300 whose decode workers carry these additional settings. */
    static String multiNode(String decodeSettings) {
        return "toy-fp4-gb300-dynamo-sglang-agentic:\n  image: lmsysorg/sglang:v1\n  model: org/toy-model\n  model-prefix: toy\n"
                + "  runner: cluster:gb300\n  precision: fp4\n  framework: dynamo-sglang\n  multinode: true\n  disagg: true\n"
                + "  kv-p2p-transfer: nixl\n"
                + "  scenarios:\n    agentic-coding:\n    - search-space:\n      - conc-list: [8]\n        spec-decoding: mtp\n"
                + "        prefill: { num-worker: 1, tp: 4, ep: 4, dp-attn: true }\n"
                + "        decode: { num-worker: 1, tp: 4, ep: 4, dp-attn: true" + decodeSettings + " }\n";
    }

    static final String SGLANG = "toy-fp4-mi355x-sglang";
    static final String SGLANG_SCRIPT = "benchmarks/single_node/fixed_seq_len/toy_fp4_mi355x_sglang_mtp.sh";
    /** The base's configs: toy on b200 (vLLM, TRT-LLM) and on gb300 (SGLang). */
    static final String BASE_NVIDIA = config("toy-fp4-b200-vllm", "vllm/vllm-openai:v1", "toy", "vllm", "cluster:b200-x", fixed(8192, 1024))
            + config("toy-fp4-gb300-sglang", "lmsysorg/sglang:v1", "toy", "sglang", "gb300", fixed(8192, 1024))
            + config("toy-fp4-b200-trt", "nvcr.io#nvidia/tensorrt-llm:1", "toy", "trt", "cluster:b200-x", fixed(8192, 1024));
    static final String CHANGELOG = "- config-keys:\n    - " + SGLANG + "\n  description:\n    - \"x\"\n"
            + "  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/1\n";

    static final String VLLM_SCRIPT = "benchmarks/single_node/agentic/toy_fp4_b200_vllm_mtp.sh";
    /** A vLLM MTP launch script: the EVAL_ONLY branch verifies for real, line 7 holds the throughput run's config. */
    static final String VLLM_MTP = """
            #!/usr/bin/env bash
            source "$(dirname "$0")/../../benchmark_lib.sh"
            DRAFT=3
            if [ "${EVAL_ONLY:-false}" = "true" ]; then
                SPEC_CONFIG='{"method": "mtp", "num_speculative_tokens": 3}'
            else
                SPEC_CONFIG='%s'
            fi
            vllm serve "$MODEL" --speculative-config "$SPEC_CONFIG" &
            """;
    static final String SYNTHETIC = "{\"method\": \"mtp\", \"num_speculative_tokens\": 3, \"rejection_sample_method\": \"synthetic\", "
            + "\"synthetic_acceptance_length\": %s}";

    /** One (check, verdict): the change, the arguments after the defaults, and what the output must show. */
    record Case(String name, String check, String verdict, List<String> evidence, Consumer<TestRepo> change, List<String> args) {
        Case also(String... more) {
            List<String> all = new ArrayList<>(evidence);
            all.addAll(List.of(more));
            return new Case(name, check, verdict, all, change, args);
        }

        Case with(String... extra) {
            return new Case(name, check, verdict, evidence, change, List.of(extra));
        }

        @Override
        public String toString() {
            return check + " " + verdict + ": " + name;
        }
    }

    /** Evidence naming a file and line (a column may follow). */
    static String at(String file, int line) {
        return "@" + file + ":" + line;
    }

    static Case c(String check, String verdict, String name, Consumer<TestRepo> change) {
        return new Case(name, check, verdict, List.of(), change, List.of());
    }

    // ---- changes ----

    static Consumer<TestRepo> nvidia(String config) {
        return r -> r.write("configs/nvidia-master.yaml", config + BASE_NVIDIA);
    }

    static Consumer<TestRepo> amd(String config) {
        return r -> r.write("configs/amd-master.yaml", config);
    }

    static Consumer<TestRepo> write(String path, String content) {
        return r -> r.write(path, content);
    }

    static Consumer<TestRepo> delete(String path) {
        return r -> {
            try {
                Files.delete(r.dir().resolve(path));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    /** The sign-off text: in .git/, so that it is no file of the change. */
    static final String BODY = ".git/pr-body.md";

    static Consumer<TestRepo> body(String text) {
        return r -> {
            try {
                Files.writeString(r.dir().resolve(BODY), text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    /** The base's SGLang config with another image: reviewed, every check of it otherwise as in the base. */
    static final Consumer<TestRepo> TOUCH_SGLANG = amd(config(SGLANG, "lmsysorg/sglang:v2", "toy", "sglang", "mi355x", FIXED_8K1K));

    static Consumer<TestRepo> vllmAgentic(String specConfig) {
        return nvidia(config("toy-fp4-b200-vllm-agentic-mtp", "vllm/vllm-openai:v1", "toy", "vllm", "cluster:b200-x", AGENTIC))
                .andThen(write(VLLM_SCRIPT, VLLM_MTP.formatted(specConfig)));
    }

    static Consumer<TestRepo> sglangAgentic(String script) {
        return amd(config(SGLANG, "lmsysorg/sglang:v1", "toy", "sglang", "mi355x", FIXED_8K1K)
                + config("toy-fp4-mi355x-sglang-agentic", "lmsysorg/sglang:v1", "toy", "sglang", "cluster:mi355x", AGENTIC))
                .andThen(write("benchmarks/single_node/agentic/toy_fp4_mi355x_sglang_mtp.sh", script));
    }

    static final String TRT_SCRIPT = "benchmarks/single_node/agentic/toy_fp4_b200_trt_mtp.sh";

    static Consumer<TestRepo> trtAgentic(String accepted) {
        return nvidia(config("toy-fp4-b200-trt-agentic-mtp", "nvcr.io#nvidia/tensorrt-llm:1", "toy", "trt", "cluster:b200-x", AGENTIC))
                .andThen(write(TRT_SCRIPT, "cat > extra.yaml << EOF\nspeculative_config:\n  decoding_type: MTP\n  max_draft_len: 3\nEOF\n"
                        + "if [[ \"$EVAL_ONLY\" == \"true\" ]]; then\n  echo real acceptance\nelse\n"
                        + "  export TLLM_SPEC_DECODE_FORCE_NUM_ACCEPTED_TOKENS=" + accepted + "\nfi\n"
                        + "trtllm-serve \"$MODEL\" --extra_llm_api_options extra.yaml &\n"));
    }

    static final String ATOM_SCRIPT = "benchmarks/single_node/agentic/toy_fp4_mi355x_atom_mtp.sh";

    static Consumer<TestRepo> atomAgentic(String flags) {
        return amd(config(SGLANG, "lmsysorg/sglang:v1", "toy", "sglang", "mi355x", FIXED_8K1K)
                + config("toy-fp4-mi355x-atom-agentic-mtp", "rocm/atom:1", "toy", "atom", "cluster:mi355x", AGENTIC))
                .andThen(write(ATOM_SCRIPT, "python3 -m atom.entrypoints.openai_server --model \"$MODEL\" \\\n"
                        + "    --method mtp --num-speculative-tokens 3 " + flags + " &\n"));
    }

    static Consumer<TestRepo> ownSetting(String length) {
        return nvidia(multiNode(", additional-settings: [\"SYNTHETIC_ACCEPTANCE=true\", \"SYNTHETIC_ACCEPTANCE_LENGTH=" + length
                + "\", \"DECODE_MTP_SIZE=3\"]"));
    }

    static final String PATCHING = "benchmarks/single_node/agentic/toy_fp4_mi355x_sglang.sh";

    static Consumer<TestRepo> appendOnlyEntry(String config, boolean alsoRegular) {
        String entry = "\n- config-keys:\n    - " + SGLANG + "\n  description:\n    - \"more points\"\n  pr-link: XXX\n  append-only: true\n";
        String regular = alsoRegular ? "\n- config-keys:\n    - " + SGLANG + "\n  description:\n    - \"b\"\n  pr-link: XXX\n" : "";
        return amd(config).andThen(write("perf-changelog.yaml", CHANGELOG + entry + regular));
    }

    static Stream<Case> cases() {
        return Stream.of(
                // 6a upstream image
                c("6a upstream image", "PASS", "an sglang config on an lmsysorg image", TOUCH_SGLANG)
                        .also("image lmsysorg/sglang:v2 is lmsysorg/'s (framework sglang)", at("configs/amd-master.yaml", 2)),
                c("6a upstream image", "PASS", "a digest-pinned docker.io/ image",
                        nvidia(config("toy-fp4-b200-vllm-agentic", "docker.io/vllm/vllm-openai@sha256:abc", "toy", "vllm", "cluster:b200-x",
                                AGENTIC_PLAIN))),
                c("6a upstream image", "FAIL", "an sglang config on a downstream image, the sign-off documenting no exception",
                        amd(config(SGLANG, "rocm/sgl-dev:v1", "toy", "sglang", "mi355x", FIXED_8K1K)).andThen(body("Bumps the image.\n")))
                        .also("must use an upstream lmsysorg/ image", at("configs/amd-master.yaml", 2), "documents no exception")
                        .with("--pr-body", BODY),
                c("6a upstream image", "NOT CHECKABLE", "a downstream image without the sign-off text",
                        amd(config(SGLANG, "rocm/sgl-dev:v1", "toy", "sglang", "mi355x", FIXED_8K1K)))
                        .also("without the sign-off text (--pr-body FILE)", "'exception: toy on mi355x: <reason>'"),
                c("6a upstream image", "PASS", "a downstream image whose exception the sign-off documents",
                        amd(config(SGLANG, "rocm/sgl-dev:v1", "toy", "sglang", "mi355x", FIXED_8K1K))
                                .andThen(body("### Additional detail section:\n- Exception: toy on MI355X is new hardware for upstream\n")))
                        .also("WAIVED", "the sign-off documents the exception (.git/pr-body.md:2: - Exception: toy on MI355X")
                        .with("--pr-body", BODY),
                c("6a upstream image", "N/A", "hardware that is not established", nvidia(config("toy-fp4-l40-vllm", "nvcr.io/x/vllm:1",
                        "toy", "vllm", "cluster:b200-x", fixed(8192, 1024)).replace("runner: cluster:b200-x", "runner: l40"))
                        .andThen(write("configs/runners.yaml", RUNNERS + "  l40: [l40-x_0]\n")))
                        .also("l40 is not established hardware"),
                c("6a upstream image", "N/A", "another framework", trtAgentic("1.49")).also("framework trt: no upstream image rule"),

                // 6b engine first
                c("6b engine first", "PASS", "a new trt config where vLLM already runs the model", trtAgentic("1.49"))
                        .also("toy-fp4-b200-vllm already runs toy on b200 with an upstream engine"),
                c("6b engine first", "FAIL", "a new atom config on hardware no upstream engine runs the model on",
                        nvidia(config("toy-fp4-h200-atom", "rocm/atom:1", "toy", "atom", "h200", fixed(8192, 1024)))
                                .andThen(body("Adds ATOM on H200.\n\n### Additional detail section:\n- new hardware for other models\n")))
                        .also("no vllm or sglang config runs toy on h200", at("configs/nvidia-master.yaml", 7)).with("--pr-body", BODY),
                // Issue 31: dynamo-trt on GB200, where no plain config can exist (real commits' shape)
                c("6b engine first", "NOT CHECKABLE", "a new dynamo-trt config on h200 without the sign-off text",
                        nvidia(config("toy-fp4-h200-dynamo-trt", "nvcr.io#nvidia/ai-dynamo/tensorrtllm-runtime:1", "toy", "dynamo-trt",
                                "h200", fixed(8192, 1024))))
                        .also("no vllm or sglang config runs toy on h200", "'exception: toy on h200: <reason>'"),
                c("6b engine first", "PASS", "a new dynamo-trt config whose exception the sign-off documents",
                        nvidia(config("toy-fp4-h200-dynamo-trt", "nvcr.io#nvidia/ai-dynamo/tensorrtllm-runtime:1", "toy", "dynamo-trt",
                                "h200", fixed(8192, 1024))).andThen(body("Engine-first exception for toy-fp4-h200-dynamo-trt: "
                                + "multi-node disaggregation has no upstream config\n")))
                        .also("WAIVED", "the sign-off documents the exception (.git/pr-body.md:1").with("--pr-body", BODY),
                c("6b engine first", "N/A", "an upstream engine", TOUCH_SGLANG).also("framework sglang is an upstream engine"),
                c("6b engine first", "N/A", "a changed, not new, trt config",
                        write("configs/nvidia-master.yaml", BASE_NVIDIA.replace("tensorrt-llm:1", "tensorrt-llm:2")))
                        .also("not a new config"),

                // 6c public image
                c("6c public image", "PASS", "a registry image", TOUCH_SGLANG).also("is a registry image"),
                c("6c public image", "FAIL", "a squash file", write("configs/nvidia-master.yaml",
                        BASE_NVIDIA.replace("nvcr.io#nvidia/tensorrt-llm:1", "/data/trt.sqsh"))).also(at("configs/nvidia-master.yaml", 30)),
                c("6c public image", "FAIL", "a local path", write("configs/nvidia-master.yaml",
                        BASE_NVIDIA.replace("nvcr.io#nvidia/tensorrt-llm:1", "./images/trt"))),
                c("6c public image", "N/A", "no config in the change", write(PATCHING, "echo hello\n")),

                // 7 deprecated
                c("7 deprecated scenario", "PASS", "an active scenario", TOUCH_SGLANG).also("Single-turn 8k1k fp4 is active for toy"),
                c("7 deprecated scenario", "PASS", "a retirement dated after --date is not yet in force",
                        nvidia(config("old-fp4-b200-vllm", "vllm/vllm-openai:v1", "old", "vllm", "cluster:b200-x", fixed(8192, 1024))))
                        .also("old retires on 2026-09-01, after the review date 2026-08-01"),
                c("7 deprecated scenario", "FAIL", "a retired model",
                        nvidia(config("old-fp4-b200-vllm", "vllm/vllm-openai:v1", "old", "vllm", "cluster:b200-x", fixed(8192, 1024))))
                        .also("old is retired since 2026-09-01", at("configs/nvidia-master.yaml", 4)).with("--date", "2026-09-01"),
                c("7 deprecated scenario", "FAIL", "a prefix absent from MODELS.md",
                        nvidia(config("new-fp4-b200-vllm", "vllm/vllm-openai:v1", "new", "vllm", "cluster:b200-x", fixed(8192, 1024))))
                        .also("model prefix new is not in MODELS.md", at("configs/nvidia-master.yaml", 4)),
                c("7 deprecated scenario", "FAIL", "a scenario deprecated for all models",
                        nvidia(config("toy-fp4-b200-vllm-1k1k", "vllm/vllm-openai:v1", "toy", "vllm", "cluster:b200-x", fixed(1024, 1024))))
                        .also("Single-turn 1k1k is deprecated for all models since 2026-07-17 (MODELS.md:9"),
                c("7 deprecated scenario", "FAIL", "a scenario the model's row deprecates",
                        nvidia(config("toy-fp4-b200-vllm-1k8k", "vllm/vllm-openai:v1", "toy", "vllm", "cluster:b200-x", fixed(1024, 8192))))
                        .also("Single-turn 1k8k is deprecated for toy", "MODELS.md:15"),
                c("7 deprecated scenario", "NOT CHECKABLE", "a deprecation with words it cannot apply",
                        nvidia(config("arm-fp4-b200-vllm", "vllm/vllm-openai:v1", "arm", "vllm", "cluster:b200-x", fixed(8192, 1024))))
                        .also("needs a reviewer", at("MODELS.md", 17)),
                c("7 deprecated scenario", "NOT CHECKABLE", "a malformed table, at its line",
                        TOUCH_SGLANG.andThen(write("MODELS.md", MODELS.replace("|---|---|---|---|---|", "no separator"))))
                        .also(at("MODELS.md", 14)),
                c("7 deprecated scenario", "NOT CHECKABLE", "no MODELS.md", TOUCH_SGLANG.andThen(delete("MODELS.md")))
                        .also("the repository has no MODELS.md here"),
                c("7 deprecated scenario", "N/A", "no config in the change", write(PATCHING, "echo hello\n")),

                // 9 chat template
                c("9 chat template", "PASS", "the flag on the client's command line", TOUCH_SGLANG).also(at(SGLANG_SCRIPT, 2)),
                c("9 chat template", "PASS", "--dsv4 implies it", TOUCH_SGLANG.andThen(write(SGLANG_SCRIPT,
                        "source \"$(dirname \"$0\")/../benchmark_lib.sh\"\nrun_benchmark_serving --model \"$MODEL\" --dsv4\n"))),
                c("9 chat template", "PASS", "the flag in an array the call expands", TOUCH_SGLANG.andThen(write(SGLANG_SCRIPT,
                        "CLIENT=(\n    --model \"$MODEL\"\n    --use-chat-template\n)\nrun_benchmark_serving \"${CLIENT[@]}\"\n")))
                        .also(at(SGLANG_SCRIPT, 5)),
                c("9 chat template", "FAIL", "a fixed-seq-len MTP script without --use-chat-template", TOUCH_SGLANG.andThen(write(SGLANG_SCRIPT,
                        "python3 -m sglang.launch_server --speculative-num-steps 3 &\nrun_benchmark_serving \\\n    --model \"$MODEL\"\n")))
                        .also("pass --use-chat-template (or --dsv4)", at(SGLANG_SCRIPT, 2)),
                c("9 chat template", "NOT CHECKABLE", "arguments from a variable it cannot expand", TOUCH_SGLANG.andThen(write(SGLANG_SCRIPT,
                        "run_benchmark_serving $CLIENT_ARGS\n"))).also(at(SGLANG_SCRIPT, 1)),
                c("9 chat template", "NOT CHECKABLE", "no launch script", TOUCH_SGLANG.andThen(delete(SGLANG_SCRIPT))).also("no launch script"),
                c("9 chat template", "N/A", "no speculative decoding",
                        nvidia(config("toy-fp4-b200-vllm-plain", "vllm/vllm-openai:v1", "toy", "vllm", "cluster:b200-x", fixed(8192, 1024)))),

                // 10 engine patch
                c("10 engine patch", "FAIL", "git apply without its waiver", write(PATCHING, "echo setup\ngit apply /tmp/fix.patch\n"))
                        .also("an engine patch needs the waiver docs/waiver/7.md", at(PATCHING, 2)).with("--pr-number", "7"),
                c("10 engine patch", "FAIL", "sed -i under site-packages", write(PATCHING,
                        "sed -i 's/a/b/' /usr/local/lib/python3.12/site-packages/sglang/srt/server.py\n"))
                        .also(at(PATCHING, 1)).with("--pr-number", "7"),
                c("10 engine patch", "FAIL", "pip install of an engine", write("runners/launch_h200-x.sh", "pip install vllm==0.9.0\n"))
                        .also(at("runners/launch_h200-x.sh", 1)).with("--pr-number", "7"),
                c("10 engine patch", "FAIL", "a heredoc written into dist-packages", write(PATCHING,
                        "cat > /usr/lib/python3/dist-packages/vllm/fix.py <<'PY'\nprint('x')\nPY\n")).also(at(PATCHING, 1)).with("--pr-number", "7"),
                c("10 engine patch", "PASS", "an engine patch with docs/waiver/N.md", write(PATCHING, "git apply /tmp/fix.patch\n")
                        .andThen(write("docs/waiver/7.md", "Why: an upstream fix not yet released.\n")))
                        .also("waived by docs/waiver/7.md").with("--pr-number", "7"),
                c("10 engine patch", "PASS", "without --pr-number, the change adds a waiver", write(PATCHING, "git apply /tmp/fix.patch\n")
                        .andThen(write("docs/waiver/7.md", "Why: an upstream fix not yet released.\n")))
                        .also("the change adds docs/waiver/7.md"),
                c("10 engine patch", "NOT CHECKABLE", "without --pr-number and no waiver in the change", write(PATCHING, "git apply /tmp/fix.patch\n"))
                        .also("without --pr-number the waiver docs/waiver/<PR>.md cannot be named", at(PATCHING, 1)),
                c("10 engine patch", "N/A", "a script that patches nothing", write(PATCHING, "# do not git apply here\necho hello\n"))
                        .with("--pr-number", "7"),

                // 11 golden acceptance length: vLLM
                c("11 golden acceptance length", "PASS", "vLLM at the golden AL", vllmAgentic(SYNTHETIC.formatted("2.49")))
                        .also("AL 2.49 is the golden AL of toy-model (thinking_on, 3 draft tokens, " + CURVE + ")", at(VLLM_SCRIPT, 7)),
                c("11 golden acceptance length", "FAIL", "vLLM's throughput branch without synthetic acceptance (EVAL_ONLY verifies for real)",
                        vllmAgentic("{\"method\": \"mtp\", \"num_speculative_tokens\": 3}")).also(at(VLLM_SCRIPT, 7)),
                c("11 golden acceptance length", "FAIL", "vLLM off the golden curve", vllmAgentic(SYNTHETIC.formatted("2.6")))
                        .also("the golden value is 2.49 (thinking_on, " + CURVE + ")", at(VLLM_SCRIPT, 7)),
                c("11 golden acceptance length", "PASS", "a value in a variable reads as its literal",
                        vllmAgentic(SYNTHETIC.formatted("'\"$AL\"'")).andThen(r -> r.write(VLLM_SCRIPT,
                                r.read(VLLM_SCRIPT).replace("DRAFT=3\n", "DRAFT=3\nAL=2.49\n"))))
                        .also(at(VLLM_SCRIPT, 4)),
                c("11 golden acceptance length", "NOT CHECKABLE", "a value computed at run time",
                        vllmAgentic(SYNTHETIC.formatted("'\"$AL\"'")).andThen(r -> r.write(VLLM_SCRIPT,
                                r.read(VLLM_SCRIPT).replace("DRAFT=3\n", "DRAFT=3\nAL=$(python3 -c 'print(2.49)')\n"))))
                        .also("computed at run time", at(VLLM_SCRIPT, 4)),
                // SGLang
                c("11 golden acceptance length", "PASS", "SGLang at the golden AL, either thinking mode",
                        sglangAgentic("export SGLANG_SIMULATE_ACC_LEN=2.97\npython3 -m sglang.launch_server --speculative-num-steps 3 &\n"))
                        .also("thinking_off"),
                c("11 golden acceptance length", "FAIL", "SGLang off the golden curve",
                        sglangAgentic("export SGLANG_SIMULATE_ACC_LEN=2.20\npython3 -m sglang.launch_server --speculative-num-steps 3 &\n"))
                        .also(at("benchmarks/single_node/agentic/toy_fp4_mi355x_sglang_mtp.sh", 1)),
                c("11 golden acceptance length", "FAIL", "SGLang without simulated acceptance",
                        sglangAgentic("python3 -m sglang.launch_server --speculative-num-steps 3 &\n")).also("SGLANG_SIMULATE_ACC_LEN"),
                // TRT-LLM counts accepted draft tokens: AL-1
                c("11 golden acceptance length", "PASS", "TRT-LLM at AL-1", trtAgentic("1.49")).also("(AL 2.49)", at(TRT_SCRIPT, 9)),
                c("11 golden acceptance length", "FAIL", "TRT-LLM at AL instead of AL-1", trtAgentic("2.49"))
                        .also("(AL 3.49)", at(TRT_SCRIPT, 9)),
                // ATOM
                c("11 golden acceptance length", "PASS", "ATOM's acceptance length", atomAgentic("--spec-decode-acceptance-length 2.49"))
                        .also(at(ATOM_SCRIPT, 2)),
                c("11 golden acceptance length", "FAIL", "ATOM's acceptance length off the curve",
                        atomAgentic("--spec-decode-acceptance-length 2.6")).also(at(ATOM_SCRIPT, 2)),
                c("11 golden acceptance length", "PASS", "ATOM's rounded rate with its draft tokens: 1 + 0.4967 * 3",
                        atomAgentic("--spec-decode-acceptance-rate 0.4967")).also("(AL 2.4901)", at(ATOM_SCRIPT, 2)),
                c("11 golden acceptance length", "FAIL", "ATOM's rate off the curve: 1 + 0.6 * 3",
                        atomAgentic("--spec-decode-acceptance-rate 0.6")).also("(AL 2.8)"),
                c("11 golden acceptance length", "FAIL", "ATOM without simulated acceptance", atomAgentic(""))
                        .also("does not simulate acceptance"),
                // the config's own setting
                c("11 golden acceptance length", "PASS", "the config's own SYNTHETIC_ACCEPTANCE_LENGTH", ownSetting("2.49"))
                        .also("the config's SYNTHETIC_ACCEPTANCE_LENGTH is the golden AL", at("configs/nvidia-master.yaml", 17)),
                c("11 golden acceptance length", "FAIL", "the config's own SYNTHETIC_ACCEPTANCE_LENGTH off the curve", ownSetting("2.6"))
                        .also("SYNTHETIC_ACCEPTANCE_LENGTH=2.6", at("configs/nvidia-master.yaml", 17)),
                // multi-node recipes
                c("11 golden acceptance length", "PASS", "a recipe in the repository",
                        nvidia(multiNode(", additional-settings: [\"CONFIG_FILE=recipes/sglang/toy/a.yaml\"]"))
                                .andThen(write("benchmarks/multi_node/srt-slurm-recipes/sglang/toy/a.yaml", "backend:\n  type: sglang\n"
                                        + "  decode_environment:\n    SGLANG_SIMULATE_ACC_LEN: '1.70'\n  sglang_config:\n    decode:\n"
                                        + "      speculative-num-steps: 1\n")))
                        .also("(thinking_on, 1 draft tokens", at("benchmarks/multi_node/srt-slurm-recipes/sglang/toy/a.yaml", 4)),
                c("11 golden acceptance length", "NOT CHECKABLE", "an external recipe",
                        nvidia(multiNode(", additional-settings: [\"CONFIG_FILE=recipes/sglang/toy/elsewhere.yaml\"]")))
                        .also("an external recipe"),
                c("11 golden acceptance length", "NOT CHECKABLE", "a multi-node entry without CONFIG_FILE", nvidia(multiNode("")))
                        .also("CONFIG_FILE"),
                // non-agentic
                c("11 golden acceptance length", "FAIL", "synthetic acceptance on a fixed-seq-len config", TOUCH_SGLANG.andThen(write(SGLANG_SCRIPT,
                        "export SGLANG_SIMULATE_ACC_LEN=2.49\nrun_benchmark_serving --use-chat-template\n")))
                        .also("synthetic acceptance is for agentic configs only", at(SGLANG_SCRIPT, 1)),
                c("11 golden acceptance length", "N/A", "no speculative decoding",
                        nvidia(config("toy-fp4-b200-vllm-agentic", "vllm/vllm-openai:v1", "toy", "vllm", "cluster:b200-x", AGENTIC_PLAIN))),

                // 12 append-only
                c("12 append-only", "PASS", "an append-only entry that only adds points",
                        appendOnlyEntry(config(SGLANG, "lmsysorg/sglang:v1", "toy", "sglang", "mi355x", FIXED_8K1K.replace("[4]", "[4, 8]")), false))
                        .also("1 existing point keeps its recipe; 1 new point"),
                c("12 append-only", "FAIL", "an append-only entry that changes an existing point",
                        appendOnlyEntry(config(SGLANG, "lmsysorg/sglang:v1", "toy", "sglang", "mi355x", FIXED_8K1K.replace("tp: 8", "tp: 4")), false))
                        .also("the sweep cannot be computed, so the promise is not proven"),
                c("12 append-only", "FAIL", "append-only and regular entries together",
                        appendOnlyEntry(config(SGLANG, "lmsysorg/sglang:v1", "toy", "sglang", "mi355x", FIXED_8K1K.replace("[4]", "[4, 8]")), true))
                        .also("adds append-only and regular entries together"),
                c("12 append-only", "N/A", "no append-only entry", TOUCH_SGLANG));
    }

    @TempDir
    Path dir;

    /** The base every case changes: an SGLang config on mi355x with its launch script, and BASE_NVIDIA. */
    TestRepo baseRepo() {
        return TestRepo.init(dir)
                .write("configs/amd-master.yaml", config(SGLANG, "lmsysorg/sglang:v1", "toy", "sglang", "mi355x", FIXED_8K1K))
                .write("configs/nvidia-master.yaml", BASE_NVIDIA).write("configs/runners.yaml", RUNNERS)
                .write("perf-changelog.yaml", CHANGELOG).write(CURVE, GOLDEN).write("MODELS.md", MODELS)
                .write("benchmarks/benchmark_lib.sh", "run_benchmark_serving() { :; }\n")
                .write(SGLANG_SCRIPT, "python3 -m sglang.launch_server --speculative-num-steps 3 &\n"
                        + "run_benchmark_serving --model \"$MODEL\" --use-chat-template\n");
    }

    ChangelogFixture.Run review(String base, List<String> extra) {
        List<String> args = new ArrayList<>(List.of("review", "--base-ref", base, "--format", "text"));
        args.addAll(extra.contains("--date") ? extra : Stream.concat(extra.stream(), Stream.of("--date", "2026-08-01")).toList());
        return ChangelogFixture.runIn(dir, Map.of(), args.toArray(String[]::new));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachCheckGivesTheVerdictTheSpecRequires(Case c) {
        TestRepo repo = baseRepo();
        String base = repo.commit("base");
        c.change().accept(repo);
        ChangelogFixture.Run run = review(base, c.args());

        String all = run.out() + run.err();
        assertTrue(run.out().contains("\n" + c.check() + ": " + c.verdict() + "\n"), all);
        for (String evidence : c.evidence()) {
            String section = section(run.out(), c.check());
            boolean found = evidence.startsWith("@")
                    ? Pattern.compile("\\(" + Pattern.quote(evidence.substring(1)) + "[:)]").matcher(section).find()
                    : section.contains(evidence);
            assertTrue(found, "'" + evidence + "' in\n" + all);
        }
        // Every fixture breaks at most the check it is about: a FAIL exits 1, anything else 0.
        assertEquals(c.verdict().equals("FAIL") ? 1 : 0, run.exit(), all);
    }

    /** Beyond the spec's table: whether a config is new is unknown when the base's configs cannot be read. */
    @Test
    void engineFirstIsNotCheckableWhenTheBaseConfigsCannotBeRead() {
        TestRepo repo = baseRepo().write("configs/nvidia-master.yaml", "toy: [unclosed\n");
        String base = repo.commit("a broken base");
        // What the change adds or changes is unknown; what its new entry selects is reviewed.
        nvidia(config("toy-fp4-h200-atom", "rocm/atom:1", "toy", "atom", "h200", fixed(8192, 1024)))
                .andThen(write("perf-changelog.yaml", CHANGELOG + "\n- config-keys:\n    - toy-fp4-h200-atom\n  description:\n"
                        + "    - \"atom\"\n  pr-link: XXX\n")).accept(repo);
        ChangelogFixture.Run run = review(base, List.of());

        assertTrue(run.out().contains("\n6b engine first: NOT CHECKABLE\n"), run.out() + run.err());
        assertTrue(section(run.out(), "6b engine first").contains("the base configs cannot be read"), run.out());
        // The unreadable base is a problem of its own (on stderr), so the review fails.
        assertEquals(1, run.exit(), run.err());
    }

    /** The check's verdict line and its findings, up to the next blank line. */
    static String section(String out, String check) {
        int start = out.indexOf("\n" + check + ": ");
        int end = out.indexOf("\n\n", start + 1);
        return out.substring(start, end < 0 ? out.length() : end);
    }
}
