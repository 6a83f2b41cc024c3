package dev.sweepgate.cli;

/** prepare-merge only groups its two subcommands; named alone it is bad usage. */
final class PrepareMergeCommand {
    static final CommandSpec SPEC = CommandSpec.of("prepare-merge", null,
                    "Prepares a pull request's changelog for merging into main (used by scripts/merge-pr.sh).")
            .withSubcommands(CanonicalizeCommand.SPEC, ResolveConflictCommand.SPEC);

    private PrepareMergeCommand() {
    }
}
