package dev.sweepgate.changelog;

import static dev.sweepgate.changelog.Changelogs.BASE;
import static dev.sweepgate.changelog.Changelogs.LINK;
import static dev.sweepgate.changelog.Changelogs.entry;
import static dev.sweepgate.changelog.Changelogs.file;
import static dev.sweepgate.changelog.Changelogs.rules;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.problem.Problem;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChangelogFileTest {

    @Test
    void acceptsTheUsualShape() {
        ChangelogFile f = file(BASE);
        assertTrue(f.ok(), f.problems().toString());
        assertEquals(2, f.entries().size());
        ChangelogEntry e = f.entries().get(0);
        assertEquals(List.of("alpha-fp8-h100-vllm"), e.configKeys());
        assertEquals(LINK + "1", e.prLink());
        assertFalse(e.evalsOnly() || e.allEvals() || e.appendOnly());
        assertEquals(List.of(ScenarioType.FIXED_SEQ_LEN, ScenarioType.AGENTIC_CODING), e.scenarios());
    }

    @Test
    void onlyAHeadThatKeepsTheBaseAndAddsAnEntryAppendsEntries() {
        byte[] base = BASE.getBytes(StandardCharsets.UTF_8);
        byte[] head = (BASE + "\n" + entry("gamma-fp8-mi300x-sglang", LINK + "3")).getBytes(StandardCharsets.UTF_8);
        assertTrue(ChangelogFile.appendsEntries(base, head));
        assertFalse(ChangelogFile.appendsEntries(new byte[0], head), "an empty base");
        assertFalse(ChangelogFile.appendsEntries(base, base), "nothing added");
        assertFalse(ChangelogFile.appendsEntries(head, base), "entries removed");
    }

    @Test
    void acceptsEveryOptionalField() {
        ChangelogFile f = file("- config-keys:\n    - a*\n  description:\n    - x\n  pr-link: XXX\n  evals-only: false\n"
                + "  all-evals: true\n  append-only: false\n  eval-min-prefill-ep: 8\n  scenario-type:\n    - agentic-coding\n");
        assertTrue(f.ok(), f.problems().toString());
        ChangelogEntry e = f.entries().get(0);
        assertTrue(e.allEvals());
        assertEquals(8L, e.evalMinPrefillEp());
        assertEquals(List.of(ScenarioType.AGENTIC_CODING), e.scenarios());
    }

    @Test
    void refusesBytesThatBreakTheFileRules() {
        assertEquals(List.of("changelog.cr"), rules(file(BASE.replace("\n", "\r\n")).problems()));
        assertEquals(List.of("changelog.tab"), rules(file(BASE.replace("    - \"Change alpha", "\t- \"Change alpha")).problems()));
        assertEquals(List.of("changelog.nul"), rules(file(BASE + "\0\n").problems()));
        assertEquals(List.of("changelog.final-newline"), rules(file(BASE.substring(0, BASE.length() - 1)).problems()));
        byte[] latin1 = (BASE + "# caf\u00e9\n").getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(List.of("changelog.encoding"), rules(ChangelogFile.check(latin1, "f").problems()));
        assertEquals(List.of("changelog.empty"), rules(file("").problems()));
    }

    @Test
    void namesTheFirstCarriageReturnWithItsPosition() {
        Problem p = file(BASE + entry("gamma", LINK + "3").replace("\n", "\r\n")).problems().get(0);
        assertEquals(13, p.line());
        assertEquals(15, p.column());
        assertTrue(p.message().contains("LF"), p.message());
    }

    @Test
    void refusesInvalidYamlDuplicateKeysAndMergeKeys() {
        assertEquals(List.of("yaml.syntax"), rules(file(BASE + "- config-keys:\n    - x\n  description:\n"
                + "    - x\n    scenario-type: []\n  pr-link: XXX\n").problems()));
        assertTrue(rules(file(BASE.replace("  pr-link: " + LINK + "2\n", "  pr-link: " + LINK + "2\n  pr-link: XXX\n"))
                .problems()).contains("yaml.duplicate-key"));
        assertEquals(List.of("yaml.merge-key"), rules(file("- config-keys: &k\n    - a\n  description: [x]\n  pr-link: XXX\n"
                + "- config-keys:\n    - b\n  <<: {description: [x]}\n  pr-link: XXX\n").problems()));
    }

    @Test
    void refusesARootThatIsNotAList() {
        assertEquals(List.of("changelog.root"), rules(file("config-keys: [a]\n").problems()));
    }

    @Test
    void everyEntryMustStartWithItsOwnConfigKeysLine() {
        String descriptionFirst = "- description:\n    - x\n  config-keys:\n    - a\n  pr-link: XXX\n";
        List<Problem> problems = file(BASE + "\n" + descriptionFirst).problems();
        assertEquals(List.of("changelog.entry-starts"), rules(problems));
        assertEquals(14, problems.get(0).line());
        String flow = "- {config-keys: [a], description: [x], pr-link: XXX}\n";
        assertEquals(List.of("changelog.entry-starts"), rules(file(flow).problems()));
    }

    @Test
    void countsEntryStartsWithPythonLineBreaks() {
        // U+2028 ends a line for Python's splitlines, so the text after it starts a line of its own
        String sneaky = "- config-keys:\n    - a\n  description:\n    - \"x\u2028- config-keys: y\"\n  pr-link: XXX\n";
        assertEquals(List.of("changelog.entry-starts"), rules(file(sneaky).problems()));
        assertEquals(2, ChangelogFile.countEntryStarts("- config-keys: a\u000b- config-keys: b"));
        assertEquals(1, ChangelogFile.countEntryStarts("x\r\n- config-keys:\n"));
    }

    @Test
    void aByteOrderMarkMakesTheCountFailAndIsNamed() {
        List<Problem> problems = file("\uFEFF" + BASE).problems();
        assertEquals(List.of("changelog.entry-starts"), rules(problems));
        assertTrue(problems.get(0).message().contains("byte-order mark"));
    }

    @Test
    void bindsEntryFieldsStrictly() {
        assertEquals(List.of("changelog.unknown-field"), rules(file(BASE + "\n" + entry("c", "XXX") + "  pr_number: 3\n").problems()));
        assertEquals(List.of("changelog.missing-field"), rules(file("- config-keys:\n    - a\n  pr-link: XXX\n").problems()));
        assertEquals(List.of("changelog.null"), rules(file(entry("a", "XXX") + "  evals-only:\n").problems()));
        assertEquals(List.of("changelog.null"), rules(file(entry("a", "XXX") + "  eval-min-prefill-ep: null\n").problems()));
        assertEquals(List.of("changelog.type"), rules(file(entry("a", "XXX") + "  evals-only: \"true\"\n").problems()));
        assertEquals(List.of("changelog.type"), rules(file(entry("a", "XXX") + "  all-evals: 1\n").problems()));
        assertEquals(List.of("changelog.type"), rules(file(entry("a", "XXX") + "  eval-min-prefill-ep: \"8\"\n").problems()));
        assertEquals(List.of("changelog.range"), rules(file(entry("a", "XXX") + "  eval-min-prefill-ep: 0\n").problems()));
        assertEquals(List.of("changelog.type"), rules(file("- config-keys: a\n  description: [x]\n  pr-link: XXX\n").problems()));
        assertEquals(List.of("changelog.empty-list"), rules(file("- config-keys: []\n  description: [x]\n  pr-link: XXX\n").problems()));
        assertEquals(List.of("changelog.empty-list"), rules(file("- config-keys: [a]\n  description: []\n  pr-link: XXX\n").problems()));
        assertEquals(List.of("changelog.type"), rules(file("- config-keys: [a]\n  description: [x]\n  pr-link: 12\n").problems()));
        assertEquals(List.of("changelog.type"), rules(file("- config-keys: [a, 1]\n  description: [x]\n  pr-link: XXX\n").problems()));
        assertEquals(List.of("changelog.type"), rules(file("- config-keys: [a]\n  description: [2026-01-01]\n  pr-link: XXX\n").problems()));
        assertEquals(List.of("changelog.scenario-type"), rules(file(entry("a", "XXX") + "  scenario-type: [agentic]\n").problems()));
        assertEquals(List.of("changelog.empty-list"), rules(file(entry("a", "XXX") + "  scenario-type: []\n").problems()));
        // without a space after the colon this is one string, not a mapping
        assertEquals(List.of("changelog.entry-not-mapping"), rules(file("- config-keys:alpha\n").problems()));
    }

    @Test
    void appendOnlyExcludesEvalOptionsUnlessTheyAreFalse() {
        assertTrue(file(entry("a", "XXX") + "  append-only: true\n  evals-only: false\n  all-evals: false\n").ok());
        assertEquals(List.of("changelog.append-only-combination"),
                rules(file(entry("a", "XXX") + "  append-only: true\n  evals-only: true\n").problems()));
        assertEquals(List.of("changelog.append-only-combination"),
                rules(file(entry("a", "XXX") + "  append-only: true\n  all-evals: true\n").problems()));
        assertEquals(List.of("changelog.append-only-combination"),
                rules(file(entry("a", "XXX") + "  append-only: true\n  eval-min-prefill-ep: 1\n").problems()));
        assertTrue(file(entry("a", "XXX") + "  append-only: false\n  all-evals: true\n  eval-min-prefill-ep: 1\n").ok());
    }
}
