package dev.sweepgate.sweep.split;

/**
 * What one chunk of a sweep may hold: at most {@code maxJobs} rows (GitHub runs at most 256 jobs
 * in one matrix) and at most {@code maxOutputBytes} of compact JSON counted as GitHub counts a
 * job output ({@link #outputBytes}).
 */
public record ChunkLimits(int maxJobs, long maxOutputBytes) {
    public static final int DEFAULT_MAX_JOBS = 256;
    /** GitHub's 1 MB of job output, in its own decimal megabyte. */
    public static final long DEFAULT_MAX_OUTPUT_BYTES = 1_000_000;
    public static final ChunkLimits GITHUB = new ChunkLimits(DEFAULT_MAX_JOBS, DEFAULT_MAX_OUTPUT_BYTES);

    public ChunkLimits {
        if (maxJobs <= 0 || maxOutputBytes <= 0) {
            throw new IllegalArgumentException("chunk limits must be positive: " + maxJobs + " jobs, " + maxOutputBytes + " bytes");
        }
    }

    /**
     * The size of {@code text} as a GitHub job output, which GitHub approximates on UTF-16: two
     * bytes per UTF-16 unit, so an ASCII character counts two and a character beyond the BMP four.
     */
    public static long outputBytes(CharSequence text) {
        return 2L * text.length();
    }
}
