package dev.sweepgate.changelog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** process-changelog's added text: entries and problems are named by their place in the head file. */
class AddedTextPositionsTest {
    private static final String FILE = "perf-changelog.yaml";
    private static final String GAMMA = Changelogs.entry("gamma", Changelogs.LINK + "3");
    private static final String DELTA = Changelogs.entry("delta", Changelogs.LINK + "4");

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The diff git prints for a head that appends {@code added} to the two-entry history (12 lines). */
    private static String appendDiff(String added) {
        StringBuilder sb = new StringBuilder("--- a/" + FILE + "\n+++ b/" + FILE + "\n@@ -12,0 +13,9 @@\n");
        for (String line : added.split("\n", -1)) {
            sb.append('+').append(line).append('\n');
        }
        return sb.toString();
    }

    @Test
    void appendedEntriesAreNumberedByTheirPlaceInTheHead() {
        String added = "\n" + GAMMA + "\n" + DELTA;
        String head = Changelogs.BASE + added;
        List<ChangelogEntry> entries = AddedText.entries(appendDiff(added.substring(0, added.length() - 1)), FILE, bytes(head));
        assertEquals(List.of("entry 3 (line 14)", "entry 4 (line 20)"), entries.stream().map(ChangelogEntry::label).toList());
        assertEquals(14, entries.get(0).pos().line());
        assertEquals(FILE, entries.get(0).pos().file());
        List<ChangelogEntry> alone = AddedText.entries(appendDiff(added.substring(0, added.length() - 1)), FILE);
        assertEquals(List.of("entry 1 (line 14)", "entry 2 (line 20)"), alone.stream().map(ChangelogEntry::label).toList());
    }

    @Test
    void entriesBeforeTheAddedOnesAreCountedWhateverCharactersTheyHold() {
        // Two- and three-byte characters (and U+2028, a line break to Python but not to the diff) before the new entry.
        String history = Changelogs.BASE.replace("Change alpha", "Change — alpha\u2028é") + "\n";
        String head = history + GAMMA;
        AddedText.Added added = AddedText.appended(bytes(history), bytes(head), "perf-changelog.yaml");
        List<ChangelogEntry> entries = AddedText.parse(added, FILE, bytes(head));
        assertEquals(List.of("entry 3 (line 14)"), entries.stream().map(ChangelogEntry::label).toList());
    }

    @Test
    void aProblemInScatteredAddedLinesPointsAtItsHeadLine() {
        // two hunks: a line added inside history (an empty one) and a bad entry at the end
        String diff = "--- a/f\n+++ b/f\n@@ -5,0 +6 @@\n+\n@@ -12,0 +14,5 @@\n"
                + "+- config-keys:\n+    - gamma\n+  description:\n+    - \"x\"\n+  pr-link: 12\n";
        ProblemException e = assertThrows(ProblemException.class, () -> AddedText.entries(diff, FILE));
        Problem p = e.problems().get(0);
        assertEquals("changelog.type", p.rule());
        assertEquals(FILE, p.file());
        assertEquals(18, p.line());
        assertEquals(12, p.column());
        assertTrue(p.message().startsWith("entry 1 (line 14): pr-link must be a string"), p.message());
    }

    @Test
    void aProblemInOneAddedBlockPointsIntoTheHead() {
        String added = "\n- config-keys:\n    - gamma\n  description:\n    - \"x\"\n  pr-link: 12";
        ProblemException e = assertThrows(ProblemException.class, () -> AddedText.entries(appendDiff(added), FILE));
        Problem p = e.problems().get(0);
        assertEquals(FILE, p.file());
        assertEquals(18, p.line());
        assertEquals(12, p.column());
    }

    @Test
    void syntaxErrorsOfScatteredLinesAreMappedToo() {
        String diff = "--- a/f\n+++ b/f\n@@ -5,0 +6 @@\n+\n@@ -12,0 +14,2 @@\n+- config-keys: [a\n+  x: ]\n";
        ProblemException e = assertThrows(ProblemException.class, () -> AddedText.entries(diff, FILE));
        assertEquals(FILE, e.problems().get(0).file());
        assertTrue(e.problems().get(0).line() >= 14, e.problems()::toString);
    }

    @Test
    void headLinesOfTheTextOnItsOwn() {
        AddedText.Added scattered = new AddedText.Added("a\nb\nc", new int[] {6, 14, 15});
        assertEquals(6, scattered.headLine(1));
        assertEquals(15, scattered.headLine(3));
        assertEquals(16, scattered.headLine(4));
        assertEquals(0, scattered.headLine(0));
        assertEquals(2, new AddedText.Added("", new int[0]).headLine(2));
    }

    @Test
    void anAppendKnowsTheHeadLineOfEachAppendedLine() {
        AddedText.Added added = AddedText.appended(bytes("a\nb\n"), bytes("a\nb\nc\n++x\nd"), "perf-changelog.yaml");
        assertEquals("c\nd", added.text());
        assertArrayEquals(new int[] {3, 5}, added.headLines());
        assertArrayEquals(new int[] {1}, AddedText.appended(bytes(""), bytes("c\n"), "perf-changelog.yaml").headLines());
        assertNull(AddedText.appended(bytes("a"), bytes("ab\n"), "perf-changelog.yaml"));
        assertNull(AddedText.appended(bytes("a\n"), bytes("a\n"), "perf-changelog.yaml"));
        assertNull(AddedText.appended(bytes("a\n"), bytes("b\nc\n"), "perf-changelog.yaml"));
        byte[] lateNul = new byte[8002];
        java.util.Arrays.fill(lateNul, (byte) 'x');
        lateNul[8000] = 0;
        lateNul[8001] = '\n';
        assertEquals(1, AddedText.appended(bytes(""), lateNul, "perf-changelog.yaml").headLines().length);
        lateNul[7999] = 0;
        assertNull(AddedText.appended(bytes(""), lateNul, "perf-changelog.yaml"));
    }

    @Test
    void pythonWhitespaceIncludesTheUnicodeSpaces() {
        assertTrue(AddedText.isPythonSpace('\u2000'));
        assertTrue(AddedText.isPythonSpace('\u200a'));
        assertFalse(AddedText.isPythonSpace('\u1fff'));
        assertFalse(AddedText.isPythonSpace('\u200b'));
        assertTrue(AddedText.isPythonBlank(" \u3000\u2005"));
        assertFalse(AddedText.isPythonBlank(" x "));
    }
}
