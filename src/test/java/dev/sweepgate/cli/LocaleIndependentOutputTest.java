package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Minimal CI containers run with LANG=C; what sweepgate prints must still be UTF-8. */
class LocaleIndependentOutputTest {
    @TempDir
    Path dir;

    @Test
    void nonAsciiTextIsWrittenAsUtf8UnderTheCLocale() throws IOException, InterruptedException {
        Path sweepgate = Launcher.write(dir.resolve("bin"));
        Files.writeString(dir.resolve("c.yaml"), "modèle-x:\n  image: x\n", StandardCharsets.UTF_8);
        Path runners = Path.of("configs/runners.yaml").toAbsolutePath();
        ProcessBuilder pb = new ProcessBuilder(sweepgate.toString(), "validate-configs", "--format", "text",
                "--config-files", "c.yaml", "--runner-config", runners.toString())
                .directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("LANG", "C");
        pb.environment().put("LC_ALL", "C");
        pb.environment().remove("GITHUB_ACTIONS");
        Process process = pb.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(1, process.waitFor(), output);
        assertTrue(output.contains("config 'modèle-x' lacks the required field `model`"), output);
    }
}
