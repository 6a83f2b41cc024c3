package dev.sweepgate.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

@Command(name = "prepare-merge", mixinStandardHelpOptions = true,
        description = "Prepares a pull request's changelog for merging into main (used by scripts/merge-pr.sh).",
        subcommands = {CanonicalizeCommand.class, ResolveConflictCommand.class})
final class PrepareMergeCommand implements Callable<Integer> {
    @ParentCommand
    Main root;

    @Override
    public Integer call() {
        root.context().err().println("sweepgate prepare-merge: a subcommand is required: canonicalize or resolve-conflict. "
                + "Run 'sweepgate prepare-merge --help' for details.");
        return Main.USAGE;
    }
}
