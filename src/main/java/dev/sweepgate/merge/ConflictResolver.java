package dev.sweepgate.merge;

import dev.sweepgate.changelog.ChangelogChange;
import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.changelog.PyValues;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.yaml.YNode;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Resolves a conflicted changelog from the three sides of a merge: the upstream side (main)
 * keeps its bytes exactly and the other side's contribution is replayed on top of it,
 * either its appended entries or its pr-link corrections. Serves both
 * {@code prepare-merge resolve-conflict} and {@code merge-driver}.
 */
public final class ConflictResolver {
    private static final String PR_LINK = "pr-link";

    /**
     * How the two sides are named in messages.
     *
     * @param upstream  the side whose bytes are kept, e.g. "main"
     * @param other     the side whose entries are replayed, e.g. "the pull request"
     */
    public record Labels(String upstream, String other) {
    }

    /**
     * @param base      the merge base
     * @param other     the side whose change is replayed (the pull request)
     * @param upstream  the side kept byte for byte (main)
     * @param repo      the repository pr-links point to
     * @param prNumber  the pull request number: new entries get its canonical link; null keeps
     *                  their links as written (and does not judge them)
     * @param output    how the resolved file is named in messages
     */
    public static MergeOutcome resolve(ChangelogFile base, ChangelogFile other, ChangelogFile upstream, String repo,
                                       Long prNumber, Labels labels, String output) {
        Problems problems = new Problems();
        boolean filesOk = ChangeRules.file(base, problems) & ChangeRules.file(other, problems)
                & ChangeRules.file(upstream, problems);
        if (!filesOk) {
            return MergeOutcome.failed(problems.all());
        }
        PrLinkPolicy policy = new PrLinkPolicy(repo, prNumber);
        boolean judgeNewLinks = prNumber != null;
        ChangelogChange change = ChangeRules.historyAndBytes(base, other, policy, judgeNewLinks, problems);
        if (change == null) {
            return MergeOutcome.failed(problems.all());
        }
        byte[] result;
        String message;
        boolean appends = !change.additions().isEmpty();
        if (appends) {
            List<Integer> contributed = new ArrayList<>();
            result = appendContribution(base, other, upstream, prNumber == null ? null : policy.canonical(prNumber),
                    labels, contributed, problems);
            // completed below with the entries' numbers in the result, the file they now belong to
            message = output + ": kept " + labels.upstream() + " (" + Canonicalizer.plural(upstream.items().size(),
                    "entry", "entries") + ") and appended " + Canonicalizer.plural(contributed.size(), "entry", "entries")
                    + " of " + labels.other() + " as ";
        } else if (!change.corrections().isEmpty()) {
            List<Integer> corrected = new ArrayList<>();
            result = replayCorrections(base, other, upstream, change, labels, corrected, problems);
            message = output + ": kept " + labels.upstream() + " and applied the pr-link "
                    + (corrected.size() == 1 ? "correction of entry " : "corrections of entries ") + corrected
                    + " from " + labels.other();
        } else {
            problems.add(Problem.fileError(other.name(), "merge.nothing-to-merge", labels.other()
                    + " neither appends entries nor corrects pr-links in " + output + "; take "
                    + labels.upstream() + "'s version of the file"));
            return MergeOutcome.failed(problems.all());
        }
        if (result == null || problems.hasErrors()) {
            return MergeOutcome.failed(problems.all());
        }
        ChangelogFile resolved = ChangelogFile.check(result, output);
        Problems again = new Problems();
        boolean resultOk = ChangeRules.file(resolved, again)
                && ChangeRules.historyAndBytes(upstream, resolved, policy, judgeNewLinks, again) != null;
        if (!resultOk) {
            problems.add(Problem.fileError(output, "merge.result-broke-rules", "the resolved file would break the "
                    + "changelog rules against " + labels.upstream() + " (reported with this one), so it was not written; resolve the "
                    + "conflict by hand: take " + labels.upstream() + "'s file and append the new entries after one empty line"));
            problems.addAll(again.all());
            return MergeOutcome.failed(problems.all());
        }
        if (appends) {
            List<ChangelogEntry> added = resolved.entries().subList(upstream.entries().size(), resolved.entries().size());
            message += ChangelogEntry.labels(added) + (prNumber == null ? "" : " linking " + policy.canonical(prNumber));
        }
        return new MergeOutcome(result, message, problems.all());
    }

