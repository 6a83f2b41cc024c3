package dev.sweepgate.changelog;

import static dev.sweepgate.changelog.Changelogs.BASE;
import static dev.sweepgate.changelog.Changelogs.LINK;
import static dev.sweepgate.changelog.Changelogs.appended;
import static dev.sweepgate.changelog.Changelogs.entry;
import static dev.sweepgate.changelog.Changelogs.file;
import static dev.sweepgate.changelog.Changelogs.rules;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.problem.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The edges of the history and byte rules: the last historical byte, an empty pull request number. */
class RuleEdgesTest {
    private static final PrLinkPolicy MAIN = new PrLinkPolicy(PrLinkPolicy.DEFAULT_REPO, null);

    private static List<String> check(String base, String head, PrLinkPolicy policy) {
        return rules(ChangelogGate.checkRules(file(base), file(head), policy).problems());
    }

    @Test
    void aChangeToTheLastHistoricalByteIsAHistoryChange() {
        // The base's final newline becomes a space; the head's own newline then separates the new
        // entry as the separator rule wants, and the value is the same, so only the byte rule sees it.
        String head = BASE.substring(0, BASE.length() - 1) + " \n" + entry("gamma", LINK + "3");
        assertEquals(List.of("changelog.history-bytes"), check(BASE, head, MAIN));
    }

    @Test
    void aLinkWithoutANumberIsNotCanonical() {
        assertFalse(MAIN.isCanonical(LINK));
        assertFalse(MAIN.isCanonical(LINK + "x1"));
        assertTrue(MAIN.isCanonical(LINK + "0"));
        assertFalse(MAIN.acceptsNew(LINK));
        assertEquals(List.of("changelog.new-link"), check(BASE, appended(BASE, entry("gamma", LINK)), MAIN));
        // nor may a correction point at no pull request
        String base = BASE.replace(LINK + "2", "XXX");
        assertEquals(List.of("changelog.correction-link"), check(base, BASE.replace(LINK + "2", LINK), MAIN));
    }

    private static String message(String base, String head) {
        List<Problem> problems = ChangelogGate.checkRules(file(base), file(head), MAIN).problems();
        assertEquals(1, problems.size(), problems::toString);
        return problems.get(0).message();
    }

    @Test
    void aCorrectionMustChangeOnePrLinkLinePerCorrectedEntry() {
        String base = BASE.replace(LINK + "2", "XXX");
        // entry 2 is corrected; entry 1's pr-link line is rewritten to the same value
        String head = BASE.replace("  pr-link: " + LINK + "1\n", "  pr-link: \"" + LINK + "1\"\n");
        assertEquals(List.of("changelog.correction-bytes"), check(base, head, MAIN));
        assertTrue(message(base, head).startsWith("2 lines changed for 1 corrected pr-links"), message(base, head));
    }

    @Test
    void aSeparatorFailureSaysWhatComesAfterTheHistory() {
        String gamma = entry("gamma", LINK + "3");
        assertTrue(message(BASE, BASE + gamma).contains("the new entry follows the last entry directly"
                + "\n  fix: add one empty line before `- config-keys:`"), message(BASE, BASE + gamma));
        assertTrue(message(BASE, BASE + "\n\n" + gamma).contains("the new entry follows 2 empty lines\n  fix: keep "
                + "exactly one empty line"), message(BASE, BASE + "\n\n" + gamma));
        String base = BASE + "\n";
        assertTrue(message(base, base + "\n" + gamma).contains("the new entry follows 2 empty lines"), message(base, base + "\n" + gamma));
        String second = appended(BASE, gamma) + "\n\n" + entry("delta", LINK + "4");
        assertTrue(message(BASE, second).contains("the line before this `- config-keys:` is \"\\n\""), message(BASE, second));
    }

    @Test
    void aHistoryFailureNamesTrailingWhitespace() {
        String head = appended(BASE.replace("\"Change beta-fp4-b200-sglang\"\n", "\"Change beta-fp4-b200-sglang\" \n"),
                entry("gamma", LINK + "3"));
        String message = message(BASE, head);
        assertTrue(message.contains("only trailing whitespace differs on this line"), message);
        assertTrue(message.contains("line 11, column 36 of the base and line 11, column 36 of the head"), message);
    }

    @Test
    void historyMessagesNameTheEntryByItsNumber() {
        String base = BASE.replace(LINK + "2", "XXX");
        // by the entry's place in the file and its first line
        String corrected = message(base, BASE.replace(LINK + "2", "XXX2"));
        assertTrue(corrected.matches("(?s)entry 2 \\(line \\d+\\): a corrected pr-link must be canonical.*"), corrected);
        String added = message(BASE, appended(BASE, entry("gamma", "XXX")));
        assertTrue(added.matches("(?s)entry 3 \\(line \\d+\\), a new entry, has the pr-link \"XXX\".*"), added);
        assertTrue(message(base, appended(BASE, entry("gamma", LINK + "3"))).startsWith("this change corrects the pr-link of 1 "
                + "existing entry and appends 1 new entry"));
        String two = appended(BASE.replace(LINK + "1", "XXX").replace(LINK + "2", "XXX"));
        String both = appended(BASE, entry("gamma", LINK + "3"), entry("delta", LINK + "4"));
        assertTrue(message(two, both).startsWith("this change corrects the pr-link of 2 existing entries and appends 2 new "
                + "entries"), message(two, both));
    }

    @Test
    void deletedEntriesAreAChangeWithNothingAddedOrCorrected() {
        ChangelogGate.RuleCheck deleted = ChangelogGate.checkRules(file(BASE), file(entry("alpha-fp8-h100-vllm", LINK + "1")), MAIN);
        assertEquals(List.of("changelog.deleted-entries"), rules(deleted.problems()));
        assertTrue(deleted.change().additions().isEmpty() && deleted.change().corrections().isEmpty());
    }
}
