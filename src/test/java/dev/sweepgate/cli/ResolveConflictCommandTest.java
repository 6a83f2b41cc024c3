package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.appended;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static dev.sweepgate.cli.MergeFixture.FILE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** resolve-conflict on real conflicted merges of main into a pull request branch. */
class ResolveConflictCommandTest {
    // (the history already holds "Tune alpha" and "Tune beta": new entries must say something else)
    static final String A = change("alpha-fp8-mi355x-sglang", "Retune alpha", "XXX");
    static final String B = change("beta-fp4-b200-vllm-agentic", "Retune beta", LINK + "8");
    static final String C = change("gamma-fp8-gb200-dynamo", "Add gamma", LINK + "XXX");

    static String change(String key, String description, String link, String... extra) {
        return entry(key, link, extra).replace("\"Tune " + key + "\"", "\"" + description + "\"");
    }

    @TempDir
    Path dir;

    MergeFixture m;

    @BeforeEach
    void setUp() {
        m = new MergeFixture(dir);
    }

    private ChangelogFixture.Run resolve() {
        return m.sweepgate("prepare-merge", "resolve-conflict", "--pr-number", "42", "--format=text");
    }

    private static String linked(String entry, String link) {
        return entry.replaceFirst("pr-link: .*\n", "pr-link: " + link + "\n");
    }

    /** Resolution must fail and leave the conflicted working-tree file exactly as git left it. */
    private ChangelogFixture.Run refused() {
        m.conflictedMerge();
        String before = m.fx.repo.read(FILE);
        ChangelogFixture.Run r = resolve();
        assertEquals(1, r.exit(), r.out() + r.err());
        assertEquals(before, m.fx.repo.read(FILE), "a failed resolution must leave the file untouched");
        return r;
    }

    @Test
    void keepsMainAndAppendsThePullRequestsEntryWithItsCanonicalLink() {
        m.commitOn("main", appended(B));
        m.commitOn("pr", appended(A));
        m.conflictedMerge();
        ChangelogFixture.Run r = resolve();
        assertEquals(0, r.exit(), r.err());
        assertEquals(appended(B, linked(A, LINK + "42")), m.fx.repo.read(FILE));
        assertTrue(r.out().contains("appended 1 entry"), r.out());

        // staging is the caller's job; the result is what CI will accept
        assertTrue(m.run("diff", "--name-only", "--diff-filter=U").stdoutText().contains(FILE));
        m.fx.repo.commit("merge main");
        ChangelogFixture.Run gate = m.sweepgate("validate-changelog", "--base-ref", "main", "--head-ref", "HEAD",
                "--pr-number", "42");
        assertEquals(0, gate.exit(), gate.err());
    }

    @Test
    void entriesMainAlreadyHasAreNotAppendedAgain() {
        m.commitOn("main", appended(linked(C, LINK + "9")));
        m.commitOn("pr", appended(A, C));
        m.conflictedMerge();
        assertEquals(0, resolve().exit());
        assertEquals(appended(linked(C, LINK + "9"), linked(A, LINK + "42")), m.fx.repo.read(FILE));
    }

    @Test
    void aWrittenOutDefaultMakesAnEntryDifferent() {
        String withDefault = change("gamma-fp8-gb200-dynamo", "Add gamma", "XXX", "evals-only: false");
        m.commitOn("main", appended(linked(C, LINK + "9")));
        m.commitOn("pr", appended(withDefault));
        m.conflictedMerge();
        assertEquals(0, resolve().exit());
        assertEquals(appended(linked(C, LINK + "9"), linked(withDefault, LINK + "42")), m.fx.repo.read(FILE));
    }

    @Test
    void nothingLeftToContributeIsAnError() {
        m.commitOn("main", appended(linked(C, LINK + "9"), B));
        m.commitOn("pr", appended(C));
        ChangelogFixture.Run r = refused();
        assertTrue(r.err().contains("already on main"), r.err());
    }

    @Test
    void aPullRequestThatRewroteHistoryIsRefused() {
        m.commitOn("main", appended(B));
        m.commitOn("pr", appended(A).replace("  \n\n", "\n\n"));
        ChangelogFixture.Run r = refused();
        assertTrue(r.err().contains("changed historical"), r.err());
    }

    @Test
    void aLinkToAnotherPullRequestIsRefused() {
        m.commitOn("main", appended(B));
        m.commitOn("pr", appended(linked(A, LINK + "41")));
        refused();
    }

    @Test
    void aCorrectionIsReplayedOntoMain() {
        String history = m.commitOn("main", appended(C));
        m.commitOn("pr", history, appended(linked(C, LINK + "77")));
        m.commitOn("main", appended(C, B));
        m.conflictedMerge();
        ChangelogFixture.Run r = resolve();
        assertEquals(0, r.exit(), r.err());
        assertEquals(appended(linked(C, LINK + "77"), B), m.fx.repo.read(FILE));
        assertTrue(r.out().contains("correction of entry [3]"), r.out());
    }

    @Test
    void aCorrectionMainAlreadyHasOrContradictsIsRefused() {
        String history = m.commitOn("main", appended(C));
        m.commitOn("pr", history, appended(linked(C, LINK + "77")));
        m.commitOn("main", appended(linked(C, LINK + "77"), B));
        ChangelogFixture.Run already = refused();
        assertTrue(already.err().contains("already on main"), already.err());

        m.run("merge", "--abort");
        m.fx.repo.git("checkout", "-q", "main");
        m.fx.repo.write(FILE, appended(linked(C, LINK + "78"), B));
        m.fx.repo.commit("main corrects differently");
        ChangelogFixture.Run contradicts = refused();
        assertTrue(contradicts.err().contains("changed its pr-link"), contradicts.err());
    }

    @Test
    void withoutAConflictThereIsNothingToResolve() {
        m.commitOn("pr", appended(A));
        assertEquals(3, resolve().exit());
        assertEquals(appended(A), m.fx.repo.read(FILE));
    }
}
