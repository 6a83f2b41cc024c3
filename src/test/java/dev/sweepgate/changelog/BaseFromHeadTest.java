package dev.sweepgate.changelog;

import static dev.sweepgate.changelog.Changelogs.LINK;
import static dev.sweepgate.changelog.Changelogs.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.yaml.YNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * validate-changelog checks the base side of a change that appends entries from the head's parse
 * ({@link ChangelogFile#checkBase}); whatever the base holds, the rules must say exactly what they
 * say when the base is parsed on its own ({@link ChangelogFile#check}).
 */
class BaseFromHeadTest {
    private static final String BASE_NAME = "perf-changelog.yaml@origin/main";
    private static final String HEAD_NAME = "perf-changelog.yaml";
    private static final PrLinkPolicy POLICY = new PrLinkPolicy(PrLinkPolicy.DEFAULT_REPO, 7L);
    private static final String NEW = entry("gamma-fp8-mi355x-sglang", LINK + "XXX");

    @Test
    void theRealHistoryCutAtAnyEntryIsReadFromTheHead() throws IOException {
        byte[] real = Files.readAllBytes(Path.of(HEAD_NAME));
        String text = new String(real, StandardCharsets.UTF_8);
        List<Integer> starts = new ArrayList<>();
        for (int at = text.indexOf("\n" + ChangelogFile.ENTRY_START); at >= 0;
             at = text.indexOf("\n" + ChangelogFile.ENTRY_START, at + 1)) {
            starts.add(at + 1);
        }
        assertTrue(starts.size() > 100, "the real changelog has its history");
        // The first entries, some in the middle, and the whole file: each a base a pull request appends to.
        for (int cut : List.of(1, 2, starts.size() / 2, starts.size() - 1, starts.size())) {
            String base = cut == starts.size() ? text : text.substring(0, starts.get(cut) - 1);
            String head = base + (base.endsWith("\n\n") ? "" : "\n") + NEW;
            ChangelogFile headFile = file(head, HEAD_NAME);
            ChangelogFile derived = assertSameAsParsedAlone(base, headFile);
            if (cut > 1) {
                assertSame(headFile.items().get(0), derived.items().get(0), "read from the head, not parsed again");
            }
        }
    }

    @Test
    void olderEntriesAreTheHeadsOwnAndTheLastOneIsParsedAgain() {
        String base = Changelogs.BASE;
        String head = Changelogs.appended(base, NEW);
        ChangelogFile headFile = file(head, HEAD_NAME);
        ChangelogFile derived = ChangelogFile.checkBase(bytes(base), BASE_NAME, headFile);
        assertSame(headFile.items().get(0), derived.items().get(0));
        assertNotSame(headFile.items().get(1), derived.items().get(1));
        // Parsed again, the last entry names the base side where it is written.
        assertEquals(BASE_NAME, derived.items().get(1).pos().file());
        assertEquals(headFile.items().get(1).pos().line(), derived.items().get(1).pos().line());
        assertSameAsParsedAlone(base, head);
    }

    /**
     * Last entries whose value or validity depends on what the file holds before or after them,
     * each followed by an appended entry: the rules judge them as they do a base parsed whole.
     */
    @ParameterizedTest
    @ValueSource(strings = {
            // a kept block scalar: in the head it also keeps the empty line before the new entry
            "- config-keys:\n    - last-fp8-h100-vllm\n  description:\n    - |+\n      kept\n  pr-link: " + LINK + "3\n",
            "- config-keys:\n    - last-fp8-h100-vllm\n  pr-link: " + LINK + "3\n  description:\n    - |+\n      kept\n",
            "- config-keys:\n    - last-fp8-h100-vllm\n  pr-link: " + LINK + "3\n  description:\n    - >+\n      folded\n      kept\n",
            "- config-keys:\n    - last-fp8-h100-vllm\n  pr-link: " + LINK + "3\n  description:\n    - |-\n      stripped\n",
            "- config-keys:\n    - last-fp8-h100-vllm\n  pr-link: " + LINK + "3\n  description:\n    - |+\n      kept\n\n",
            // a scalar where a list belongs: a rule the last entry breaks, with the kept line in the head
            "- config-keys:\n    - last-fp8-h100-vllm\n  pr-link: " + LINK + "3\n  description: |+\n    kept\n",
            // an alias to an anchor in an older entry
            "- config-keys:\n    - last-fp8-h100-vllm\n  description: *older\n  pr-link: " + LINK + "3\n",
            // an anchor the last entry defines and uses, and one it redefines after using the old one
            "- config-keys: &keys\n    - last-fp8-h100-vllm\n  description: *keys\n  pr-link: " + LINK + "3\n",
            "- config-keys:\n    - last-fp8-h100-vllm\n  description: *older\n  pr-link: &older " + LINK + "3\n",
            // plain and quoted scalars over several lines, comments and empty lines at the end
            "- config-keys:\n    - last-fp8-h100-vllm\n  description:\n    - first line\n      continued\n  pr-link: " + LINK + "3\n",
            "- config-keys:\n    - last-fp8-h100-vllm\n  description:\n    - \"quoted\n      over lines\"\n  pr-link: " + LINK + "3\n",
            "- config-keys:\n    - last-fp8-h100-vllm\n  description:\n    - x\n  pr-link: " + LINK + "3\n# a comment at the end\n",
            "- config-keys:\n    - last-fp8-h100-vllm\n  description:\n    - x\n  pr-link: " + LINK + "3\n\n",
            "- config-keys:\n    - last-fp8-h100-vllm\n  description:\n    - x\n  pr-link: " + LINK + "3\n  \n",
            // rules the last entry breaks: a duplicate key, an unknown field, a missing entry start
            "- config-keys:\n    - last-fp8-h100-vllm\n  description:\n    - x\n  pr-link: " + LINK + "3\n  pr-link: " + LINK + "4\n",
            "- config-keys:\n    - last-fp8-h100-vllm\n  description:\n    - x\n  pr-link: " + LINK + "3\n  owner: me\n",
            "- description:\n    - x\n  config-keys:\n    - last-fp8-h100-vllm\n  pr-link: " + LINK + "3\n",
            "-\n  config-keys:\n    - last-fp8-h100-vllm\n  description:\n    - x\n  pr-link: " + LINK + "3\n",
            // YAML the base alone cannot read: an unclosed flow list, an unclosed quote
            "- config-keys: [last-fp8-h100-vllm,\n  description:\n    - x\n  pr-link: " + LINK + "3\n",
            "- config-keys:\n    - last-fp8-h100-vllm\n  description:\n    - \"open\n",
            "- config-keys:\n    - last-fp8-h100-vllm\n  description:\n    - x\n  pr-link: " + LINK + "3\n...\n",
    })
    void aLastEntryOfAnyShapeIsJudgedAsInTheWholeBase(String last) {
        String base = "- config-keys:\n    - older-fp8-h100-vllm\n  description: &older\n    - older\n  pr-link: "
                + LINK + "1\n\n" + last;
        String head = base + (base.endsWith("\n\n") ? "" : "\n") + NEW;
        assertSameAsParsedAlone(base, head);
    }

    @Test
    void aRuleAnOlderEntryBreaksIsReportedOnTheBaseSideToo() {
        // The parser, not the entry binder, finds a duplicate key: the base must not take the head's word for it.
        String older = entry("alpha-fp8-h100-vllm", LINK + "1").replace("  pr-link:", "  pr-link: " + LINK + "9\n  pr-link:");
        for (String base : List.of(older + "\n" + entry("beta-fp4-b200-sglang", LINK + "2"),
                entry("alpha-fp8-h100-vllm", LINK + "1") + "  owner: me\n\n" + entry("beta-fp4-b200-sglang", LINK + "2"))) {
            ChangelogFile derived = assertSameAsParsedAlone(base, Changelogs.appended(base, NEW));
            assertFalse(derived.ok());
        }
    }

    @Test
    void directivesAndDocumentMarkersAtTheTopAreReadTheLongWay() {
        for (String top : List.of("%YAML 1.1\n---\n", "---\n", "%TAG !e! tag:example.com,2000:\n---\n")) {
            String base = top + Changelogs.BASE;
            assertSameAsParsedAlone(base, Changelogs.appended(base, NEW));
        }
        String tagged = "%TAG !e! tag:example.com,2000:\n---\n" + Changelogs.BASE
                + "\n- config-keys:\n    - !e!x last-fp8-h100-vllm\n  description:\n    - x\n  pr-link: " + LINK + "3\n";
        assertSameAsParsedAlone(tagged, Changelogs.appended(tagged, NEW));
    }

    @Test
    void aHeadThatBreaksRulesIsJudgedAsWithTheBaseParsedAlone() {
        String base = Changelogs.BASE;
        List<String> heads = List.of(
                Changelogs.appended(base, NEW.replace("  pr-link:", "  owner: me\n  pr-link:")), // beyond the base
                Changelogs.appended(base, NEW.replace("    - gamma", "   - gamma")), // YAML that does not parse
                Changelogs.appended(base, NEW) + "\n", // ends with an empty line
                Changelogs.appended(base, NEW).replace("alpha-fp8-h100-vllm", "alpha-fp8-h200-vllm"), // history edited
                Changelogs.appended(base, NEW, NEW.replace("gamma", "delta")));
        for (String head : heads) {
            assertSameAsParsedAlone(base, head);
        }
    }

    /**
     * Property: single-byte edits anywhere in the last base entry, the separator or the appended
     * entry never make the base read from the head differ from the base parsed alone.
     */
    @Test
    void anySingleByteEditNearTheEndOfTheBaseIsJudgedTheSame() {
        String older = entry("alpha-fp8-h100-vllm", LINK + "1") + "  \n\n";
        String last = "- config-keys:\n    - beta-fp4-b200-sglang\n  description:\n    - \"Change: x\"\n    - |+\n"
                + "      kept\n  pr-link: " + LINK + "2\n";
        String base = older + last;
        String head = base + "\n" + NEW;
        // YAML's indicators, the bytes the file rules refuse (CR, tab, NUL, a byte that is not UTF-8)
        byte[] interesting = " \n\r\t#:-\"'{}[]&*!|>+%\0\u00ff\u00c3".getBytes(StandardCharsets.ISO_8859_1);
        Random random = new Random(20261201L);
        int derivedPaths = 0;
        for (int i = 0; i < 400; i++) {
            byte[] b = bytes(base);
            byte[] h = bytes(head);
            int at = older.length() + random.nextInt(h.length - older.length());
            byte value = random.nextBoolean() ? interesting[random.nextInt(interesting.length)]
                    : (byte) (' ' + random.nextInt(95));
            if (at < b.length && random.nextBoolean()) {
                b[at] = value; // the same edit on both sides keeps the head an append
                h[at] = value;
            } else {
                h[at] = value;
            }
            ChangelogFile headFile = ChangelogFile.check(h, HEAD_NAME);
            if (ChangelogFile.appendsEntries(b, h) && headFile.ok()) {
                derivedPaths++;
            }
            assertSameRules(b, headFile);
        }
        assertTrue(derivedPaths > 50, "the edits must also reach the derived path, not only the fallback");
    }

    private static ChangelogFile assertSameAsParsedAlone(String base, String head) {
        return assertSameAsParsedAlone(base, file(head, HEAD_NAME));
    }

    private static ChangelogFile assertSameAsParsedAlone(String base, ChangelogFile headFile) {
        ChangelogFile derived = assertSameRules(bytes(base), headFile);
        ChangelogFile alone = file(base, BASE_NAME);
        assertEquals(alone.problems(), derived.problems());
        assertEquals(plain(alone.items()), plain(derived.items()));
        assertEquals(lines(alone.items()), lines(derived.items()));
        assertEquals(alone.entries().stream().map(BaseFromHeadTest::fields).toList(),
                derived.entries().stream().map(BaseFromHeadTest::fields).toList());
        return derived;
    }

    /** What the rules report: the same with the base read from the head as with it parsed alone. */
    private static ChangelogFile assertSameRules(byte[] base, ChangelogFile head) {
        ChangelogFile derived = ChangelogFile.checkBase(base, BASE_NAME, head);
        ChangelogFile alone = ChangelogFile.check(base, BASE_NAME);
        ChangelogGate.RuleCheck expected = ChangelogGate.checkRules(alone, head, POLICY);
        ChangelogGate.RuleCheck actual = ChangelogGate.checkRules(derived, head, POLICY);
        String context = "base:\n" + new String(base, StandardCharsets.UTF_8) + "\nhead:\n"
                + new String(head.bytes(), StandardCharsets.UTF_8);
        assertEquals(expected.problems(), actual.problems(), context);
        assertEquals(expected.historyOk(), actual.historyOk(), context);
        assertEquals(expected.change(), actual.change(), context);
        assertEquals(alone.ok(), derived.ok(), context);
        assertEquals(alone.items().size(), derived.items().size(), context);
        return derived;
    }

    private static List<Object> plain(List<YNode> items) {
        return items.stream().map(YNode::toPlain).toList();
    }

    private static List<String> lines(List<YNode> items) {
        return items.stream().map(item -> item.pos().line() + ":" + item.pos().column()).toList();
    }

    /** An entry as the rules read it; where it is written by line and column (older ones name the head file). */
    private static List<Object> fields(ChangelogEntry e) {
        return java.util.Arrays.asList(e.configKeys(), e.description(), e.prLink(), e.evalsOnly(), e.allEvals(),
                e.appendOnly(), e.evalMinPrefillEp(), e.scenarioTypes(), e.source().toPlain(), e.pos().line(),
                e.pos().column(), e.number());
    }

    private static ChangelogFile file(String text, String name) {
        return ChangelogFile.check(bytes(text), name);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
