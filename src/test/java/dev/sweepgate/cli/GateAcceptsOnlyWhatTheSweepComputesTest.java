package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sweepgate.git.TestRepo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * changelog.md, validate-changelog step 7: whenever validate-changelog accepts a change,
 * process-changelog on the same refs exits 0. Checked on changes of the conformance corpus and
 * on seeded random mutations of them (the kinds of edit contributors make, and the kinds that
 * tell the gate's reading of a change apart from the sweep's).
 */
class GateAcceptsOnlyWhatTheSweepComputesTest {
    private static final Path CORPUS = Path.of("..", "shared", "corpus");
    private static final String FILE = "perf-changelog.yaml";
    private static final String LINK = "https://github.com/SemiAnalysisAI/InferenceX/pull/";
    /** Written as the byte 0xFF: text that is not UTF-8. */
    private static final char NOT_UTF8 = '\uE000';
    /** A longer search: -Dgate.seed=N -Dgate.mutants=M. */
    private static final long SEED = Long.getLong("gate.seed", 20261201L);
    private static final int CORPUS_CHANGES = 16;
    private static final int MUTANTS = Integer.getInteger("gate.mutants", 40);

    @TempDir
    static Path dir;
    static TestRepo repo;
    /** (base, head) commit pairs of the corpus's validate cases. */
    static List<String[]> changes = new ArrayList<>();

