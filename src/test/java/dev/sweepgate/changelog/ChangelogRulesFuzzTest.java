package dev.sweepgate.changelog;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sweepgate.fuzz.FuzzInputs;
import dev.sweepgate.gate.ChangelogGate;
import java.nio.charset.StandardCharsets;

/**
 * The file, history and byte rules of validate-changelog ({@link ChangelogGate#checkRules})
 * with the base taken from the real history and the head an edit of it the fuzzer chooses
 * ({@link FuzzInputs#edit}): any verdict, never an exception. And the one verdict that is
 * known: the base plus one well-formed entry, built from the same bytes, is valid.
 */
class ChangelogRulesFuzzTest {
    /** Thirty entries of the real history around its first two-space separator line: its quirks, cheaply. */
    private static final byte[] HISTORY = FuzzInputs.history(200, 230);
    private static final ChangelogFile BASE = ChangelogFile.check(HISTORY, "perf-changelog.yaml@base");
    private static final PrLinkPolicy PULL_REQUEST = new PrLinkPolicy(PrLinkPolicy.DEFAULT_REPO, 1234L);
    private static final PrLinkPolicy PUSH = new PrLinkPolicy(PrLinkPolicy.DEFAULT_REPO, null);

    @FuzzTest
    void judgesAnyHead(byte[] data) {
        assertTrue(BASE.ok(), () -> "the real history must be valid: " + BASE.problems());
        ChangelogFile head = ChangelogFile.check(FuzzInputs.edit(HISTORY, data), "perf-changelog.yaml");
        ChangelogGate.RuleCheck verdict = ChangelogGate.checkRules(BASE, head, data.length % 2 == 0 ? PULL_REQUEST : PUSH);
        assertNotNull(verdict.problems());
        assertTrue(verdict.ok() || !verdict.problems().isEmpty());
        byte[] appended = FuzzInputs.concat(HISTORY, ("\n" + wellFormedEntry(data)).getBytes(StandardCharsets.UTF_8));
        ChangelogGate.RuleCheck valid = ChangelogGate.checkRules(BASE,
                ChangelogFile.check(appended, "perf-changelog.yaml"), PULL_REQUEST);
        assertTrue(valid.ok(), () -> "the base plus one well-formed entry must be valid: " + valid.problems());
    }

    /** An entry in the shape contributors write, its key and description drawn from {@code data}. */
    static String wellFormedEntry(byte[] data) {
        StringBuilder words = new StringBuilder();
        for (byte b : data) {
            char c = (char) (b & 0xff);
            if (Character.isLetterOrDigit(c) && c < 128 || c == ' ' || c == '-') {
                words.append(c);
            }
        }
        String description = words.toString().strip();
        String key = data.length % 2 == 0 ? "dsr1-fp8-h200-sglang" : "gptoss*";
        return "- config-keys:\n    - " + key + "\n  description:\n    - \"" + (description.isEmpty() ? "x" : description)
                + "\"\n  pr-link: " + (data.length % 3 == 0 ? "XXX" : PULL_REQUEST.canonical(1234)) + "\n";
    }
}
