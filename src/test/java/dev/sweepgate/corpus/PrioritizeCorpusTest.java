package dev.sweepgate.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sweepgate.cli.Env;
import dev.sweepgate.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The corpus's prioritize cases in process: real sweeps annotated by the reference's
 * ci_priority.py under seven contexts, compared byte for byte. Skipped without the corpus beside
 * the project; {@code -Dsweepgate.corpus.grep=ID} runs some cases only.
 */
class PrioritizeCorpusTest {
    private static final Path CORPUS = Path.of("..", "shared", "corpus").toAbsolutePath().normalize();

    @TempDir
    Path scratch;

    @Test
    void everyCaseIsTheReferencesOutputByteForByte() throws IOException {
        assumeTrue(Files.exists(CORPUS.resolve("cases.jsonl")), "no corpus beside the project");
        String grep = System.getProperty("sweepgate.corpus.grep", "");
        ObjectMapper json = new ObjectMapper();
        List<String> failures = new ArrayList<>();
        int cases = 0;
        for (String line : Files.readAllLines(CORPUS.resolve("cases.jsonl"))) {
            JsonNode c = json.readTree(line);
            if (!"prioritize".equals(c.get("kind").asText()) || !c.get("id").asText().contains(grep)) {
                continue;
            }
            cases++;
            Path input = scratch.resolve(c.get("id").asText() + ".json");
            Files.write(input, expected(c.get("input").asText()));
            List<String> args = new ArrayList<>(List.of("-C", scratch.toString()));
            c.get("args").forEach(a -> args.add(a.asText().replace("{POLICY}", CORPUS.resolve("ci-priority.yaml").toString())
                    .replace("{INPUT}", input.toString())));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int exit = Main.run(args.toArray(String[]::new), new Env(scratch, Map.of(),
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
            byte[] want = expected(c.at("/expect/stdout").asText());
            if (exit != c.at("/expect/exit").asInt() || !Arrays.equals(want, out.toByteArray())) {
                failures.add(c.get("id").asText() + ": exit " + exit + ", " + out.size() + " bytes against "
                        + want.length + "; " + err.toString(StandardCharsets.UTF_8));
            }
        }
        assumeTrue(cases > 0, "the corpus has no prioritize cases");
        assertTrue(grep.isEmpty() ? cases >= 36 : cases > 0, cases + " cases");
        assertEquals(List.of(), failures);
    }

    private static byte[] expected(String key) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(CORPUS.resolve("expected").resolve(key + ".json.gz")))) {
            return in.readAllBytes();
        }
    }
}
