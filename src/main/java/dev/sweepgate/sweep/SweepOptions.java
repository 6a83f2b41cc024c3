package dev.sweepgate.sweep;

/**
 * The command-line modifiers of a changelog sweep.
 *
 * @param trimConc  --trim-conc: one concurrency per curve
 * @param allEvals  --all-evals: expand every eval
 * @param evalsOnly --evals-only: evals, no throughput rows
 */
public record SweepOptions(boolean trimConc, boolean allEvals, boolean evalsOnly) {
    public static final SweepOptions DEFAULT = new SweepOptions(false, false, false);
}
