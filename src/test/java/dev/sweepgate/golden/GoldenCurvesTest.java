package dev.sweepgate.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.yaml.SourceFile;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The golden AL curve files: what is read from them, and each wrong shape with its line and fix. */
class GoldenCurvesTest {
    private static final String FILE = "golden_al_distribution/m.yaml";

    private static GoldenCurves load(String text) {
        return GoldenCurves.load(List.of(new SourceFile(FILE, text.getBytes(StandardCharsets.UTF_8))));
    }

    /** Every problem of a refused file, as line: message [rule]. */
    private static List<String> refused(String text) {
        ProblemException e = assertThrows(ProblemException.class, () -> load(text));
        e.problems().forEach(p -> assertEquals(FILE, p.file()));
        // each shape problem shows its line of the file
        e.problems().stream().filter(p -> p.rule().equals("golden.shape"))
                .forEach(p -> assertTrue(p.excerpt() != null, p.toString()));
        return e.problems().stream().map(p -> p.line() + ": " + p.message() + " [" + p.rule() + "]").toList();
    }

    @Test
    void draftLengthsMapToTheirAcceptanceLengthsExactlyAsWritten() {
        GoldenCurves curves = load("m:\n  thinking_on:\n    1: 1.80\n    2: 2\n    3: 2_5.5\n    2147483647: 9\n");
        GoldenCurves.Curve curve = curves.curves("m").get(0);
        assertEquals(Map.of(1, new BigDecimal("1.80"), 2, new BigDecimal("2"), 3, new BigDecimal("25.5"),
                Integer.MAX_VALUE, new BigDecimal("9")),
                curve.alByDraftLength());
    }

    @Test
    void theRootMustMapModelNames() {
        assertEquals(List.of("1: " + FILE + " must map model names to thinking modes, got a list [golden.shape]"),
                refused("- m\n"));
    }

    @Test
    void modelNamesAreStringsAndMapThinkingModes() {
        assertEquals(List.of("1: model names in " + FILE + " must be strings, got the integer 1 [golden.shape]",
                "2: model 'm' in " + FILE + " must map thinking_on / thinking_off to curves, got the string \"x\" "
                        + "[golden.shape]"), refused("1: {thinking_on: {1: 1.5}}\nm: x\n"));
    }

    @Test
    void onlyTheTwoThinkingModesAreKeysAndEachMapsDraftLengths() {
        assertEquals(List.of("2: model 'm' in " + FILE + " has the key `thinking_maybe`; only thinking_on and "
                        + "thinking_off are thinking modes [golden.shape]",
                "3: thinking_off of model 'm' in " + FILE + " must map draft lengths to acceptance lengths, got the "
                        + "number 1.5 [golden.shape]"), refused("m:\n  thinking_maybe: {1: 1.5}\n  thinking_off: 1.5\n"));
    }

    @Test
    void draftLengthsArePositiveIntegersAndAcceptanceLengthsFiniteNumbers() {
        assertEquals(List.of(
                "3: draft lengths in " + FILE + " must be positive integers (num_speculative_tokens), got the integer 0 "
                        + "[golden.shape]",
                "5: draft lengths in " + FILE + " must be positive integers (num_speculative_tokens), got the integer "
                        + "2147483648 [golden.shape]",
                "6: the golden AL for draft length 2 in " + FILE + " must be a number, got the string \"1.5\" [golden.shape]",
                "7: the golden AL for draft length 3 in " + FILE + " must be a number, got the number .inf [golden.shape]"),
                refused("m:\n  thinking_on:\n    0: 1.0\n    1: 1.0\n    2147483648: 1.0\n    2: '1.5'\n    3: .inf\n"));
    }

    @Test
    void aFileThatIsNotYamlIsRefusedWithItsProblem() {
        assertEquals(1, refused("m: [unclosed\n").size());
    }

    @Test
    void aLaunchFileMayUseTheCurveOfAnotherWeightFormatOfTheSameCheckpoint() {
        GoldenCurves curves = load("glm-5.2-fp8:\n  thinking_on:\n    1: 1.84\nqwen3.5-397b-a17b-nvfp4:\n  thinking_on:\n    1: 1.93\n");
        assertEquals(java.util.Optional.empty(), curves.modelFor("nvidia/GLM-5.2-NVFP4"));
        assertEquals(java.util.Optional.of("glm-5.2-fp8"), curves.modelForAnyWeightFormat("nvidia/GLM-5.2-NVFP4"));
        assertEquals(java.util.Optional.of("qwen3.5-397b-a17b-nvfp4"), curves.modelForAnyWeightFormat("Qwen/Qwen3.5-397B-A17B-FP8"));
        // Another model is no weight format of this one.
        assertEquals(java.util.Optional.empty(), curves.modelForAnyWeightFormat("org/GLM-5.3-NVFP4"));
    }
}
