package dev.sweepgate.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The corpus's prioritize cases in process: real sweeps annotated by the reference's
 * ci_priority.py under seven contexts, compared byte for byte. Skipped without the corpus beside
 * the project; {@code -Dsweepgate.corpus.grep=ID} runs some cases only.
 */
class PrioritizeCorpusTest {
    @TempDir
    Path scratch;

    @Test
    void everyCaseIsTheReferencesOutputByteForByte() throws IOException {
        assumeTrue(Corpus.present(), "no corpus beside the project");
        String grep = System.getProperty("sweepgate.corpus.grep", "");
        String policy = Corpus.DIR.resolve("ci-priority.yaml").toString();
        List<String> failures = new ArrayList<>();
        int cases = 0;
        for (JsonNode c : Corpus.cases()) {
            if (!"prioritize".equals(c.get("kind").asText()) || !c.get("id").asText().contains(grep)) {
                continue;
            }
            cases++;
            Path input = scratch.resolve(c.get("id").asText() + ".json");
            Files.write(input, Corpus.expected(c.get("input").asText()));
            List<String> args = new ArrayList<>();
            c.get("args").forEach(a -> args.add(a.asText().replace("{POLICY}", policy).replace("{INPUT}", input.toString())));
            Corpus.Run run = Corpus.run(scratch, args);
            byte[] want = Corpus.expected(c.at("/expect/stdout").asText());
            if (run.exit() != c.at("/expect/exit").asInt() || !Arrays.equals(want, run.out())) {
                failures.add(c.get("id").asText() + ": exit " + run.exit() + ", " + run.out().length + " bytes against "
                        + want.length + "; " + run.err());
            }
        }
        assumeTrue(cases > 0, "the corpus has no prioritize cases");
        assertTrue(grep.isEmpty() ? cases >= 36 : cases > 0, cases + " cases");
        assertEquals(List.of(), failures);
    }
}
