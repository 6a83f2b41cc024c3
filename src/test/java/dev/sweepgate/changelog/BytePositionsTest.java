package dev.sweepgate.changelog;

import static dev.sweepgate.changelog.Changelogs.BASE;
import static dev.sweepgate.changelog.Changelogs.LINK;
import static dev.sweepgate.changelog.Changelogs.appended;
import static dev.sweepgate.changelog.Changelogs.entry;
import static dev.sweepgate.changelog.Changelogs.file;
import static dev.sweepgate.changelog.Changelogs.rules;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where the byte and history rules point, and what their messages show of the lines. */
class BytePositionsTest {
    private static final PrLinkPolicy MAIN = new PrLinkPolicy(PrLinkPolicy.DEFAULT_REPO, null);

    private static List<Problem> check(String base, String head) {
        return ChangelogGate.checkRules(file(base), file(head), MAIN).problems();
    }

    private static Problem only(List<Problem> problems, String rule) {
        assertEquals(List.of(rule), rules(problems), problems::toString);
        return problems.get(0);
    }

    private static String lines(String text, int count) {
        return String.valueOf(text.chars().filter(c -> c == '\n').count() + count);
    }

    @Test
    void aChangeOfTheFirstByteIsFoundAtLineOneColumnOne() {
        Problem alone = only(check(BASE, "# note\n" + BASE), "changelog.bytes-changed");
        assertEquals(1, alone.line());
        assertEquals(1, alone.column());
        Problem withAppend = only(check(BASE, "# note\n" + appended(BASE, entry("gamma", LINK + "3"))), "changelog.history-bytes");
        assertEquals(1, withAppend.line());
        assertEquals(1, withAppend.column());
        assertTrue(withAppend.message().contains("base line 1: \"- config-keys:\\n\"\n  head line 1: \"# note\\n\""),
                withAppend.message());
    }

    @Test
    void emptyLinesAtTheEndArePointedAtTheLastOne() {
        String head = appended(BASE, entry("gamma", LINK + "3")) + "\n";
        Problem p = only(check(BASE, head), "changelog.trailing-blank");
        assertEquals(lines(head, 0), String.valueOf(p.line()));
        assertEquals(1, p.column());
    }

    @Test
    void aFormattingChangeOfHistoryAsksToRestoreTheBytes() {
        String head = appended(BASE.replace("    - \"Change alpha-fp8-h100-vllm\"", "    - 'Change alpha-fp8-h100-vllm'"),
                entry("gamma", LINK + "3"));
        String message = only(check(BASE, head), "changelog.history-bytes").message();
        assertTrue(message.contains("\n  fix: restore the base file byte for byte and add new entries only after its last line\n"),
                message);
        String trailing = appended(BASE.replace("  pr-link: " + LINK + "1\n", "  pr-link: " + LINK + "1 \n"),
                entry("gamma", LINK + "3"));
        assertTrue(only(check(BASE, trailing), "changelog.history-bytes").message()
                .contains("fix: only trailing whitespace differs on this line"));
    }

    @Test
    void aCommentBeforeTheNewEntryIsShownAsTheLineAfterTheBase() {
        String message = only(check(BASE, BASE + "\n# note\n" + entry("gamma", LINK + "3")), "changelog.separator").message();
        assertTrue(message.contains("after the last entry comes \"# note\\n\"\n  fix: leave exactly one empty line"), message);
        String twoEmpty = only(check(BASE, BASE + "\n\n" + entry("gamma", LINK + "3")), "changelog.separator").message();
        assertTrue(twoEmpty.contains("the new entry follows 2 empty lines"), twoEmpty);
        String direct = only(check(BASE, BASE + entry("gamma", LINK + "3")), "changelog.separator").message();
        assertTrue(direct.contains("the new entry follows the last entry directly"), direct);
    }

