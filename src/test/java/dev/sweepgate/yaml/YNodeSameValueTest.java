package dev.sweepgate.yaml;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A config's entry is unchanged when YAML reads the same value, wherever it stands in its file. */
class YNodeSameValueTest {
    private static YNode entry(String yaml) {
        return YamlLoader.standard().load(yaml.getBytes(StandardCharsets.UTF_8), "configs/nvidia-master.yaml").root();
    }

    @Test
    void anEntryMovedDownTheFileIsTheSameValue() {
        assertTrue(YNode.sameValue(entry("a:\n  image: x\n  conc: [4, 8]\n"),
                entry("# a comment\n\na:\n  image: x   # pinned\n  conc:\n    - 4\n    - 8\n")));
    }

    @Test
    void aChangedValueAnywhereIsAChange() {
        assertFalse(YNode.sameValue(entry("a:\n  image: x\n  conc: [4, 8]\n"), entry("a:\n  image: x\n  conc: [4, 16]\n")));
        assertFalse(YNode.sameValue(entry("a:\n  tp: 8\n"), entry("a:\n  tp: \"8\"\n")));
        assertFalse(YNode.sameValue(entry("a:\n  tp: 8\n"), entry("a:\n  tp: 8\n  ep: 8\n")));
    }

    @Test
    void keysInAnotherOrderAndAliasesResolvedCompareAsYamlReadsThem() {
        assertTrue(YNode.sameValue(entry("a:\n  image: x\n  tp: 8\n"), entry("a:\n  tp: 8\n  image: x\n")));
        assertTrue(YNode.sameValue(entry("base: &b {tp: 8}\na:\n  s: *b\n"), entry("base: {tp: 8}\na:\n  s: {tp: 8}\n")));
        assertFalse(YNode.sameValue(entry("base: &b {tp: 8}\na:\n  s: *b\n"), entry("base: &b {tp: 4}\na:\n  s: *b\n")));
    }
}
