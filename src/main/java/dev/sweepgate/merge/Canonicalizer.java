package dev.sweepgate.merge;

import dev.sweepgate.changelog.ChangelogChange;
import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.Problems;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * {@code prepare-merge canonicalize}: the pull request's appended entries get their
 * placeholder pr-links rewritten to the pull request's canonical link, every other byte kept.
 */
public final class Canonicalizer {
    private Canonicalizer() {
    }

    /**
     * @param base   the changelog at the base ref
     * @param head   the working-tree changelog
     * @param policy the repository and pull request number (required)
     */
    public static MergeOutcome canonicalize(ChangelogFile base, ChangelogFile head, PrLinkPolicy policy) {
        if (policy.prNumber() == null) {
            throw new IllegalArgumentException("canonicalize needs a pull request number");
        }
        Problems problems = new Problems();
        boolean filesOk = ChangeRules.file(base, problems) & ChangeRules.file(head, problems);
        if (!filesOk) {
            return MergeOutcome.failed(problems.all());
        }
        ChangelogChange change = ChangeRules.historyAndBytes(base, head, policy, true, problems);
        if (change == null) {
            return MergeOutcome.failed(problems.all());
        }
        String canonical = policy.canonical(policy.prNumber());
        int first = base.items().size();
        int appended = change.additions().size();
        if (appended == 0) {
            return new MergeOutcome(null, head.name() + ": nothing appended, nothing to do (file unchanged)",
                    problems.all());
        }
        EntrySpans spans = ChangeRules.spans(head, problems);
        if (spans == null) {
            return MergeOutcome.failed(problems.all());
        }
        // the history rules passed with this pull request's number: any other link is a placeholder
        SortedMap<Integer, String> links = new TreeMap<>();
        for (int i = first; i < head.entries().size(); i++) {
            if (!canonical.equals(head.entries().get(i).prLink())) {
                links.put(i, canonical);
            }
        }
        List<Integer> withoutLine = new ArrayList<>();
        byte[] bytes = links.isEmpty() ? head.bytes() : spans.withPrLinks(links, withoutLine);
        for (int i : withoutLine) {
            ChangelogEntry entry = head.entries().get(i);
            problems.error(entry.pos(), "merge.no-pr-link-line", "new " + entry.label() + " has no line starting "
                    + "with `  pr-link:` (two spaces); write its pr-link on a line of its own as `  pr-link: XXX`");
        }
        List<Integer> rewritten = new ArrayList<>();
        for (int i : links.keySet()) {
            rewritten.add(i + 1);
        }
        if (problems.hasErrors()) {
            return MergeOutcome.failed(problems.all());
        }
        if (rewritten.isEmpty()) {
            return new MergeOutcome(null, head.name() + ": the " + plural(appended, "appended entry", "appended entries")
                    + " already " + (appended == 1 ? "links " : "link ") + canonical + " (file unchanged)", problems.all());
        }
        ChangelogFile result = ChangelogFile.check(bytes, head.name());
        Problems again = new Problems();
        if (!ChangeRules.file(result, again)
                || ChangeRules.historyAndBytes(base, result, policy, true, again) == null
                || !allLink(result, first, canonical, again)) {
            problems.add(Problem.fileError(head.name(), "merge.rewrite-broke-rules", "rewriting the pr-link of "
                    + "new " + ChangelogEntry.labels(rewritten.stream().map(n -> head.entries().get(n - 1)).toList())
                    + " to " + canonical + " would break the changelog rules (reported with this one); "
                    + "the file is unchanged: write each new entry's pr-link as a plain `  pr-link: XXX` line"));
            problems.addAll(again.all());
            return MergeOutcome.failed(problems.all());
        }
        return new MergeOutcome(bytes, head.name() + ": rewrote the pr-link of new "
                + ChangelogEntry.labels(rewritten.stream().map(n -> result.entries().get(n - 1)).toList()) + " to "
                + canonical, problems.all());
    }

    /** Whether every entry from {@code first} on now links {@code canonical}: the rewrite hit the field the parser sees. */
    static boolean allLink(ChangelogFile file, int first, String canonical, Problems problems) {
        boolean ok = true;
        for (int i = first; i < file.entries().size(); i++) {
            ChangelogEntry entry = file.entries().get(i);
            if (!canonical.equals(entry.prLink())) {
                problems.error(entry.pos(), "merge.rewrite-missed", "after the rewrite, " + entry.label()
                        + " still has the pr-link \"" + entry.prLink() + "\": its first `  pr-link:` line is not the "
                        + "pr-link the YAML parser reads");
                ok = false;
            }
        }
        return ok;
    }

    static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
