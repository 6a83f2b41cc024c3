package dev.sweepgate.cli;

import dev.sweepgate.git.Git;
import dev.sweepgate.git.RepoRoot;
import dev.sweepgate.output.Format;
import dev.sweepgate.output.Highlight;
import dev.sweepgate.output.ProblemRenderer;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.UsageException;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.yaml.YamlLoader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Help;

/**
 * What a running command works with: its directory (after -C), environment and streams.
 *
 * @param ansi whether output may be coloured: picocli's {@link Help.Ansi#AUTO} when run from a
 *             shell, OFF in process, as {@link Main} runs it
 */
public record Context(Path dir, Env env, Help.Ansi ansi) {
    public Context(Path dir, Env env) {
        this(dir, env, Help.Ansi.OFF);
    }

    /** The repository of the command's directory, read through git with this run's memo. */
    public Git git() {
        return env.git(dir);
    }

    public PrintStream out() {
        return env.out();
    }

    public PrintStream err() {
        return env.err();
    }

    /** A path as the user wrote it, resolved against -C DIR (or the working directory). */
    public Path resolve(String path) {
        return dir.resolve(path).normalize();
    }

    /**
     * A repository file as named on the command line, spelled as seen from {@link #dir}: from a
     * subdirectory, a default path that is not there is the file at the work tree's top
     * ({@code ../perf-changelog.yaml}). Read it, show it at a commit and write it by this name, so
     * that all three mean the same file.
     */
    public String located(String path) {
        return RepoRoot.locate(dir, path);
    }

    /** Reads a file named on the command line; a missing or unreadable one is an environment failure. */
    public byte[] read(String path) {
        Path file = resolve(located(path));
        try {
            long size = Files.size(file);
            if (size > YamlLoader.MAX_BYTES) {
                // Refused before reading: a file of gigabytes would not even fit in an array.
                throw new ProblemException(YamlLoader.tooLarge(path, size));
            }
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new EnvironmentException("cannot read " + path + ": no such file (looked in " + dir + ")");
        } catch (AccessDeniedException e) {
            throw new EnvironmentException("cannot read " + path + ": permission denied");
        } catch (IOException e) {
            if (Files.isDirectory(file)) {
                throw new UsageException("cannot read " + path + ": it is a directory, not a file");
            }
            throw new EnvironmentException("cannot read " + path + ": " + e.getMessage());
        }
    }

    public Format format(Format chosen) {
        return chosen != null ? chosen : Format.defaultFor(env.variables(), System.console() != null);
    }

    /**
     * Where a successful run's summary goes: stdout, as for every command's report; stderr when the
     * format puts its JSON or SARIF document on stdout, which must stay one document.
     */
    public PrintStream summary(Format chosen) {
        Format format = format(chosen);
        return format == Format.JSON || format == Format.SARIF ? err() : out();
    }

    /**
     * Renders problems. Text and GitHub annotations go to stderr; JSON and SARIF to stdout
     * unless stdout already carries the command's data. On a stdout of its own, a structured
     * format prints its document even without problems, so a consumer (or a SARIF upload)
     * always finds one.
     */
    public void report(List<Problem> problems, Format chosen, boolean stdoutIsData) {
        Format format = format(chosen);
        boolean structured = format == Format.JSON || format == Format.SARIF;
        if (problems.isEmpty() && !(structured && !stdoutIsData)) {
            return;
        }
        PrintStream target = structured && !stdoutIsData ? out() : err();
        // Colour for people at a terminal only: the text format on stderr.
        Highlight highlight = format == Format.TEXT && target == err() ? AnsiHighlight.of(ansi) : Highlight.NONE;
        ProblemRenderer.render(problems, format, "sweepgate", target, highlight);
    }
}
