package dev.sweepgate.plan;

import dev.sweepgate.output.Plural;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.sweep.split.ChunkLimits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code plan --format text} (a terminal table) and {@code --format markdown} (the GitHub job summary). */
public final class PlanReport {
    /** Where the text tables break a long cell (points, changed fields): a line stays readable in a terminal. */
    static final int CELL_WIDTH = 60;

    private final boolean markdown;
    private final StringBuilder out = new StringBuilder();

    private PlanReport(boolean markdown) {
        this.markdown = markdown;
    }

    public static String text(Plan plan) {
        return new PlanReport(false).render(plan);
    }

    public static String markdown(Plan plan) {
        return new PlanReport(true).render(plan);
    }

    private String render(Plan plan) {
        if (markdown) {
            out.append("### ").append(Table.escape(plan.changelog())).append(": the plan of this change\n\n")
                    .append("Base `").append(plan.baseRef()).append("`, head `").append(plan.headLabel()).append("`.\n\n");
        } else {
            out.append("plan: ").append(plan.changelog()).append(" (").append(plan.baseRef()).append(" -> ")
                    .append(plan.headLabel()).append(")\n");
        }
        if (!plan.sweepComputed()) {
            long errors = plan.problems().stream().filter(Problem::isError).count();
            paragraph("The sweep cannot be computed (" + errors + (errors == 1 ? " problem" : " problems")
                    + (markdown ? ", listed below" : ", printed on stderr")
                    + "): what follows is what the change would run as far as it can be known.");
        }
        entries(plan);
        configChanges(plan);
        plan.appendOnly().forEach(this::appendOnly);
        totals(plan);
        if (markdown && !plan.problems().isEmpty()) {
            heading("Problems");
            for (Problem p : plan.problems()) {
                out.append("- ").append(p.isError() ? "error" : "warning").append(" `").append(p.rule()).append("` ")
                        .append(p.file()).append(p.line() > 0 ? ":" + p.line() : "").append(": ")
                        .append(Table.escape(p.message())).append('\n');
            }
            out.append('\n');
        }
        if (markdown) {
            out.append("The sign-off checklist of this change (images, deprecations, golden acceptance lengths, engine "
                    + "patches): `sweepgate review --base-ref ").append(plan.baseRef()).append(plan.headRef() == null ? ""
                    : " --head-ref " + plan.headRef()).append(" --format markdown` (docs/review.md); the pull request "
                    + "job's summary shows it.\n");
        }
        return out.toString();
    }

    private void heading(String title) {
        out.append(markdown ? "#### " + title + "\n\n" : "\n" + title + "\n");
    }

    private void paragraph(String text) {
        out.append(markdown ? text + "\n\n" : "  " + text + "\n");
    }

    private void table(Table table) {
        out.append(markdown ? table.markdown() + "\n" : table.text("  "));
    }

    private void entries(Plan plan) {
        heading("Appended entries");
        if (plan.entries().isEmpty()) {
            paragraph("No entry appended: nothing to sweep.");
            return;
        }
        Table summary = Table.of("entry", "flags", "config", "throughput jobs", "eval jobs", "GPUs/job");
        Table jobs = Table.of("entry", "config", "kind", "bucket", "jobs", "points");
        for (Plan.EntryJobs entry : plan.entries()) {
            String flags = entry.flags().isEmpty() ? "-" : String.join(", ", entry.flags());
            // numbered as every message numbers entries: the place in the head file, then the line
            String number = entry.number() + (entry.line() > 0 ? " (line " + entry.line() + ")" : "");
            if (entry.configs().isEmpty()) {
                summary = summary.row(number, flags, String.join(", ", entry.configKeysWritten())
                        + " (selects nothing)", "-", "-", "-");
            }
            for (Plan.ConfigJobs config : entry.configs()) {
                List<Plan.Job> all = new ArrayList<>(config.throughput());
                all.addAll(config.evals());
                summary = summary.row(number, flags, config.key(),
                        String.valueOf(config.throughput().size()), String.valueOf(config.evals().size()), gpus(all));
                jobs = jobRows(jobs, entry.number(), config.key(), "throughput", config.throughput());
                jobs = jobRows(jobs, entry.number(), config.key(), "eval", config.evals());
            }
        }
        table(summary);
        if (!jobs.rows().isEmpty()) {
            if (markdown) {
                out.append("<details><summary>Jobs per config and bucket</summary>\n\n");
                table(jobs);
                out.append("</details>\n\n");
            } else {
                out.append('\n');
                table(jobs);
            }
        }
    }

