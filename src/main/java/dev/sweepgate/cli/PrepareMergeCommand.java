package dev.sweepgate.cli;

import picocli.CommandLine.Model.CommandSpec;

/** prepare-merge only groups its two subcommands; named alone it is bad usage. */
final class PrepareMergeCommand {
    static CommandSpec spec() {
        CommandSpec spec = Specs.command(new PrepareMergeCommand(),
                "Prepares a pull request's changelog for merging into main (used by scripts/merge-pr.sh).");
        spec.addSubcommand("canonicalize", new CanonicalizeCommand().spec());
        spec.addSubcommand("resolve-conflict", new ResolveConflictCommand().spec());
        return spec;
    }
}