    @Test
    void whenTheBaseEndsWithAnEmptyLineTheSecondNewEntryStillNeedsItsEmptyLine() {
        String base = BASE + "\n";
        String gamma = entry("gamma", LINK + "3");
        assertEquals(List.of(), check(base, base + gamma + "\n" + entry("delta", LINK + "4")));
        String head = base + gamma + "\n\n" + entry("delta", LINK + "4");
        Problem p = only(check(base, head), "changelog.separator");
        assertEquals(head.substring(0, head.indexOf("- config-keys:\n    - delta")).split("\n", -1).length, p.line());
        assertTrue(p.message().contains("the line before this `- config-keys:` is \"\\n\" (an empty line)"), p.message());
    }

    @Test
    void aCorrectionThatAlsoChangesACommentNamesTheCommentLine() {
        String base = "# history\n" + BASE.replace(LINK + "2", "XXX");
        String head = "# History\n" + BASE;
        Problem p = only(check(base, head), "changelog.correction-bytes");
        assertEquals(1, p.line());
        assertTrue(p.message().startsWith("a pr-link correction may only change `  pr-link:` lines; line 1 changed:\n"
                + "  base: \"# history\\n\"\n  head: \"# History\\n\""), p.message());
        String later = BASE.replace(LINK + "2", "XXX") + "# end\n";
        Problem last = only(check(later, BASE + "# End\n"), "changelog.correction-bytes");
        int line = Integer.parseInt(lines(BASE, 1));
        assertEquals(line, last.line());
        assertTrue(last.message().contains("line " + line + " changed"), last.message());
    }

    @Test
    void aBadLinkOfTheSecondNewEntryPointsAtItsValue() {
        String head = appended(BASE, entry("gamma", LINK + "3"), entry("delta", "XXX"));
        Problem p = only(check(BASE, head), "changelog.new-link");
        String[] headLines = head.split("\n", -1);
        assertEquals("  pr-link: XXX", headLines[p.line() - 1]);
        assertEquals(12, p.column());
        Problem correction = only(check(BASE.replace(LINK + "2", "XXX"), BASE.replace(LINK + "2", "YYY")),
                "changelog.correction-link");
        assertEquals("  pr-link: YYY", BASE.split("\n", -1)[correction.line() - 1].replace(LINK + "2", "YYY"));
        assertEquals(12, correction.column());
    }

    @Test
    void theLineOfAnOffsetKeepsItsLineEnd() {
        byte[] text = "ab\ncd\nef".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals("ab\n".getBytes(StandardCharsets.UTF_8), ByteText.lineAt(text, 0));
        assertArrayEquals("ab\n".getBytes(StandardCharsets.UTF_8), ByteText.lineAt(text, 2));
        assertArrayEquals("cd\n".getBytes(StandardCharsets.UTF_8), ByteText.lineAt(text, 3));
        assertArrayEquals("ef".getBytes(StandardCharsets.UTF_8), ByteText.lineAt(text, 7));
        assertArrayEquals("ef".getBytes(StandardCharsets.UTF_8), ByteText.lineAt(text, 8));
        assertEquals(new Position("f", 3, 3), ByteText.positionOf(text, 8, "f"));
        assertEquals(new Position("f", 1, 1), ByteText.positionOf(text, 0, "f"));
    }

