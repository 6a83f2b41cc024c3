package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** sweepgate prioritize, and process-changelog --priority-policy, as a user and the workflow run them. */
class PrioritizeCommandTest {
    private static final String JOB = "[{\"runner\":\"h100\",\"framework\":\"sglang\",\"precision\":\"fp4\"}]";

    /** An entry selecting every config of the fixture: single-node, agentic and multi-node rows. */
    private static final String EVERY_CONFIG = "- config-keys:\n    - \"*\"\n  description:\n    - \"Rerun all\"\n"
            + "  pr-link: " + LINK + "3\n";

    @TempDir
    Path dir;

    ChangelogFixture fx;

    @BeforeEach
    void setUp() throws IOException {
        fx = new ChangelogFixture(dir);
        Files.copy(Path.of("configs/ci-priority.yaml"), dir.resolve("configs/ci-priority.yaml"));
    }

    record Run(int exit, String out, String err) {
    }

    /** sweepgate -C dir ARGS with {@code stdin} on standard input. */
    private Run run(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> all = new ArrayList<>(List.of("-C", dir.toString()));
        all.addAll(List.of(args));
        int exit = Main.run(all.toArray(String[]::new), new Env(dir, Map.of(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8))));
        String errText = err.toString(StandardCharsets.UTF_8);
        assertFalse(errText.contains("\tat ") || errText.contains("Exception"), "a stack trace reached the user:\n" + errText);
        return new Run(exit, out.toString(StandardCharsets.UTF_8), errText);
    }

    @Test
    void annotatesStandardInputOrAFileWithThePolicyOfTheRepository() throws IOException {
        Run fromStdin = run(JOB, "prioritize", "--labels-json", "[\"skip_queue\"]", "--pr-number", "7");
        assertEquals(0, fromStdin.exit(), fromStdin.err());
        assertEquals("[{\"runner\":\"h100\",\"framework\":\"sglang\",\"precision\":\"fp4\",\"priority\":\"2.250\","
                + "\"queue-token\":\"" + fromStdin.out().substring(fromStdin.out().indexOf("queue-token\":\"") + 14,
                fromStdin.out().indexOf("queue-token\":\"") + 46) + "\",\"skip-queue-pr\":7}]\n", fromStdin.out());
        Files.writeString(dir.resolve("sweep.json"), JOB);
        Run fromFile = run("", "prioritize", "--input", "sweep.json", "--labels-json", "[\"skip_queue\"]", "--pr-number", "7");
        assertEquals(fromStdin, fromFile);
    }

    @Test
    void inputThatIsNotJsonIsRefusedAtItsPlace() throws IOException {
        Run r = run("{\"a\": [1,\n 2,,]}", "prioritize");
        assertEquals(1, r.exit());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("<stdin>:2:4: error: <stdin> is not JSON: "), r.err());
        assertTrue(r.err().contains("[json.syntax]"), r.err());
        Files.write(dir.resolve("latin1.json"), new byte[] {'[', '"', (byte) 0xe9, '"', ']'});
        Run latin1 = run("", "prioritize", "--input", "latin1.json");
        assertEquals(1, latin1.exit());
        assertTrue(latin1.err().contains("invalid UTF-8 at byte 2 (0xe9)"), latin1.err());
        assertEquals(1, run("", "prioritize").exit(), "nothing on standard input is no JSON value");
        assertEquals(3, run("", "prioritize", "--input", "missing.json").exit());
    }

    @Test
    void aPolicyThatIsMissingOrNoPolicyIsReportedAsSuch() throws IOException {
        Run missing = run(JOB, "prioritize", "--policy", "configs/none.yaml");
        assertEquals(3, missing.exit());
        assertTrue(missing.err().startsWith("sweepgate: cannot read configs/none.yaml: no such file"), missing.err());
        Files.writeString(dir.resolve("list.yaml"), "[1, 2]\n");
        Run list = run(JOB, "prioritize", "--policy", "list.yaml");
        assertEquals(1, list.exit());
        assertTrue(list.err().startsWith("list.yaml:1:1: error: the CI priority policy list.yaml must be a mapping"), list.err());
        Files.writeString(dir.resolve("v2.yaml"), Files.readString(dir.resolve("configs/ci-priority.yaml"))
                .replace("version: 1", "version: 2"));
        Run v2 = run(JOB, "prioritize", "--policy", "v2.yaml");
        assertEquals(1, v2.exit());
        assertTrue(v2.err().startsWith("v2.yaml:1:10: error: `version` in the CI priority policy is 2"), v2.err());
        assertEquals("", v2.out());
    }

    @Test
    void badOptionValuesAreBadUsage() {
        Run labels = run(JOB, "prioritize", "--labels-json", "{\"a\": 1}");
        assertEquals(2, labels.exit());
        assertEquals("sweepgate: --labels-json must be a JSON array of strings, such as [\"ci-patchwork\"], not {\"a\": 1}\n",
                labels.err());
        Run broken = run(JOB, "prioritize", "--labels-json", "[\"a\"");
        assertEquals(2, broken.exit());
        assertTrue(broken.err().startsWith("sweepgate: --labels-json is not JSON ("), broken.err());
        assertFalse(broken.err().contains("Source:"), "Jackson's source description means nothing to the user: " + broken.err());
        Run criteria = run(JOB, "prioritize", "--criteria-json", "[\"fp4\", \"fp3\"]");
        assertEquals(2, criteria.exit());
        assertTrue(criteria.err().startsWith("sweepgate: --criteria-json names a criterion the policy "
                + "configs/ci-priority.yaml does not know: fp3; known: multi-node, "), criteria.err());
        assertEquals(2, run(JOB, "prioritize", "--pr-number", "0").exit());
        assertEquals(2, run(JOB, "prioritize", "--pr-number", "seven").exit());
        // as in the reference, null and an empty text mean no labels and no criteria
        assertEquals(0, run(JOB, "prioritize", "--labels-json", "null", "--criteria-json", "").exit());
    }

    @Test
    void aJobThatCannotBeScoredFailsTheRunNamingIt() {
        Run r = run("{\"rows\":[{\"runner\":\"h100\",\"framework\":\"trt\",\"node-count\":0}]}", "prioritize");
        assertEquals(1, r.exit());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("<stdin>: error: the job at `rows/0` has node-count 0,"), r.err());
    }

    @Test
    void processChangelogWithAPolicyPrintsWhatPrioritizeMakesOfItsSweep() throws IOException {
        String head = fx.append(EVERY_CONFIG);
        String[] context = {"--event-name", "pull_request", "--labels-json", "[\"skip_queue\",\"ci-checklist-complete\"]",
                "--queue-namespace", "41:2", "--pr-number", "3"};
        Run plain = run("", "process-changelog", "--base-ref", fx.base, "--head-ref", head);
        assertEquals(0, plain.exit(), plain.err());
        List<String> prioritize = new ArrayList<>(List.of("prioritize"));
        prioritize.addAll(List.of(context));
        Run piped = run(plain.out(), prioritize.toArray(String[]::new));
        List<String> process = new ArrayList<>(List.of("process-changelog", "--base-ref", fx.base, "--head-ref", head,
                "--priority-policy", "configs/ci-priority.yaml"));
        process.addAll(List.of(context));
        Run direct = run("", process.toArray(String[]::new));

        assertEquals(0, piped.exit(), piped.err());
        assertEquals(0, direct.exit(), direct.err());
        assertEquals(piped.out(), direct.out());
        assertTrue(direct.out().startsWith("{\"single_node\":{\"1k1k\":[{\"image\":\"img/alpha:1\",\"model\":\"org/alpha\","
                + "\"model-prefix\":\"alpha\",\"precision\":\"fp8\",\"framework\":\"sglang\",\"spec-decoding\":\"none\","
                + "\"runner\":\"mi355x\",\"isl\":1024,"),
                "compact, in the sweep's key order: " + direct.out());
        JsonNode sweep = new ObjectMapper().readTree(direct.out());
        // alpha: base 1, sglang 0.5, checklist 0.25; gamma: base 1, multi-node 1.25, dynamo-sglang 0.5, checklist 0.25
        assertEquals("1.750", sweep.at("/single_node/1k1k/0/priority").textValue());
        assertEquals("3.000", sweep.at("/multi_node/8k1k/0/priority").textValue());
        assertTrue(direct.out().contains("\"skip-queue-pr\":3}"), direct.out());
    }

    @Test
    void processChangelogTakesTheRunsOptionsOnlyWithAPolicy() {
        String head = fx.append(EVERY_CONFIG);
        Run r = run("", "process-changelog", "--base-ref", fx.base, "--head-ref", head, "--event-name", "push",
                "--pr-number", "3");
        assertEquals(2, r.exit());
        assertEquals("sweepgate: --event-name, --pr-number describe the run for priorities: give them with "
                + "--priority-policy FILE\n", r.err());
        Run missing = run("", "process-changelog", "--base-ref", fx.base, "--head-ref", head, "--priority-policy", "no.yaml");
        assertEquals(3, missing.exit());
    }
}
