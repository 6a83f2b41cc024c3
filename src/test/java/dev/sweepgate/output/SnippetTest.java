package dev.sweepgate.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
