package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Start-up loads what the command uses: no other command, and of Jackson only the streaming generator. */
class StartupClassesTest {
    @TempDir
    Path dir;

    private List<String> loadedClasses(String... args) throws Exception {
        Path launcher = Launcher.write(dir);
        List<String> command = new java.util.ArrayList<>(List.of(launcher.toString(), "-C", Path.of("").toAbsolutePath().toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("JAVA_TOOL_OPTIONS", "-Xlog:class+load=info:stderr");
        Process process = pb.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), out.lines().filter(l -> !l.contains("class,load")).toList().toString());
        return out.lines().filter(l -> l.contains("[class,load]")).map(l -> l.split(" ")[1]).toList();
    }

    @Test
    void fullSweepLoadsNoOtherCommandAndNoJacksonDatabind() throws Exception {
        List<String> loaded = loadedClasses("full-sweep", "--config-files", "configs/amd-master.yaml");
        assertTrue(loaded.contains(FullSweepCommand.class.getName()), "the log must show the command itself");
        for (String other : List.of(ValidateChangelogCommand.class.getName(), ProcessChangelogCommand.class.getName(),
                SchemaCommand.class.getName(), MergeDriverCommand.class.getName())) {
            assertFalse(loaded.contains(other), other + " loaded by full-sweep");
        }
        assertTrue(loaded.stream().anyMatch(c -> c.startsWith("com.fasterxml.jackson.core.")), "Jackson writes the rows");
        // databind's serializers cost a short run more than writing the rows with the generator
        assertTrue(loaded.stream().noneMatch(c -> c.startsWith("com.fasterxml.jackson.databind.")),
                "Jackson databind loaded by full-sweep");
    }

    @Test
    void rootHelpStillListsEveryCommand() throws Exception {
        List<String> loaded = loadedClasses("--help");
        assertTrue(loaded.contains(SchemaCommand.class.getName()));
    }
}
