package dev.sweepgate.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.Excerpt;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.Sources;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SnippetTest {
    private static Problem at(int line, int column) {
        return new Problem(Problem.Severity.ERROR, "f.yaml", line, column, "r", "m");
    }

    private static String snippet(String text, int line, int column) {
        List<Problem> joined = Sources.apply(List.of(at(line, column)), "f.yaml", text.getBytes(StandardCharsets.UTF_8));
        return Snippet.of(joined.get(0));
    }

    @Test
    void underlinesTheKeyWithoutItsColon() {
        assertEquals(" 2 |   precison: fp8\n   |   ^~~~~~~~\n", snippet("a:\n  precison: fp8\n", 2, 3));
    }

    @Test
    void makesTrailingSpacesAndEmptyLinesVisible() {
        assertEquals(" 1 | ··⏎\n   | ^~\n", snippet("  \n", 1, 1));
        assertEquals(" 2 | ⏎\n   | ^\n", snippet("a\n\nb\n", 2, 1));
        assertEquals(" 1 | a: b··⏎\n   |     ^~\n", snippet("a: b  \n", 1, 5));
    }

    @Test
    void underlinesAQuotedScalarWhole() {
        assertEquals(" 1 | - \"two words\"\n   |   ^~~~~~~~~~~\n", snippet("- \"two words\"\n", 1, 3));
    }

    @Test
    void aLongLineIsCutAroundTheColumnAndTheCaretStaysUnderItsCharacter() {
        // 8 MB on one line, the problem at a word in the middle
        String before = "k: " + "a".repeat(4_000_000) + " ";
        String text = before + "target " + "b".repeat(4_000_000) + "\n";
        String snippet = snippet(text, 1, before.length() + 1);
        String[] lines = snippet.split("\n");
        assertEquals(2, lines.length);
        assertTrue(lines[0].length() <= " 1 | ".length() + Snippet.WIDTH + 2, () -> lines[0].length() + " characters");
        assertTrue(lines[0].startsWith(" 1 | " + Snippet.CUT + "aaa") && lines[0].endsWith("bbb" + Snippet.CUT), lines[0]);
        int caret = lines[1].indexOf('^');
        assertEquals("target", lines[0].substring(caret, caret + 6));
        assertEquals("^~~~~~", lines[1].substring(caret));
    }

    @Test
    void aLongLineIsCutAtItsEndsWhenTheColumnIsNearOne() {
        String text = "key: " + "x".repeat(1000) + "  \n";
        String start = snippet(text, 1, 1);
        assertEquals(" 1 | key: " + "x".repeat(Snippet.WIDTH - 5) + Snippet.CUT + "\n   | ^~~\n", start);
        // the end: trailing spaces are drawn, the caret under the first of them
        String end = snippet(text, 1, 1006);
        String[] lines = end.split("\n");
        assertTrue(lines[0].startsWith(" 1 | " + Snippet.CUT + "xxx") && lines[0].endsWith("x··⏎"), lines[0]);
        assertEquals(lines[0].length() - 3, lines[1].indexOf('^'));
        assertEquals(Snippet.WIDTH, lines[0].length() - " 1 | ".length() - 2);
    }

    /**
     * Of a line too long to keep whole only a piece around the column is joined to the problem;
     * what is shown is the same: the caret under its character after two-byte characters, the
     * trailing spaces at the real end drawn, and a disable comment far from the column still read.
     */
    @Test
    void aPieceOfAVeryLongLineShowsWhatTheWholeLineWould() {
        String before = "k: " + "é".repeat(50_000) + " ";
        String text = before + "target " + "b".repeat(50_000) + "  \n";
        String[] lines = snippet(text, 1, before.length() + 1).split("\n");
        assertTrue(lines[0].startsWith(" 1 | " + Snippet.CUT + "ééé") && lines[0].endsWith("bbb" + Snippet.CUT), lines[0]);
        int caret = lines[1].indexOf('^');
        assertEquals("target", lines[0].substring(caret, caret + 6));
        String[] end = snippet(text, 1, text.length() - 2).split("\n");
        assertTrue(end[0].startsWith(" 1 | " + Snippet.CUT + "bbb") && end[0].endsWith("b··⏎"), end[0]);
        assertEquals(end[0].length() - 3, end[1].indexOf('^'));
        String silenced = before + "x  # sweepgate: disable=r\n";
        assertEquals(List.of(), Sources.apply(List.of(at(1, 2)), "f.yaml", silenced.getBytes(StandardCharsets.UTF_8)));
        String notSilenced = before + "x  # sweepgate: disable=other\n";
        assertEquals(1, Sources.apply(List.of(at(1, 2)), "f.yaml", notSilenced.getBytes(StandardCharsets.UTF_8)).size());
    }

    @Test
    void nothingWithoutTheSourceText() {
        assertEquals("", Snippet.of(at(1, 1)));
        assertEquals("", Snippet.of(at(0, 0).withExcerpt(new Excerpt("x", true, null))));
    }

    @Test
    void aDisableCommentSilencesItsLineOrTheNextOne() {
        String text = "a: 1  # sweepgate: disable=r\n# sweepgate: disable=other,r\nb: 2\nc: 3\n";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertEquals(List.of(), Sources.apply(List.of(at(1, 1)), "f.yaml", bytes));
        assertEquals(List.of(), Sources.apply(List.of(at(3, 1)), "f.yaml", bytes));
        assertEquals(1, Sources.apply(List.of(at(4, 1)), "f.yaml", bytes).size());
        Problem other = new Problem(Problem.Severity.ERROR, "f.yaml", 1, 1, "q", "m");
        assertEquals(1, Sources.apply(List.of(other), "f.yaml", bytes).size());
    }
}
