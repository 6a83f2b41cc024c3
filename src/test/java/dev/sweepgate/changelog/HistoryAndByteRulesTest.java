package dev.sweepgate.changelog;

import static dev.sweepgate.changelog.Changelogs.BASE;
import static dev.sweepgate.changelog.Changelogs.LINK;
import static dev.sweepgate.changelog.Changelogs.appended;
import static dev.sweepgate.changelog.Changelogs.entry;
import static dev.sweepgate.changelog.Changelogs.file;
import static dev.sweepgate.changelog.Changelogs.rules;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.Problems;
import java.util.List;
import org.junit.jupiter.api.Test;

class HistoryAndByteRulesTest {
    private static final PrLinkPolicy MAIN = new PrLinkPolicy(PrLinkPolicy.DEFAULT_REPO, null);
    private static final PrLinkPolicy PR_42 = new PrLinkPolicy(PrLinkPolicy.DEFAULT_REPO, 42L);

    /** History then byte rules, as validate-changelog applies them. */
    private static List<Problem> check(String base, String head, PrLinkPolicy policy) {
        ChangelogFile b = file(base);
        ChangelogFile h = file(head);
        assertTrue(b.ok() && h.ok(), b.problems() + " " + h.problems());
        Problems problems = new Problems();
        ChangelogChange change = HistoryRules.check(b, h, policy, problems);
        if (!problems.hasErrors()) {
            ByteRules.check(b, h, change, policy.pullRequest(), problems);
        }
        return problems.all();
    }

    @Test
    void acceptsAnEntryAppendedAfterOneEmptyLine() {
        assertEquals(List.of(), check(BASE, appended(BASE, entry("gamma", LINK + "3")), MAIN));
        assertEquals(List.of(), check(BASE, appended(BASE, entry("gamma", LINK + "3"), entry("delta", LINK + "4")), MAIN));
    }

    @Test
    void whenTheBaseEndsWithAnEmptyLineTheEntryFollowsDirectly() {
        String base = BASE + "\n";
        assertEquals(List.of(), check(base, base + entry("gamma", LINK + "3"), MAIN));
        assertEquals(List.of("changelog.separator"), rules(check(base, base + "\n" + entry("gamma", LINK + "3"), MAIN)));
    }

    @Test
    void refusesAppendedEntriesWithoutExactlyOneEmptyLine() {
        assertEquals(List.of("changelog.separator"), rules(check(BASE, BASE + entry("gamma", LINK + "3"), MAIN)));
        assertEquals(List.of("changelog.separator"), rules(check(BASE, BASE + "\n\n" + entry("gamma", LINK + "3"), MAIN)));
        assertEquals(List.of("changelog.separator"), rules(check(BASE, BASE + "\n# note\n" + entry("gamma", LINK + "3"), MAIN)));
        String second = appended(BASE, entry("gamma", LINK + "3")) + entry("delta", LINK + "4");
        assertEquals(List.of("changelog.separator"), rules(check(BASE, second, MAIN)));
        String tripled = appended(BASE, entry("gamma", LINK + "3")) + "\n\n" + entry("delta", LINK + "4");
        assertEquals(List.of("changelog.separator"), rules(check(BASE, tripled, MAIN)));
    }

    @Test
    void allowsCommentsInsideTheAppendedText() {
        String head = appended(BASE, entry("gamma", LINK + "3").replace("  description:", "  # why\n  description:"));
        assertEquals(List.of(), check(BASE, head, MAIN));
    }

    @Test
    void refusesEmptyLinesAtTheEnd() {
        List<Problem> problems = check(BASE, appended(BASE, entry("gamma", LINK + "3")) + "\n", MAIN);
        assertEquals(List.of("changelog.trailing-blank"), rules(problems));
        assertTrue(problems.get(0).message().contains("must end with one newline"));
    }

    @Test
    void theClassicCaseNamesTheRewrittenSeparatorOnBothSides() {
        // a contributor appends an entry and their editor turns the two-space separator into an empty line
        String head = appended(BASE.replace("  \n\n", "\n\n"), entry("gamma", LINK + "3"));
        List<Problem> problems = check(BASE, head, MAIN);
        assertEquals(List.of("changelog.history-bytes"), rules(problems));
        Problem p = problems.get(0);
        assertEquals(6, p.line());
        assertEquals(1, p.column());
        assertEquals("appended entries changed historical perf-changelog.yaml bytes; the first differing byte is at line 6, "
                + "column 1 of the base and line 6, column 1 of the head:\n"
                + "  base line 6: \"  \\n\" (2 spaces and nothing else)\n"
                + "  head line 6: \"\\n\" (an empty line)\n"
                + "  fix: this historical line holds 2 spaces and must keep them (an editor that trims trailing whitespace "
                + "removes them): restore the base file byte for byte and add new entries only after its last line"
                + "\n  `sweepgate fix-changelog --base-ref BASE` makes this repair when the new entries themselves are right",
                p.message());
    }

    @Test
    void refusesAHistoricalFormattingChangeThatParsesTheSame() {
        String head = appended(BASE.replace("    - \"Change alpha-fp8-h100-vllm\"", "    - 'Change alpha-fp8-h100-vllm'"),
                entry("gamma", LINK + "3"));
        List<Problem> problems = check(BASE, head, MAIN);
        assertEquals(List.of("changelog.history-bytes"), rules(problems));
        assertTrue(problems.get(0).message().contains("line 4, column 7"), problems.get(0).message());
        String noChange = BASE.replace("    - \"Change alpha-fp8-h100-vllm\"", "    - 'Change alpha-fp8-h100-vllm'");
        assertEquals(List.of("changelog.bytes-changed"), rules(check(BASE, noChange, MAIN)));
    }

