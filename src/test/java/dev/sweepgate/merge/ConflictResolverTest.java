package dev.sweepgate.merge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.problem.Problem;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The refusals of resolve-conflict and the merge driver, each with its rule, and nothing written. */
class ConflictResolverTest {
    private static final String LINK = "https://github.com/SemiAnalysisAI/InferenceX/pull/";
    private static final ConflictResolver.Labels LABELS = new ConflictResolver.Labels("main", "the pull request");

    private static String entry(String key, String description, String link) {
        return "- config-keys:\n    - " + key + "\n  description:\n    - \"" + description + "\"\n  pr-link: " + link + "\n";
    }

    private static final String ONE = entry("alpha", "first", LINK + "1");
    private static final String TWO = entry("beta", "second", "XXX");
    private static final String BASE = ONE + "\n" + TWO;

    private static ChangelogFile file(String text, String side) {
        return ChangelogFile.check(text.getBytes(StandardCharsets.UTF_8), "perf-changelog.yaml@" + side);
    }

    private static MergeOutcome resolve(String base, String pr, String main, Long prNumber) {
        return ConflictResolver.resolve(file(base, "merge-base"), file(pr, "ours"), file(main, "theirs"),
                PrLinkPolicy.DEFAULT_REPO, prNumber, LABELS, "perf-changelog.yaml");
    }

    private static List<String> refusal(MergeOutcome outcome) {
        assertNull(outcome.result(), "a refused merge writes nothing");
        return outcome.problems().stream().filter(Problem::isError).map(Problem::rule).toList();
    }

    @Test
    void aCorrectionOnAnEntryMainChangedOtherwiseIsRefused() {
        String pr = BASE.replace("pr-link: XXX", "pr-link: " + LINK + "2");
        String main = BASE.replace("\"second\"", "\"second, edited on main\"");
        assertEquals(List.of("merge.correction-diverged"), refusal(resolve(BASE, pr, main, 7L)));
    }

    @Test
    void aCorrectionOfAnEntryMainDoesNotHaveIsRefused() {
        String pr = BASE.replace("pr-link: XXX", "pr-link: " + LINK + "2");
        assertEquals(List.of("merge.correction-missing"), refusal(resolve(BASE, pr, ONE, 7L)));
    }

    @Test
    void aCorrectionMainAlreadyHasIsAppliedOnce() {
        String corrected = BASE.replace("pr-link: XXX", "pr-link: " + LINK + "2");
        assertEquals(List.of("merge.already-upstream"), refusal(resolve(BASE, corrected, corrected, 7L)));
        MergeOutcome applied = resolve(BASE, corrected, BASE + "\n" + entry("gamma", "third", LINK + "3"), 7L);
        assertArrayEquals((corrected + "\n" + entry("gamma", "third", LINK + "3")).getBytes(StandardCharsets.UTF_8),
                applied.result());
    }

    @Test
    void aPullRequestThatChangesNothingHasNothingToMerge() {
        assertEquals(List.of("merge.nothing-to-merge"), refusal(resolve(BASE, BASE, BASE + "\n" + ONE, 7L)));
    }

    @Test
    void aNewEntryWhosePrLinkIsNotOnALineOfItsOwnCannotBeLinked() {
        String quotedKey = entry("gamma", "third", "XXX").replace("  pr-link:", "  \"pr-link\":");
        String pr = BASE + "\n" + quotedKey;
        assertEquals(List.of("merge.no-pr-link-line"), refusal(resolve(BASE, pr, BASE, 7L)));
        // the merge driver without a number keeps links as written, so the same entry merges
        MergeOutcome kept = resolve(BASE, pr, BASE, null);
        assertArrayEquals(pr.getBytes(StandardCharsets.UTF_8), kept.result());
    }

