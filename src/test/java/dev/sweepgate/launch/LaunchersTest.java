package dev.sweepgate.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.config.RunnerConfig;
import dev.sweepgate.launch.shell.ShellScript;
import dev.sweepgate.launch.shell.Tests;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** How a runner's launch script turns the workflow's variables into the single-node script it runs. */
class LaunchersTest {
    static final Map<String, String> SGLANG_MTP = Launchers.inputs("toy", "fp4", "sglang", "mtp", true);

    static List<String> candidates(String launcher, Map<String, String> inputs) {
        return Launchers.candidates(ShellScript.parse("runners/launch_x.sh", launcher), inputs);
    }

    @Test
    void oneLauncherPerNodeNameUpToItsFirstUnderscore() {
        RunnerConfig runners = new RunnerConfig(Map.of("mi355x", List.of("mi355x-amds_0", "mi355x-amds_1", "mi355x-tw_0")), Map.of());
        assertEquals(List.of("runners/launch_mi355x-amds.sh", "runners/launch_mi355x-tw.sh"), Launchers.of("mi355x", runners));
        assertEquals(List.of(), Launchers.of("unknown-label", runners));
    }

    @Test
    void theFrameworkTaggedNameIsTriedBeforeTheFallbackTheLauncherBuildsWhenItIsMissing() {
        String launcher = """
                SPEC_SUFFIX=$([[ "$SPEC_DECODING" == "mtp" ]] && printf '_mtp' || printf '')
                SCRIPT="benchmarks/single_node/${SCENARIO_SUBDIR}${EXP_NAME%%_*}_${PRECISION}_mi355x_${FRAMEWORK}${SPEC_SUFFIX}.sh"
                if [[ ! -f "$SCRIPT" ]]; then
                    SCRIPT="benchmarks/single_node/${SCENARIO_SUBDIR}${EXP_NAME%%_*}_${PRECISION}_mi355x${SPEC_SUFFIX}.sh"
                fi
                bash "$SCRIPT"
                """;
        assertEquals(List.of("benchmarks/single_node/agentic/toy_fp4_mi355x_sglang_mtp.sh",
                "benchmarks/single_node/agentic/toy_fp4_mi355x_mtp.sh"), candidates(launcher, SGLANG_MTP));
        assertEquals(List.of("benchmarks/single_node/fixed_seq_len/toy_fp4_mi355x_sglang.sh",
                "benchmarks/single_node/fixed_seq_len/toy_fp4_mi355x.sh"),
                candidates(launcher, Launchers.inputs("toy", "fp4", "sglang", "none", false)));
    }

    @Test
    void aTestOnTheWorkflowsVariablesKeepsOnlyTheBranchThatRuns() {
        String launcher = """
                if [[ "$FRAMEWORK" == "atom" || "$FRAMEWORK" == "atom-disagg" ]]; then
                    NAME="${MODEL_PREFIX}_${PRECISION}_mi355x_atom"
                else
                    NAME="${MODEL_PREFIX}_${PRECISION}_mi355x"
                fi
                [[ -n "$SPEC_DECODING" && "$SPEC_DECODING" != "none" ]] && NAME="${NAME}_mtp"
                bash "benchmarks/single_node/${SCENARIO_SUBDIR:-fixed_seq_len/}${NAME}.sh"
                """;
        assertEquals(List.of("benchmarks/single_node/agentic/toy_fp4_mi355x_mtp.sh"), candidates(launcher, SGLANG_MTP));
        assertEquals(List.of("benchmarks/single_node/agentic/toy_fp4_mi355x_atom_mtp.sh"),
                candidates(launcher, Launchers.inputs("toy", "fp4", "atom", "mtp", true)));
    }

