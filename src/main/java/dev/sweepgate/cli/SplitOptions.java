package dev.sweepgate.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sweepgate.problem.UsageException;
import dev.sweepgate.sweep.split.Chunk;
import dev.sweepgate.sweep.split.ChunkLimits;
import dev.sweepgate.sweep.split.ChunkSet;
import dev.sweepgate.sweep.split.SweepSplit;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** {@code --split-dir DIR [--max-jobs N] [--max-output-bytes B]}: a sweep written as chunks that each fit one matrix run. */
final class SplitOptions {
    static final String SPLIT_DIR = "--split-dir";

    private final OptionSpec splitDir = Specs.value(SPLIT_DIR, "DIR", String.class,
            "Also write the sweep as chunks that each fit one matrix run: DIR/index.json (one object per chunk) and "
                    + "one JSON file per chunk. Each file is replaced atomically; the chunks the earlier index named are removed, other files kept.").build();

    // No picocli defaults: that an option was given without --split-dir is bad usage.
    private final OptionSpec maxJobs = Specs.value("--max-jobs", "N", Integer.class,
            "With --split-dir: at most N rows per chunk (default: " + ChunkLimits.DEFAULT_MAX_JOBS
                    + ", the jobs GitHub runs in one matrix).").build();

    private final OptionSpec maxOutputBytes = Specs.value("--max-output-bytes", "B", Long.class,
            "With --split-dir: at most B bytes of compact JSON per chunk, counted as GitHub counts a job output "
                    + "(UTF-16: an ASCII character is 2 bytes) (default: " + ChunkLimits.DEFAULT_MAX_OUTPUT_BYTES
                    + ", GitHub's 1 MB).").build();

    CommandSpec spec() {
        return Specs.group(splitDir, maxJobs, maxOutputBytes);
    }

    boolean given() {
        return splitDir.getValue() != null;
    }

    /**
     * The limits a chunk keeps; checked before any work, so that a bad value costs no sweep.
     *
     * @throws UsageException for a limit of 0 or less, or a limit without --split-dir
     */
    ChunkLimits limits() {
        Integer jobs = maxJobs.getValue();
        Long bytes = maxOutputBytes.getValue();
        if (!given() && (jobs != null || bytes != null)) {
            throw new UsageException((jobs != null ? "--max-jobs" : "--max-output-bytes")
                    + " limits the chunks of " + SPLIT_DIR + "; give " + SPLIT_DIR + " DIR too");
        }
        if (jobs != null && jobs <= 0) {
            throw new UsageException("--max-jobs " + jobs + ": a chunk holds at least one row; give a number above 0");
        }
        if (bytes != null && bytes <= 0) {
            throw new UsageException("--max-output-bytes " + bytes + ": give a number of bytes above 0");
        }
        return new ChunkLimits(jobs != null ? jobs : ChunkLimits.DEFAULT_MAX_JOBS,
                bytes != null ? bytes : ChunkLimits.DEFAULT_MAX_OUTPUT_BYTES);
    }

    /**
     * Cuts {@code sweep} into chunks and writes them into the split directory (ChunkSet.write).
     *
     * @throws dev.sweepgate.problem.ProblemException when a row alone is over the byte limit (nothing is written)
     */
    List<Chunk> write(Context context, JsonNode sweep, ChunkLimits limits, String changelog) {
        List<Chunk> chunks = SweepSplit.split(sweep, limits, changelog);
        ChunkSet.write(context.resolve(splitDir.getValue()), chunks, SPLIT_DIR);
        return chunks;
    }

    /** The chunks in the job summary: one line per bucket. */
    static String markdown(List<Chunk> chunks, ChunkLimits limits) {
        StringBuilder sb = new StringBuilder("\n#### Chunks (at most " + limits.maxJobs() + " jobs and "
                + limits.maxOutputBytes() + " bytes each)\n\n");
        if (chunks.isEmpty()) {
            return sb.append("No rows: no chunks.\n").toString();
        }
        sb.append("| bucket | chunks | rows |\n| --- | --- | --- |\n");
        SweepSplit.chunksPerBucket(chunks).forEach((bucket, count) -> sb.append("| ").append(bucket).append(" | ")
                .append(count).append(" | ").append(chunks.stream().filter(c -> c.bucket().equals(bucket))
                        .mapToInt(c -> c.rows().size()).sum()).append(" |\n"));
        return sb.toString();
    }
}
