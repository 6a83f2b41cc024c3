package dev.sweepgate.changelog;

import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.problem.Position;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YSeq;
import java.util.List;

/**
 * One entry of the performance changelog, as bound by {@link EntryBinder}.
 *
 * @param evalMinPrefillEp null when not written
 * @param scenarioTypes    null when not written (meaning both scenarios)
 * @param source           the mapping as parsed, for comparisons as values
 * @param number           the entry's 1-based place in the file (at the head, for an appended entry)
 */
public record ChangelogEntry(List<String> configKeys, List<String> description, String prLink,
                             boolean evalsOnly, boolean allEvals, boolean appendOnly,
                             Long evalMinPrefillEp, List<ScenarioType> scenarioTypes,
                             YMap source, Position pos, int number) {
    public ChangelogEntry {
        configKeys = List.copyOf(configKeys);
        description = List.copyOf(description);
        scenarioTypes = scenarioTypes == null ? null : List.copyOf(scenarioTypes);
    }

    /** Where the {@code index}th config key is written; the entry's place when the source does not say. */
    public Position configKeyPos(int index) {
        if (source != null && source.get("config-keys") instanceof YSeq keys && index < keys.size()) {
            return keys.get(index).pos();
        }
        return pos;
    }

    /** How messages name the entry: its place in the file and the line where it starts, {@code entry 773 (line 6382)}. */
    public String label() {
        return label(number, pos);
    }

    /** How messages name the entry at {@code number} (1-based, in the file) whose item starts at {@code pos}. */
    public static String label(int number, Position pos) {
        return "entry " + number + (pos.line() > 0 ? " (line " + pos.line() + ")" : "");
    }

    /**
     * How a message names several entries, each by its place and line in one file:
     * {@code entry 774 (line 6390)}, {@code entries 774 (line 6390) and 775 (line 6397)}.
     */
    public static String labels(List<ChangelogEntry> entries) {
        if (entries.size() == 1) {
            return entries.get(0).label();
        }
        List<String> each = entries.stream().map(e -> e.label().substring("entry ".length())).toList();
        return "entries " + String.join(", ", each.subList(0, each.size() - 1)) + " and " + each.get(each.size() - 1);
    }

    /** The scenarios this entry benchmarks: its scenario-type, or both in enumeration order. */
    public List<ScenarioType> scenarios() {
        return scenarioTypes == null ? List.of(ScenarioType.values()) : scenarioTypes;
    }
}
