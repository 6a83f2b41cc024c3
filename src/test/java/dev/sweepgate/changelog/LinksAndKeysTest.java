package dev.sweepgate.changelog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pr-link policies as validate-changelog chooses them, and where unknown config keys are reported. */
class LinksAndKeysTest {
    private static final String BASE = PrLinkPolicy.DEFAULT_REPO;
    private static final String LINK = Changelogs.LINK;

    @Test
    void aPullRequestWithoutItsNumberAcceptsPlaceholders() {
        PrLinkPolicy unknown = PrLinkPolicy.of(BASE, null, true);
        assertTrue(unknown.acceptsNew("XXX"));
        assertTrue(unknown.acceptsNew(LINK + "XXX"));
        assertTrue(unknown.acceptsNew(LINK + "7"));
        assertFalse(unknown.acceptsNew(LINK + "x"));
        assertEquals("the placeholder XXX (the merge resolves it) or a canonical link " + LINK + "<number>", unknown.expectedNew());
        assertEquals("pr-links: the pull request's number is not known here, so the placeholders XXX and " + LINK
                + "XXX are accepted (the merge resolves them), as is any canonical link\n", unknown.summaryNote());

        PrLinkPolicy main = PrLinkPolicy.of(BASE, null, false);
        assertFalse(main.acceptsNew("XXX"));
        assertEquals("", main.summaryNote());
        assertTrue(main.expectedNew().startsWith("a canonical link " + LINK + "<number> (a push to main must not carry placeholders"));

        PrLinkPolicy known = PrLinkPolicy.of(BASE, 42L, true);
        assertTrue(known.acceptsNew("XXX"));
        assertFalse(known.acceptsNew(LINK + "7"));
        assertEquals("", known.summaryNote());
        assertEquals(LINK + "42 (or the placeholder XXX, which the merge rewrites)", known.expectedNew());
    }

    @Test
    void aCanonicalNumberIsAsciiDigitsOnly() {
        PrLinkPolicy main = new PrLinkPolicy(BASE, null);
        assertTrue(main.isCanonical(LINK + "9"));
        assertTrue(main.isCanonical(LINK + "1029"));
        assertFalse(main.isCanonical(LINK + "/"));
        assertFalse(main.isCanonical(LINK + ":"));
        assertFalse(main.isCanonical(LINK + "\u0663"));
        assertFalse(main.isCanonical(null));
    }

    @Test
    void repositoriesAreOwnerSlashName() {
        assertTrue(PrLinkPolicy.isValidRepo("me/fork.js"));
        assertFalse(PrLinkPolicy.isValidRepo("me"));
        assertFalse(PrLinkPolicy.isValidRepo("me/fork/x"));
        assertFalse(PrLinkPolicy.isValidRepo(null));
    }

    private static ChangelogEntry added(String keys) {
        String entry = Changelogs.entry("K", LINK + "3").replace("    - K\n", keys);
        ChangelogFile file = Changelogs.file(Changelogs.appended(Changelogs.BASE, entry));
        assertTrue(file.ok(), file.problems()::toString);
        return file.entries().get(2);
    }

    @Test
    void eachUnknownKeyIsReportedAtItsOwnLine() {
        ChangelogEntry entry = added("    - a-one\n    - nope-two\n    - a-*\n    - nope-*\n");
        List<Problem> problems = assertThrows(ProblemException.class, () -> KeyResolver.resolve(entry, List.of("a-one"))).problems();
        assertEquals(2, problems.size(), problems::toString);
        assertEquals(entry.pos().line() + 2, problems.get(0).line());
        assertEquals(7, problems.get(0).column());
        assertTrue(problems.get(0).message().startsWith("entry 3 (line 14): config key 'nope-two' not found in master configs"),
                problems.get(0).message());
        assertEquals(entry.pos().line() + 4, problems.get(1).line());
        assertTrue(problems.get(1).message().startsWith("entry 3 (line 14): the pattern 'nope-*' matches no config key"),
                problems.get(1).message());
        // in the order of the patterns, each key once
        assertEquals(List.of("a-one", "nope-two", "a-two", "nope-x"),
                KeyResolver.resolve(entry, List.of("a-one", "a-two", "nope-two", "nope-x")));
    }

    @Test
    void anItemThatDidNotBindStillHasItsUnknownKeysReported() {
        String entry = Changelogs.entry("K", LINK + "3").replace("    - K\n", "    - a-one\n    - nope\n    - 7\n") + "  evals-only: maybe\n";
        ChangelogFile file = Changelogs.file(Changelogs.appended(Changelogs.BASE, entry));
        assertFalse(file.ok());
        List<Problem> problems = KeyResolver.unknownKeys(file.items().get(2), "entry 3", List.of("a-one"));
        assertEquals(1, problems.size(), problems::toString);
        assertEquals(file.items().get(2).pos().line() + 2, problems.get(0).line());
        assertTrue(problems.get(0).message().startsWith("entry 3: config key 'nope' not found"), problems.get(0).message());
        assertEquals(List.of(), KeyResolver.unknownKeys(file.items().get(2), "entry 3", List.of("a-one", "nope")));
        String noKeys = Changelogs.entry("K", LINK + "3").replace("  - config-keys:\n    - K\n", "- config-keys: a-one\n")
                .replace("- config-keys:\n    - K\n", "- config-keys: nope\n");
        ChangelogFile scalar = Changelogs.file(Changelogs.appended(Changelogs.BASE, noKeys));
        assertEquals(List.of(), KeyResolver.unknownKeys(scalar.items().get(2), "entry 3", List.of("a-one")));
    }
}