    @Test
    void aSideThatBreaksTheFileRulesIsRefusedWhicheverItIs() {
        String tab = BASE.replace("    - alpha", "\t- alpha");
        String pr = BASE + "\n" + entry("gamma", "third", "XXX");
        assertEquals(List.of("changelog.tab"), refusal(resolve(tab, pr, BASE, 7L)));
        assertEquals(List.of("changelog.tab"), refusal(resolve(BASE, tab, BASE, 7L)));
        assertEquals(List.of("changelog.tab"), refusal(resolve(BASE, pr, tab, 7L)));
    }

    @Test
    void newEntriesFollowMainAfterExactlyOneEmptyLine() {
        String gamma = entry("gamma", "third", "XXX");
        String linked = gamma.replace("XXX", LINK + "7");
        String main = BASE + "\n" + entry("delta", "fourth", LINK + "4");
        assertArrayEquals((main + "\n" + linked).getBytes(StandardCharsets.UTF_8),
                resolve(BASE, BASE + "\n" + gamma, main, 7L).result());
        String mainWithEmptyLine = main + "\n";
        assertArrayEquals((mainWithEmptyLine + linked).getBytes(StandardCharsets.UTF_8),
                resolve(BASE, BASE + "\n" + gamma, mainWithEmptyLine, 7L).result());
    }

    @Test
    void twoNewEntriesAreAppendedOneEmptyLineApartAndTheMessageNamesThem() {
        String gamma = entry("gamma", "third", "XXX");
        String delta = entry("delta", "fourth", "XXX");
        MergeOutcome outcome = resolve(BASE, BASE + "\n" + gamma + "\n" + delta, BASE, 7L);
        assertArrayEquals((BASE + "\n" + gamma.replace("XXX", LINK + "7") + "\n" + delta.replace("XXX", LINK + "7"))
                .getBytes(StandardCharsets.UTF_8), outcome.result());
        // numbered in the resolved file, as every message numbers entries
        assertEquals("perf-changelog.yaml: kept main (2 entries) and appended 2 entries of the pull request as entries "
                + "3 (line 13) and 4 (line 19) linking " + LINK + "7", outcome.message());
    }

    @Test
    void theEntryWithoutAPrLinkLineIsNamedByItsNumber() {
        String quotedKey = entry("gamma", "third", "XXX").replace("  pr-link:", "  \"pr-link\":");
        List<String> messages = resolve(BASE, BASE + "\n" + quotedKey, BASE, 7L).problems().stream()
                .map(Problem::message).toList();
        assertEquals(List.of("new entry 3 (line 13) of the pull request has no line starting with `  pr-link:` (two spaces); write "
                + "its pr-link on a line of its own as `  pr-link: XXX`"), messages);
    }

    @Test
    void aCorrectionOfAnEntryWhosePrLinkIsNotOnALineOfItsOwnOnMainIsRefused() {
        // main holds the same entry, its pr-link key written quoted
        String main = BASE.replace("  pr-link: XXX", "  \"pr-link\": XXX") + "\n" + entry("gamma", "third", LINK + "3");
        MergeOutcome outcome = resolve(BASE, BASE.replace("pr-link: XXX", "pr-link: " + LINK + "2"), main, 7L);
        assertEquals(List.of("merge.no-pr-link-line"), refusal(outcome));
        assertTrue(outcome.problems().get(0).message().startsWith("entry 2 on main has no line starting with `  pr-link:`"),
                outcome.problems().get(0).message());
    }

    @Test
    void aResultThatWouldBreakTheRulesIsNotWritten() {
        // the first `  pr-link:` line is inside the quoted description, so the canonical link lands there
        String hidden = "- config-keys:\n    - gamma\n  description:\n    - \"third\n  pr-link: fake\"\n  pr-link: XXX\n";
        List<String> rules = refusal(resolve(BASE, BASE + "\n" + hidden, BASE, 7L));
        assertEquals("merge.result-broke-rules", rules.get(0), rules.toString());
        assertTrue(rules.size() > 1, "the broken rules are listed below: " + rules);
    }
}