    private Table jobRows(Table table, int entry, String key, String kind, List<Plan.Job> jobs) {
        Map<String, List<Plan.Job>> byBucket = new LinkedHashMap<>();
        jobs.forEach(job -> byBucket.computeIfAbsent(job.bucket(), b -> new ArrayList<>()).add(job));
        for (Map.Entry<String, List<Plan.Job>> bucket : byBucket.entrySet()) {
            table = table.row(String.valueOf(entry), key, kind, bucket.getKey(), String.valueOf(bucket.getValue().size()),
                    cell(jobList(bucket.getValue())));
        }
        return table;
    }

    /** A long cell: wrapped for a terminal; a Markdown table cell wraps in the browser. */
    private String cell(String text) {
        return markdown ? text : Table.wrap(text, CELL_WIDTH);
    }

    /** Distinct GPU counts of the jobs; {@code ?} for a job whose row does not determine it. */
    private static String gpus(List<Plan.Job> jobs) {
        Set<String> values = new LinkedHashSet<>();
        jobs.forEach(job -> values.add(job.gpus() == null ? "?" : String.valueOf(job.gpus())));
        return values.isEmpty() ? "-" : String.join(", ", values);
    }

    /**
     * {@code exp-name conc 4, 8; other conc [64, 128]}: jobs grouped by exp-name, first-seen order. An
     * exp-name with more than one curve (tp4 and tp8 of one sequence length, or with and without MTP)
     * is grouped by curve too, and names it: {@code dsr1_8k1k tp4 conc 4, 8; dsr1_8k1k tp8 conc 4, 8}.
     */
    static String jobList(List<Plan.Job> jobs) {
        Map<String, Set<String>> shapes = new LinkedHashMap<>();
        jobs.forEach(job -> shapes.computeIfAbsent(job.expName(), k -> new LinkedHashSet<>()).add(job.curve()));
        Map<String, List<Object>> groups = new LinkedHashMap<>();
        jobs.forEach(job -> groups.computeIfAbsent(shapes.get(job.expName()).size() > 1
                ? job.expName() + " " + job.curve() : job.expName(), k -> new ArrayList<>()).add(job.conc()));
        return listing(groups);
    }

    static String pointList(List<Plan.Point> points) {
        Map<String, List<Object>> groups = new LinkedHashMap<>();
        points.forEach(p -> groups.computeIfAbsent(p.expName() + (p.fields().isEmpty() ? ""
                : " [" + String.join(", ", p.fields()) + "]"), k -> new ArrayList<>()).add(p.conc()));
        return listing(groups);
    }

    /**
     * The groups, each {@code exp-name conc a, b}. Agentic exp-names carry their concurrency
     * ({@code dsv4_tp8_conc14_kvnone}): those that differ only there are one group, written with
     * {@code conc*} in the name ({@code dsv4_tp8_conc*_kvnone conc 1, 4, 8, 14}), so that a curve
     * of ten points is one short item rather than ten names; a lone point keeps its own name.
     */
    private static String listing(Map<String, List<Object>> groups) {
        Map<String, List<Object>> curves = new LinkedHashMap<>();
        Map<String, List<String>> names = new LinkedHashMap<>();
        groups.forEach((name, concs) -> {
            String curve = name;
            String tag = "_conc" + concs.get(0);
            int at = (name + "_").indexOf(tag + "_");
            if (concs.size() == 1 && at >= 0) {
                curve = name.substring(0, at) + "_conc*" + name.substring(at + tag.length());
            }
            curves.computeIfAbsent(curve, k -> new ArrayList<>()).addAll(concs);
            names.computeIfAbsent(curve, k -> new ArrayList<>()).add(name);
        });
        List<String> parts = new ArrayList<>();
        curves.forEach((curve, concs) -> {
            List<String> written = names.get(curve);
            // one agentic point: its own name says its concurrency
            boolean named = written.size() == 1 && !written.get(0).equals(curve);
            parts.add(named ? written.get(0)
                    : curve + " conc " + String.join(", ", concs.stream().map(String::valueOf).toList()));
        });
        return String.join("; ", parts);
    }

