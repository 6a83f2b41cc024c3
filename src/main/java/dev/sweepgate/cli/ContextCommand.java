package dev.sweepgate.cli;

import picocli.CommandLine.Model.CommandSpec;

/** A sweepgate command (see {@link SweepgateCommand} for the pattern). */
interface ContextCommand {
    /** The command's picocli model, whose values {@link #call} reads after parsing. */
    CommandSpec spec();

    /** Runs the command and returns its exit status. */
    int call(Context context);
}
