package dev.sweepgate.cli;

import picocli.CommandLine.Command;

/** prepare-merge only groups its two subcommands; named alone it is bad usage. */
@Command(name = "prepare-merge",
        description = "Prepares a pull request's changelog for merging into main (used by scripts/merge-pr.sh).",
        subcommands = {CanonicalizeCommand.class, ResolveConflictCommand.class})
final class PrepareMergeCommand {
}
