package dev.sweepgate.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/** The hint a YAML syntax error gets when the line it names is indented unlike its siblings. */
class IndentationHintTest {
    private static final String ADVICE = ": indent it like them, or by more under a key that ends with `:`";

    private static String hint(String text, int line) {
        return IndentationHint.at(text, line, IntUnaryOperator.identity());
    }

    @Test
    void namesTheLineItsIndentationAndItsSiblings() {
        assertEquals("; line 2 is indented by 3 spaces, its siblings (line 1) by 0 spaces" + ADVICE,
                hint("a: 1\n   b: 2\n", 2));
        assertEquals("; line 2 is indented by 1 space, its siblings (line 1) by 2 spaces" + ADVICE,
                hint("  a: 1\n b: 2\n", 2));
        // the lines the message names are the file's, for text that is some lines of a file
        assertEquals("; line 12 is indented by 3 spaces, its siblings (line 11) by 0 spaces" + ADVICE,
                IndentationHint.at("a: 1\n   b: 2\n", 2, line -> line + 10));
    }

    @Test
    void theSiblingIsTheNearestLineAtThatDepthOrShallower() {
        // the list under b: is b's nested block, not the level of c; blank and comment lines are skipped
        String text = "  a: 1\n  b:\n      - x\n\n      # note\n      - y\n   c: 2\n";
        assertEquals("; line 7 is indented by 3 spaces, its siblings (line 2) by 2 spaces" + ADVICE, hint(text, 7));
        // a list item's key starts after its `- `
        assertEquals("; line 2 is indented by 3 spaces, its siblings (line 1) by 2 spaces" + ADVICE,
                hint("- a: 1\n   b: 2\n", 2));
        // when every line before is deeper, the line before is the sibling
        assertEquals("; line 2 is indented by 2 spaces, its siblings (line 1) by 4 spaces" + ADVICE,
                hint("    a: 1\n  b: 2\n", 2));
        // comments between the line and its content line before it
        assertEquals("; line 4 is indented by 1 space, its siblings (line 1) by 0 spaces" + ADVICE,
                hint("a: 1\n# one\n\n b: 2\n", 4));
    }

    @Test
    void saysNothingWhenIndentationIsNotTheLikelyCause() {
        assertEquals("", hint("a: 1\nb: 2\n", 2), "indented like its sibling");
        assertEquals("", hint("a: 1\n  - x\n", 2), "a list item");
        assertEquals("", hint("a: 1\n   b: 2\n", 1), "the first line has no line before it");
        assertEquals("", hint("a: 1\n   b: 2\n", 0));
        assertEquals("", hint("a: 1\n   b: 2\n", 4), "beyond the text");
        assertEquals("", hint("a: 1\n   b: 2\n", 3), "the empty last line");
        assertEquals("", hint("a: 1\n   # c\n", 2), "a comment");
        assertEquals("", hint("a: 1\n   \n", 2), "a blank line");
        assertEquals("", hint("# c\n\n   b: 2\n", 3), "no content line before it");
        // the line before opens a nested block, where any deeper indentation is right
        for (String opener : new String[] {"a:", "a:   ", "-", "a: |", "a: >"}) {
            assertEquals("", hint(opener + "\n   b: 2\n", 2), opener);
        }
    }
}
