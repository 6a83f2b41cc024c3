package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.coverage.CoverageGate;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.merge.ConflictResolver;
import dev.sweepgate.schema.JsonSchema;
import dev.sweepgate.sweep.SweepJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Start-up loads what the command uses: no other command's work, and of Jackson only the streaming generator. */
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

    /**
     * A command line that names its command gets only that command's model built (help and
     * suggestions get the whole tree): the other commands' option groups do not load, nor what
     * they do their work with, nor Jackson's databind for a JSON matrix.
     */
    @Test
    void fullSweepLoadsNoOtherCommandsWorkAndNoJacksonDatabind() throws Exception {
        List<String> loaded = loadedClasses("full-sweep", "--config-files", "configs/amd-master.yaml");
        assertTrue(loaded.contains(FullSweepCommand.class.getName()), "the log must show the command itself");
        assertTrue(loaded.contains(picocli.CommandLine.class.getName()), "the log must show picocli");
        for (String other : List.of(ChangeOptions.class.getName(), MergeOptions.class.getName(), ChangelogGate.class.getName(), SweepJson.class.getName(), JsonSchema.class.getName(),
                ConflictResolver.class.getName(), CoverageGate.class.getName())) {
            assertFalse(loaded.contains(other), other + " loaded by full-sweep");
        }
        for (String otherPackage : List.of("dev.sweepgate.merge.", "dev.sweepgate.coverage.",
                "com.fasterxml.jackson.databind.")) {
            assertTrue(loaded.stream().noneMatch(c -> c.startsWith(otherPackage)), otherPackage + "* loaded by full-sweep");
        }
        // databind's serializers cost a short run more than writing the rows with the generator
        assertTrue(loaded.stream().anyMatch(c -> c.startsWith("com.fasterxml.jackson.core.")), "Jackson writes the rows");
    }

    /**
     * The model is built in code: reading picocli's annotations would have the JDK generate a proxy
     * class per annotation type on every run (docs/speed.md).
     */
    @Test
    void aCommandsModelIsBuiltWithoutAnnotationProxies() throws Exception {
        for (List<String> args : List.of(List.of("full-sweep", "--config-files", "configs/amd-master.yaml"),
                List.of("schema", "master"))) {
            List<String> loaded = loadedClasses(args.toArray(String[]::new));
            assertTrue(loaded.contains(picocli.CommandLine.class.getName()), "the log must show picocli");
            assertFalse(loaded.contains("java.lang.reflect.ProxyGenerator"), args + " generated a proxy class");
        }
    }

    @Test
    void rootHelpStillListsEveryCommand() throws Exception {
        List<String> loaded = loadedClasses("--help");
        assertTrue(loaded.contains(SchemaCommand.class.getName()));
    }
    /**
     * BigDecimal's class initialization (15-20 ms on JDK 25) is paid only by a DRAM budget that needs
     * decimal rounding, which none of the real configs' budgets does (docs/speed.md).
     */
    @Test
    void noRealConfigLoadsTheDecimalArithmetic() throws Exception {
        String decimal = "dev.sweepgate.matrix.DramBudget$Decimal";
        List<String> plain = loadedClasses("test-config", "--config-keys", "dsr1-fp4-mi355x-sglang");
        assertTrue(plain.contains("dev.sweepgate.matrix.DramBudget"), "the log must show the expansion");
        assertFalse(plain.contains(decimal), "a config without DRAM offloading loaded the decimal arithmetic");
        List<String> offloading = loadedClasses("full-sweep");
        assertTrue(offloading.contains("dev.sweepgate.matrix.DramBudget"), "the log must show the expansion");
        assertFalse(offloading.contains(decimal), "the real configs' DRAM budgets loaded the decimal arithmetic");
    }
}
