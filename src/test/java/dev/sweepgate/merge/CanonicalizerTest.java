package dev.sweepgate.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.problem.Problem;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** prepare-merge canonicalize: what it refuses, and why, with nothing written. */
class CanonicalizerTest {
    private static final String LINK = "https://github.com/SemiAnalysisAI/InferenceX/pull/";
    private static final String BASE = entry("alpha", LINK + "1") + "\n" + entry("beta", LINK + "2");

    private static String entry(String key, String link) {
        return "- config-keys:\n    - " + key + "\n  description:\n    - \"about " + key + "\"\n  pr-link: " + link + "\n";
    }

    private static MergeOutcome canonicalize(String head) {
        return Canonicalizer.canonicalize(ChangelogFile.check(BASE.getBytes(StandardCharsets.UTF_8), "perf-changelog.yaml@main"),
                ChangelogFile.check(head.getBytes(StandardCharsets.UTF_8), "perf-changelog.yaml"),
                new PrLinkPolicy(PrLinkPolicy.DEFAULT_REPO, 7L));
    }

    private static List<String> refusal(MergeOutcome outcome) {
        assertNull(outcome.result(), "a refused rewrite writes nothing");
        return outcome.problems().stream().filter(Problem::isError).map(p -> p.line() + ": " + p.message() + " ["
                + p.rule() + "]").toList();
    }

    @Test
    void aNewEntryWhosePrLinkIsNotOnALineOfItsOwnIsNamed() {
        String quoted = entry("gamma", "XXX").replace("  pr-link:", "  \"pr-link\":");
        assertEquals(List.of("13: new entry 3 (line 13) has no line starting with `  pr-link:` (two spaces); write its pr-link on a "
                + "line of its own as `  pr-link: XXX` [merge.no-pr-link-line]"), refusal(canonicalize(BASE + "\n" + quoted)));
    }

    @Test
    void aRewriteThatMissesTheFieldTheParserReadsIsRefused() {
        // the first `  pr-link:` line is inside the quoted description, which stays valid YAML after the rewrite
        String hidden = "- config-keys:\n    - gamma\n  description:\n    - \"third\n  pr-link: fake\n    \"\n  pr-link: XXX\n";
        List<String> errors = refusal(canonicalize(BASE + "\n" + hidden));
        assertTrue(errors.get(0).contains("rewriting the pr-link of new entry 3 (line 13) to " + LINK + "7 would break the "
                + "changelog rules (reported with this one)"), errors.toString());
        assertTrue(errors.stream().anyMatch(m -> m.startsWith("13: after the rewrite, entry 3 (line 13) still has the pr-link \"XXX\"")
                && m.endsWith("[merge.rewrite-missed]")), errors.toString());
    }

    @Test
    void aRewriteThatWouldBreakTheYamlListsWhatBroke() {
        // here the rewrite would drop the description's closing quote
        String hidden = "- config-keys:\n    - gamma\n  description:\n    - \"third\n  pr-link: fake\"\n  pr-link: XXX\n";
        List<String> errors = refusal(canonicalize(BASE + "\n" + hidden));
        assertTrue(errors.get(0).endsWith("[merge.rewrite-broke-rules]"), errors.toString());
        assertTrue(errors.stream().anyMatch(m -> m.endsWith("[yaml.syntax]")), errors.toString());
    }
}
