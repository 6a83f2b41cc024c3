package dev.sweepgate.changelog;

import static dev.sweepgate.changelog.Changelogs.BASE;
import static dev.sweepgate.changelog.Changelogs.LINK;
import static dev.sweepgate.changelog.Changelogs.appended;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.problem.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The file rules on one new entry's fields: what each message says and where it points. */
class EntryFieldMessagesTest {
    private static final String ENTRY = Changelogs.entry("k", LINK + "3");
    private static final String LABEL = "entry 3 (line 14)";

    private static ChangelogFile file(String entry) {
        return Changelogs.file(appended(BASE, entry));
    }

    private static Problem only(String entry, String rule) {
        List<Problem> problems = file(entry).problems();
        assertEquals(List.of(rule), Changelogs.rules(problems), problems::toString);
        return problems.get(0);
    }

    private static String unknownField(String line) {
        Problem p = only(ENTRY + "  " + line + "\n", "changelog.unknown-field");
        assertEquals(19, p.line());
        assertEquals(3, p.column());
        return p.message();
    }

    @Test
    void anUnknownFieldNamesTheFieldItLooksLike() {
        assertTrue(unknownField("evals_only: true").startsWith(LABEL + " has the unknown field \"evals_only\" (field names are "
                + "spelled with dashes: write evals-only); an entry may only have config-keys, description,"));
        assertTrue(unknownField("Evals-Only: true").contains("\"Evals-Only\" (field names are lower case: write evals-only);"));
        assertTrue(unknownField("evals-onyl: true").contains("\"evals-onyl\" (did you mean evals-only?);"));
        assertTrue(unknownField("zzz: 1").contains("the unknown field \"zzz\"; an entry may only have"));
        assertTrue(unknownField("1: x").contains("the unknown field the integer 1; an entry"));
    }

    @Test
    void aMisspeltRequiredFieldIsReportedOnceAsTheMisspelling() {
        String withoutLink = ENTRY.replace("  pr-link: " + LINK + "3\n", "");
        assertTrue(only(withoutLink + "  pr_link: x\n", "changelog.unknown-field").message().contains("write pr-link"));
        assertTrue(only(withoutLink + "  PR-Link: x\n", "changelog.unknown-field").message().contains("write pr-link"));
        assertTrue(only(withoutLink + "  pr-lnk: x\n", "changelog.unknown-field").message().contains("did you mean pr-link?"));
        List<Problem> unrelated = file(withoutLink + "  zzz: x\n").problems();
        assertEquals(List.of("changelog.unknown-field", "changelog.missing-field"), Changelogs.rules(unrelated));
        assertEquals(LABEL + " has no pr-link; add it", unrelated.get(1).message());
    }

    @Test
    void emptyValuesAndWrongTypesPointAtTheValue() {
        Problem optional = only(ENTRY + "  evals-only:\n", "changelog.null");
        assertEquals(LABEL + ": evals-only is empty (null); give it a value or remove the line", optional.message());
        assertEquals(14, optional.column());
        Problem required = only(ENTRY.replace("  description:\n    - \"Change k\"\n", "  description:\n"), "changelog.null");
        assertEquals(LABEL + ": description is empty (null); give it a value", required.message());
        assertEquals(LABEL + ": evals-only must be true or false (unquoted), not the string \"yes\"",
                only(ENTRY + "  evals-only: \"yes\"\n", "changelog.type").message());
        assertEquals(LABEL + ": pr-link must be a string, not the integer 123; put it in quotes (\"123\") if you mean the text",
                only(Changelogs.entry("k", "123"), "changelog.type").message());
        assertTrue(only(Changelogs.entry("k", "[x]"), "changelog.type").message().startsWith(LABEL + ": pr-link must be a string, not "),
                "a list has no quote hint");
        List<Problem> items = file(ENTRY.replace("    - k\n", "    - 1\n    - true\n    - \"2\"\n")).problems();
        assertEquals(2, items.size(), items::toString);
        assertEquals(LABEL + ": every item of config-keys must be a string, not the boolean true; put it in quotes (\"true\") "
                + "if you mean the text", items.get(1).message());
        assertEquals(16, items.get(1).line());
        assertEquals(LABEL + ": description must be a list of strings, not the string \"text\"; write it as `description:` "
                + "followed by lines `    - ...`",
                only(ENTRY.replace("  description:\n    - \"Change k\"\n", "  description: text\n"), "changelog.type").message());
    }

    @Test
    void modifiersBindToTheirValues() {
        ChangelogEntry plain = file(ENTRY).entries().get(2);
        assertEquals(false, plain.evalsOnly());
        assertNull(plain.evalMinPrefillEp());
        assertNull(plain.scenarioTypes());
        assertEquals("k", plain.configKeys().get(0));
        assertEquals(LINK + "3", plain.prLink());
        ChangelogEntry set = file(ENTRY + "  evals-only: true\n  eval-min-prefill-ep: 2\n  scenario-type: [agentic-coding]\n")
                .entries().get(2);
        assertTrue(set.evalsOnly());
        assertEquals(2L, set.evalMinPrefillEp());
        assertEquals(List.of(ScenarioType.fromKey("agentic-coding").orElseThrow()), set.scenarioTypes());
        assertTrue(file(ENTRY + "  all-evals: true\n").entries().get(2).allEvals());
    }

    @Test
    void numbersAndScenarioTypesAreChecked() {
        assertEquals(LABEL + ": eval-min-prefill-ep must be at least 1, not 0",
                only(ENTRY + "  eval-min-prefill-ep: 0\n", "changelog.range").message());
        assertEquals(LABEL + ": eval-min-prefill-ep must be an integer (unquoted), not the string \"x\"",
                only(ENTRY + "  eval-min-prefill-ep: x\n", "changelog.type").message());
        assertEquals(LABEL + ": scenario-type must be a list (of fixed-seq-len, agentic-coding), not the string \"fixed-seq-len\"",
                only(ENTRY + "  scenario-type: fixed-seq-len\n", "changelog.type").message());
        assertEquals(LABEL + ": scenario-type is an empty list; list fixed-seq-len and/or agentic-coding, or remove it to run both",
                only(ENTRY + "  scenario-type: []\n", "changelog.empty-list").message());
        Problem unknown = only(ENTRY + "  scenario-type: [foo, agentic-coding]\n", "changelog.scenario-type");
        assertEquals(LABEL + ": the string \"foo\" is not a scenario type; use fixed-seq-len or agentic-coding", unknown.message());
        assertEquals(19, unknown.column());
    }
}
