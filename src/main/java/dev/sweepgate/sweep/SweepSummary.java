package dev.sweepgate.sweep;

import dev.sweepgate.changelog.ChangelogChange;
import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.matrix.Row;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a change will run, for people: entries added, configs each selected, rows per
 * bucket. As plain text for the terminal and as Markdown for the GitHub job summary.
 */
public final class SweepSummary {
    private SweepSummary() {
    }

    /** Rows per bucket, in first-use order: {@code single_node/1k1k}, ..., then the eval buckets. */
    public static Map<String, Integer> rowsPerBucket(Sweep sweep) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Row row : sweep.throughput()) {
            String top = SweepJson.isMultiNode(row) ? SweepJson.MULTI_NODE : SweepJson.SINGLE_NODE;
            counts.merge(top + "/" + SweepJson.throughputBucket(row), 1, Integer::sum);
        }
        for (Row row : sweep.evals()) {
            counts.merge(SweepJson.evalBucket(row), 1, Integer::sum);
        }
        return counts;
    }

    public static String text(String changelog, ChangelogChange change, Sweep sweep, String baseRef, String headLabel) {
        StringBuilder sb = new StringBuilder();
        sb.append(changelog).append(": valid (").append(baseRef).append(" -> ").append(headLabel).append(")\n");
        if (change != null && change.correctionsOnly()) {
            sb.append("  ").append(plural(change.corrections().size(), "pr-link correction"))
                    .append(", nothing appended: nothing to sweep\n");
            return sb.toString();
        }
        if (sweep == null) {
            return sb.toString();
        }
        sb.append("  ").append(plural(sweep.entries().size(), "entry", "entries")).append(" added\n");
        for (Sweep.EntryPlan plan : sweep.plans()) {
            sb.append("  ").append(plan.entry().label()).append(flags(plan.entry())).append(": ")
                    .append(plural(plan.configKeys().size(), "config")).append(": ")
                    .append(String.join(", ", plan.configKeys())).append('\n');
        }
        Map<String, Integer> buckets = rowsPerBucket(sweep);
        if (buckets.isEmpty()) {
            sb.append("  no rows to run\n");
        } else {
            sb.append("  rows per bucket:\n");
            int total = 0;
            for (Map.Entry<String, Integer> e : buckets.entrySet()) {
                sb.append("    ").append(e.getKey()).append(": ").append(e.getValue()).append('\n');
                total += e.getValue();
            }
            sb.append("    total: ").append(total).append('\n');
        }
        return sb.toString();
    }

    public static String markdown(String changelog, ChangelogChange change, Sweep sweep, String baseRef, String headLabel) {
        StringBuilder sb = new StringBuilder();
        sb.append("### ").append(escape(changelog)).append(": what this change will run\n\n");
        sb.append("Base `").append(escape(baseRef)).append("`, head `").append(escape(headLabel)).append("`.\n\n");
        if (change != null && change.correctionsOnly()) {
            sb.append(plural(change.corrections().size(), "pr-link correction")).append(", nothing appended: nothing to sweep.\n\n");
            return sb.toString();
        }
        if (sweep == null) {
            return sb.toString();
        }
        sb.append("| entry | flags | configs |\n| --- | --- | --- |\n");
        for (Sweep.EntryPlan plan : sweep.plans()) {
            String flags = String.join(", ", flagList(plan.entry()));
            sb.append("| ").append(escape(plan.entry().label())).append(" | ").append(escape(flags)).append(" | ")
                    .append(escape(String.join(", ", plan.configKeys()))).append(" |\n");
        }
        sb.append("\n| bucket | rows |\n| --- | ---: |\n");
        int total = 0;
        for (Map.Entry<String, Integer> e : rowsPerBucket(sweep).entrySet()) {
            sb.append("| ").append(escape(e.getKey())).append(" | ").append(e.getValue()).append(" |\n");
            total += e.getValue();
        }
        sb.append("| **total** | **").append(total).append("** |\n\n");
        return sb.toString();
    }

    private static String flags(ChangelogEntry e) {
        List<String> flags = flagList(e);
        return flags.isEmpty() ? "" : " (" + String.join(", ", flags) + ")";
    }

    /** The entry's modifiers as people read them: append-only, evals-only, ..., its scenario-type. */
    public static List<String> flagList(ChangelogEntry e) {
        List<String> flags = new ArrayList<>();
        if (e.appendOnly()) {
            flags.add("append-only");
        }
        if (e.evalsOnly()) {
            flags.add("evals-only");
        }
        if (e.allEvals()) {
            flags.add("all-evals");
        }
        if (e.evalMinPrefillEp() != null) {
            flags.add("eval-min-prefill-ep " + e.evalMinPrefillEp());
        }
        if (e.scenarioTypes() != null) {
            flags.add(String.join("+", e.scenarioTypes().stream().map(t -> t.key()).toList()));
        }
        return flags;
    }

    private static String escape(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }

    private static String plural(int n, String one) {
        return plural(n, one, one + "s");
    }

    private static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
