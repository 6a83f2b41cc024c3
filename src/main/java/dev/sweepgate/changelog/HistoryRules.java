package dev.sweepgate.changelog;

import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YSeq;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The history rules of changelog.md: base entries compared with head entries by position,
 * as parsed values. History may only grow at the end, or (alone) get pr-link corrections.
 */
public final class HistoryRules {
    private HistoryRules() {
    }

    /** Both files must have passed the file rules. Problems go to {@code problems}. */
    public static ChangelogChange check(ChangelogFile base, ChangelogFile head, PrLinkPolicy policy, Problems problems) {
        List<YNode> baseItems = base.items();
        List<YNode> headItems = head.items();
        if (headItems.size() < baseItems.size()) {
            problems.add(Problem.fileError(head.name(), "changelog.deleted-entries", "entries were deleted: the base has "
                    + baseItems.size() + " entries and the head only " + headItems.size()
                    + "; history is append-only, so restore the deleted entries"));
            return new ChangelogChange(List.of(), List.of());
        }
        int first = firstDifference(baseItems, headItems);
        if (first < baseItems.size() && headItems.size() > baseItems.size()) {
            List<Integer> added = InsertedEntries.newItems(baseItems, headItems, first);
            if (added != null && InsertedEntries.onlyLinesAddedToHistory(base.bytes(), head.bytes())) {
                return inserted(base, head, added, policy, problems);
            }
        }
        List<Integer> corrections = new ArrayList<>();
        // A correction replaces a pr-link line: a change that only adds lines corrects nothing.
        Boolean onlyLinesAdded = null;
        for (int i = first; i < baseItems.size(); i++) {
            if (baseItems.get(i) == headItems.get(i)) {
                continue; // one parse gave both sides this entry (ChangelogFile.checkBase)
            }
            Object before = baseItems.get(i).toPlain();
            Object after = headItems.get(i).toPlain();
            if (PyValues.equal(before, after)) {
                continue;
            }
            Set<String> changed = changedFields(before, after);
            Position at = headItems.get(i).pos();
            boolean prLinkOnly = changed.equals(Set.of(EntryBinder.PR_LINK));
            if (prLinkOnly && onlyLinesAdded == null) {
                onlyLinesAdded = InsertedEntries.onlyLinesAdded(base.bytes(), head.bytes()); // once, for the first such entry
            }
            if (prLinkOnly && !onlyLinesAdded) {
                corrections.add(i);
                String link = head.entries().get(i).prLink();
                if (!policy.isCanonical(link)) {
                    problems.error(valuePos(headItems.get(i), EntryBinder.PR_LINK), "changelog.correction-link",
                            ChangelogEntry.label(i + 1, at) + ": a corrected pr-link must be canonical (" + policy.base()
                                    + "<number>), not \"" + link + "\"");
                }
                continue;
            }
            // at the value that changed (the first, in the head's order), not the entry's first line
            problems.error(firstChange(baseItems.get(i), headItems.get(i)), "changelog.history-changed",
                    ChangelogEntry.label(i + 1, at) + " changed (" + String.join(", ", changed)
                    + (changed.size() == 1 ? " differs" : " differ") + " from the base); existing entries are immutable "
                    + "except for pr-link-only corrections: restore the entry as it was and describe the new change "
                    + "in a new entry at the end of the file");
        }
        List<ChangelogEntry> additions = head.entries().subList(baseItems.size(), head.entries().size());
        if (!corrections.isEmpty() && !additions.isEmpty()) {
            // At the first appended entry: that is where the change stops being a correction.
            problems.add(Problem.error(headItems.get(baseItems.size()).pos(), "changelog.mixed-change", "this change corrects the pr-link of "
                    + corrections.size() + " existing " + (corrections.size() == 1 ? "entry" : "entries") + " and appends "
                    + additions.size() + " new " + (additions.size() == 1 ? "entry" : "entries")
                    + "; make the corrections in a pull request of their own"));
        }
        checkNewLinks(head, additions, policy, problems);
        return new ChangelogChange(additions, corrections);
    }

    /** The index of the first base entry the head does not have at its place (the base's size when none). */
    private static int firstDifference(List<YNode> baseItems, List<YNode> headItems) {
        for (int i = 0; i < baseItems.size(); i++) {
            if (baseItems.get(i) != headItems.get(i) && !PyValues.equal(baseItems.get(i).toPlain(), headItems.get(i).toPlain())) {
                return i;
            }
        }
        return baseItems.size();
    }

