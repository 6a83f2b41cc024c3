package dev.sweepgate.cli;

import dev.sweepgate.output.Highlight;
import dev.sweepgate.problem.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Help.Ansi;

/**
 * The text format's severities and rule ids in colour, through picocli's ANSI support: an error
 * in bold red, a warning in bold yellow, a note in bold cyan, the rule id faint.
 */
final class AnsiHighlight implements Highlight {
    private static final Path STDERR = Path.of("/proc/self/fd/2");

    private final Ansi ansi;

    private AnsiHighlight(Ansi ansi) {
        this.ansi = ansi;
    }

    /**
     * The highlight for diagnostics on stderr: colour when {@code ansi} says so. {@link Ansi#AUTO}
     * is picocli's detection (a terminal, no {@code NO_COLOR}, the {@code picocli.ansi} property),
     * which looks at the console; diagnostics go to stderr, so where the system tells (Linux's
     * {@code /proc}) a stderr redirected to a file or a pipe turns colour off as well.
     */
    static Highlight of(Ansi ansi) {
        boolean colour = ansi == Ansi.ON || ansi == Ansi.AUTO && ansi.enabled() && stderrMayBeATerminal();
        return colour ? new AnsiHighlight(Ansi.ON) : Highlight.NONE;
    }

    private static boolean stderrMayBeATerminal() {
        try {
            String target = Files.readSymbolicLink(STDERR).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException e) {
            return true; // no /proc here: picocli's answer stands
        }
    }

    @Override
    public String severity(Problem.Severity severity, String word) {
        String style = switch (severity) {
            case ERROR -> "bold,red";
            case WARNING -> "bold,yellow";
            case NOTE -> "bold,cyan";
        };
        return ansi.string("@|" + style + " " + word + "|@");
    }

    @Override
    public String rule(String rule) {
        return ansi.string("@|faint " + rule + "|@");
    }
}