    private static String visible(String line) {
        return ByteText.visible(line.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void visibleLinesSayWhatSpacesThereAre() {
        assertEquals("\"~x\\n\"", visible("~x\n"));
        assertEquals("\"\\x7f\\u00e9\\n\"", visible("\u007f\u00e9\n"));
        assertEquals("\"  a\\n\" (indented by 2 spaces)", visible("  a\n"));
        assertEquals("\"a \\n\" (1 space at the end)", visible("a \n"));
        assertEquals("\" a  \\n\" (indented by 1 space, 2 spaces at the end)", visible(" a  \n"));
        assertEquals("\"a\" (no line end)", visible("a"));
        assertEquals("\" a \" (indented by 1 space, 1 space at the end, no line end)", visible(" a "));
        assertEquals("\"a \" (1 space at the end, no line end)", visible("a "));
        assertEquals("\"a\\n\"", visible("a\n"));
        assertEquals("\"   \\n\" (3 spaces and nothing else)", visible("   \n"));
        assertEquals("\"\" (end of file)", visible(""));
    }

    @Test
    void aLongLineIsShownAroundTheColumnAndSaysItWasCut() {
        String line = "a".repeat(5000) + "XYZ" + "b".repeat(5000) + "\n";
        String shown = ByteText.visible(line.getBytes(StandardCharsets.UTF_8), 5001);
        assertTrue(shown.startsWith("\"...aaa") && shown.contains("aaaXYZbbb")
                && shown.endsWith("bbb...\" (a line of 10003 characters, cut)"), shown);
        assertTrue(shown.length() < 300, shown);
        assertEquals(Math.min(ByteText.SHOWN, 10004), shown.indexOf("...\"") - 4);
    }

    @Test
    void aHistoryByteChangedInsideALongLineIsReportedWithAPieceOfIt() {
        // a comment: a byte of it changed changes no value
        String base = BASE.replace("  pr-link: " + LINK + "1\n", "  pr-link: " + LINK + "1\n  # " + "d".repeat(60_000) + "\n");
        int at = base.indexOf("dddd") + 30_000;
        String head = appended(base.substring(0, at) + "e" + base.substring(at + 1), entry("gamma", LINK + "3"));
        Problem p = only(check(base, head), "changelog.history-bytes");
        assertEquals(at - base.lastIndexOf('\n', at), p.column());
        assertTrue(p.message().length() < 2000, () -> p.message().length() + " characters");
        assertTrue(p.message().contains("ddde" + "d".repeat(10)) && p.message().contains("characters, cut"), p.message());
    }

    @Test
    void aMissingFieldIsPointedAtItsEntry() {
        ChangelogFile head = file(appended(BASE, entry("gamma", LINK + "3").replace("  pr-link: " + LINK + "3\n", ""), "- just text\n"));
        assertEquals(head.items().get(2).pos(), HistoryRules.valuePos(head.items().get(2), "pr-link"));
        assertEquals(head.items().get(3).pos(), HistoryRules.valuePos(head.items().get(3), "pr-link"));
        assertEquals(19, HistoryRules.valuePos(head.items().get(3), "pr-link").line());
    }

    @Test
    void aCorrectionThatAddsALineCountsTheLinesOfBothSides() {
        String base = BASE.replace(LINK + "2", "XXX");
        String folded = BASE.replace("  pr-link: " + LINK + "2", "  pr-link:\n    " + LINK + "2");
        Problem p = only(check(base, folded), "changelog.correction-bytes");
        assertTrue(p.message().startsWith("a pr-link correction must keep every line: the base has 12 lines, the head 13; "
                + "the first differing byte is at line 12"), p.message());
        assertEquals(12, p.line());
        // a line separator inside a description ends a line for Python, and so here
        String separated = BASE.replace("Change beta", "Change\u2028beta");
        Problem moreLines = only(check(separated.replace(LINK + "2", "XXX"), separated.replace("  pr-link: " + LINK + "2",
                "  pr-link:\n    " + LINK + "2")), "changelog.correction-bytes");
        assertTrue(moreLines.message().contains("the base has 13 lines, the head 14"), moreLines.message());
    }

    @Test
    void theFixNamesTheBaseRefTheGateRead() {
        String head = appended(BASE.replace("  \n\n", "\n\n"), entry("gamma", LINK + "3"));
        List<Problem> problems = ChangelogGate.checkRules(ChangelogFile.check(BASE.getBytes(StandardCharsets.UTF_8),
                "perf-changelog.yaml@origin/main"), file(head), MAIN).problems();
        assertTrue(problems.get(0).message().endsWith("`sweepgate fix-changelog --base-ref origin/main` makes this repair when "
                + "the new entries themselves are right"), problems.get(0).message());
    }
}
