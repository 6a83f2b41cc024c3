package dev.sweepgate.yaml;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.util.List;

/**
 * Any bytes give the YAML loader a tree or problems, never an exception; every position
 * names the file and a line of it. Seeds: the real configs and changelog (docs/reliability.md).
 */
class YamlLoaderFuzzTest {
    private static final String FILE = "fuzzed.yaml";

    @FuzzTest
    void loadsAnyBytes(byte[] bytes) {
        int lines = lineCount(bytes);
        for (YamlLoader loader : List.of(YamlLoader.standard(), YamlLoader.withoutMergeKeys())) {
            try {
                YamlLoader.Document doc = loader.load(bytes, FILE);
                assertNotNull(doc.root());
                checkPositions(doc.root(), lines);
                doc.problems().forEach(p -> checkProblem(p, lines));
            } catch (ProblemException e) {
                assertTrue(!e.problems().isEmpty(), "a refusal names its problems");
                e.problems().forEach(p -> checkProblem(p, lines));
            }
        }
    }

    /** Lines by any count a YAML reader may use (\n, \r, \r\n, U+0085, U+2028, U+2029 all end one). */
    private static int lineCount(byte[] bytes) {
        int lines = 1;
        for (byte b : bytes) {
            if (b == '\n' || b == '\r' || (b & 0xff) == 0x85 || (b & 0xff) == 0xa8 || (b & 0xff) == 0xa9) {
                lines++;
            }
        }
        return lines;
    }

    private static void checkProblem(Problem p, int lines) {
        assertTrue(p.file().equals(FILE) && p.line() >= 0 && p.line() <= lines + 1, () -> "problem outside the file: " + p);
    }

    private static void checkPositions(YNode node, int lines) {
        assertTrue(node.pos().line() >= 0 && node.pos().line() <= lines + 1, () -> "node outside the file: " + node.pos());
        if (node instanceof YMap map) {
            for (YMap.Entry e : map.entries()) {
                checkPositions(e.key(), lines);
                checkPositions(e.value(), lines);
            }
        } else if (node instanceof YSeq seq) {
            seq.items().forEach(item -> checkPositions(item, lines));
        }
    }
}
