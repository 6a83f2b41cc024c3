package dev.sweepgate.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import dev.sweepgate.concurrent.Memo;
import dev.sweepgate.git.Git;

/**
 * Everything a command may take from its surroundings. Passed in rather than read from
 * globals, so tests run commands in process against their own directories and streams.
 *
 * @param memo what the run worked out from the repository's commits ({@link Git#memo}): the commands
 *             the gate runs in one JVM share one, so each parses the configs and launch files once
 */
public record Env(Path workingDir, Map<String, String> variables, PrintStream out, PrintStream err, InputStream in,
        boolean stdoutIsTerminal, Memo memo) {
    public Env {
        variables = Map.copyOf(variables);
    }

    /** Surroundings of a run of its own. */
    public Env(Path workingDir, Map<String, String> variables, PrintStream out, PrintStream err, InputStream in,
               boolean stdoutIsTerminal) {
        this(workingDir, variables, out, err, in, stdoutIsTerminal, new Memo());
    }

    /** Surroundings whose standard output is a pipe or a file. */
    public Env(Path workingDir, Map<String, String> variables, PrintStream out, PrintStream err, InputStream in) {
        this(workingDir, variables, out, err, in, false);
    }

    /** Surroundings with nothing on standard input. */
    public Env(Path workingDir, Map<String, String> variables, PrintStream out, PrintStream err) {
        this(workingDir, variables, out, err, InputStream.nullInputStream());
    }

    /** These surroundings' run (its memo) in {@code workingDir}, printing to other streams, with nothing on standard input. */
    public Env sharing(Path workingDir, Map<String, String> variables, PrintStream out, PrintStream err) {
        return new Env(workingDir, variables, out, err, InputStream.nullInputStream(), false, memo);
    }

    /**
     * A run of its own (a memo of its own) in {@code workingDir}, printing to other streams, with nothing
     * on standard input: what the gate's checks share, and only they.
     */
    public Env newRun(Path workingDir, Map<String, String> variables, PrintStream out, PrintStream err) {
        return new Env(workingDir, variables, out, err, InputStream.nullInputStream(), false, new Memo());
    }

    /** A repository read through git, sharing this run's memo. */
    public Git git(Path dir) {
        return new Git(dir, Map.of(), memo);
    }

    /**
     * The process's own surroundings. Output is UTF-8 whatever the locale: under {@code LANG=C}
     * Java 17 would write every non-ASCII character of the JSON and of quoted lines as `?`.
     */
    public static Env system() {
        return new Env(Path.of("").toAbsolutePath(), System.getenv(), utf8(FileDescriptor.out), utf8(FileDescriptor.err),
                System.in, stdoutIsATerminal());
    }

    /**
     * Whether standard output is a terminal. On Linux the file descriptor says so itself; from
     * JDK 22 {@code System.console()} is not null even when output is redirected, so it is only
     * the answer where {@code /proc} is missing.
     */
    private static boolean stdoutIsATerminal() {
        Path stdout = Path.of("/proc/self/fd/1");
        if (Files.exists(Path.of("/proc/self/fd"))) {
            try {
                String target = Files.readSymbolicLink(stdout).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            } catch (IOException | UnsupportedOperationException e) {
                return false;
            }
        }
        return System.console() != null;
    }

    private static PrintStream utf8(FileDescriptor descriptor) {
        return new PrintStream(new BufferedOutputStream(new FileOutputStream(descriptor), 1 << 16), true,
                StandardCharsets.UTF_8);
    }

    public String variable(String name) {
        return variables.get(name);
    }
}