    private void configChanges(Plan plan) {
        heading("Configs whose generated rows changed");
        if (plan.configChanges() == null) {
            paragraph("Not compared: the configs of a side break the config rules (see the problems).");
            return;
        }
        if (plan.configChanges().isEmpty()) {
            paragraph("No config's generated rows changed.");
        } else {
            Table table = Table.of("config", "scenario", "added", "removed", "changed", "changed fields", "covered by");
            for (Plan.ConfigChange change : plan.configChanges()) {
                for (Plan.ScenarioChange s : change.scenarios()) {
                    String fields = changedFields(s.changed());
                    String coveredBy = s.coveredBy().isEmpty() ? (markdown ? "**not covered**" : "NOT COVERED")
                            : "entry " + String.join(", ", s.coveredBy().stream().map(String::valueOf).toList());
                    table = table.row(change.key() + (change.isNew() ? " (new)" : ""), s.scenario(),
                            String.valueOf(s.added().size()), String.valueOf(s.removed().size()),
                            String.valueOf(s.changed().size()), fields.isEmpty() ? "-" : cell(fields), coveredBy);
                }
            }
            table(table);
        }
        if (!plan.removedConfigs().isEmpty()) {
            paragraph("Removed at the head (no entry needed): " + String.join(", ", plan.removedConfigs()) + ".");
        }
        for (var change : plan.launchChanges()) {
            paragraph("Launch file " + change.path() + (change.deleted() ? " (deleted)" : "") + ": "
                    + dev.sweepgate.coverage.CoverageResult.launchLine(change) + ".");
        }
    }

    /**
     * What changed in the changed points, field by field in row order: a field every point
     * changed the same way shows both values ({@code image: img/a:1 -> img/a:2}), one that
     * changed in several ways how many ({@code tp (3 different changes)}).
     */
    static String changedFields(List<Plan.Point> points) {
        Map<String, Set<List<String>>> byField = new LinkedHashMap<>();
        for (Plan.Point p : points) {
            for (Plan.FieldChange c : p.changes()) {
                byField.computeIfAbsent(c.field(), k -> new LinkedHashSet<>()).add(List.of(value(c.base()), value(c.head())));
            }
            // a point known by its field names only (no values at hand)
            p.fields().forEach(f -> byField.computeIfAbsent(f, k -> new LinkedHashSet<>()));
        }
        List<String> parts = new ArrayList<>();
        byField.forEach((field, pairs) -> {
            if (pairs.size() == 1) {
                List<String> pair = pairs.iterator().next();
                parts.add(field + ": " + pair.get(0) + " -> " + pair.get(1));
            } else {
                parts.add(pairs.isEmpty() ? field : field + " (" + pairs.size() + " different changes)");
            }
        });
        return String.join("; ", parts);
    }

    private static String value(Object value) {
        return value == null ? "(absent)" : String.valueOf(value);
    }

