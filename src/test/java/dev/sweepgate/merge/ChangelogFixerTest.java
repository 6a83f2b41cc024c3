package dev.sweepgate.merge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.problem.Problem;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * fix-changelog's decisions on small in-memory files: the bytes it writes, and the notes and
 * refusals a contributor reads (which entry, which line, what to do).
 */
class ChangelogFixerTest {
    private static final String LINK = "https://github.com/SemiAnalysisAI/InferenceX/pull/";
    private static final String HEAD = "perf-changelog.yaml";

    private static String entry(String key, String link) {
        return "- config-keys:\n    - " + key + "\n  description:\n    - \"about " + key + "\"\n  pr-link: " + link + "\n";
    }

    private static final String E1 = entry("alpha", LINK + "1");
    private static final String E2 = entry("beta", LINK + "2");
    private static final String E3 = entry("gamma", LINK + "3");
    private static final String BASE = E1 + "\n" + E2;
    private static final String NEW = entry("delta", LINK + "9");

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static MergeOutcome fix(String base, String head) {
        return fix(base, head, "main");
    }

    private static MergeOutcome fix(String base, String head, String baseRef) {
        return ChangelogFixer.fix(ChangelogFile.check(bytes(base), HEAD + "@" + baseRef), bytes(head), HEAD, baseRef);
    }

    /** The fix was refused: nothing to write, and the error messages for the contributor. */
    private static List<String> refusal(MergeOutcome outcome) {
        assertNull(outcome.result(), "a refused fix writes nothing");
        List<String> errors = outcome.problems().stream().filter(Problem::isError)
                .map(p -> p.line() + ": " + p.message() + " [" + p.rule() + "]").toList();
        assertTrue(!errors.isEmpty(), "a refusal says why");
        return errors;
    }

    private static List<String> details(MergeOutcome outcome) {
        return refusal(outcome).stream().filter(m -> m.endsWith("[fix.history-detail]")).toList();
    }

    private static String repaired(MergeOutcome outcome, String expected) {
        assertTrue(outcome.ok(), outcome.problems().toString());
        assertEquals(expected, new String(outcome.result(), StandardCharsets.UTF_8));
        return outcome.message();
    }

    private static int count(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }

    // --- the notes on what differed, line by line ---

    private static List<String> diff(String was, String restored) {
        return ChangelogFixer.diffLines(bytes(was), bytes(restored), "main");
    }

    @Test
    void aTrimmedLineIsNamedWithItsLineNumberAndBothForms() {
        assertEquals(List.of("line 2 was \"\\n\" (an empty line), is again \"  \\n\" (2 spaces and nothing else)"),
                diff("a\n\nb\n", "a\n  \nb\n"));
        // the last line, with no line after it on either side
        assertEquals(List.of("line 2 was \"c\\n\", is again \"b\\n\""), diff("a\nc\n", "a\nb\n"));
    }

    @Test
    void anAddedLineIsDroppedAndAMissingOneIsPutBackAtTheirPlace() {
        assertEquals(List.of("line 2: dropped \"x\\n\", which main does not have"), diff("a\nx\nb\n", "a\nb\n"));
        assertEquals(List.of("line 2: dropped \"x\\n\", which main does not have"), diff("a\nx\n", "a\n"));
        assertEquals(List.of("after line 1: put back \"x\\n\" of main"), diff("a\nb\n", "a\nx\nb\n"));
        assertEquals(List.of("after line 1: put back \"x\\n\" of main"), diff("a\n", "a\nx\n"));
    }

    @Test
    void whenTheNextLinesAgreeALineWasChangedNotMoved() {
        // "p" also follows on both sides, so line 2 was changed, not a "q" put back before it
        assertEquals(List.of("line 2 was \"p\\n\", is again \"q\\n\""), diff("a\np\np\n", "a\nq\np\n"));
        // "x" dropped from the middle, although the working tree's next line matches main's last
        assertEquals(List.of("line 2: dropped \"x\\n\", which main does not have"), diff("a\nx\nq\n", "a\nq\n"));
    }

