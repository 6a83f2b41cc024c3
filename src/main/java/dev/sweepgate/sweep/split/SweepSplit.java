package dev.sweepgate.sweep.split;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.sweepgate.output.JsonTree;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A sweep cut into chunks that each fit one matrix run (pipeline.md, "Sweeps larger than one
 * matrix run"): per bucket, consecutive rows, each chunk within both {@link ChunkLimits}. The
 * cut is greedy, so a bucket that fits is one chunk and every chunk but a bucket's last is as
 * full as the limits allow: the fewest chunks a cut that keeps the order can make.
 */
public final class SweepSplit {
    public static final String ROW_TOO_LARGE = "sweep.row-too-large";

    private SweepSplit() {
    }

    /**
     * @param sweep     the sweep as the workflow receives it (after any annotation)
     * @param changelog the changelog file, where a problem points
     * @return the chunks in bucket order, then chunk order; none for an empty bucket
     * @throws ProblemException when a row alone is larger than a chunk may be (one problem per such row)
     */
    public static List<Chunk> split(JsonNode sweep, ChunkLimits limits, String changelog) {
        List<Chunk> chunks = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (Map.Entry<String, ArrayNode> bucket : SweepBuckets.of(sweep).entrySet()) {
            List<String> current = new ArrayList<>();
            // the UTF-16 units of "[" + the current rows joined by "," + "]"
            long units = 2;
            int position = 0;
            for (JsonNode row : bucket.getValue()) {
                position++;
                String text = JsonTree.compact(row);
                long alone = ChunkLimits.outputBytes(text) + ChunkLimits.outputBytes("[]");
                if (alone > limits.maxOutputBytes()) {
                    problems.add(Problem.fileError(changelog, ROW_TOO_LARGE, "row " + position + " of bucket "
                            + bucket.getKey() + " (" + describe(row) + ") is " + alone + " bytes as a chunk of its own, "
                            + "counted as GitHub counts a job output (UTF-16), more than the " + limits.maxOutputBytes()
                            + " bytes a chunk may hold, so no chunk can carry it; raise --max-output-bytes to at least "
                            + alone));
                    continue;
                }
                long with = current.isEmpty() ? units + text.length() : units + 1 + text.length();
                if (!current.isEmpty() && (current.size() == limits.maxJobs() || 2 * with > limits.maxOutputBytes())) {
                    chunks.add(new Chunk(bucket.getKey(), index(chunks, bucket.getKey()), current));
                    current = new ArrayList<>();
                    with = 2 + text.length();
                }
                current.add(text);
                units = with;
            }
            if (!current.isEmpty()) {
                chunks.add(new Chunk(bucket.getKey(), index(chunks, bucket.getKey()), current));
            }
        }
        if (!problems.isEmpty()) {
            throw new ProblemException(problems);
        }
        return chunks;
    }

    /** The next chunk number of {@code bucket}: its chunks are the last ones added. */
    private static int index(List<Chunk> chunks, String bucket) {
        int n = 0;
        for (int i = chunks.size() - 1; i >= 0 && chunks.get(i).bucket().equals(bucket); i--) {
            n++;
        }
        return n;
    }

    /** Enough of a row for a person to find it: its exp-name, runner and concurrency, as far as it has them. */
    static String describe(JsonNode row) {
        List<String> parts = new ArrayList<>();
        for (String field : List.of("exp-name", "runner", "conc")) {
            JsonNode value = row.get(field);
            if (value != null) {
                parts.add(field + " " + (value.isTextual() ? value.asText() : JsonTree.compact(value)));
            }
        }
        return parts.isEmpty() ? "a row without exp-name, runner or conc" : String.join(", ", parts);
    }

    /** The number of chunks of each bucket that has rows, in bucket order. */
    public static Map<String, Integer> chunksPerBucket(List<Chunk> chunks) {
        Map<String, Integer> counts = new java.util.LinkedHashMap<>();
        chunks.forEach(chunk -> counts.merge(chunk.bucket(), 1, Integer::sum));
        return counts;
    }
}
