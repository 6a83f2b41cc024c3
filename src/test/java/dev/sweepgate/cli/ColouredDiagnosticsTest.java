package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Help.Ansi;

/**
 * Issue 23: diagnostics in the text format are coloured on a terminal (picocli's ANSI support:
 * the severity and the rule id), and never in a file, a pipe, another format or with NO_COLOR.
 */
class ColouredDiagnosticsTest {
    private static final String ESC = "\u001b[";

    @TempDir
    Path dir;

    @TempDir
    Path tools;

    ChangelogFixture fx;

    @BeforeEach
    void setUp() {
        fx = new ChangelogFixture(dir);
        // one error and one note: a misspelt field, and the unpinned summary needs none; the note of a missing curve dir does
        fx.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("  precision: fp8", "  precison: fp8"));
    }

    private String stderr(Ansi ansi, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Env env = new Env(dir, Map.of(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(1, Main.run(Main.commandLine(args), args, env, ansi));
        return err.toString(StandardCharsets.UTF_8);
    }

    private static String plain(String text) {
        return text.replaceAll("\u001b\\[[0-9;]*m", "");
    }

    @Test
    void onATerminalTheSeverityAndTheRuleAreColouredInTheTextFormatOnly() {
        String coloured = stderr(Ansi.ON, "validate-configs", "--format", "text");
        String off = stderr(Ansi.OFF, "validate-configs", "--format", "text");
        assertFalse(off.contains(ESC), off);
        assertTrue(coloured.contains(ESC + "1m" + ESC + "31m" + "error"), coloured);
        assertTrue(coloured.contains(ESC + "2m" + "config.unknown-field"), coloured);
        // only the marks differ: the message, the excerpt and the count stay as they are
        assertEquals(off, plain(coloured));
        for (String format : List.of("github", "json", "sarif")) {
            String other = stderr(Ansi.ON, "validate-configs", "--format", format);
            assertFalse(other.contains(ESC), format + ": " + other);
        }
    }

    /** A real terminal, through script(1): picocli's detection decides, and NO_COLOR and redirection turn it off. */
    @Test
    void picocliDetectsTheTerminalAndNoColorOrARedirectionTurnsItOff() throws Exception {
        assumeTrue(new File("/usr/bin/script").canExecute(), "script(1) is not installed: no terminal to test with");
        String sweepgate = Launcher.write(tools) + " -C " + dir + " validate-configs --format text";
        String onTerminal = script(sweepgate, Map.of());
        assertTrue(onTerminal.contains(ESC + "1m" + ESC + "31m" + "error"), onTerminal);
        String noColor = script(sweepgate, Map.of("NO_COLOR", "1"));
        assertTrue(noColor.contains("error: unknown field `precison`"), noColor);
        assertFalse(noColor.contains(ESC), noColor);
        Path log = tools.resolve("stderr.txt");
        script(sweepgate + " 2>" + log, Map.of());
        String redirected = Files.readString(log);
        assertTrue(redirected.contains("error: unknown field `precison`"), redirected);
        assertFalse(redirected.contains(ESC), "a file gets no escape codes: " + redirected);
    }

    /** Runs {@code command} on a pseudo-terminal; returns what the terminal showed. */
    private String script(String command, Map<String, String> variables) throws IOException, InterruptedException {
        Path out = tools.resolve("terminal.txt");
        ProcessBuilder pb = new ProcessBuilder("/usr/bin/script", "-q", "-e", "-c", command, out.toString());
        pb.environment().remove("NO_COLOR");
        pb.environment().putAll(variables);
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process process = pb.start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "script did not finish");
        return Files.readString(out);
    }
}