    /**
     * New entries inserted among the old ones ({@link InsertedEntries}), the bytes likewise (lines
     * added, none changed): one error per block of them, at its first line, instead of one per old
     * entry it pushed down. They are the change's new entries all the same (coverage counts them).
     */
    private static ChangelogChange inserted(ChangelogFile base, ChangelogFile head, List<Integer> added, PrLinkPolicy policy,
                                            Problems problems) {
        List<YNode> items = head.items();
        for (int[] block : InsertedEntries.misplacedBlocks(added, items.size())) {
            int count = block[1] - block[0] + 1;
            Position at = items.get(block[0]).pos();
            int[] lines = InsertedEntries.lineSpan(items, block);
            int after = items.size() - block[1] - 1;
            String which = count == 1 ? ChangelogEntry.label(block[0] + 1, at) + " is new but was"
                    : "entries " + (block[0] + 1) + "-" + (block[1] + 1) + " are new but were";
            problems.error(at, "changelog.history-changed", which + " inserted in the middle of the file (lines " + lines[0]
                    + "-" + lines[1] + "), before the last " + (after == 1 ? "entry" : after + " entries")
                    + " instead of after " + (after == 1 ? "it" : "them") + "; history is append-only"
                    + "\n  fix: move " + (count == 1 ? "this entry" : "these entries") + " to the end of the file, after one "
                    + "empty line (the entries after " + (count == 1 ? "it" : "them") + " are then unchanged)"
                    + "\n  " + ByteRules.fixCommand(base, head) + " makes this move");
        }
        List<ChangelogEntry> additions = added.stream().map(i -> head.entries().get(i)).toList();
        checkNewLinks(head, additions, policy, problems);
        return new ChangelogChange(additions, List.of());
    }

    /** Each new entry's pr-link, by the policy. */
    private static void checkNewLinks(ChangelogFile head, List<ChangelogEntry> additions, PrLinkPolicy policy, Problems problems) {
        for (ChangelogEntry entry : additions) {
            if (!policy.acceptsNew(entry.prLink())) {
                problems.error(valuePos(head.items().get(entry.number() - 1), EntryBinder.PR_LINK), "changelog.new-link",
                        entry.label() + ", a new entry, has the pr-link \"" + entry.prLink() + "\"; write " + policy.expectedNew());
            }
        }
    }

    private static Set<String> changedFields(Object before, Object after) {
        Set<String> changed = new LinkedHashSet<>();
        if (before instanceof Map<?, ?> a && after instanceof Map<?, ?> b) {
            Set<Object> keys = new LinkedHashSet<>(a.keySet());
            keys.addAll(b.keySet());
            for (Object key : keys) {
                if (a.containsKey(key) != b.containsKey(key) || !PyValues.equal(a.get(key), b.get(key))) {
                    changed.add(String.valueOf(key));
                }
            }
        } else {
            changed.add("the whole entry");
        }
        return changed;
    }

    /**
     * Where an edited entry first differs from its base: descending into mappings (in the head's
     * order) and lists to the first value that differs as parsed, the key of a field the base lacks,
     * the item a list gained; the node itself when what differs is its kind, a field it lost or an
     * item it lost past its last one.
     */
    static Position firstChange(YNode before, YNode after) {
        if (before instanceof YMap a && after instanceof YMap b) {
            for (YMap.Entry e : b.entries()) {
                YMap.Entry old = a.entry(e.key().value());
                if (old == null) {
                    return e.key().pos();
                }
                if (!PyValues.equal(old.value().toPlain(), e.value().toPlain())) {
                    return firstChange(old.value(), e.value());
                }
            }
            return b.pos();
        }
        if (before instanceof YSeq a && after instanceof YSeq b) {
            int common = Math.min(a.size(), b.size());
            for (int k = 0; k < common; k++) {
                if (!PyValues.equal(a.get(k).toPlain(), b.get(k).toPlain())) {
                    return firstChange(a.get(k), b.get(k));
                }
            }
            return b.size() > common ? b.get(common).pos() : common > 0 ? b.get(common - 1).pos() : b.pos();
        }
        return after.pos();
    }

    /** Where a field's value sits in an entry, or the entry itself when the field is missing. */
    public static Position valuePos(YNode item, String field) {
        if (item instanceof YMap map) {
            YMap.Entry e = map.entry(field);
            if (e != null) {
                return e.value().pos();
            }
        }
        return item.pos();
    }
}
