package dev.sweepgate.changelog;

import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
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
        List<Integer> corrections = new ArrayList<>();
        for (int i = 0; i < baseItems.size(); i++) {
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
            if (changed.equals(Set.of(EntryBinder.PR_LINK))) {
                corrections.add(i);
                String link = head.entries().get(i).prLink();
                if (!policy.isCanonical(link)) {
                    problems.error(valuePos(headItems.get(i), EntryBinder.PR_LINK), "changelog.correction-link",
                            ChangelogEntry.label(i + 1, at) + ": a corrected pr-link must be canonical (" + policy.base()
                                    + "<number>), not \"" + link + "\"");
                }
                continue;
            }
            problems.error(at, "changelog.history-changed", ChangelogEntry.label(i + 1, at) + " changed (" + String.join(", ", changed)
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
        for (int k = 0; k < additions.size(); k++) {
            ChangelogEntry entry = additions.get(k);
            if (!policy.acceptsNew(entry.prLink())) {
                problems.error(valuePos(headItems.get(baseItems.size() + k), EntryBinder.PR_LINK), "changelog.new-link",
                        entry.label() + ", a new entry, has the pr-link \"" + entry.prLink() + "\"; write " + policy.expectedNew());
            }
        }
        return new ChangelogChange(additions, corrections);
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
