package dev.sweepgate.matrix;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GlobTest {

    @Test
    void starAndQuestionMark() {
        assertTrue(Glob.compile("dsr1-*").matches("dsr1-fp4-b200"));
        assertTrue(Glob.compile("dsr1-*").matches("dsr1-"));
        assertFalse(Glob.compile("dsr1-*").matches("dsv4-fp4"));
        assertTrue(Glob.compile("*-b200-*").matches("dsr1-fp4-b200-sglang"));
        assertFalse(Glob.compile("*-b200-*").matches("dsr1-fp4-gb200-sglang"));
        assertTrue(Glob.compile("fp?").matches("fp8"));
        assertFalse(Glob.compile("fp?").matches("fp16"));
        assertTrue(Glob.compile("a*b*c").matches("a-x-b-y-b-c"));
    }

    @Test
    void caseSensitive() {
        assertFalse(Glob.compile("DSR1*").matches("dsr1-fp4"));
    }

    @Test
    void characterSets() {
        assertTrue(Glob.compile("fp[48]*").matches("fp4-b200"));
        assertFalse(Glob.compile("fp[48]*").matches("fp6-b200"));
        assertTrue(Glob.compile("fp[!4]*").matches("fp8"));
        assertFalse(Glob.compile("fp[!4]*").matches("fp4"));
        assertTrue(Glob.compile("[a-c]?").matches("b1"));
        assertTrue(Glob.compile("[]x]*").matches("]y"));
        assertTrue(Glob.compile("x[a-]*").matches("x-"));
    }

    @Test
    void caretInsideBracketsIsLiteral() {
        assertTrue(Glob.compile("[^a]*").matches("^b"));
        assertTrue(Glob.compile("[^a]*").matches("ab"));
        assertFalse(Glob.compile("[^a]*").matches("b"));
    }

    @Test
    void unclosedBracketIsLiteral() {
        assertTrue(Glob.compile("a[b*").matches("a[bcd"));
        assertFalse(Glob.compile("a[b*").matches("ab"));
    }

    @Test
    void onlyStarOrQuestionMarkMakesAPattern() {
        assertTrue(Glob.isPattern("a*"));
        assertTrue(Glob.isPattern("a?"));
        assertFalse(Glob.isPattern("a[b]"));
    }

    @Test
    void aClosingBracketRightAfterTheNegationIsAMember() {
        assertTrue(Glob.compile("[!]a]").matches("b"));
        assertFalse(Glob.compile("[!]a]").matches("]"));
        assertFalse(Glob.compile("[!]a]").matches("a"));
    }

    @Test
    void aBracketOpenedAtTheEndIsLiteral() {
        assertTrue(Glob.compile("a[").matches("a["));
        assertTrue(Glob.compile("a[!").matches("a[!"));
        assertFalse(Glob.compile("a[!").matches("ab"));
    }

    @Test
    void aPatternMayStartWithItsWildcard() {
        assertTrue(Glob.isPattern("*-b200"));
        assertTrue(Glob.isPattern("?sr1"));
    }
}
