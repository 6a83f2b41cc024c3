package dev.sweepgate.changelog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sweepgate.fuzz.FuzzInputs;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.yaml.YNode;
import java.nio.charset.StandardCharsets;

/**
 * The base of a change that appends an entry, read from the head's parse
 * ({@link ChangelogFile#checkBase}), is judged exactly as the base parsed alone, whatever the
 * fuzzer makes of the history it ends with (an edit of 30 real entries, {@link FuzzInputs#edit}).
 */
class BaseFromHeadFuzzTest {
    private static final byte[] HISTORY = FuzzInputs.history(200, 230);
    private static final PrLinkPolicy PULL_REQUEST = new PrLinkPolicy(PrLinkPolicy.DEFAULT_REPO, 1234L);

    @FuzzTest
    void readsTheBaseFromTheHeadAsItReadsItAlone(byte[] data) {
        byte[] base = FuzzInputs.edit(HISTORY, data);
        boolean endsWithEmptyLine = base.length > 1 && base[base.length - 1] == '\n' && base[base.length - 2] == '\n';
        byte[] head = FuzzInputs.concat(base, ((endsWithEmptyLine ? "" : "\n")
                + ChangelogRulesFuzzTest.wellFormedEntry(data)).getBytes(StandardCharsets.UTF_8));
        ChangelogFile headFile = ChangelogFile.check(head, "perf-changelog.yaml");
        ChangelogFile alone = ChangelogFile.check(base, "perf-changelog.yaml@base");
        ChangelogFile derived = ChangelogFile.checkBase(base, "perf-changelog.yaml@base", headFile);
        assertEquals(alone.problems(), derived.problems());
        assertEquals(alone.items().stream().map(YNode::toPlain).toList(), derived.items().stream().map(YNode::toPlain).toList());
        ChangelogGate.RuleCheck expected = ChangelogGate.checkRules(alone, headFile, PULL_REQUEST);
        ChangelogGate.RuleCheck actual = ChangelogGate.checkRules(derived, headFile, PULL_REQUEST);
        assertEquals(expected.problems(), actual.problems());
        assertEquals(expected.change(), actual.change());
    }
}
