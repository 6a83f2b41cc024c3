package dev.sweepgate.matrix;

/** The eval policy of matrix.md, as chosen by --no-evals, --evals-only and --all-evals. */
public enum EvalMode {
    /** --no-evals: no marking at all. */
    NONE,
    /** Default: every row kept, eval rows marked run-eval true. */
    MARK,
    /** --evals-only: only rows with run-eval true, each with eval-only true. */
    EVALS_ONLY,
    /** --all-evals (with or without --evals-only): the widened selection, eval rows only. */
    ALL_EVALS
}
