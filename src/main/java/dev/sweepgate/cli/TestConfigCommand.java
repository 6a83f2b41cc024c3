package dev.sweepgate.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

@Command(name = "test-config", mixinStandardHelpOptions = true, description = "Not implemented yet.")
final class TestConfigCommand implements Callable<Integer> {
    @ParentCommand
    Main root;

    @Override
    public Integer call() {
        root.context().err().println("sweepgate: test-config is not implemented yet");
        return Main.ENVIRONMENT;
    }
}
