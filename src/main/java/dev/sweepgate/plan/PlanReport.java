package dev.sweepgate.plan;

import dev.sweepgate.problem.Problem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code plan --format text} (a terminal table) and {@code --format markdown} (the GitHub job summary). */
public final class PlanReport {
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
            if (entry.configs().isEmpty()) {
                summary = summary.row(String.valueOf(entry.number()), flags, String.join(", ", entry.configKeysWritten())
                        + " (selects nothing)", "-", "-", "-");
            }
            for (Plan.ConfigJobs config : entry.configs()) {
                List<Plan.Job> all = new ArrayList<>(config.throughput());
                all.addAll(config.evals());
                summary = summary.row(String.valueOf(entry.number()), flags, config.key(),
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

    private static Table jobRows(Table table, int entry, String key, String kind, List<Plan.Job> jobs) {
        Map<String, List<Plan.Job>> byBucket = new LinkedHashMap<>();
        jobs.forEach(job -> byBucket.computeIfAbsent(job.bucket(), b -> new ArrayList<>()).add(job));
        for (Map.Entry<String, List<Plan.Job>> bucket : byBucket.entrySet()) {
            table = table.row(String.valueOf(entry), key, kind, bucket.getKey(), String.valueOf(bucket.getValue().size()),
                    jobList(bucket.getValue()));
        }
        return table;
    }

    /** Distinct GPU counts of the jobs; {@code ?} for a job whose row does not determine it. */
    private static String gpus(List<Plan.Job> jobs) {
        Set<String> values = new LinkedHashSet<>();
        jobs.forEach(job -> values.add(job.gpus() == null ? "?" : String.valueOf(job.gpus())));
        return values.isEmpty() ? "-" : String.join(", ", values);
    }

    /** {@code exp-name conc 4, 8; other conc [64, 128]}: jobs grouped by exp-name, first-seen order. */
    static String jobList(List<Plan.Job> jobs) {
        Map<String, List<Object>> groups = new LinkedHashMap<>();
        jobs.forEach(job -> groups.computeIfAbsent(job.expName(), k -> new ArrayList<>()).add(job.conc()));
        return listing(groups);
    }

    static String pointList(List<Plan.Point> points) {
        Map<String, List<Object>> groups = new LinkedHashMap<>();
        points.forEach(p -> groups.computeIfAbsent(p.expName() + (p.fields().isEmpty() ? ""
                : " [" + String.join(", ", p.fields()) + "]"), k -> new ArrayList<>()).add(p.conc()));
        return listing(groups);
    }

    private static String listing(Map<String, List<Object>> groups) {
        List<String> parts = new ArrayList<>();
        groups.forEach((name, concs) -> {
            // agentic exp-names already say their conc (..._conc64_...)
            boolean named = concs.size() == 1 && (name + "_").contains("_conc" + concs.get(0) + "_");
            parts.add(named ? name : name + " conc " + String.join(", ", concs.stream().map(String::valueOf).toList()));
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
                    Set<String> fields = new LinkedHashSet<>();
                    s.changed().forEach(p -> fields.addAll(p.fields()));
                    String coveredBy = s.coveredBy().isEmpty() ? (markdown ? "**not covered**" : "NOT COVERED")
                            : "entry " + String.join(", ", s.coveredBy().stream().map(String::valueOf).toList());
                    table = table.row(change.key() + (change.isNew() ? " (new)" : ""), s.scenario(),
                            String.valueOf(s.added().size()), String.valueOf(s.removed().size()),
                            String.valueOf(s.changed().size()), fields.isEmpty() ? "-" : String.join(", ", fields),
                            coveredBy);
                }
            }
            table(table);
        }
        if (!plan.removedConfigs().isEmpty()) {
            paragraph("Removed at the head (no entry needed): " + String.join(", ", plan.removedConfigs()) + ".");
        }
    }

    private void appendOnly(Plan.AppendOnlyCheck check) {
        heading("append-only entry " + check.entry() + ": " + String.join(", ", check.configKeys()));
        paragraph(check.newPoints().size() + (check.newPoints().size() == 1 ? " new job" : " new jobs")
                + (check.newPoints().isEmpty() ? "." : ": " + jobList(check.newPoints()) + "."));
        if (check.holds()) {
            paragraph("No existing point is removed, changed or rerun: all " + check.basePoints()
                    + " points the base generates for these configs and scenarios are still generated with the same "
                    + "recipe, and the sweep runs none of them.");
            return;
        }
        List<String> broken = new ArrayList<>();
        if (!check.sweepComputed()) {
            broken.add("the sweep cannot be computed (see the problems), so no point is run");
        }
        if (!check.removed().isEmpty()) {
            broken.add(check.removed().size() + " existing points removed: " + pointList(check.removed()));
        }
        if (!check.changed().isEmpty()) {
            broken.add(check.changed().size() + " existing points changed (rerun with another recipe; changed fields "
                    + "in brackets): " + pointList(check.changed()));
        }
        if (!check.rerun().isEmpty()) {
            broken.add(check.rerun().size() + " jobs rerun an existing point: " + jobList(check.rerun()));
        }
        paragraph((markdown ? "**The append-only promise does not hold**" : "THE APPEND-ONLY PROMISE DOES NOT HOLD")
                + " (" + check.basePoints() + " existing points checked):");
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
        boolean over = totals.jsonBytes() > totals.maxOutputBytes();
        if (!markdown) {
            out.append('\n');
        }
        paragraph("Sweep JSON: " + totals.jsonBytes() + " bytes of the " + totals.maxOutputBytes()
                + " (1 MiB) a step output holds" + (over ? ": OVER THE LIMIT." : "."));
    }
}
