package dev.sweepgate.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sweepgate.git.TestRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark workflow's two steps in one: for a prioritize case of each sweep of the corpus,
 * {@code process-changelog --priority-policy} with the case's options, on the data commit whose
 * sweep the case annotates, prints byte for byte what the reference's
 * {@code process_changelog.py | ci_priority.py} printed (the changelog metadata's refs are the
 * benchmark repository's commit ids there, the data bundle's here: they are put back). One case
 * a sweep: the other contexts of the same sweep are PrioritizeCorpusTest's, annotating the very
 * bytes this test shows process-changelog computes. Skipped without the corpus.
 */
class PipeCorpusTest {
    @TempDir
    Path scratch;

    @Test
    void processChangelogWithPrioritiesPrintsWhatThePipePrinted() throws IOException {
        assumeTrue(Corpus.present(), "no corpus beside the project");
        ObjectMapper json = new ObjectMapper();
        Map<String, JsonNode> processBySweep = new HashMap<>();
        List<JsonNode> prioritize = new ArrayList<>();
        for (JsonNode c : Corpus.cases()) {
            if ("process".equals(c.get("kind").asText()) && c.at("/expect/json").isTextual()) {
                processBySweep.putIfAbsent(c.at("/expect/json").asText(), c);
            } else if ("prioritize".equals(c.get("kind").asText())
                    && prioritize.stream().noneMatch(p -> p.get("input").equals(c.get("input")))) {
                prioritize.add(c);
            }
        }
        assumeTrue(!prioritize.isEmpty(), "the corpus has no prioritize cases");
        Path repo = scratch.resolve("data");
        TestRepo.init(scratch).git("clone", "-q", Corpus.DIR.resolve("data.bundle").toString(), repo.toString());
        TestRepo data = TestRepo.open(repo);
        String policy = Corpus.DIR.resolve("ci-priority.yaml").toString();
        List<String> failures = new ArrayList<>();
        for (JsonNode c : prioritize) {
            JsonNode process = processBySweep.get(c.get("input").asText());
            assertTrue(process != null, "no process case computes the sweep of " + c.get("id").asText());
            String head = process.get("head_commit").asText();
            String base = process.has("base_commit") ? process.get("base_commit").asText()
                    : data.git("rev-parse", head + "^").trim();
            data.git("checkout", "-q", "-f", "--detach", head);
            List<String> args = new ArrayList<>();
            process.get("args").forEach(a -> args.add(a.asText().replace("{BASE}", base).replace("{HEAD}", head)));
            args.addAll(List.of("--priority-policy", policy));
            List<String> options = new ArrayList<>();
            c.get("args").forEach(a -> options.add(a.asText()));
            for (int i = 1; i < options.size(); i++) {
                String option = options.get(i);
                if (option.equals("--policy") || option.equals("--input")) {
                    i++;
                } else {
                    args.add(option);
                }
            }
            Corpus.Run run = Corpus.run(repo, args);
            String want = new String(Corpus.expected(c.at("/expect/stdout").asText()), StandardCharsets.UTF_8);
            JsonNode refs = json.readTree(want).get("changelog_metadata");
            String got = run.outText()
                    .replace("\"base_ref\":\"" + base + "\"", "\"base_ref\":\"" + refs.get("base_ref").asText() + "\"")
                    .replace("\"head_ref\":\"" + head + "\"", "\"head_ref\":\"" + refs.get("head_ref").asText() + "\"");
            if (run.exit() != 0 || !want.equals(got)) {
                failures.add(c.get("id").asText() + ": exit " + run.exit() + ", " + firstDifference(want, got) + " "
                        + run.err());
            }
        }
        assertEquals(List.of(), failures);
    }

    private static String firstDifference(String want, String got) {
        int i = 0;
        while (i < want.length() && i < got.length() && want.charAt(i) == got.charAt(i)) {
            i++;
        }
        return i == want.length() && i == got.length() ? "the same"
                : "first difference at " + i + ": want ..." + want.substring(Math.max(0, i - 60), Math.min(want.length(), i + 40))
                + " got ..." + got.substring(Math.max(0, i - 60), Math.min(got.length(), i + 40));
    }
}
