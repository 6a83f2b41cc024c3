package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.HISTORY;
import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.appended;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FixChangelogCommandTest {
    private static final String FILE = "perf-changelog.yaml";
    private static final String ALPHA = entry("alpha-fp8-mi355x-sglang", LINK + "3");
    private static final String BETA = entry("beta-fp4-b200-vllm-agentic", LINK + "3", "evals-only: true");

    @TempDir
    Path dir;

    ChangelogFixture fx;

    @BeforeEach
    void setUp() {
        fx = new ChangelogFixture(dir);
    }

    private ChangelogFixture.Run fix(String base) {
        return fx.run("fix-changelog", "--base-ref", base, "--format=text");
    }

    private void assertValidates(String base) {
        ChangelogFixture.Run r = fx.run("validate-changelog", "--base-ref", base, "--format=text");
        assertEquals(0, r.exit(), "validate-changelog after the fix:\n" + r.out() + r.err());
    }

    /** Runs fix-changelog on a working-tree changelog that must be refused; the file must not change. */
    private ChangelogFixture.Run refused(String content) {
        fx.repo.write(FILE, content);
        ChangelogFixture.Run r = fix(fx.base);
        assertEquals(1, r.exit(), r.out() + r.err());
        assertEquals(content, fx.repo.read(FILE), "a refused fix must leave the file byte for byte");
        return r;
    }

    @Test
    void restoresTheTwoSpaceSeparatorAnEditorTurnedIntoAnEmptyLineThenTheGatePasses() {
        // History line 6 is "  " in the base; the editor trimmed it when the new entry was appended.
        String trimmed = appended(ALPHA).replaceFirst("\n  \n", "\n\n");
        fx.repo.write(FILE, trimmed);
        assertEquals(1, fx.run("validate-changelog", "--base-ref", fx.base, "--format=text").exit(),
                "the gate must reject the trimmed separator before the fix");

        ChangelogFixture.Run r = fix(fx.base);

        assertEquals(0, r.exit(), r.err());
        assertEquals(appended(ALPHA), fx.repo.read(FILE));
        assertTrue(r.out().contains("line 6 was \"\\n\" (an empty line), is again \"  \\n\" (2 spaces and nothing else)"),
                r.out());
        assertValidates(fx.base);
    }

    @Test
    void restoresATwoSpaceLineAtTheEndOfTheBaseThatTheNewEntryFollowsWithoutAnEmptyLine() {
        fx.repo.write(FILE, HISTORY + "  \n");
        String base = fx.repo.commit("history ends with a two-space line");
        fx.repo.write(FILE, HISTORY + ALPHA);

        ChangelogFixture.Run r = fix(base);

        assertEquals(0, r.exit(), r.err());
        assertEquals(HISTORY + "  \n\n" + ALPHA, fx.repo.read(FILE));
        assertTrue(r.out().contains("line 13: the first new entry (3) came right after the previous entry, without an empty "
                + "line; now after the base's own ending \"  \\n\""), r.out());
        assertValidates(base);
    }

    @Test
    void aTwoSpaceLineThatEndsTheBaseMayBeEmptiedBeforeTheNewEntry() {
        // an earlier change left it; in a pull request the change after it is not blamed (docs/changelog.md)
        fx.repo.write(FILE, HISTORY + "  \n");
        String base = fx.repo.commit("history ends with a two-space line");
        fx.repo.write(FILE, HISTORY + "\n" + ALPHA);

        ChangelogFixture.Run r = fix(base);

        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("nothing to fix"), r.out());
        assertEquals(HISTORY + "\n" + ALPHA, fx.repo.read(FILE));
        assertValidates(base);
    }

    @Test
    void repairsDoubledAndMissingEmptyLinesTrailingBlankLinesAndTheFinalNewline() {
        String messy = HISTORY + "\n\n\n" + ALPHA + BETA + "\n  \n\n";
        fx.repo.write(FILE, messy);

        ChangelogFixture.Run r = fix(fx.base);

        assertEquals(0, r.exit(), r.err());
        assertEquals(appended(ALPHA, BETA), fx.repo.read(FILE));
        assertTrue(r.out().contains("line 16: the first new entry (3) came after 3 blank lines; now after exactly one empty line"), r.out());
        assertTrue(r.out().contains("line 21: new entry 4 came right after the previous entry, without an empty line"), r.out());
        assertTrue(r.out().contains("removed 3 blank lines at the end of the file"), r.out());
        assertValidates(fx.base);

        String noFinalNewline = appended(ALPHA, BETA);
        fx.repo.write(FILE, noFinalNewline.substring(0, noFinalNewline.length() - 1));
        ChangelogFixture.Run again = fix(fx.base);
        assertEquals(0, again.exit(), again.err());
        assertEquals(noFinalNewline, fx.repo.read(FILE));
        assertTrue(again.out().contains("added the missing final newline"), again.out());
    }

    @Test
    void keepsCommentsAndFormattingInsideTheNewEntries() {
        String own = "- config-keys: [alpha-fp8-mi355x-sglang]   # quoted differently on purpose\n"
                + "  description: ['Tune alpha']\n  # the link comes at merge\n  pr-link: \"" + LINK + "3\"\n";
        fx.repo.write(FILE, HISTORY + own + "\n\n" + BETA);

        ChangelogFixture.Run r = fix(fx.base);

        assertEquals(0, r.exit(), r.err());
        assertEquals(appended(own, BETA), fx.repo.read(FILE));
        assertValidates(fx.base);
    }

    @Test
    void aPrLinkCorrectionAloneKeepsOnlyTheCorrectedLineAndAnUnchangedHistoryGetsItsBytesBack() {
        String corrected = HISTORY.replace("pr-link: " + LINK + "1\n", "pr-link: '" + LINK + "11'\n");
        fx.repo.write(FILE, corrected.replaceFirst("\n  \n", "\n\n"));

        ChangelogFixture.Run r = fix(fx.base);

        assertEquals(0, r.exit(), r.err());
        assertEquals(HISTORY.replace("pr-link: " + LINK + "1\n", "pr-link: " + LINK + "11\n"), fx.repo.read(FILE));
        assertTrue(r.out().contains("except the corrected `  pr-link:` line of entry [1]"), r.out());
        assertValidates(fx.base);

        fx.repo.write(FILE, HISTORY.replaceFirst("\n  \n", "\n\n") + "\n\n");
        ChangelogFixture.Run restored = fix(fx.base);
        assertEquals(0, restored.exit(), restored.err());
        assertEquals(HISTORY, fx.repo.read(FILE));
        assertTrue(restored.out().contains("no entry is appended"), restored.out());
    }

    @Test
    void aValidChangelogIsNotRewritten() throws Exception {
        fx.repo.write(FILE, appended(ALPHA, BETA));
        Path file = dir.resolve(FILE);
        FileTime old = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(file, old);

        ChangelogFixture.Run r = fix(fx.base);

        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("nothing to fix"), r.out());
        assertEquals(appended(ALPHA, BETA), fx.repo.read(FILE));
        assertEquals(old, Files.getLastModifiedTime(file), "a file with nothing to fix must not even be rewritten");
    }

    @Test
    void refusesAnEditedHistoryEntry() {
        String edited = appended(ALPHA).replace("\"Tune alpha-fp8-mi355x-sglang\"\n  pr-link: " + LINK + "1",
                "\"Tune alpha better\"\n  pr-link: " + LINK + "1");
        ChangelogFixture.Run r = refused(edited.replaceFirst("\n  \n", "\n\n"));
        assertTrue(r.err().contains("history changed in value"), r.err());
        // at the description item that changed (line 4), the entry named by its first line
        assertTrue(r.err().contains("perf-changelog.yaml:4:7: error: entry 1 (line 1) changed (description differs"), r.err());
    }

    @Test
    void refusesADeletedEntryAndNamesIt() {
        String first = entry("alpha-fp8-mi355x-sglang", LINK + "1");
        String third = entry("gamma-fp8-gb200-dynamo", LINK + "5");
        fx.repo.write(FILE, HISTORY + "\n" + third);
        String base = fx.repo.commit("three entries");
        fx.repo.write(FILE, first + "  \n\n" + third + "\n\n" + ALPHA);
        String content = fx.repo.read(FILE);
        ChangelogFixture.Run r = fx.run("fix-changelog", "--base-ref", base, "--format=text");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertEquals(content, fx.repo.read(FILE));
        assertTrue(r.err().contains("entry 2 of " + base + " (config-keys [beta-fp4-b200-vllm-agentic]) is missing"
                + " from the working tree, whose entry 2 is what was entry 3: it was deleted"), r.err());

        fx.repo.write(FILE, first);
        ChangelogFixture.Run fewer = fx.run("fix-changelog", "--base-ref", base, "--format=text");
        assertEquals(1, fewer.exit(), fewer.out() + fewer.err());
        assertEquals(first, fx.repo.read(FILE));
        assertTrue(fewer.err().contains("entry 2 of " + base + " (config-keys [beta-fp4-b200-vllm-agentic]) is no "
                + "longer at position 2 of the working tree: 2 entries were deleted"), fewer.err());
    }

    @Test
    void movesEntriesInsertedInTheMiddleToTheEndThenTheGatePasses() {
        // the shape of InferenceX 38fbc472e: a new entry written before the last entries instead of after them
        String first = entry("alpha-fp8-mi355x-sglang", LINK + "1");
        String second = entry("beta-fp4-b200-vllm-agentic", LINK + "2");
        fx.repo.write(FILE, first + "  \n\n" + ALPHA + "\n" + second);
        ChangelogFixture.Run before = fx.run("validate-changelog", "--base-ref", fx.base, "--format=text");
        assertEquals(1, before.exit(), before.err());
        assertTrue(before.err().contains("move this entry to the end of the file, after one empty line (the entries after it are "
                + "then unchanged)\n  `sweepgate fix-changelog --base-ref " + fx.base + "` makes this move"), before.err());

        ChangelogFixture.Run r = fix(fx.base);

        assertEquals(0, r.exit(), r.err());
        assertEquals(appended(ALPHA), fx.repo.read(FILE));
        assertTrue(r.out().contains("moved new entry 2 (lines 8-13), which sat in the middle of the file, to its end"), r.out());
        assertValidates(fx.base);
    }

    @Test
    void refusesReorderedHistoryAndAPrLinkCorrectedAlongsideNewEntries() {
        String first = entry("alpha-fp8-mi355x-sglang", LINK + "1");
        String second = entry("beta-fp4-b200-vllm-agentic", LINK + "2");
        ChangelogFixture.Run reordered = refused(second + "  \n\n" + first + "\n" + ALPHA);
        assertTrue(reordered.err().contains("entry 1 holds what was entry 2"), reordered.err());

        ChangelogFixture.Run mixed = refused(appended(ALPHA).replace(LINK + "1\n", LINK + "11\n"));
        assertTrue(mixed.err().contains("entry 1: its pr-link changed from \"" + LINK + "1\" to \"" + LINK + "11\""),
                mixed.err());
    }

    @Test
    void refusesAHeadThatDoesNotParseOrAnEntryThatDoesNotStartWithConfigKeys() {
        ChangelogFixture.Run broken = refused(appended(ALPHA) + "  - [unclosed\n");
        assertTrue(broken.err().contains("breaks the file rules"), broken.err());

        String descriptionFirst = "- description:\n    - x\n  config-keys:\n    - alpha-fp8-mi355x-sglang\n  pr-link: "
                + LINK + "3\n";
        ChangelogFixture.Run start = refused(HISTORY + "\n\n" + descriptionFirst);
        assertTrue(start.err().contains("`- config-keys:` line at column 1"), start.err());
    }

    @Test
    void anEntryWhoseValueNeedsItsTrailingBlankLinesIsNotMoved() {
        String keep = "- config-keys:\n    - alpha-fp8-mi355x-sglang\n  pr-link: " + LINK + "3\n  description:\n"
                + "    - |+\n      kept\n\n\n";
        ChangelogFixture.Run r = refused(HISTORY + "\n" + keep + "\n" + BETA);
        assertTrue(r.err().contains("would not hold the same entries"), r.err());
    }
}
