package dev.sweepgate.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sweepgate.json.PythonJson;
import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The limits of the GitHub Actions engine the sweep runs on, counted as GitHub counts them: a
 * matrix (one per bucket) runs at most 256 jobs, and a job output holds at most 1 MB, GitHub
 * approximating its size on the UTF-16 encoding (two bytes an ASCII character). The sweep goes
 * into one job output, so what is measured is the exact text published, priorities included when
 * they were added. A sweep beyond the limits is still computed and printed (the limits are
 * GitHub's, not the changelog's rules), but the workflow would fail, so the commands warn.
 */
public final class SweepLimits {
    public static final int MAX_JOBS_PER_MATRIX = 256;
    /** 1 MB, as GitHub's documentation of job outputs states it. */
    public static final long MAX_OUTPUT_BYTES = 1_000_000;
    public static final String BUCKET_RULE = "sweep.matrix-limit";
    public static final String SIZE_RULE = "sweep.output-limit";

    /** How many of the largest buckets the size warning names. */
    private static final int LARGEST_NAMED = 3;

    private SweepLimits() {
    }

    /**
     * A bucket: its path in the sweep with dots between levels ({@code single_node.8k1k}) and its rows.
     */
    public record Bucket(String name, JsonNode rows) {
        public int size() {
            return rows.size();
        }

        /**
         * The UTF-16 bytes of its rows as compact JSON: what a job output holding only this bucket
         * would count. Written only when asked (the size warning), the sweep's whole text aside.
         */
        public long bytes() {
            return PythonJson.utf16Bytes(PythonJson.write(rows));
        }
    }

    /** @param outputBytes the published text's size as GitHub counts it */
    public record Figures(List<Bucket> buckets, long outputBytes, boolean withPriorities) {
        public Figures {
            buckets = List.copyOf(buckets);
        }
    }

    /** The figures of a sweep: every bucket (the empty ones too, in the sweep's order) and the output. */
    public static Figures measure(SweepOutput output) {
        List<Bucket> buckets = new ArrayList<>();
        JsonNode document = output.document();
        // --canary prints {"canary": [row], "remaining": sweep}: the matrices are the remaining sweep's
        JsonNode sweep = document.has("canary") && document.path("remaining").isObject() ? document.get("remaining") : document;
        for (Map.Entry<String, JsonNode> top : sweep.properties()) {
            JsonNode value = top.getValue();
            if (value.isArray()) {
                buckets.add(bucket(top.getKey(), value));
            } else if (value.isObject() && !top.getKey().equals("changelog_metadata")) {
                for (Map.Entry<String, JsonNode> inner : value.properties()) {
                    if (inner.getValue().isArray()) {
                        buckets.add(bucket(top.getKey() + "." + inner.getKey(), inner.getValue()));
                    }
                }
            }
        }
        return new Figures(buckets, PythonJson.utf16Bytes(output.text()), output.withPriorities());
    }

    private static Bucket bucket(String name, JsonNode rows) {
        return new Bucket(name, rows);
    }

    /**
     * @param changelog the changelog file, which the warnings point at
     * @return one warning per bucket over the job limit, and one when the output is too large
     */
    public static List<Problem> check(Figures figures, String changelog) {
        return check(figures, changelog, null);
    }

    /**
     * @param chunks how many chunks {@code --split-dir} wrote the sweep as, or null when it was not
     *     split: split, the sweep runs as chunks that each keep both limits, so what would be a
     *     warning is a note that says so
     */
    public static List<Problem> check(Figures figures, String changelog, Integer chunks) {
        List<Problem> problems = new ArrayList<>();
        Position at = Position.ofFile(changelog);
        Problem.Severity severity = chunks == null ? Problem.Severity.WARNING : Problem.Severity.NOTE;
        String ran = chunks == null ? null : "; --split-dir wrote the sweep as " + chunks + " chunk"
                + (chunks == 1 ? "" : "s") + " that each keep both limits, and the workflow runs those instead";
        for (Bucket bucket : figures.buckets()) {
            if (bucket.size() > MAX_JOBS_PER_MATRIX) {
                problems.add(new Problem(severity, at.file(), at.line(), at.column(), BUCKET_RULE, "bucket "
                        + bucket.name() + " has " + bucket.size() + " rows, more than the " + MAX_JOBS_PER_MATRIX
                        + " jobs GitHub Actions allows in one matrix" + (ran != null ? ran
                        : ", so the benchmark job fed from it will not start; split the change into several pull "
                        + "requests whose entries select fewer configs (or narrower scenario-type), each under "
                        + MAX_JOBS_PER_MATRIX + " rows per bucket")));
            }
        }
        if (figures.outputBytes() > MAX_OUTPUT_BYTES) {
            // the buckets by size, largest first (in the sweep's order among equals)
            List<Map.Entry<Bucket, Long>> sized = new ArrayList<>();
            figures.buckets().stream().filter(b -> b.size() > 0).forEach(b -> sized.add(Map.entry(b, b.bytes())));
            sized.sort(Map.Entry.<Bucket, Long>comparingByValue().reversed());
            List<String> named = sized.stream().limit(LARGEST_NAMED)
                    .map(e -> e.getKey().name() + " (" + e.getKey().size() + " rows, " + e.getValue() + " bytes)").toList();
            problems.add(new Problem(severity, at.file(), at.line(), at.column(), SIZE_RULE, "the sweep's job output is "
                    + figures.outputBytes() + " bytes as GitHub counts it (UTF-16, 2 bytes a character"
                    + (figures.withPriorities() ? ", priorities included" : "") + "), more than the "
                    + MAX_OUTPUT_BYTES + " bytes (1 MB) a GitHub Actions job output can hold"
                    + (ran != null ? ran : ", so the job that publishes it fails; the largest buckets: "
                    + String.join(", ", named) + "; split the change into several pull requests whose entries "
                    + "select fewer configs")));
        }
        return problems;
    }
}
