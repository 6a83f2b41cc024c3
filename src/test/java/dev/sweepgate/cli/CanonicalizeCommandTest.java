package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.HISTORY;
import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.appended;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CanonicalizeCommandTest {
    private static final String FILE = "perf-changelog.yaml";

    @TempDir
    Path dir;

    ChangelogFixture fx;

    @BeforeEach
    void setUp() {
        fx = new ChangelogFixture(dir);
    }

    private ChangelogFixture.Run canonicalize(String... more) {
        String[] args = new String[7 + more.length];
        System.arraycopy(new String[] {"prepare-merge", "canonicalize", "--base-ref", fx.base, "--pr-number", "42",
                "--format=text"}, 0, args, 0, 7);
        System.arraycopy(more, 0, args, 7, more.length);
        return fx.run(args);
    }

    /** Runs canonicalize on a working-tree changelog that must be refused, and checks it was not touched. */
    private ChangelogFixture.Run refused(String content) {
        fx.repo.write(FILE, content);
        ChangelogFixture.Run r = canonicalize();
        assertEquals(1, r.exit(), r.out() + r.err());
        assertEquals(content, fx.repo.read(FILE), "a failed canonicalize must leave the file byte for byte");
        return r;
    }

    @Test
    void rewritesEveryPlaceholderToTheCanonicalLinkAndKeepsEveryOtherByte() {
        fx.repo.write(FILE, appended(entry("alpha-fp8-mi355x-sglang", "XXX"),
                entry("beta-fp4-b200-vllm-agentic", "\"" + LINK + "XXX\"  # filled in at merge", "evals-only: true")));
        ChangelogFixture.Run r = canonicalize();
        assertEquals(0, r.exit(), r.err());
        assertEquals(appended(entry("alpha-fp8-mi355x-sglang", LINK + "42"),
                entry("beta-fp4-b200-vllm-agentic", LINK + "42", "evals-only: true")), fx.repo.read(FILE));
        assertTrue(r.out().contains("rewrote the pr-link of new entries 3 (line 14) and 4 (line 20) to " + LINK + "42"), r.out());
    }

    @Test
    void anAlreadyCanonicalEntryIsLeftByteForByteEvenWhenQuoted() {
        String content = appended(entry("alpha-fp8-mi355x-sglang", "'" + LINK + "42'"), entry("beta-fp4-b200-vllm-agentic", "XXX"));
        fx.repo.write(FILE, content);
        assertEquals(0, canonicalize().exit());
        assertEquals(content.replace("pr-link: XXX", "pr-link: " + LINK + "42"), fx.repo.read(FILE));

        String canonical = appended(entry("alpha-fp8-mi355x-sglang", "\"" + LINK + "42\""));
        fx.repo.write(FILE, canonical);
        ChangelogFixture.Run r = canonicalize();
        assertEquals(0, r.exit(), r.err());
        assertEquals(canonical, fx.repo.read(FILE));
        assertTrue(r.out().contains("already links"), r.out());
    }

    @Test
    void nothingAppendedIsNothingToDo() {
        ChangelogFixture.Run r = canonicalize();
        assertEquals(0, r.exit(), r.err());
        assertEquals(HISTORY, fx.repo.read(FILE));
        assertTrue(r.out().contains("nothing appended"), r.out());
    }

    @Test
    void aLinkToAnotherPullRequestIsRefused() {
        ChangelogFixture.Run r = refused(appended(entry("alpha-fp8-mi355x-sglang", LINK + "43")));
        assertTrue(r.err().contains(LINK + "43"), r.err());
    }

    @Test
    void brokenHistoryOrSeparatorsAreRefused() {
        ChangelogFixture.Run history = refused(appended(entry("alpha-fp8-mi355x-sglang", "XXX")).replace("  \n\n", "\n\n"));
        assertTrue(history.err().contains("changed historical"), history.err());
        ChangelogFixture.Run separator = refused(HISTORY + entry("alpha-fp8-mi355x-sglang", "XXX"));
        assertTrue(separator.err().contains("one empty line"), separator.err());
        refused(appended(entry("alpha-fp8-mi355x-sglang", "XXX")) + "\n");
    }

    @Test
    void aRewriteThatWouldChangeMoreThanTheLinkIsRefused() {
        // a folded pr-link: replacing its first line would glue "XXX" onto the new link
        ChangelogFixture.Run r = refused(appended("- config-keys:\n    - alpha-fp8-mi355x-sglang\n  description:\n"
                + "    - \"x\"\n  pr-link: >-\n    XXX\n"));
        assertTrue(r.err().contains("would break the changelog rules"), r.err());
    }

    @Test
    void aDuplicatePrLinkIsRefusedByTheFileRules() {
        ChangelogFixture.Run r = refused(appended(entry("alpha-fp8-mi355x-sglang", LINK + "7", "pr-link: \"XXX\"")));
        assertTrue(r.err().contains("pr-link"), r.err());
    }

    @Test
    void usageErrors() {
        assertEquals(2, fx.run("prepare-merge", "canonicalize", "--base-ref", fx.base).exit());
        assertEquals(2, fx.run("prepare-merge", "canonicalize", "--base-ref", fx.base, "--pr-number", "0").exit());
        assertEquals(2, fx.run("prepare-merge", "canonicalize", "--base-ref", "--x", "--pr-number", "1").exit());
        assertEquals(2, fx.run("prepare-merge").exit());
        assertEquals(3, fx.run("prepare-merge", "canonicalize", "--base-ref", "nosuchref", "--pr-number", "1").exit());
    }

    @Test
    void problemsCanBeJson() {
        fx.repo.write(FILE, appended(entry("alpha-fp8-mi355x-sglang", LINK + "43")));
        ChangelogFixture.Run r = fx.run("prepare-merge", "canonicalize", "--base-ref", fx.base, "--pr-number", "42",
                "--format", "json");
        assertEquals(1, r.exit());
        assertTrue(r.out().contains("\"rule\""), r.out());
    }
}