    @Test
    void identicalFilesPassTheRawRules() {
        assertEquals(List.of(), check(BASE, BASE, MAIN));
    }

    @Test
    void refusesDeletedAndChangedEntries() {
        String first = entry("alpha-fp8-h100-vllm", LINK + "1");
        assertEquals(List.of("changelog.deleted-entries"), rules(check(BASE, first, MAIN)));
        List<Problem> changed = check(BASE, BASE.replace("Change beta", "Changed beta"), MAIN);
        assertEquals(List.of("changelog.history-changed"), rules(changed));
        assertTrue(changed.get(0).message().startsWith("entry 2 (line 8) changed (description differs"), changed.get(0).message());
        // at the description item that changed, not at the entry's first line
        assertEquals(List.of(11, 7), List.of(changed.get(0).line(), changed.get(0).column()));
        // a written-out default is a change of the parsed value
        assertEquals(List.of("changelog.history-changed"), rules(check(BASE, BASE + "  evals-only: false\n", MAIN)));
    }

    @Test
    void anEditedEntryIsReportedAtTheFirstValueThatDiffers() {
        // entry 2 starts at line 8: its config key is line 9, its description item line 11, its pr-link line 12
        Problem key = check(BASE, BASE.replace("    - beta-fp4-b200-sglang\n", "    - beta-fp4-b200-vllm\n"), MAIN).get(0);
        assertEquals(List.of(9, 7), List.of(key.line(), key.column()), key.toString());
        Problem field = check(BASE, BASE + "  evals-only: false\n", MAIN).get(0);
        assertEquals(List.of(13, 3), List.of(field.line(), field.column()), field.toString());
        String more = BASE.replace("Change beta-fp4-b200-sglang\"\n", "Change beta-fp4-b200-sglang\"\n    - \"and more\"\n");
        Problem item = check(BASE, more, MAIN).get(0);
        assertEquals(List.of(12, 7), List.of(item.line(), item.column()), item.toString());
        // two fields changed: the first in the entry's order
        Problem two = check(BASE, BASE.replace("Change beta", "Changed beta").replace(LINK + "2", LINK + "22"), MAIN).get(0);
        assertEquals(List.of(11, 7), List.of(two.line(), two.column()), two.toString());
        assertTrue(two.message().startsWith("entry 2 (line 8) changed (description, pr-link differ"), two.message());
    }

    @Test
    void acceptsAPrLinkCorrectionToACanonicalLink() {
        String base = BASE.replace(LINK + "2", "XXX");
        assertEquals(List.of(), check(base, BASE, MAIN));
        assertEquals(List.of("changelog.correction-link"), rules(check(base, BASE.replace(LINK + "2", LINK + "2x"), MAIN)));
        assertEquals(List.of("changelog.correction-link"), rules(check(base, BASE.replace(LINK + "2", LINK + "XXX"), MAIN)));
    }

    @Test
    void aCorrectionMayOnlyTouchItsPrLinkLines() {
        String base = BASE.replace("  pr-link: " + LINK + "2", "  pr-link: XXX");
        String quoted = BASE.replace("  pr-link: " + LINK + "2", "  pr-link: \"" + LINK + "2\"");
        assertEquals(List.of(), check(base, quoted, MAIN));
        String flowStyle = BASE.replace("  pr-link: " + LINK + "2", "  pr-link:\n    " + LINK + "2");
        assertEquals(List.of("changelog.correction-bytes"), rules(check(base, flowStyle, MAIN)));
        String alsoSpace = quoted.replace("  \n\n", "\n\n");
        assertEquals(List.of("changelog.correction-bytes"), rules(check(base, alsoSpace, MAIN)));
    }

    @Test
    void refusesCorrectionsMixedWithNewEntries() {
        String base = BASE.replace(LINK + "2", "XXX");
        assertTrue(rules(check(base, appended(BASE, entry("gamma", LINK + "3")), MAIN)).contains("changelog.mixed-change"));
    }

    @Test
    void newLinksFollowThePullRequestNumber() {
        assertEquals(List.of("changelog.new-link"), rules(check(BASE, appended(BASE, entry("g", "XXX")), MAIN)));
        assertEquals(List.of("changelog.new-link"), rules(check(BASE, appended(BASE, entry("g", LINK + "XXX")), MAIN)));
        assertEquals(List.of(), check(BASE, appended(BASE, entry("g", "XXX")), PR_42));
        assertEquals(List.of(), check(BASE, appended(BASE, entry("g", LINK + "XXX")), PR_42));
        assertEquals(List.of(), check(BASE, appended(BASE, entry("g", LINK + "42")), PR_42));
        assertEquals(List.of("changelog.new-link"), rules(check(BASE, appended(BASE, entry("g", LINK + "43")), PR_42)));
        assertEquals(List.of("changelog.new-link"), rules(check(BASE, appended(BASE, entry("g", LINK + "042")), PR_42)));
        assertEquals(List.of("changelog.new-link"), rules(check(BASE, appended(BASE, entry("g", "xxx")), PR_42)));
    }

    @Test
    void theRepositoryOfLinksCanBeChanged() {
        PrLinkPolicy fork = new PrLinkPolicy("me/fork", null);
        assertEquals(List.of(), check(BASE, appended(BASE, entry("g", "https://github.com/me/fork/pull/7")), fork));
        assertEquals(List.of("changelog.new-link"), rules(check(BASE, appended(BASE, entry("g", LINK + "7")), fork)));
    }
}
