package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * sweepgate as a shell sees it: the completion script bash sources, and help through a pipe.
 * Through {@link Launcher} (the compiled classes), since the tests run before the jar is packaged.
 */
class CompletionTest {
    @TempDir
    Path dir;

    private String bash(String script) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("bash", "-c", script).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), out);
        return out;
    }

    @Test
    void bashSourcesTheGeneratedCompletionScript() throws Exception {
        Path sweepgate = Launcher.write(dir);
        String out = bash("source <('" + sweepgate + "' generate-completion); complete -p sweepgate");
        assertTrue(out.strip().startsWith("complete ") && out.strip().endsWith(" sweepgate"), out);
        assertTrue(out.contains("-F _complete_sweepgate"), out);
    }

    /** What the script offers for the last of {@code words}, as bash would ask it on TAB. */
    private List<String> completions(Path sweepgate, String... words) throws Exception {
        StringBuilder array = new StringBuilder();
        for (String word : words) {
            array.append(" '").append(word).append("'");
        }
        // compopt complains outside a real completion; the candidates are what counts.
        return bash("source <('" + sweepgate + "' generate-completion)\n"
                + "COMP_WORDS=(sweepgate" + array + "); COMP_CWORD=" + words.length
                + "; COMP_LINE='sweepgate " + String.join(" ", words) + "'\n"
                + "_complete_sweepgate 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"\n").lines().toList();
    }

    @Test
    void theScriptCompletesCommandsOptionsAndFormats() throws Exception {
        Path sweepgate = Launcher.write(dir);
        assertEquals(List.of("full-sweep"), completions(sweepgate, "full-"));
        assertEquals(List.of("--step-size"), completions(sweepgate, "full-sweep", "--step"));
        assertEquals(List.of("text", "json", "github", "sarif"), completions(sweepgate, "validate-configs", "--format", ""));
    }

    @Test
    void helpThroughAPipeHasNoColours() throws Exception {
        Path sweepgate = Launcher.write(dir);
        String help = bash("'" + sweepgate + "' full-sweep --help | cat; '" + sweepgate + "' --nope 2>&1 | cat");
        assertTrue(help.startsWith("Usage: sweepgate full-sweep"), help);
        assertTrue(help.contains("sweepgate: unknown option: '--nope'"), help);
        assertFalse(help.contains("\u001b["), help);
    }
}
