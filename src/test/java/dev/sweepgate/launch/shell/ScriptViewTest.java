package dev.sweepgate.launch.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.launch.shell.ScriptView.Value;
import dev.sweepgate.launch.shell.ShellScript.Statement;
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

    /** The texts {@code word} may hold at the last statement, for these run inputs. */
    static List<String> alternativesAtEnd(ScriptView v, String word, java.util.Map<String, String> facts) {
        List<Statement> all = v.statements();
        ScriptView.Alternatives alts = v.alternatives(word, all.get(all.size() - 1), facts);
        assertTrue(alts.known(), () -> alts.unknown().reason());
        return alts.values().stream().map(a -> a.value().text()).toList();
    }

    @Test
    void branchesPairTheValuesTheyAssignTogetherAndDropWhatTheRunCannotTake() {
        String script = "case \"$MODE\" in\n  a) K=1; AL=1.7 ;;\n  b|c) K=3; AL=2.5 ;;\n  *) exit 1 ;;\nesac\n"
                + "if [ \"$CONC\" -le 8 ]; then\n  N=$K\nelse\n  N=0\nfi\necho\n";
        ScriptView v = view(script);
        // K and AL come from the same arm; the default arm exits without assigning, so they may be unset too.
        List<String> pairs = alternativesAtEnd(v, "\"$K/$AL\"", java.util.Map.of());
        assertTrue(pairs.containsAll(List.of("1/1.7", "3/2.5")) && !pairs.contains("1/2.5") && !pairs.contains("3/1.7"), pairs.toString());

        assertEquals(List.of("1", "3"), alternativesAtEnd(v, "\"$N\"", java.util.Map.of("CONC", "4")).stream().distinct().toList());
        assertEquals(List.of("0"), alternativesAtEnd(v, "\"$N\"", java.util.Map.of("CONC", "16")));
        assertEquals(List.of("3"), alternativesAtEnd(v, "\"$K\"", java.util.Map.of("MODE", "c")));

        // Without the input the test cannot be decided: both sides are followed.
        assertTrue(alternativesAtEnd(v, "\"$N\"", java.util.Map.of()).containsAll(List.of("1", "3", "0")));
    }

    @Test
    void anIfElseThatAssignsOnBothSidesLeavesNoWayUnset() {
        ScriptView v = view("if [ -n \"$P\" ]; then\n  D=/a\nelse\n  D=/b\nfi\necho\n");
        assertEquals(List.of("/a", "/b"), alternativesAtEnd(v, "\"$D\"", java.util.Map.of()));

        ScriptView partial = view("if [ -n \"$P\" ]; then\n  D=/a\nelif [ -n \"$Q\" ]; then\n  D=/b\nfi\necho\n");
        ScriptView.Alternatives alts = partial.alternatives("\"$D\"", partial.statements().get(partial.statements().size() - 1),
                java.util.Map.of());
        assertFalse(alts.known());
        assertTrue(alts.unknown().reason().contains("$D may be unset here"), alts.unknown().reason());
    }
}
