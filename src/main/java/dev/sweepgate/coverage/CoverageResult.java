package dev.sweepgate.coverage;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.problem.Problem;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The outcome of check-coverage: every config whose generated rows changed, with the new
 * entries covering each changed scenario, the configs removed at the head, and the problems.
 *
 * @param removed keys that exist at the base only: they need no entry, and are only listed
 * @param launch  the changed files under benchmarks/ and the configs that run them
 */
public record CoverageResult(List<ConfigChange> changed, List<String> removed, List<LaunchChange> launch,
                             List<Problem> problems) {
    public CoverageResult {
        changed = List.copyOf(changed);
        removed = List.copyOf(removed);
        launch = List.copyOf(launch);
        problems = List.copyOf(problems);
    }

    public CoverageResult(List<ConfigChange> changed, List<String> removed, List<Problem> problems) {
        this(changed, removed, List.of(), problems);
    }

    /**
     * A changed file under benchmarks/ (a launch script, a script it sources, a recipe).
     *
     * @param configs   the configs that run it (at the head; for a deleted file, those at the base that still exist)
     * @param library   a shared library: sourced by several launch scripts
     * @param uncovered the configs no appended entry selects for the scenario they run it in
     */
    public record LaunchChange(String path, boolean deleted, boolean library, List<String> configs, List<String> uncovered) {
        public LaunchChange {
            configs = List.copyOf(configs);
            uncovered = List.copyOf(uncovered);
        }
    }

    /** This result with the launch files' coverage added. */
    public CoverageResult withLaunch(List<LaunchChange> changes, List<Problem> more) {
        List<Problem> all = new ArrayList<>(problems);
        all.addAll(more);
        return new CoverageResult(changed, removed, changes, all);
    }

    /**
     * One config whose rows changed.
     *
     * @param isNew     the key does not exist at the base
     * @param coveredBy per covered scenario, the appended entries covering it
     * @param uncovered the changed scenarios no new entry covers
     */
    public record ConfigChange(String key, boolean isNew, RowChanges changes,
                               Map<ScenarioType, List<ChangelogEntry>> coveredBy, Set<ScenarioType> uncovered) {
        public ConfigChange {
            coveredBy = coveredBy.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(coveredBy));
            // enumeration order: messages list fixed-seq-len before agentic-coding
            uncovered = uncovered.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(uncovered));
        }
    }

    /** A result that holds only problems found before any comparison (inputs that break rules). */
    public static CoverageResult failed(List<Problem> problems) {
        return new CoverageResult(List.of(), List.of(), problems);
    }

    public boolean ok() {
        return problems.stream().noneMatch(Problem::isError);
    }

    /** The short summary printed when every change is covered. */
    public String text(String baseLabel, String headLabel) {
        StringBuilder sb = new StringBuilder("check-coverage: ");
        if (changed.isEmpty()) {
            sb.append("no config's generated rows changed");
        } else {
            sb.append(changed.size()).append(changed.size() == 1 ? " config's" : " configs'")
                    .append(" generated rows changed, ").append(ok() ? "all covered" : "not all covered");
        }
        sb.append(" (").append(baseLabel).append(" -> ").append(headLabel).append(")\n");
        for (ConfigChange change : changed) {
            sb.append("  ").append(change.key()).append(change.isNew() ? " (new)" : "").append(": ")
                    .append(String.join("; ", scenarioLines(change))).append('\n');
        }
        if (!removed.isEmpty()) {
            sb.append("  removed at the head (no entry needed: config-keys resolve at the head): ")
                    .append(String.join(", ", removed)).append('\n');
        }
        for (LaunchChange change : launch) {
            sb.append("  ").append(change.path()).append(change.deleted() ? " (deleted)" : "").append(": ")
                    .append(launchLine(change)).append('\n');
        }
        return sb.toString();
    }

    /** The same summary as Markdown, for the GitHub job summary. */
    public String markdown(String baseLabel, String headLabel) {
        StringBuilder sb = new StringBuilder("### Changelog coverage of config changes\n\n");
        sb.append("Base `").append(escape(baseLabel)).append("`, head `").append(escape(headLabel)).append("`.\n\n");
        if (changed.isEmpty()) {
            sb.append("No config's generated rows changed.\n\n");
        } else {
            sb.append("| config | rows | covered |\n| --- | --- | --- |\n");
            for (ConfigChange change : changed) {
                sb.append("| ").append(escape(change.key())).append(change.isNew() ? " (new)" : "").append(" | ");
                List<String> counts = new ArrayList<>();
                for (ScenarioType scenario : change.changes().scenarios()) {
                    counts.add(scenario.key() + ": " + change.changes().counts(scenario));
                }
                sb.append(escape(String.join("; ", counts))).append(" | ")
                        .append(change.uncovered().isEmpty() ? "yes" : "**no**").append(" |\n");
            }
            sb.append('\n');
        }
        if (!removed.isEmpty()) {
            sb.append("Removed at the head (no entry needed): ").append(escape(String.join(", ", removed))).append("\n\n");
        }
        if (!launch.isEmpty()) {
            sb.append("| launch file | configs that run it |\n| --- | --- |\n");
            for (LaunchChange change : launch) {
                sb.append("| ").append(escape(change.path())).append(change.deleted() ? " (deleted)" : "").append(" | ")
                        .append(escape(launchLine(change))).append(" |\n");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** {@code 2 configs (a, b), covered}: what a changed launch file reaches and whether entries select it. */
    public static String launchLine(LaunchChange change) {
        if (change.configs().isEmpty()) {
            return change.deleted() ? "no config that still exists ran it (no entry needed)" : "no config runs it";
        }
        String configs = change.configs().size() <= MAX_LISTED ? String.join(", ", change.configs())
                : String.join(", ", change.configs().subList(0, MAX_LISTED)) + " and " + (change.configs().size() - MAX_LISTED)
                        + " more";
        String reach = (change.library() ? "a shared library, " : "") + change.configs().size()
                + (change.configs().size() == 1 ? " config (" : " configs (") + configs + ")";
        if (change.uncovered().isEmpty()) {
            return reach + ", covered";
        }
        return reach + ", " + (change.uncovered().size() == change.configs().size() ? "NOT covered"
                : change.uncovered().size() + " NOT covered");
    }

    /** Configs named in a line before "and N more". */
    static final int MAX_LISTED = 8;

    private static List<String> scenarioLines(ConfigChange change) {
        List<String> lines = new ArrayList<>();
        for (ScenarioType scenario : change.changes().scenarios()) {
            List<ChangelogEntry> by = change.coveredBy().get(scenario);
            String coverage = by != null ? "covered by " + labels(by)
                    : change.uncovered().contains(scenario) ? "NOT covered" : "only removed, no entry needed";
            lines.add(scenario.key() + " " + change.changes().counts(scenario) + ", " + coverage);
        }
        return lines;
    }

    /** The entries as every message names them: {@code entry 773 (line 6382), entry 774 (line 6388)}. */
    static String labels(List<ChangelogEntry> entries) {
        return String.join(", ", entries.stream().map(ChangelogEntry::label).toList());
    }

    private static String escape(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
