package dev.sweepgate.plan;

import dev.sweepgate.output.PrettyJson;
import dev.sweepgate.output.ProblemRenderer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code plan --format json}: the plan as one JSON object with the keys docs/plan.md lists. */
public final class PlanJson {
    private PlanJson() {
    }

    public static String render(Plan plan) {
        return write(document(plan)) + "\n";
    }

    /** The sweep JSON as process-changelog prints it without priorities (the one JSON layout), to measure it. */
    static String sweepJson(Object document) {
        return write(document);
    }

    private static String write(Object value) {
        return PrettyJson.write(value);
    }

    static Map<String, Object> document(Plan plan) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("changelog", plan.changelog());
        doc.put("base_ref", plan.baseRef());
        doc.put("head_ref", plan.headRef());
        doc.put("sweep_computed", plan.sweepComputed());
        doc.put("entries", plan.entries().stream().map(PlanJson::entry).toList());
        doc.put("config_changes", plan.configChanges() == null ? null
                : plan.configChanges().stream().map(PlanJson::change).toList());
        doc.put("removed_configs", plan.removedConfigs());
        doc.put("launch_changes", plan.launchChanges().stream().map(PlanJson::launch).toList());
        doc.put("append_only", plan.appendOnly().stream().map(PlanJson::appendOnly).toList());
        doc.put("totals", plan.totals() == null ? null : totals(plan.totals()));
        doc.put("problems", plan.problems().stream().map(ProblemRenderer::asMap).toList());
        return doc;
    }

    private static Map<String, Object> entry(Plan.EntryJobs entry) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("number", entry.number());
        out.put("line", entry.line());
        out.put("config_keys_written", entry.configKeysWritten());
        out.put("flags", entry.flags());
        List<Object> configs = new ArrayList<>();
        for (Plan.ConfigJobs config : entry.configs()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("key", config.key());
            c.put("throughput_jobs", config.throughput().size());
            c.put("eval_jobs", config.evals().size());
            c.put("throughput", config.throughput().stream().map(PlanJson::job).toList());
            c.put("evals", config.evals().stream().map(PlanJson::job).toList());
            configs.add(c);
        }
        out.put("configs", configs);
        return out;
    }

    private static Map<String, Object> job(Plan.Job job) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("bucket", job.bucket());
        out.put("exp_name", job.expName());
        out.put("runner", job.runner());
        out.put("conc", job.conc());
        out.put("gpus", job.gpus());
        return out;
    }

    private static Map<String, Object> point(Plan.Point point) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("exp_name", point.expName());
        out.put("conc", point.conc());
        out.put("fields", point.fields());
        List<Object> changes = new ArrayList<>();
        for (Plan.FieldChange c : point.changes()) {
            Map<String, Object> field = new LinkedHashMap<>();
            field.put("field", c.field());
            field.put("base", c.base());
            field.put("head", c.head());
            changes.add(field);
        }
        out.put("changes", changes);
        return out;
    }

    private static Map<String, Object> change(Plan.ConfigChange change) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("key", change.key());
        out.put("new", change.isNew());
        out.put("covered", change.covered());
        List<Object> scenarios = new ArrayList<>();
        for (Plan.ScenarioChange s : change.scenarios()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("scenario", s.scenario());
            c.put("added", s.added().stream().map(PlanJson::point).toList());
            c.put("removed", s.removed().stream().map(PlanJson::point).toList());
            c.put("changed", s.changed().stream().map(PlanJson::point).toList());
            c.put("covered_by", s.coveredBy());
            scenarios.add(c);
        }
        out.put("scenarios", scenarios);
        return out;
    }

    private static Map<String, Object> appendOnly(Plan.AppendOnlyCheck check) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("entry", check.entry());
        out.put("config_keys", check.configKeys());
        out.put("holds", check.holds());
        out.put("sweep_computed", check.sweepComputed());
        out.put("base_points", check.basePoints());
        out.put("new_points", check.newPoints().stream().map(PlanJson::job).toList());
        out.put("removed", check.removed().stream().map(PlanJson::point).toList());
        out.put("changed", check.changed().stream().map(PlanJson::point).toList());
        out.put("rerun", check.rerun().stream().map(PlanJson::job).toList());
        return out;
    }

    private static Map<String, Object> totals(Plan.Totals totals) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("jobs", totals.jobs());
        out.put("jobs_per_bucket", totals.jobsPerBucket());
        out.put("jobs_per_runner", totals.jobsPerRunner());
        out.put("max_jobs_per_matrix", totals.maxJobsPerMatrix());
        out.put("over_job_limit", totals.jobsPerBucket().entrySet().stream()
                .filter(e -> e.getValue() > totals.maxJobsPerMatrix()).map(Map.Entry::getKey).toList());
        out.put("output_bytes", totals.outputBytes());
        out.put("output_with_priorities", totals.withPriorities());
        out.put("max_output_bytes", totals.maxOutputBytes());
        out.put("over_output_limit", totals.outputBytes() > totals.maxOutputBytes());
        out.put("chunks", totals.chunks());
        out.put("chunks_per_bucket", totals.chunksPerBucket());
        return out;
    }

    private static Map<String, Object> launch(dev.sweepgate.coverage.CoverageResult.LaunchChange change) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", change.path());
        m.put("deleted", change.deleted());
        m.put("library", change.library());
        m.put("configs", change.configs());
        m.put("uncovered", change.uncovered());
        return m;
    }
}
