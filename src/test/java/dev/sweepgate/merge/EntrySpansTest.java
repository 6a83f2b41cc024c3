package dev.sweepgate.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class EntrySpansTest {
    private static final String FILE = """
            - config-keys:
                - a
              pr-link: https://github.com/o/r/pull/1
              \n\
            - config-keys: [b]
              description: ["- config-keys: inside a string"]
              pr-link: "XXX"  # to be rewritten
              evals-only: true
            # a trailing comment belongs to the entry
            \n\
            """;

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void aSpanRunsToTheNextStartAndItsContentStopsAfterTheLastNonBlankLine() {
        EntrySpans spans = EntrySpans.of(FILE.getBytes(StandardCharsets.UTF_8));
        assertEquals(2, spans.size());
        assertEquals("- config-keys:\n    - a\n  pr-link: https://github.com/o/r/pull/1\n", text(spans.content(0)));
        assertEquals(FILE.indexOf("- config-keys: [b]"), spans.span(0).end());
        assertEquals("- config-keys: [b]\n  description: [\"- config-keys: inside a string\"]\n"
                + "  pr-link: \"XXX\"  # to be rewritten\n  evals-only: true\n# a trailing comment belongs to the entry\n",
                text(spans.content(1)));
        assertEquals(FILE.length(), spans.span(1).end());
    }

    @Test
    void rewritingAPrLinkReplacesOnlyThatLineQuotesAndCommentIncluded() {
        byte[] bytes = FILE.getBytes(StandardCharsets.UTF_8);
        String rewritten = text(EntrySpans.of(bytes).withPrLink(1, "https://github.com/o/r/pull/7"));
        assertEquals(FILE.replace("  pr-link: \"XXX\"  # to be rewritten", "  pr-link: https://github.com/o/r/pull/7"),
                rewritten);
    }

    @Test
    void rewritingSeveralPrLinksInOnePassIsRewritingThemOneByOne() {
        String file = "- config-keys: [a]\n  pr-link: XXX\n\n- config-keys: [b]\n  description: [no link]\n\n"
                + "- config-keys: [c]\n  pr-link: \"XXX\"  # c\n  pr-link: second\n";
        byte[] bytes = file.getBytes(StandardCharsets.UTF_8);
        TreeMap<Integer, String> links = new TreeMap<>();
        links.put(0, "L0");
        links.put(1, "L1");
        links.put(2, "L2");
        List<Integer> withoutLine = new ArrayList<>();
        String rewritten = text(EntrySpans.of(bytes).withPrLinks(links, withoutLine));
        assertEquals(List.of(1), withoutLine);
        String oneByOne = text(EntrySpans.of(EntrySpans.of(bytes).withPrLink(2, "L2")).withPrLink(0, "L0"));
        assertEquals(oneByOne, rewritten);
        assertEquals("- config-keys: [a]\n  pr-link: L0\n\n- config-keys: [b]\n  description: [no link]\n\n"
                + "- config-keys: [c]\n  pr-link: L2\n  pr-link: second\n", rewritten);
    }

    @Test
    void onlyALineStartingWithTwoSpacesAndPrLinkCounts() {
        byte[] content = "- config-keys: [a]\n    pr-link: nested\n  pr-link:XXX\n  pr-link: second\n"
                .getBytes(StandardCharsets.UTF_8);
        assertEquals("- config-keys: [a]\n    pr-link: nested\n  pr-link: L\n  pr-link: second\n",
                text(EntrySpans.contentWithPrLink(content, "L")));
        assertNull(EntrySpans.contentWithPrLink("- config-keys: [a]\n pr-link: x\n".getBytes(StandardCharsets.UTF_8), "L"));
    }

    @Test
    void onlyNewlineEndsALine() {
        // U+2028 is a line break to Python's splitlines, but not to the span pattern
        byte[] bytes = "- config-keys: [a]\n  pr-link: x\u2028- config-keys: [b]\n".getBytes(StandardCharsets.UTF_8);
        assertEquals(1, EntrySpans.of(bytes).size());
    }

    @Test
    void theLastEntryMayEndWithoutALineEnd() {
        byte[] bytes = "- config-keys: [a]\n\n- config-keys: [b]\n  pr-link: x".getBytes(StandardCharsets.UTF_8);
        EntrySpans spans = EntrySpans.of(bytes);
        assertEquals(2, spans.size());
        assertEquals("- config-keys: [b]\n  pr-link: x", text(spans.content(1)));
        assertEquals("- config-keys: [a]\n\n- config-keys: [b]\n  pr-link: L", text(spans.withPrLink(1, "L")));
        // a start line that is the very end of the file still starts an entry
        assertEquals(1, EntrySpans.of("- config-keys:".getBytes(StandardCharsets.UTF_8)).size());
        assertEquals(0, EntrySpans.of("- config-keys".getBytes(StandardCharsets.UTF_8)).size());
    }

    @Test
    void aPrLinkLineWithNothingAfterTheColonAtTheEndOfTheContentCounts() {
        assertEquals("- config-keys: [a]\n  pr-link: L",
                text(EntrySpans.contentWithPrLink("- config-keys: [a]\n  pr-link:".getBytes(StandardCharsets.UTF_8), "L")));
        assertNull(EntrySpans.contentWithPrLink("- config-keys: [a]\n  pr-link".getBytes(StandardCharsets.UTF_8), "L"));
    }

    @Test
    void lineNumbersCountTheLineEndsBeforeTheOffset() {
        EntrySpans spans = EntrySpans.of("- config-keys: [a]\n\n\n- config-keys: [b]\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(1, spans.lineOf(0));
        // offset 19 is the first empty line, a line end itself
        assertEquals(2, spans.lineOf(19));
        assertEquals(3, spans.lineOf(20));
        assertEquals(4, spans.lineOf(spans.span(1).start()));
        assertEquals(19, spans.span(0).contentEnd());
    }

    @Test
    void aFileEndsWithAnEmptyLineOnlyAfterTwoLineEnds() {
        assertTrue(EntrySpans.endsWithEmptyLine("\n\n".getBytes(StandardCharsets.UTF_8)));
        assertTrue(EntrySpans.endsWithEmptyLine("a\n\n".getBytes(StandardCharsets.UTF_8)));
        assertFalse(EntrySpans.endsWithEmptyLine("a\n  \n".getBytes(StandardCharsets.UTF_8)));
        assertFalse(EntrySpans.endsWithEmptyLine("\n".getBytes(StandardCharsets.UTF_8)));
    }
}
