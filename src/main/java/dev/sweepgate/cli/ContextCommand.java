package dev.sweepgate.cli;

/** A sweepgate command's body: runs in its context (see {@link SweepgateCommand} for the pattern). */
interface ContextCommand {
    /** Runs the command and returns its exit status. */
    int call(Context context);
}
