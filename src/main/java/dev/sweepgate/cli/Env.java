package dev.sweepgate.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

/**
 * Everything a command may take from its surroundings. Passed in rather than read from
 * globals, so tests run commands in process against their own directories and streams.
 */
public record Env(Path workingDir, Map<String, String> variables, PrintStream out, PrintStream err) {
    public Env {
        variables = Map.copyOf(variables);
    }

    public static Env system() {
        return new Env(Path.of("").toAbsolutePath(), System.getenv(), System.out, System.err);
    }

    public String variable(String name) {
        return variables.get(name);
    }
}
