package dev.sweepgate.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.config.ConfigLoader;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.yaml.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class GoldenAlCheckTest {
    static final String CURVES = """
            kimi-k3:
              thinking_on:
                1: 1.80
                3: 2.90
              thinking_off:
                3: 3.10
            """;

    static final String RUNNERS = "labels:\n  cluster:gb200: [n1]\n";

    static final String CONFIG = """
            k:
              image: img
              model: moonshotai/Kimi-K3
              model-prefix: kimik3
              precision: fp4
              framework: dynamo-vllm
              runner: cluster:gb200
              multinode: true
              scenarios:
                agentic-coding:
                - search-space:
                  - spec-decoding: mtp
                    conc-list: [4]
                    prefill:
                      num-worker: 1
                      tp: 8
                      ep: 1
                      dp-attn: false
                      additional-settings:
            %s
                    decode: { num-worker: 0, tp: 8, ep: 1, dp-attn: false }
            """;

    static List<Problem> check(String... settings) {
        return check(false, settings);
    }

    /** The check of one agentic MTP entry with these additional settings; unpinned configs listed one by one or summed up. */
    static List<Problem> check(boolean listUnpinned, String... settings) {
        StringBuilder lines = new StringBuilder();
        for (String s : settings) {
            lines.append("          - \"").append(s).append("\"\n");
        }
        ConfigSet configs = ConfigLoader.load(List.of(source("configs/m.yaml", CONFIG.formatted(lines.toString().stripTrailing()))),
                source("configs/runners.yaml", RUNNERS));
        return GoldenAlCheck.check(configs, GoldenCurves.load(List.of(source("golden_al_distribution/k.yaml", CURVES))),
                listUnpinned);
    }

    static SourceFile source(String name, String text) {
        return new SourceFile(name, text.getBytes(StandardCharsets.UTF_8));
    }

    static List<String> rules(List<Problem> problems) {
        return problems.stream().map(Problem::rule).toList();
    }

    @Test
    void aGoldenValueAtItsDraftLengthPasses() {
        assertEquals(List.of(), check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=2.9", "DECODE_MTP_SIZE=3"));
        assertEquals(List.of(), check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=3.10",
                "CONFIG_FILE=recipes/x/ctx1_gen1_mtp3.yaml"));
        assertEquals(List.of(), check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=1.8"));
    }

    @Test
    void aWrongValueIsAnErrorAtItsLine() {
        List<Problem> problems = check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=2.5", "NUM_SPECULATIVE_TOKENS=3");
        assertEquals(List.of("golden.value"), rules(problems));
        assertEquals(21, problems.get(0).line());
        assertTrue(problems.get(0).message().contains("2.90"), problems.get(0).message());
    }

    @Test
    void theValueMustBeTheOneOfItsDraftLength() {
        assertEquals(List.of("golden.value"), rules(check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=1.80", "DECODE_MTP_SIZE=3")));
        assertEquals(List.of("golden.value"), rules(check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=2.0")));
    }

    @Test
    void theFlagIsRequired() {
        assertEquals(List.of("golden.synthetic-flag"), rules(check("SYNTHETIC_ACCEPTANCE_LENGTH=2.90", "DECODE_MTP_SIZE=3")));
    }

    @Test
    void theValueMustLieWithinOneToKPlusOne() {
        List<String> rules = rules(check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=2.90", "DECODE_MTP_SIZE=1"));
        assertTrue(rules.contains("golden.range"), rules::toString);
    }

    @Test
    void aModelWithoutCurvesCannotPin() {
        String other = CONFIG.replace("moonshotai/Kimi-K3", "org/Unknown-Model");
        ConfigSet configs = ConfigLoader.load(List.of(source("configs/m.yaml", other.formatted(
                "          - \"SYNTHETIC_ACCEPTANCE=true\"\n          - \"SYNTHETIC_ACCEPTANCE_LENGTH=2.9\""))), source("configs/runners.yaml", RUNNERS));
        List<Problem> problems = GoldenAlCheck.check(configs, GoldenCurves.load(List.of(source("g.yaml", CURVES))));
        assertEquals(List.of("golden.no-curve"), rules(problems));
    }

    @Test
    void speculativeAgenticEntriesWithoutPinsAreANoteUnlessListed() {
        List<Problem> problems = check("CONFIG_FILE=recipes/x.yaml");
        assertEquals(List.of("golden.unpinned"), rules(problems));
        // the clean data has dozens: by default one note that fails nothing, --strict included
        assertEquals(Problem.Severity.NOTE, problems.get(0).severity());
        assertTrue(problems.get(0).message().startsWith("1 config has agentic entries with speculative decoding"),
                problems.get(0).message());
        assertEquals(Problem.Severity.NOTE, problems.get(0).asError().severity());

        ConfigSet configs = ConfigLoader.load(List.of(source("configs/m.yaml", CONFIG.formatted(
                "          - \"CONFIG_FILE=recipes/x.yaml\""))), source("configs/runners.yaml", RUNNERS));
        List<Problem> listed = GoldenAlCheck.check(configs, GoldenCurves.load(List.of(source("g.yaml", CURVES))), true);
        assertEquals(Problem.Severity.WARNING, listed.get(0).severity());
    }

    @Test
    void theLongestMatchingCurveNameWins() {
        GoldenCurves curves = GoldenCurves.load(List.of(source("a.yaml", "deepseek-v4-pro:\n  thinking_on: {1: 1.5}\n"),
                source("b.yaml", "deepseek-v4-pro-0813:\n  thinking_on: {1: 1.6}\n")));
        assertEquals("deepseek-v4-pro-0813", curves.modelFor("deepseek-ai/DeepSeek-V4-Pro-0813-FP4").orElseThrow());
        assertEquals("deepseek-v4-pro", curves.modelFor("deepseek-ai/DeepSeek-V4-Pro").orElseThrow());
        assertTrue(curves.modelFor("deepseek-ai/DeepSeek-V4-Proto").isEmpty());
    }

    @Test
    void aCurveFileOfTheWrongShapeNamesFileAndLine() {
        ProblemException e = assertThrows(ProblemException.class,
                () -> GoldenCurves.load(List.of(source("golden_al_distribution/bad.yaml", "m:\n  thinking_on:\n    one: 1.5\n"))));
        assertEquals("golden_al_distribution/bad.yaml", e.problems().get(0).file());
        assertEquals(3, e.problems().get(0).line());
    }

    @Test
    void everyRealConfigPassesAgainstTheRealCurves() throws IOException {
        Path root = Path.of("").toAbsolutePath();
        List<SourceFile> curveFiles = new ArrayList<>();
        try (Stream<Path> files = Files.list(root.resolve("golden_al_distribution"))) {
            for (Path p : files.sorted().toList()) {
                curveFiles.add(new SourceFile(p.getFileName().toString(), Files.readAllBytes(p)));
            }
        }
        ConfigSet configs = ConfigLoader.load(List.of(
                        new SourceFile("configs/amd-master.yaml", Files.readAllBytes(root.resolve("configs/amd-master.yaml"))),
                        new SourceFile("configs/nvidia-master.yaml", Files.readAllBytes(root.resolve("configs/nvidia-master.yaml")))),
                new SourceFile("configs/runners.yaml", Files.readAllBytes(root.resolve("configs/runners.yaml"))));
        List<Problem> errors = GoldenAlCheck.check(configs, GoldenCurves.load(curveFiles)).stream().filter(Problem::isError).toList();
        assertEquals(List.of(), errors);
    }

    private static String messages(List<Problem> problems) {
        return String.join("\n", problems.stream().map(p -> p.line() + ": " + p.message() + " [" + p.rule() + "]").toList());
    }

    @Test
    void theRangeIsOneToKPlusOneInclusiveAndTheMessageGivesBothBounds() {
        String outside = messages(check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=2.90", "DECODE_MTP_SIZE=1"));
        assertTrue(outside.contains("SYNTHETIC_ACCEPTANCE_LENGTH=2.90 in config 'k' is outside [1, 2]: with 1 draft tokens at "
                + "most 2 tokens are accepted per step [golden.range]"), outside);
        // both ends of the range are allowed values (they are only not golden here)
        assertEquals(List.of("golden.value"), rules(check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=1",
                "DECODE_MTP_SIZE=3")));
        assertEquals(List.of("golden.value"), rules(check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=4",
                "DECODE_MTP_SIZE=3")));
    }

    @Test
    void aDraftLengthWithoutACurvePointSaysSo() {
        String m = messages(check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=2", "DECODE_MTP_SIZE=2"));
        assertTrue(m.endsWith("is not the golden AL of kimi-k3 at draft length 2: no curve has that draft length "
                + "[golden.value]"), m);
    }

    @Test
    void aValueThatIsNotANumberIsNamed() {
        assertEquals("21: SYNTHETIC_ACCEPTANCE_LENGTH=abc in config 'k' is not a number [golden.value]",
                messages(check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=abc")));
    }

    @Test
    void anUnreadableDraftLengthFallsBackToEveryPointOfTheCurves() {
        assertEquals(List.of(), check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=2.9", "DECODE_MTP_SIZE=x"));
        // a recipe named without a directory still gives its draft length
        assertEquals(List.of("golden.value"), rules(check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=1.8",
                "CONFIG_FILE=ctx1_gen1_mtp3.yaml")));
    }

    @Test
    void aListedUnpinnedWarningCountsTheEntriesAndNamesTheirLines() {
        assertEquals("12: config 'k' has 1 agentic entry with speculative decoding and no SYNTHETIC_ACCEPTANCE_LENGTH (line "
                + "12): pin the golden acceptance length (SYNTHETIC_ACCEPTANCE=true and SYNTHETIC_ACCEPTANCE_LENGTH=<golden "
                + "AL>) unless the recipe file already does [golden.unpinned]", messages(check(true, "CONFIG_FILE=recipes/x.yaml")));
        String two = CONFIG.formatted("          - \"CONFIG_FILE=recipes/x.yaml\"") + "      - { spec-decoding: mtp, "
                + "conc-list: [8], prefill: { num-worker: 1, tp: 8, ep: 1, dp-attn: false }, decode: { num-worker: 0, tp: 8, "
                + "ep: 1, dp-attn: false } }\n";
        ConfigSet configs = ConfigLoader.load(List.of(source("configs/m.yaml", two)), source("configs/runners.yaml", RUNNERS));
        String m = messages(GoldenAlCheck.check(configs, GoldenCurves.load(List.of(source("g.yaml", CURVES))), true));
        assertTrue(m.startsWith("12: config 'k' has 2 agentic entries with speculative decoding and no "
                + "SYNTHETIC_ACCEPTANCE_LENGTH (lines 12, 22): "), m);
    }

    private static List<Problem> checkConfigs(String master) {
        ConfigSet configs = ConfigLoader.load(List.of(source("configs/m.yaml", master)), source("configs/runners.yaml", RUNNERS));
        return GoldenAlCheck.check(configs, GoldenCurves.load(List.of(source("g.yaml", CURVES))));
    }

    @Test
    void unpinnedEntriesOfSeveralConfigsAreSummedUpInOneWarningUnlessListed() {
        String one = CONFIG.formatted("          - \"CONFIG_FILE=recipes/x.yaml\"");
        String master = one + "\n" + one.replaceFirst("^k:", "k2:");
        ConfigSet configs = ConfigLoader.load(List.of(source("configs/m.yaml", master)), source("configs/runners.yaml", RUNNERS));
        GoldenCurves curves = GoldenCurves.load(List.of(source("g.yaml", CURVES)));
        List<Problem> summary = GoldenAlCheck.check(configs, curves);
        assertEquals(1, summary.size(), summary.toString());
        assertEquals(12, summary.get(0).line());
        assertTrue(summary.get(0).message().startsWith("2 configs have agentic entries with speculative decoding and no "
                + "SYNTHETIC_ACCEPTANCE_LENGTH (the first here)"), summary.get(0).message());
        List<Problem> listed = GoldenAlCheck.check(configs, curves, true);
        assertEquals(List.of("golden.unpinned", "golden.unpinned"), rules(listed));
        assertTrue(listed.get(1).message().startsWith("config 'k2' has 1 agentic entry"), listed.get(1).message());
    }

    @Test
    void aFixedSeqLenEntryIsCheckedToo() {
        String fixed = CONFIG.formatted("          - \"SYNTHETIC_ACCEPTANCE_LENGTH=2.90\"")
                .replace("agentic-coding:\n    - search-space:", "fixed-seq-len:\n    - isl: 1024\n      osl: 1024\n      search-space:")
                .replace("      - spec-decoding: mtp\n", "      - spec-decoding: mtp\n");
        assertEquals(List.of("golden.synthetic-flag"), rules(checkConfigs(fixed)));
    }

    @Test
    void aModelWithoutCurvesNamesTheCurveFilesAndTheModelsTheyHave() {
        String other = CONFIG.replace("moonshotai/Kimi-K3", "Kimi-K2").formatted(
                "          - \"SYNTHETIC_ACCEPTANCE=true\"\n          - \"SYNTHETIC_ACCEPTANCE_LENGTH=2.9\"");
        String m = checkConfigs(other).get(0).message();
        assertTrue(m.startsWith("config 'k' pins a synthetic acceptance length but no golden curve in g.yaml matches its "
                + "model Kimi-K2 (curves exist for kimi-k3)"), m);
    }

    @Test
    void aValueOfNoCurveListsEveryCurveWithItsPoints() {
        String m = check("SYNTHETIC_ACCEPTANCE=true", "SYNTHETIC_ACCEPTANCE_LENGTH=2.0").get(0).message();
        assertTrue(m.endsWith("is not a golden AL of kimi-k3: use a value of its curves: golden_al_distribution/k.yaml "
                + "thinking_on {1=1.80, 3=2.90}; golden_al_distribution/k.yaml thinking_off {3=3.10}"), m);
    }
}
