package dev.sweepgate.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

@Command(name = "process-changelog", mixinStandardHelpOptions = true, description = "Not implemented yet.")
final class ProcessChangelogCommand implements Callable<Integer> {
    @ParentCommand
    Main root;

    @Override
    public Integer call() {
        root.context().err().println("sweepgate: process-changelog is not implemented yet");
        return Main.ENVIRONMENT;
    }
}