    @Test
    void linesThatDifferWithoutAMatchAreChangedOneForOneThenTheRestIsPutBack() {
        assertEquals(List.of("line 2 was \"p\\n\", is again \"r\\n\"", "line 3 was \"q\\n\", is again \"s\\n\"",
                "after line 3: put back \"t\\n\" of main"), diff("a\np\nq\n", "a\nr\ns\nt\n"));
    }

    @Test
    void atMostFiveDifferencesAreListedThenHowManyMore() {
        assertEquals(List.of("line 1 was \"1\\n\", is again \"a\\n\"", "line 2 was \"2\\n\", is again \"b\\n\"",
                "line 3 was \"3\\n\", is again \"c\\n\"", "line 4 was \"4\\n\", is again \"d\\n\"",
                "line 5 was \"5\\n\", is again \"e\\n\"", "and 1 more line"), diff("1\n2\n3\n4\n5\n6\n", "a\nb\nc\nd\ne\nf\n"));
        assertEquals("and 2 more lines", diff("1\n2\n3\n4\n5\n6\n7\n", "a\nb\nc\nd\ne\nf\ng\n").get(5));
        assertEquals(5, diff("1\n2\n3\n4\n5\n", "a\nb\nc\nd\ne\n").size(), "five differences need no summary");
    }

    // --- repairs ---

    @Test
    void aNewEntryWithThePlaceholderLinkIsRepairedTheLinkIsTheGatesBusiness() {
        String placeholder = entry("delta", "XXX");
        String message = repaired(fix(BASE, BASE + placeholder), BASE + "\n" + placeholder);
        assertTrue(message.contains("line 12: the first new entry (3) came right after the previous entry, without an "
                + "empty line; now after exactly one empty line"), message);
    }

    @Test
    void aMissingFinalNewlineIsAddedOnceAndNamed() {
        String appended = BASE + "\n" + NEW;
        String message = repaired(fix(BASE, appended.substring(0, appended.length() - 1)), appended);
        assertEquals(1, count(message, "added the missing final newline"), message);

        String history = repaired(fix(BASE, BASE.substring(0, BASE.length() - 1)), BASE);
        // the working tree differs only by the newline, so no line is listed
        assertTrue(history.contains("- no entry is appended and history is unchanged in value: restored the bytes of "
                + "main\n"), history);
        assertEquals(1, count(history, "added the missing final newline"), history);
    }

    @Test
    void anUnchangedHistoryGetsItsBytesBackAndTheNoteNamesTheLine() {
        String base = E1 + "  \n" + E2;
        String message = repaired(fix(base, BASE), base);
        assertTrue(message.contains("restored the bytes of main (line 6 was \"\\n\" (an empty line), is again \"  \\n\" "
                + "(2 spaces and nothing else))"), message);
        assertTrue(!message.contains("final newline"), message);
    }

    @Test
    void theFirstNewEntryFollowsTheBasesOwnEnding() {
        String base = BASE + "  \n";
        String message = repaired(fix(base, BASE + NEW), base + "\n" + NEW);
        assertTrue(message.contains("the first new entry (3) came right after the previous entry, without an empty line; "
                + "now after the base's own ending \"  \\n\" (2 spaces and nothing else) and one empty line"), message);

        // de871da96: right after the base's "  \n", then a line of spaces of its own (which is why it is repaired)
        message = repaired(fix(base, base + NEW + "  \n"), base + "\n" + NEW);
        assertTrue(message.contains("the first new entry (3) came right after the base's own ending \"  \\n\" (2 spaces and "
                + "nothing else), without an empty line; now after the base's own ending \"  \\n\" (2 spaces and nothing "
                + "else) and one empty line"), message);

        String endsEmpty = BASE + "  \n\n";
        message = repaired(fix(endsEmpty, BASE + "\n" + NEW), endsEmpty + NEW);
        assertTrue(message.contains("now after the base's own ending \"  \\n\" (2 spaces and nothing else), \"\\n\" (an "
                + "empty line)\n"), message);
    }