    @BeforeAll
    static void corpus() throws IOException {
        assumeTrue(Files.isRegularFile(CORPUS.resolve("data.bundle")),
                "no conformance corpus at " + CORPUS.toAbsolutePath() + ": the property runs on its changes");
        Path clone = dir.resolve("data");
        ProcessBuilder pb = new ProcessBuilder("git", "clone", "-q", CORPUS.resolve("data.bundle").toAbsolutePath().toString(),
                clone.toString()).redirectErrorStream(true);
        Process process = pb.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            assertEquals(0, process.waitFor(), output);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        repo = TestRepo.open(clone);
        repo.git("fetch", "-q", CORPUS.resolve("data.bundle").toAbsolutePath().toString(), "+refs/tags/*:refs/tags/*");
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(CORPUS.resolve("cases.jsonl"))) {
            JsonNode c = json.readTree(line);
            if (c.get("kind").asText().equals("validate")) {
                String head = c.get("head_commit").asText();
                String base = c.has("base_commit") ? c.get("base_commit").asText() : repo.git("rev-parse", head + "^").strip();
                changes.add(new String[] {base, head});
            }
        }
    }

    @Test
    void whateverValidateChangelogAcceptsProcessChangelogComputes() {
        Random random = new Random(SEED);
        List<String[]> sample = new ArrayList<>(changes);
        Collections.shuffle(sample, random);
        List<String> checked = new ArrayList<>();
        List<String> accepted = new ArrayList<>();
        for (String[] change : sample.subList(0, Math.min(CORPUS_CHANGES, sample.size()))) {
            check(change[0], change[1], policy(random), "corpus change " + change[1], checked, accepted);
        }
        for (int i = 0; i < MUTANTS; i++) {
            String[] change = sample.get(random.nextInt(sample.size()));
            String base = repo.git("show", change[0] + ":" + FILE);
            String head = repo.git("show", change[1] + ":" + FILE);
            List<String> applied = new ArrayList<>();
            String mutated = head;
            for (int m = 0, n = 1 + random.nextInt(2); m < n; m++) {
                Mutation mutation = MUTATIONS.get(random.nextInt(MUTATIONS.size()));
                mutated = mutation.apply().apply(new Sides(base, mutated), random);
                applied.add(mutation.name());
            }
            repo.git("checkout", "-q", "--detach", change[0]);
            repo.write(FILE, bytes(mutated));
            String commit = repo.commit("mutant " + i);
            check(change[0], commit, policy(random), "mutant of " + change[1] + " (" + String.join(", ", applied) + ")", checked,
                    accepted);
        }
        assertEquals(CORPUS_CHANGES + MUTANTS, checked.size());
        // the property says something only about changes the gate accepts
        assertTrue(accepted.size() >= 10, "only " + accepted.size() + " accepted: " + accepted);
    }

    private static List<String> policy(Random random) {
        return List.of(List.<String>of(), List.of("--pr-number", "7"), List.of("--pull-request"),
                List.of("--all-evals"), List.of("--evals-only")).get(random.nextInt(5));
    }

    private static void check(String base, String head, List<String> extra, String what, List<String> checked,
                              List<String> accepted) {
        List<String> validate = new ArrayList<>(List.of("validate-changelog", "--base-ref", base, "--head-ref", head,
                "--format", "text"));
        validate.addAll(extra);
        ChangelogFixture.Run gate = ChangelogFixture.runIn(repo.dir(), Map.of(), validate.toArray(String[]::new));
        checked.add(what);
        if (gate.exit() != 0) {
            return;
        }
        accepted.add(what);
        List<String> process = new ArrayList<>(List.of("process-changelog", "--base-ref", base, "--head-ref", head));
        extra.stream().filter(a -> a.equals("--all-evals") || a.equals("--evals-only")).forEach(process::add);
        ChangelogFixture.Run sweep = ChangelogFixture.runIn(repo.dir(), Map.of(), process.toArray(String[]::new));
        assertEquals(0, sweep.exit(), what + " " + extra + ": validate-changelog accepted it, but process-changelog failed:\n"
                + sweep.err() + "\nvalidate-changelog said:\n" + gate.out());
    }

    private static byte[] bytes(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String part : text.split(String.valueOf(NOT_UTF8), -1)) {
            out.writeBytes(part.getBytes(StandardCharsets.UTF_8));
            out.write(0xff);
        }
        byte[] all = out.toByteArray();
        return java.util.Arrays.copyOf(all, all.length - 1);
    }

    /** The base changelog and the (mutated so far) head. */
    record Sides(String base, String head) {
        /** The text the head appends to the base, or "" when it does not just append. */
        String appended() {
            return head.startsWith(base) ? head.substring(base.length()) : "";
        }

        String withAppended(String appended) {
            return head.startsWith(base) ? base + appended : head;
        }
    }

    record Mutation(String name, BiFunction<Sides, Random, String> apply) {
    }

    private static Mutation appendedEdit(String name, BiFunction<String, Random, String> edit) {
        return new Mutation(name, (sides, random) -> sides.withAppended(edit.apply(sides.appended(), random)));
    }

    private static String newEntry(String key, String link, String... extra) {
        StringBuilder sb = new StringBuilder("\n- config-keys:\n    - " + key + "\n  description:\n    - \"mutant\"\n  pr-link: "
                + link + "\n");
        for (String line : extra) {
            sb.append("  ").append(line).append('\n');
        }
        return sb.toString();
    }

    private static String firstKey(String appended) {
        Matcher m = Pattern.compile("(?m)^- config-keys:\\n\\s+- (\\S+)").matcher(appended);
        return m.find() ? m.group(1).replace("\"", "") : "dsr1-fp8-mi300x-sglang";
    }

    private static String atRandomLine(String text, Random random, String insert) {
        List<Integer> starts = new ArrayList<>();
        for (int i = 1; i < text.length(); i++) {
            if (text.charAt(i - 1) == '\n') {
                starts.add(i);
            }
        }
        if (starts.isEmpty()) {
            return text + insert;
        }
        int at = starts.get(random.nextInt(starts.size()));
        return text.substring(0, at) + insert + text.substring(at);
    }

    private static final List<Mutation> MUTATIONS = List.of(
            appendedEdit("another entry for the same key", (a, r) -> a + newEntry(firstKey(a), LINK + "7")),
            appendedEdit("a placeholder entry", (a, r) -> a + newEntry(firstKey(a), r.nextBoolean() ? "XXX" : LINK + "XXX")),
            appendedEdit("a wildcard key", (a, r) -> a + newEntry(firstKey(a).substring(0, 4) + "*", LINK + "8")),
            appendedEdit("an unknown key", (a, r) -> a + newEntry("no-such-config-zz", LINK + "8")),
            appendedEdit("a flag", (a, r) -> a + newEntry(firstKey(a), LINK + "9", List.of("evals-only: true",
                    "all-evals: true", "append-only: true", "scenario-type: [agentic-coding]", "eval-min-prefill-ep: 2",
                    "evals-only: false", "scenario-type: []").get(r.nextInt(7)))),
            appendedEdit("a null field", (a, r) -> a + newEntry(firstKey(a), LINK + "9", "evals-only:")),
            appendedEdit("a repeated key", (a, r) -> a + newEntry(firstKey(a), LINK + "9", "pr-link: " + LINK + "10")),
            appendedEdit("an anchor and its alias", (a, r) -> a + "\n- config-keys: &keys\n    - " + firstKey(a)
                    + "\n  description:\n    - x\n  pr-link: " + LINK + "11\n\n- config-keys: *keys\n  description:\n    - y\n"
                    + "  pr-link: " + LINK + "12\n"),
            appendedEdit("a flow mapping entry", (a, r) -> a + "\n- {config-keys: [" + firstKey(a) + "], description: [x], "
                    + "pr-link: " + LINK + "13}\n"),
            appendedEdit("a quoted field name", (a, r) -> a.replaceFirst("\\n- config-keys:", "\n- \"config-keys\":")),
            appendedEdit("a comment line", (a, r) -> atRandomLine(a, r, "# a note\n")),
            appendedEdit("a line separator in a description", (a, r) -> a + newEntry(firstKey(a), LINK + "14")
                    .replace("\"mutant\"", "\"one" + List.of("\u2028", "\u0085", "\u000b", "\u001c").get(r.nextInt(4))
                            + "- config-keys: two\"")),
            appendedEdit("trailing spaces", (a, r) -> a.replaceFirst("\\n(?=  pr-link)", "  \n")),
            appendedEdit("two empty lines before an entry", (a, r) -> a.replaceFirst("\\n\\n- config-keys", "\n\n\n- config-keys")),
            appendedEdit("no final newline", (a, r) -> a.endsWith("\n") ? a.substring(0, a.length() - 1) : a),
            appendedEdit("a final empty line", (a, r) -> a + "\n"),
            appendedEdit("a carriage return", (a, r) -> a.replaceFirst("\\n", "\r\n")),
            appendedEdit("a tab", (a, r) -> a.replaceFirst("\\n  description", "\n\tdescription")),
            appendedEdit("a byte that is not UTF-8", (a, r) -> a.replaceFirst("mutant|\"", NOT_UTF8 + "$0")),
            appendedEdit("a line git diff reads as a header", (a, r) -> a + newEntry(firstKey(a), LINK + "15")
                    .replace("    - \"mutant\"\n", "    - >-\n      x\n++ y\n")),
            appendedEdit("the appended text indented", (a, r) -> a.replace("\n- config-keys", "\n - config-keys")),
            new Mutation("a historical link corrected", (s, r) -> s.head().replaceFirst(
                    "(?m)^  pr-link: " + Pattern.quote(LINK) + "(\\d+)$", "  pr-link: " + LINK + "$1" + r.nextInt(10))),
            new Mutation("only a historical link corrected", (s, r) -> s.base().replaceFirst(
                    "(?m)^  pr-link: " + Pattern.quote(LINK) + "(\\d+)$", "  pr-link: " + LINK + "$1" + r.nextInt(10))),
            new Mutation("a historical separator trimmed", (s, r) -> s.head().replaceFirst("\\n  \\n", "\n\n")),
            new Mutation("the last historical entry's description extended", (s, r) -> s.head().startsWith(s.base())
                    ? s.base() + "    - \"more\"\n" + s.appended() : s.head()));
}
