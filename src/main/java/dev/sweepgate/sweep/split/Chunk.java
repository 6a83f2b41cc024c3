package dev.sweepgate.sweep.split;

import java.util.List;

/**
 * Consecutive rows of one bucket of a sweep, as one matrix runs them.
 *
 * @param bucket the bucket's path in the sweep, levels joined by dots ({@code single_node.8k1k}, {@code evals})
 * @param index  0 for a bucket's first chunk, then 1, 2, ...
 * @param rows   each row as compact JSON, in the bucket's order
 */
public record Chunk(String bucket, int index, List<String> rows) {
    public Chunk {
        rows = List.copyOf(rows);
    }

    /** The chunk file's name in the split directory. */
    public String file() {
        return bucket + "-" + index + ".json";
    }

    /** The chunk as a compact JSON array: the file's content and the job output the chunk's matrix reads. */
    public String text() {
        return "[" + String.join(",", rows) + "]";
    }

    /** {@link #text()} as GitHub counts a job output. */
    public long outputBytes() {
        return ChunkLimits.outputBytes(text());
    }
}
