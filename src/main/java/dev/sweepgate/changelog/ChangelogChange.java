package dev.sweepgate.changelog;

import java.util.List;

/**
 * What a change did to the changelog, by the history rules.
 *
 * @param additions   the entries appended after the base entries
 * @param corrections 0-based positions of base entries whose pr-link alone was corrected
 */
public record ChangelogChange(List<ChangelogEntry> additions, List<Integer> corrections) {
    public ChangelogChange {
        additions = List.copyOf(additions);
        corrections = List.copyOf(corrections);
    }

    public boolean correctionsOnly() {
        return additions.isEmpty() && !corrections.isEmpty();
    }

    public boolean empty() {
        return additions.isEmpty() && corrections.isEmpty();
    }
}
