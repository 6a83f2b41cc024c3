package dev.sweepgate.sweep.reuse;

import dev.sweepgate.matrix.Row;
import dev.sweepgate.output.Plural;
import dev.sweepgate.output.PrettyJson;
import dev.sweepgate.sweep.SweepJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** reuse-check's verdict as text for a maintainer, JSON for a workflow, and Markdown for the job summary. */
public final class ReuseReport {
    private static final int SHORT = 12;

    private ReuseReport() {
    }

    private static String shortId(String id) {
        return id == null || id.length() <= SHORT ? id : id.substring(0, SHORT);
    }

    /** The first line: the verdict. */
    private static String headline(ReuseVerdict v) {
        if (!v.ofPullRequest()) {
            return "the source run is not of this pull request: " + shortId(v.source()) + " is neither the pull request's "
                    + "head " + shortId(v.prHead()) + " nor one of its ancestors; " + all(v.mergedRows())
                    + " of the merged sweep must run";
        }
        if (v.sound()) {
            return "sound: the run of " + shortId(v.source()) + " ran " + all(v.mergedRows()) + " of the merged sweep of "
                    + shortId(v.merge()) + " with the same recipe; nothing needs to run again";
        }
        return "not sound: the run of " + shortId(v.source()) + " did not run " + v.rerun().size() + " of the "
                + Plural.count(v.mergedRows(), "row") + " of the merged sweep of " + shortId(v.merge()) + "; rerun them";
    }

    /** "all 12 rows", "the 1 row", "the 0 rows". */
    private static String all(long rows) {
        return rows == 1 ? "the 1 row" : rows == 0 ? "the 0 rows" : "all " + rows + " rows";
    }

    public static String text(ReuseVerdict v) {
        StringBuilder sb = new StringBuilder("reuse-check: ").append(headline(v)).append('\n');
        sb.append("  merged sweep: ").append(shortId(v.merge())).append(" against its first parent ")
                .append(shortId(v.mergeParent())).append(" (").append(Plural.count(v.mergedRows(), "row")).append(")\n");
        if (v.sourceBase() != null) {
            sb.append("  source sweep: ").append(shortId(v.source())).append(" against its merge base with ")
                    .append(shortId(v.mergeParent())).append(", ").append(shortId(v.sourceBase())).append(" (")
                    .append(Plural.count(v.sourceRows(), "row")).append(")\n");
        }
        if (v.ofPullRequest() && !v.rerun().isEmpty()) {
            sb.append("rerun:\n");
            for (Rerun r : v.rerun()) {
                sb.append("  ").append(r.bucket()).append("  ").append(r.config() == null ? "(config unknown)" : r.config())
                        .append("  ").append(describe(r.row())).append(": ").append(r.reason().words()).append(": ")
                        .append(r.detail()).append('\n');
            }
        }
        return sb.toString();
    }

    /** The fields that tell a row from its neighbours of the same config. */
    static String describe(Row row) {
        List<String> parts = new ArrayList<>();
        for (String field : List.of("exp-name", "runner", "tp", "ep", "conc")) {
            Object value = row.get(field);
            if (value != null) {
                parts.add(field.equals("exp-name") ? String.valueOf(value) : field + " " + value);
            }
        }
        return String.join(" ", parts);
    }

    public static String json(ReuseVerdict v) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("sound", v.sound());
        doc.put("of_pull_request", v.ofPullRequest());
        doc.put("source", v.source());
        doc.put("merge", v.merge());
        doc.put("merge_parent", v.mergeParent());
        doc.put("source_base", v.sourceBase());
        doc.put("pr_head", v.prHead());
        doc.put("merged_rows", v.mergedRows());
        doc.put("source_rows", v.sourceRows());
        doc.put("reused_rows", v.ofPullRequest() ? v.reusedRows() : 0);
        List<Object> rerun = new ArrayList<>();
        for (Rerun r : v.rerun()) {
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("bucket", r.bucket());
            item.put("config", r.config());
            item.put("reason", r.reason().id());
            item.put("detail", r.detail());
            item.put("row", SweepJson.outputRow(r.row()));
            rerun.add(item);
        }
        doc.put("rerun", rerun);
        return PrettyJson.write(doc) + "\n";
    }

    /** The verdict in the job summary: the headline and, per bucket, how many rows run again and why. */
    public static String markdown(ReuseVerdict v) {
        StringBuilder sb = new StringBuilder("### Reuse of the run of `").append(shortId(v.source())).append("`\n\n")
                .append(headline(v)).append(".\n");
        if (!v.rerun().isEmpty()) {
            Map<String, Integer> counts = new LinkedHashMap<>();
            v.rerun().forEach(r -> counts.merge(r.bucket() + " | " + (r.config() == null ? "" : r.config()) + " | "
                    + r.reason().words(), 1, Integer::sum));
            sb.append("\n| bucket | config | why | rows |\n| --- | --- | --- | --- |\n");
            counts.forEach((key, n) -> sb.append("| ").append(key).append(" | ").append(n).append(" |\n"));
        }
        return sb.toString();
    }
}