    private void appendOnly(Plan.AppendOnlyCheck check) {
        heading("append-only entry " + check.entry() + ": " + String.join(", ", check.configKeys()));
        paragraph(check.newPoints().size() + (check.newPoints().size() == 1 ? " new job" : " new jobs")
                + (check.newPoints().isEmpty() ? "." : ": " + jobList(check.newPoints()) + "."));
        if (check.holds()) {
            paragraph("No existing point is removed, changed or rerun: " + (check.basePoints() == 1 ? "the 1 point"
                    : "all " + check.basePoints() + " points") + " the base generates for these configs and scenarios are still generated with the same "
                    + "recipe, and the sweep runs none of them.");
            return;
        }
        List<String> broken = new ArrayList<>();
        if (!check.sweepComputed()) {
            broken.add("the sweep cannot be computed (see the problems), so no point is run");
        }
        if (!check.removed().isEmpty()) {
            broken.add(Plural.count(check.removed().size(), "existing point") + " removed: " + pointList(check.removed()));
        }
        if (!check.changed().isEmpty()) {
            broken.add(Plural.count(check.changed().size(), "existing point") + " changed (rerun with another recipe; changed fields "
                    + "in brackets): " + pointList(check.changed()));
        }
        if (!check.rerun().isEmpty()) {
            broken.add(Plural.count(check.rerun().size(), "job reruns", "jobs rerun") + " an existing point: " + jobList(check.rerun()));
        }
        paragraph((markdown ? "**The append-only promise does not hold**" : "THE APPEND-ONLY PROMISE DOES NOT HOLD")
                + " (" + Plural.count(check.basePoints(), "existing point") + " checked):");
        for (String line : broken) {
            out.append(markdown ? "- " + Table.escape(line) + "\n" : "    - " + line + "\n");
        }
        if (markdown) {
            out.append('\n');
        }
    }

    private void totals(Plan plan) {
        Plan.Totals totals = plan.totals();
        if (totals == null) {
            return;
        }
        heading("Totals");
        if (totals.jobs() == 0) {
            paragraph("No jobs to run.");
            return;
        }
        Table buckets = Table.of("bucket", "jobs", "limit");
        for (Map.Entry<String, Integer> bucket : totals.jobsPerBucket().entrySet()) {
            boolean over = bucket.getValue() > totals.maxJobsPerMatrix();
            buckets = buckets.row(bucket.getKey(), String.valueOf(bucket.getValue()),
                    totals.maxJobsPerMatrix() + (over ? " OVER" : ""));
        }
        buckets = buckets.row("total", String.valueOf(totals.jobs()), "");
        table(buckets);
        Table runners = Table.of("runner", "jobs");
        for (Map.Entry<String, Integer> runner : totals.jobsPerRunner().entrySet()) {
            runners = runners.row(runner.getKey(), String.valueOf(runner.getValue()));
        }
        if (!markdown) {
            out.append('\n');
        }
        table(runners);
        boolean over = totals.outputBytes() > totals.maxOutputBytes();
        if (!markdown) {
            out.append('\n');
        }
        paragraph("Job output: " + totals.outputBytes() + " bytes as GitHub counts it (UTF-16"
                + (totals.withPriorities() ? ", with priorities as a push to main adds them" : "") + ") of the "
                + totals.maxOutputBytes() + " (1 MB) a job output holds" + (over ? ": OVER THE LIMIT." : "."));
        chunks(totals);
    }

    /** How many matrix runs process-changelog --split-dir makes of the sweep. */
    private void chunks(Plan.Totals totals) {
        String limits = "process-changelog --split-dir, at most " + ChunkLimits.DEFAULT_MAX_JOBS + " jobs and "
                + ChunkLimits.DEFAULT_MAX_OUTPUT_BYTES + " bytes each";
        if (totals.chunksPerBucket() == null) {
            paragraph("Chunks (" + limits + "): none can be cut, a row alone is larger than a chunk may be.");
            return;
        }
        List<String> split = new ArrayList<>();
        totals.chunksPerBucket().forEach((bucket, n) -> {
            if (n > 1) {
                split.add(bucket + " needs " + n);
            }
        });
        paragraph("Chunks (" + limits + "): " + totals.chunks() + (split.isEmpty() ? ", one per bucket."
                : "; " + String.join(", ", split) + " (a bucket over a limit runs as several matrices)."));
    }
}