    /** Upstream's bytes, then the other side's new entries upstream lacks, one empty line apart. */
    private static byte[] appendContribution(ChangelogFile base, ChangelogFile other, ChangelogFile upstream,
                                             String canonical, Labels labels, List<Integer> contributed, Problems problems) {
        EntrySpans spans = ChangeRules.spans(other, problems);
        if (spans == null) {
            return null;
        }
        List<Object> upstreamContents = new ArrayList<>();
        for (YNode item : upstream.items()) {
            upstreamContents.add(withoutPrLink(item));
        }
        List<byte[]> blocks = new ArrayList<>();
        for (int i = base.items().size(); i < other.items().size(); i++) {
            Object content = withoutPrLink(other.items().get(i));
            if (upstreamContents.stream().anyMatch(u -> PyValues.equal(u, content))) {
                continue;
            }
            byte[] block = spans.content(i);
            if (canonical != null) {
                block = EntrySpans.contentWithPrLink(block, canonical);
                if (block == null) {
                    ChangelogEntry entry = other.entries().get(i);
                    problems.error(entry.pos(), "merge.no-pr-link-line", "new " + entry.label() + " of " + labels.other()
                            + " has no line starting with `  pr-link:` (two spaces); write its pr-link on a line of its "
                            + "own as `  pr-link: XXX`");
                    continue;
                }
            }
            blocks.add(block);
            contributed.add(i + 1);
        }
        if (problems.hasErrors()) {
            return null;
        }
        if (blocks.isEmpty()) {
            problems.add(Problem.fileError(other.name(), "merge.already-upstream", "every entry " + labels.other()
                    + " appends is already on " + labels.upstream() + " (same content apart from pr-link); nothing is "
                    + "left to contribute: take " + labels.upstream() + "'s version of the file"));
            return null;
        }
        byte[] kept = upstream.bytes();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(kept, 0, kept.length);
        if (!EntrySpans.endsWithEmptyLine(kept)) {
            out.write('\n');
        }
        for (int k = 0; k < blocks.size(); k++) {
            if (k > 0) {
                out.write('\n');
            }
            out.write(blocks.get(k), 0, blocks.get(k).length);
        }
        return out.toByteArray();
    }

    /** Upstream with the other side's pr-link corrections applied where upstream still has the base's link. */
    private static byte[] replayCorrections(ChangelogFile base, ChangelogFile other, ChangelogFile upstream,
                                            ChangelogChange change, Labels labels, List<Integer> corrected,
                                            Problems problems) {
        EntrySpans spans = ChangeRules.spans(upstream, problems);
        if (spans == null) {
            return null;
        }
        byte[] bytes = upstream.bytes();
        for (int index : change.corrections()) {
            int number = index + 1;
            if (index >= upstream.items().size()) {
                problems.add(Problem.fileError(upstream.name(), "merge.correction-missing", labels.upstream()
                        + " is missing corrected entry " + number + " (it has only " + upstream.items().size()
                        + " entries); resolve the conflict by hand"));
                continue;
            }
            YNode upstreamItem = upstream.items().get(index);
            if (!PyValues.equal(withoutPrLink(upstreamItem), withoutPrLink(base.items().get(index)))) {
                problems.error(upstreamItem.pos(), "merge.correction-diverged", "entry " + number + " on "
                        + labels.upstream() + " differs from the merge base in more than its pr-link, so the correction of "
                        + labels.other() + " cannot be applied to it; resolve the conflict by hand");
                continue;
            }
            String upstreamLink = upstream.entries().get(index).prLink();
            String otherLink = other.entries().get(index).prLink();
            String baseLink = base.entries().get(index).prLink();
            if (upstreamLink.equals(otherLink)) {
                continue;
            }
            if (!upstreamLink.equals(baseLink)) {
                problems.error(upstreamItem.pos(), "merge.correction-conflict", "entry " + number + ": "
                        + labels.upstream() + " changed its pr-link from \"" + baseLink + "\" to \"" + upstreamLink
                        + "\" and " + labels.other() + " to \"" + otherLink + "\"; decide which link is right by hand");
                continue;
            }
            byte[] next = EntrySpans.of(bytes).withPrLink(index, otherLink);
            if (next == null) {
                problems.error(upstreamItem.pos(), "merge.no-pr-link-line", "entry " + number + " on " + labels.upstream()
                        + " has no line starting with `  pr-link:` to correct; resolve the conflict by hand");
                continue;
            }
            bytes = next;
            corrected.add(number);
        }
        if (problems.hasErrors()) {
            return null;
        }
        if (corrected.isEmpty()) {
            problems.add(Problem.fileError(other.name(), "merge.already-upstream", "every pr-link correction of "
                    + labels.other() + " is already on " + labels.upstream() + "; nothing is left to contribute: take "
                    + labels.upstream() + "'s version of the file"));
            return null;
        }
        return bytes;
    }

    /** An entry as written, minus pr-link: what "the same entry" means across the two sides. */
    private static Object withoutPrLink(YNode item) {
        // the file rules passed, so every entry is a mapping
        Map<Object, Object> copy = new java.util.LinkedHashMap<>((Map<?, ?>) item.toPlain());
        copy.remove(PR_LINK);
        return copy;
    }
}
