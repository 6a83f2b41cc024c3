package dev.sweepgate.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

@Command(name = "full-sweep", mixinStandardHelpOptions = true, description = "Not implemented yet.")
final class FullSweepCommand implements Callable<Integer> {
    @ParentCommand
    Main root;

    @Override
    public Integer call() {
        root.context().err().println("sweepgate: full-sweep is not implemented yet");
        return Main.ENVIRONMENT;
    }
}