    /**
     * The shape of runners/launch_b200-dgxc.sh: an if/elif chain on the model that exports its path in
     * each arm, before the script's name is built. An arm's exports do not change which arm runs; a
     * variable an arm assigns does change a later test that reads it.
     */
    @Test
    void aChainOnTheModelDecidesItsArmsOnceAndALaterTestSeesWhatTheArmAssigned() {
        String launcher = """
                MODE=agg
                if [[ $MODEL_PREFIX == "dsr1" && $PRECISION == "fp4" ]]; then
                    export MODEL_PATH="/models/dsr1-fp4"
                    export SRT_SLURM_MODEL_PREFIX="dsr1"
                    MODE=disagg
                elif [[ $MODEL_PREFIX == "toy" && $PRECISION == "fp4" ]]; then
                    export MODEL_PATH="/models/toy-fp4"
                    export SRT_SLURM_MODEL_PREFIX="toy-fp4"
                elif [[ $MODEL_PREFIX == "toy" ]]; then
                    export MODEL_PATH="/models/toy"
                fi
                export MODEL="$MODEL_PATH"
                if [[ "$MODE" == "disagg" ]]; then
                    BENCH_SCRIPT="benchmarks/single_node/${SCENARIO_SUBDIR}${EXP_NAME%%_*}_${PRECISION}_b200_disagg.sh"
                else
                    BENCH_SCRIPT="benchmarks/single_node/${SCENARIO_SUBDIR}${EXP_NAME%%_*}_${PRECISION}_b200_${FRAMEWORK}.sh"
                fi
                bash "$BENCH_SCRIPT"
                """;
        assertEquals(List.of("benchmarks/single_node/agentic/toy_fp4_b200_sglang.sh"), candidates(launcher, SGLANG_MTP));
        assertEquals(List.of("benchmarks/single_node/agentic/dsr1_fp4_b200_disagg.sh"),
                candidates(launcher, Launchers.inputs("dsr1", "fp4", "sglang", "mtp", true)));
        assertEquals(List.of("benchmarks/single_node/fixed_seq_len/toy_fp8_b200_vllm.sh"),
                candidates(launcher, Launchers.inputs("toy", "fp8", "vllm", "none", false)));
    }

    @Test
    void aNameBuiltFromAVariableTheWorkflowDoesNotSetIsNoCandidate() {
        assertEquals(List.of(), candidates("bash \"benchmarks/single_node/${RECIPE_NAME}.sh\"\n", SGLANG_MTP));
    }

    @Test
    void undecidableTestsAreThreeValued() {
        Map<String, String> vars = Map.of("FRAMEWORK", "sglang");
        assertEquals(Boolean.TRUE, new Tests(vars, true).test("[[ \"$FRAMEWORK\" == sglang ]]"));
        assertEquals(Boolean.FALSE, new Tests(vars, true).test("[[ \"$FRAMEWORK\" == \"trt\" ]] && [[ -z \"$UNSET\" ]]"));
        assertEquals(null, new Tests(vars, true).test("[[ \"$UNSET\" == x ]]"));
        assertEquals(Boolean.TRUE, new Tests(vars, true).test("[[ \"$UNSET\" == x ]] || [[ \"$FRAMEWORK\" == sg* ]]"));
    }

    @Test
    void aWordWhoseLiteralPartsCannotMakeAScriptsNameIsNotExpanded() {
        assertFalse(Launchers.mayNameScript("srun"));
        assertFalse(Launchers.mayNameScript("--jobid=$JOB_ID"));
        assertFalse(Launchers.mayNameScript("benchmarks/single_node/${X}.py"));
        assertFalse(Launchers.mayNameScript("\"benchmarks/single_node/a b.sh\""));
        assertTrue(Launchers.mayNameScript("benchmarks/single_node/${SCENARIO_SUBDIR}${MODEL_CODE}_${PRECISION}_h200${SPEC_SUFFIX}.sh"));
        assertTrue(Launchers.mayNameScript("\"$SCRIPT\""));
        assertTrue(Launchers.mayNameScript("bench${REST}"));
    }

    /**
     * Words built from pieces of launchers' words, expanded with values built from pieces of script names: every
     * word that expands to a script's name for some values is one {@link Launchers#mayNameScript} keeps.
     */
    @Test
    void noWordThatExpandsToAScriptsNameIsLeftOut() {
        String[] pieces = {"benchmarks/", "single_node/", "benchmarks/single_node/", "agentic/", "x", "_", ".sh", "sh", ".", "h",
                "-", "--a=", " ", "\"", "'", "$A", "${B}", "${A%%_*}", "${C:-benchmarks/single_node/d.sh}", "${B:-.sh}",
                "$([[ \"$A\" == x ]] && printf '_mtp' || printf '')", "$((1+2))", "`echo x`", "\\$", "${#A}"};
        String[] values = {"", "x", "benchmarks/", "single_node/", "benchmarks/single_node/", ".sh", "x.sh", "a b", "_mtp", "$"};
        Random random = new Random(20261207);
        int kept = 0;
        for (int n = 0; n < 20_000; n++) {
            StringBuilder raw = new StringBuilder();
            for (int k = 1 + random.nextInt(5); k > 0; k--) {
                raw.append(pieces[random.nextInt(pieces.length)]);
            }
            Map<String, String> vars = new HashMap<>();
            for (String name : List.of("A", "B", "C")) {
                if (random.nextInt(4) > 0) {
                    vars.put(name, values[random.nextInt(values.length)]);
                }
            }
            String word = raw.toString();
            if (Launchers.namesScript(new Tests(vars, true).expand(word))) {
                kept++;
                assertTrue(Launchers.mayNameScript(word), word + " with " + vars);
            }
        }
        assertTrue(kept > 100, "the generated words name a script " + kept + " times");
    }
}
