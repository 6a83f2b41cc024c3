package dev.sweepgate.review.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.review.shell.ScriptView.Value;
import dev.sweepgate.review.shell.ShellScript.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a throughput run's variables hold, read without running the script. */
class ScriptViewTest {
    static ScriptView view(String... scripts) {
        List<ShellScript> parsed = new java.util.ArrayList<>();
        for (int i = 0; i < scripts.length; i++) {
            parsed.add(ShellScript.parse("s" + i + ".sh", scripts[i]));
        }
        return new ScriptView(parsed);
    }

    /** The value of {@code word} at the last statement of the view. */
    static Value valueAtEnd(ScriptView v, String word) {
        List<Statement> all = v.statements();
        return v.resolve(word, all.get(all.size() - 1));
    }

    @Test
    void aDefaultExpansionHoldsTheDefaultUntilTheScriptAssignsTheVariable() {
        ScriptView v = view("N=\"${SPEC_NUM_TOKENS:-2}\"\necho \"$N\"\n");
        assertEquals("2", valueAtEnd(v, "\"$N\"").text());

        v = view("SPEC_NUM_TOKENS=3\nN=\"${SPEC_NUM_TOKENS:-2}\"\necho \"$N\"\n");
        assertEquals("3", valueAtEnd(v, "\"$N\"").text());

        v = view("if [ \"$CONC\" -le 8 ]; then\n  K=7\nelse\n  K=3\nfi\nN=\"${K:-2}\"\necho \"$N\"\n");
        Value n = valueAtEnd(v, "\"$N\"");
        assertFalse(n.known());
        assertTrue(n.reason().contains("$K is assigned 2 times before line 6 (lines 2, 4)"), n.reason());
    }

    @Test
    void printfAndAwkArithmeticOfLiteralsAreRead() {
        ScriptView v = view("AL=2.49\nK=3\nA=$(printf '%.2f' \"$AL\")\n"
                + "R=$(awk \"BEGIN{print ($AL-1)/$K}\")\nS=$(printf '%s/%d%%' \"$AL\" \"$K\")\necho\n");
        assertEquals("2.49", valueAtEnd(v, "\"$A\"").text());
        assertEquals("0.496667", valueAtEnd(v, "\"$R\"").text());
        assertEquals("2.49/3%", valueAtEnd(v, "\"$S\"").text());

        Value other = valueAtEnd(view("X=$(date +%s)\necho\n"), "$X");
        assertFalse(other.known());
        assertTrue(other.reason().contains("computed at run time"), other.reason());
    }

    @Test
    void everyPartThatDependsOnTheRunIsNamedNotOnlyTheFirst() {
        ScriptView v = view("if [ -n \"$A\" ]; then\n  P=/a\nelse\n  P=/b\nfi\nCFG=\"{\\\"model\\\": \\\"$P\\\", \\\"k\\\": $K}\"\necho\n");
        Value cfg = valueAtEnd(v, "\"$CFG\"");
        assertFalse(cfg.known());
        assertTrue(cfg.reason().contains("$P is assigned 2 times (lines 2, 4)") && cfg.reason().contains("$K is not assigned"),
                cfg.reason());
    }

    @Test
    void anAssignmentInAnotherFileIsNamedWithItsFile() {
        Value k = valueAtEnd(view("K=6\n", "K=2\necho\n"), "$K");
        assertFalse(k.known());
        assertTrue(k.reason().contains("(lines 1, s1.sh:1)"), k.reason());
    }
}
