package dev.sweepgate.merge;

import dev.sweepgate.changelog.ByteRules;
import dev.sweepgate.changelog.ChangelogChange;
import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.HistoryRules;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.Problems;
import java.util.List;

/** The changelog.md rules of a change (base → head) as the merge operations apply them. */
final class ChangeRules {
    /** The rule HistoryRules reports a new entry's unacceptable pr-link under. */
    static final String NEW_LINK_RULE = "changelog.new-link";

    private ChangeRules() {
    }

    /** File rules of one side: its problems go to {@code problems}; true when it passes. */
    static boolean file(ChangelogFile file, Problems problems) {
        problems.addAll(file.problems());
        return file.ok();
    }

    /**
     * History rules, then byte rules, of base → head; both files must have passed the file
     * rules. With {@code judgeNewLinks} false the pr-links of new entries are not checked
     * (the merge driver keeps links it was not asked to canonicalise: they are the gate's business).
     *
     * @return what the change did; null when a rule is broken
     */
    static ChangelogChange historyAndBytes(ChangelogFile base, ChangelogFile head, PrLinkPolicy policy,
                                           boolean judgeNewLinks, Problems problems) {
        Problems history = new Problems();
        ChangelogChange change = HistoryRules.check(base, head, policy, history);
        List<Problem> kept = history.all().stream()
                .filter(p -> judgeNewLinks || !p.rule().equals(NEW_LINK_RULE))
                .toList();
        problems.addAll(kept);
        if (kept.stream().anyMatch(Problem::isError)) {
            return null;
        }
        int mark = problems.size();
        ByteRules.check(base, head, change, policy.pullRequest(), problems);
        return problems.hasErrorsSince(mark) ? null : change;
    }

    /** The spans of a file that passed the file rules; null (with a problem) when they do not match its entries. */
    static EntrySpans spans(ChangelogFile file, Problems problems) {
        EntrySpans spans = EntrySpans.of(file.bytes());
        if (spans.size() != file.items().size()) {
            problems.add(Problem.fileError(file.name(), "merge.entry-spans", "the file has " + file.items().size()
                    + " entries but " + spans.size() + " lines that begin with `" + ChangelogFile.ENTRY_START
                    + "` when only \\n ends a line; an entry start follows a line separator other than \\n "
                    + "(such as U+2028 or \\f): replace it with a plain line end"));
            return null;
        }
        return spans;
    }
}