    @Test
    void aCorrectionOnABaseEntryWithoutAPrLinkLineCannotBeReplayed() {
        String quoted = E1 + "\n" + E2.replace("  pr-link: " + LINK + "2", "  \"pr-link\": XXX");
        String corrected = quoted.replace("XXX", LINK + "2");
        List<String> errors = refusal(fix(quoted, corrected.substring(0, corrected.length() - 1)));
        assertTrue(errors.stream().anyMatch(m -> m.startsWith("7: entry 2 of the base has no line starting with "
                + "`  pr-link:`")), errors.toString());
    }

    @Test
    void aNewEntryThatDoesNotStartWithItsOwnStartLineIsNotMoved() {
        // three entries and three `- config-keys:` lines, but the third line is inside entry 3's description
        String third = "- description: [\"x\n- config-keys: inside\"]\n  config-keys:\n    - gamma\n  pr-link: XXX\n";
        assertEquals(List.of("14: new entry 3 (line 14) does not start with its own `- config-keys:` line (the nearest such line is "
                + "line 15); begin the entry with `- config-keys:` at column 1, then run fix-changelog again; the file is "
                + "unchanged [fix.refused]"), refusal(fix(BASE, BASE + "\n\n" + third)));
    }

    @Test
    void entriesWhoseStartLinesDoNotMatchTheEntriesAreNotMoved() {
        // entry 3 starts with `- description:`; the file rules count a start line after U+2028 inside its string
        String third = "- description:\n    - \"x\u2028- config-keys: y\"\n  config-keys:\n    - gamma\n  pr-link: XXX\n";
        List<String> errors = refusal(fix(BASE, BASE + "\n" + third));
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("0: the file has 3 entries but 2 lines that begin with `- config-keys:` when only "
                + "\\n ends a line"), errors.toString());
        assertTrue(errors.get(0).endsWith("[merge.entry-spans]"), errors.toString());
    }

    // --- refusals ---

    @Test
    void aBaseThatBreaksTheFileRulesCannotBeRebuiltFrom() {
        List<String> errors = refusal(fix(BASE.replace("    - alpha", "\t- alpha"), BASE + "\n" + NEW));
        assertTrue(errors.stream().anyMatch(m -> m.contains("the changelog at main breaks the file rules")), errors.toString());
    }

    @Test
    void anEmptiedWorkingTreeIsRefusedNotRebuilt() {
        assertTrue(refusal(fix(BASE, "")).stream().anyMatch(m -> m.endsWith("[fix.refused]")));
    }

    @Test
    void deletedEntriesAreCountedAndTheFirstOneMissingIsNamed() {
        String three = BASE + "\n" + E3;
        assertEquals(List.of("7: entry 2 of main (config-keys [beta]) is no longer at position 2 of the working tree: "
                + "1 entry was deleted; restore it [fix.history-detail]"), details(fix(three, E1 + "\n" + E3)));
        assertEquals(List.of("1: entry 1 of main (config-keys [alpha]) is no longer at position 1 of the working tree: "
                + "2 entries were deleted; restore them [fix.history-detail]"), details(fix(three, E3)));
        // the last entry deleted: every remaining one is in place
        assertEquals(List.of("13: entry 3 of main (config-keys [gamma]) is no longer at position 3 of the working tree: "
                + "1 entry was deleted; restore it [fix.history-detail]"), details(fix(three, BASE)));
    }

    @Test
    void theHintShowsHowToPrintTheBaseEvenWhenTheRefHasAnAt() {
        List<String> errors = refusal(fix(BASE, E2 + "\n" + E1, "main@{1}"));
        assertTrue(errors.get(0).contains("(`git show main@{1}:perf-changelog.yaml` prints them)"), errors.get(0));
    }

    @Test
    void reorderedHistoryNamesWhereEachEntryCameFrom() {
        String three = BASE + "\n" + E3;
        assertEquals(List.of("1: entry 1 holds what was entry 3 at main: entries were reordered; put them back in their "
                        + "order [fix.history-detail]",
                "7: entry 2 holds what was entry 1 at main: entries were reordered; put them back in their order "
                        + "[fix.history-detail]",
                "13: entry 3 holds what was entry 2 at main: entries were reordered; put them back in their order "
                        + "[fix.history-detail]"),
                details(fix(three, E3 + "\n" + E1 + "\n" + E2)));
        assertEquals(3, details(fix(three, E2 + "\n" + E3 + "\n" + E1)).size(),
                "each moved entry is named, none is taken for deleted");
        assertTrue(details(fix(three, E2 + "\n" + E3 + "\n" + E1)).get(1).startsWith("7: entry 2 holds what was entry 3"));
    }

    @Test
    void atMostFiveReorderedEntriesAreNamed() {
        StringBuilder base = new StringBuilder();
        StringBuilder rotated = new StringBuilder();
        for (int i = 1; i <= 6; i++) {
            base.append(i > 1 ? "\n" : "").append(entry("k" + i, LINK + i));
            rotated.append(entry("k" + (i % 6 + 1), LINK + (i % 6 + 1))).append(i < 6 ? "\n" : "");
        }
        List<String> named = details(fix(base.toString(), rotated.toString()));
        assertEquals(5, named.size(), named.toString());
        assertTrue(named.get(4).startsWith("25: entry 5 holds what was entry 6"), named.toString());
    }

    @Test
    void newEntriesWrittenInsideHistoryAreMovedToTheEnd() {
        String message = repaired(fix(BASE, E1 + "\n" + NEW + "\n" + E2), BASE + "\n" + NEW);
        assertTrue(message.contains("moved new entry 2 (lines 7-12), which sat in the middle of the file, to its end, "
                + "after one empty line"), message);
        assertTrue(!message.contains("restored history"), message);

        String another = entry("epsilon", "XXX");
        message = repaired(fix(BASE, E1 + "\n" + NEW + "\n" + another + "\n" + E2), BASE + "\n" + NEW + "\n" + another);
        assertTrue(message.contains("moved new entries 2-3 (lines 7-18)"), message);

        // one block inside, one at the end: both end up at the end, in their order
        String both = E1 + "\n" + NEW + "\n" + E2 + "\n" + another;
        assertEquals(List.of(), fix(BASE, both).problems());
        repaired(fix(BASE, both), BASE + "\n" + NEW + "\n" + another);

        // a history byte changed as well (the two-space line trimmed): restored with the move
        String spaced = E1 + "  \n" + E2;
        message = repaired(fix(spaced, E1 + "\n" + NEW + "\n" + E2), spaced + "\n" + NEW);
        assertTrue(message.contains("restored history as it is at main"), message);
    }

    @Test
    void newEntriesInsideHistoryThatAlsoChangedAreToldToMoveToTheEnd() {
        // an old entry edited as well: only its author knows what was meant
        String edited = E3.replace("about gamma", "about gamma, edited");
        assertEquals(List.of("7: entry 2 is new but sits inside history, before what was entry 2 at main (now line 13); "
                + "move it to the end of the file, after one empty line [fix.history-detail]"),
                details(fix(BASE + "\n" + E3, E1 + "\n" + NEW + "\n" + E2 + "\n" + edited)));
    }

    @Test
    void anEntryWhoseValueNeedsItsTrailingBlankLinesIsNotMoved() {
        String keep = "- config-keys:\n    - delta\n  pr-link: " + LINK + "9\n  description:\n    - |+\n      kept\n\n\n";
        List<String> errors = refusal(fix(BASE, BASE + "\n" + keep + "\n" + NEW));
        assertEquals(List.of("0: the repaired file would not hold the same entries or would still break the rules (an "
                + "entry whose value depends on its trailing blank lines, such as a `|+` block, cannot be moved); the "
                + "file is unchanged: restore the base bytes and append the new entries after one empty line by hand "
                + "[fix.refused]"), errors);
    }
}
