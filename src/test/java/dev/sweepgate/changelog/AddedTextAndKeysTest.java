package dev.sweepgate.changelog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.ProblemException;
import java.util.List;
import org.junit.jupiter.api.Test;

class AddedTextAndKeysTest {
    private static final String HEADER = "diff --git a/perf-changelog.yaml b/perf-changelog.yaml\nindex 1..2 100644\n"
            + "--- a/perf-changelog.yaml\n+++ b/perf-changelog.yaml\n@@ -1,3 +1,8 @@\n";

    private static String rule(ProblemException e) {
        return e.problems().get(0).rule();
    }

    @Test
    void parsesTheAddedLinesAsEntries() {
        String diff = HEADER + "   pr-link: XXX\n+\n+- config-keys:\n+    - a\n+  description:\n+    - x\n+  pr-link: XXX\n"
                + "+  scenario-type: [fixed-seq-len]\n";
        List<ChangelogEntry> entries = AddedText.entries(diff, "perf-changelog.yaml");
        assertEquals(1, entries.size());
        assertEquals(List.of("a"), entries.get(0).configKeys());
    }

    @Test
    void aRemovedBlankLineIsFineButAnyOtherRemovalIsRefused() {
        String blank = HEADER + "-  \n+\n+- config-keys: [a]\n+  description: [x]\n+  pr-link: XXX\n";
        assertEquals(1, AddedText.entries(blank, "f").size());
        String unicodeBlank = HEADER + "-\u00a0\u2003\n+- config-keys: [a]\n+  description: [x]\n+  pr-link: XXX\n";
        assertEquals(1, AddedText.entries(unicodeBlank, "f").size());
        ProblemException e = assertThrows(ProblemException.class, () -> AddedText.entries(
                HEADER + "-  pr-link: XXX\n+  pr-link: https://github.com/o/r/pull/1\n", "f"));
        assertEquals("changelog.deleted-line", rule(e));
        assertTrue(e.getMessage().contains("Found deleted line:   pr-link: XXX"), e.getMessage());
    }

    @Test
    void nothingAddedIsAnError() {
        assertEquals("changelog.no-additions", rule(assertThrows(ProblemException.class, () -> AddedText.entries("", "f"))));
        assertEquals("changelog.no-additions", rule(assertThrows(ProblemException.class,
                () -> AddedText.entries(HEADER + "+\n+  \n", "f"))));
        assertEquals("changelog.no-additions", rule(assertThrows(ProblemException.class,
                () -> AddedText.entries(HEADER + "+# only a comment\n", "f"))));
    }

    @Test
    void aRepeatedKeyKeepsItsLastValueHere() {
        // duplicate keys are a file rule of validate-changelog; process-changelog reads the value YAML keeps
        List<ChangelogEntry> entries = AddedText.entries(HEADER + "+- config-keys: [a]\n+  description: [x]\n"
                + "+  pr-link: one\n+  pr-link: two\n", "f");
        assertEquals("two", entries.get(0).prLink());
    }

    @Test
    void theAddedTextParsesOnItsOwn() {
        // an alias to an anchor in history has nothing to refer to
        ProblemException alias = assertThrows(ProblemException.class, () -> AddedText.entries(
                HEADER + "+- config-keys: *keys\n+  description: [x]\n+  pr-link: XXX\n", "f"));
        assertEquals("yaml.unknown-alias", rule(alias));
        assertEquals("changelog.added-not-list", rule(assertThrows(ProblemException.class,
                () -> AddedText.entries(HEADER + "+config-keys: [a]\n", "f"))));
        assertEquals("changelog.unknown-field", rule(assertThrows(ProblemException.class, () -> AddedText.entries(
                HEADER + "+- config-keys: [a]\n+  description: [x]\n+  pr-link: XXX\n+  evals_only: true\n", "f"))));
    }

    @Test
    void resolvesWildcardsInLoadOrderWithoutDuplicates() {
        List<String> keys = List.of("dsv4-fp8-h200-vllm", "dsv4-fp4-b200-vllm", "dsv4-fp8-h200-sglang", "qwen-fp8-h200-vllm");
        Position at = new Position("f", 1, 1);
        assertEquals(List.of("dsv4-fp8-h200-vllm", "dsv4-fp8-h200-sglang"),
                KeyResolver.resolve(List.of("dsv4-fp8-*"), keys, at, "new entry 1"));
        assertEquals(List.of("qwen-fp8-h200-vllm", "dsv4-fp8-h200-vllm", "dsv4-fp4-b200-vllm"),
                KeyResolver.resolve(List.of("qwen-fp8-h200-vllm", "*-vllm"), keys, at, "new entry 1"));
        assertEquals(keys, KeyResolver.resolve(List.of("*"), keys, at, "e"));
        // only `*` is special
        assertEquals(List.of(), KeyResolver.matches("dsv4-fp?-h200-vllm", keys));
        assertEquals(List.of(), KeyResolver.matches("dsv4-fp[48]-h200-vllm", keys));
    }

    @Test
    void anUnknownKeyOrAPatternWithoutMatchIsAnErrorWithSuggestions() {
        List<String> keys = List.of("dsv4-fp8-h200-vllm", "dsv4-fp4-b200-vllm");
        ProblemException e = assertThrows(ProblemException.class, () -> KeyResolver.resolve(
                List.of("dsv4-fp8-h200-vlm", "nothing-*"), keys, List.of(new Position("f", 3, 7), new Position("f", 4, 7)), "new entry 1"));
        // each pattern at its own line
        assertEquals(List.of(new Position("f", 3, 7), new Position("f", 4, 7)),
                e.problems().stream().map(p -> p.position()).toList());
        assertEquals(2, e.problems().size());
        assertTrue(e.problems().get(0).message().contains("config key 'dsv4-fp8-h200-vlm' not found in master configs; "
                + "did you mean dsv4-fp8-h200-vllm"), e.problems().get(0).message());
        assertTrue(e.problems().get(1).message().contains("the pattern 'nothing-*' matches no config key"));
    }
}
