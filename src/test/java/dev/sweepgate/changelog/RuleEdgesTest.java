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
}
