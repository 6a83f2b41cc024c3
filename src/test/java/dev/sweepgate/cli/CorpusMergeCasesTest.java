package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sweepgate.git.Git;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The conformance corpus's canonicalize and resolve-conflict cases, run in process, and the
 * further scenarios its data bundle holds as tags ({@code case/canon-*}, {@code case/resolve-*}).
 * Skipped when the corpus is not beside the project in {@code ../shared/corpus} ({@code SWEEPGATE_CORPUS}
 * names another place).
 */
class CorpusMergeCasesTest {
    private static final Path CORPUS = Path.of(System.getenv().getOrDefault("SWEEPGATE_CORPUS", "../shared/corpus"))
            .toAbsolutePath().normalize();
    private static final String FILE = "perf-changelog.yaml";
    private static final String CANONICAL = "https://github.com/SemiAnalysisAI/InferenceX/pull/4242";
    private static final Pattern PLACEHOLDER_LINE =
            Pattern.compile("(?m)^  pr-link: (XXX|https://github\\.com/SemiAnalysisAI/InferenceX/pull/XXX)$");

    @TempDir
    static Path scratch;

    static Path work;
    static Git git;
    static Map<String, String> environment;

    @BeforeAll
    static void cloneTheBundle() {
        Assumptions.assumeTrue(Files.isRegularFile(CORPUS.resolve("data.bundle")), "no corpus at " + CORPUS);
        work = scratch.resolve("data");
        environment = Map.of("GIT_CONFIG_NOSYSTEM", "1", "HOME", scratch.toString(),
                "GIT_AUTHOR_NAME", "corpus", "GIT_AUTHOR_EMAIL", "corpus@example.com",
                "GIT_COMMITTER_NAME", "corpus", "GIT_COMMITTER_EMAIL", "corpus@example.com");
        Git outside = new Git(scratch, environment);
        check(outside.run(List.of("clone", "-q", CORPUS.resolve("data.bundle").toString(), work.toString())));
        git = new Git(work, environment);
        check(git.run(List.of("fetch", "-q", CORPUS.resolve("data.bundle").toString(), "refs/tags/*:refs/tags/*")));
    }

    private static Git.Result check(Git.Result r) {
        assertEquals(0, r.exitCode(), r.stderr());
        return r;
    }

    private static void checkout(String commit) {
        git.run(List.of("merge", "--abort"));
        check(git.run(List.of("checkout", "-q", "-f", "--detach", commit)));
        check(git.run(List.of("clean", "-q", "-fdx")));
    }

    private static void conflictedMerge(String main) {
        Git.Result merge = git.run(List.of("merge", "-q", "--no-edit", main));
        assertEquals(1, merge.exitCode(), "the merge must conflict: " + merge.stderr());
    }

    private static byte[] show(String ref) {
        return git.show(ref, FILE);
    }

    private static byte[] working() throws IOException {
        return Files.readAllBytes(work.resolve(FILE));
    }

    /** Runs one command line in the clone; checks the file is untouched when it fails. */
    private static ChangelogFixture.Run run(List<String> args) throws IOException {
        byte[] before = working();
        ChangelogFixture.Run r = ChangelogFixture.runIn(work, environment, args.toArray(String[]::new));
        if (r.exit() != 0) {
            assertArrayEquals(before, working(), "a failure must leave the file byte for byte");
        }
        return r;
    }

    // ---- cases.jsonl --------------------------------------------------------------------

    @TestFactory
    Stream<DynamicTest> corpusCases() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> cases = new ArrayList<>();
        for (String line : Files.readAllLines(CORPUS.resolve("cases.jsonl"))) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode c = json.readTree(line);
            String kind = c.get("kind").asText();
            if (kind.equals("canonicalize") || kind.equals("resolve-conflict")) {
                cases.add(c);
            }
        }
        assertTrue(cases.size() >= 6, "the corpus holds canonicalize and resolve-conflict cases");
        return cases.stream().map(c -> dynamicTest(c.get("id").asText(), () -> runCase(c)));
    }

    private void runCase(JsonNode c) throws IOException {
        JsonNode commits = c.get("commits");
        String base = commits.get("base").asText();
        String head;
        if (c.get("kind").asText().equals("resolve-conflict")) {
            head = commits.get("pr").asText();
            checkout(head);
            conflictedMerge(commits.get("main").asText());
        } else {
            head = commits.get("head").asText();
            checkout(head);
        }
        List<String> args = new ArrayList<>();
        c.get("args").forEach(a -> args.add(a.asText().replace("{BASE}", base).replace("{HEAD}", head)));
        ChangelogFixture.Run r = run(args);
        JsonNode expect = c.get("expect");
        if (expect.get("exit").asInt() != 0) {
            assertEquals(expect.get("exit").asInt(), r.exit(), "the reference failed: " + expect.path("error").asText());
            return;
        }
        assertEquals(0, r.exit(), r.err());
        assertArrayEquals(expected(expect.get("file").asText()), working());
    }

    private static byte[] expected(String key) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(CORPUS.resolve("expected").resolve(key + ".json.gz")))) {
            return in.readAllBytes();
        }
    }

    // ---- tagged scenarios -------------------------------------------------------------------

    /** Scenario → whether it must succeed; the expected bytes follow from the spec (below). */
    private static final Map<String, Boolean> CANON = new LinkedHashMap<>();
    private static final Map<String, Boolean> RESOLVE = new LinkedHashMap<>();

    static {
        CANON.put("already", true);
        CANON.put("bare-placeholder", true);
        CANON.put("history-broken", false);
        CANON.put("mixed", true);
        CANON.put("nothing-appended", true);
        CANON.put("other-pr", false);
        CANON.put("placeholder", true);
        CANON.put("quoted-placeholder", false); // a duplicate pr-link key: the file rules refuse it
        CANON.put("separator-broken", false);
        CANON.put("two-placeholders", true);

        RESOLVE.put("both-appended", true);
        RESOLVE.put("correction", true);
        RESOLVE.put("main-deleted-entry", true); // only base -> PR is checked; main's own history is main's business
        RESOLVE.put("main-two", true);
        RESOLVE.put("partly-on-main", true);
        RESOLVE.put("pr-already-on-main", false);
        RESOLVE.put("pr-broke-history", false);
        RESOLVE.put("pr-canonical", true);
        RESOLVE.put("pr-two", true);
        RESOLVE.put("quoted-placeholder", false);
    }

    @TestFactory
    Stream<DynamicTest> canonicalizeScenarios() {
        return CANON.entrySet().stream().map(e -> dynamicTest("canon-" + e.getKey(), () -> {
            String tag = "case/canon-" + e.getKey();
            checkout(tag + "-head");
            byte[] head = working();
            ChangelogFixture.Run r = run(List.of("prepare-merge", "canonicalize", "--base-ref", tag + "-base",
                    "--pr-number", "4242"));
            if (!e.getValue()) {
                assertEquals(1, r.exit(), r.out());
                return;
            }
            assertEquals(0, r.exit(), r.err());
            int baseLength = new String(show(tag + "-base"), StandardCharsets.UTF_8).length();
            String text = new String(head, StandardCharsets.UTF_8);
            // every placeholder link line after history becomes the canonical link; nothing else changes
            String want = text.substring(0, baseLength)
                    + PLACEHOLDER_LINE.matcher(text.substring(baseLength)).replaceAll("  pr-link: " + CANONICAL);
            assertEquals(want, new String(working(), StandardCharsets.UTF_8));
        }));
    }

    @TestFactory
    Stream<DynamicTest> resolveScenarios() {
        return RESOLVE.entrySet().stream().map(e -> dynamicTest("resolve-" + e.getKey(), () -> {
            String tag = "case/resolve-" + e.getKey();
            checkout(tag + "-pr");
            Git.Result merge = git.run(List.of("merge", "-q", "--no-edit", tag + "-main"));
            if (merge.ok()) {
                // git merged this one on its own (a correction far from main's append): stage the conflict by hand
                checkout(tag + "-pr");
                stageConflict(tag);
            }
            ChangelogFixture.Run r = run(List.of("prepare-merge", "resolve-conflict", "--pr-number", "4242"));
            if (!e.getValue()) {
                assertEquals(1, r.exit(), r.out());
                return;
            }
            assertEquals(0, r.exit(), r.err());
            assertEquals(expectedResolution(tag), new String(working(), StandardCharsets.UTF_8));
        }));
    }

    /** The three index stages of a conflicted merge, as git would leave them. */
    private static void stageConflict(String tag) throws IOException, InterruptedException {
        String info = "0 0000000000000000000000000000000000000000\t" + FILE + "\n"
                + "100644 " + blob(tag + "-base") + " 1\t" + FILE + "\n"
                + "100644 " + blob(tag + "-pr") + " 2\t" + FILE + "\n"
                + "100644 " + blob(tag + "-main") + " 3\t" + FILE + "\n";
        Path input = scratch.resolve("index-info");
        Files.writeString(input, info);
        ProcessBuilder pb = new ProcessBuilder("git", "update-index", "--index-info").directory(work.toFile())
                .redirectInput(input.toFile());
        pb.environment().putAll(environment);
        assertEquals(0, pb.start().waitFor());
    }

    private static String blob(String ref) {
        return check(git.run(List.of("rev-parse", ref + ":" + FILE))).stdoutText().strip();
    }

    /**
     * What merge.md asks for, computed on text: main's bytes, then the PR's appended blocks
     * main lacks with the canonical link; or, for a correction, main with the PR's corrected line.
     */
    private static String expectedResolution(String tag) {
        String base = new String(show(tag + "-base"), StandardCharsets.UTF_8);
        String pr = new String(show(tag + "-pr"), StandardCharsets.UTF_8);
        String main = new String(show(tag + "-main"), StandardCharsets.UTF_8);
        if (!pr.startsWith(base)) {
            List<String> baseLines = base.lines().toList();
            List<String> prLines = pr.lines().toList();
            List<String> mainLines = new ArrayList<>(main.lines().toList());
            for (int i = 0; i < baseLines.size(); i++) {
                if (!baseLines.get(i).equals(prLines.get(i))) {
                    mainLines.set(i, prLines.get(i));
                }
            }
            return String.join("\n", mainLines) + "\n";
        }
        String appended = pr.substring(base.length());
        assertTrue(appended.startsWith("\n- config-keys:"), "scenario appends after one empty line");
        List<String> blocks = new ArrayList<>();
        for (String block : appended.substring(1).split("\n(?=\n- config-keys:)")) {
            String content = block.startsWith("\n") ? block.substring(1) : block;
            content = content.endsWith("\n") ? content : content + "\n";
            String withoutLink = content.replaceAll("(?m)^  pr-link:.*\n", "");
            boolean onMain = main.replaceAll("(?m)^  pr-link:.*\n", "").contains(withoutLink);
            if (!onMain) {
                blocks.add(content.replaceAll("(?m)^  pr-link:.*$", "  pr-link: " + CANONICAL));
            }
        }
        return main + (main.endsWith("\n\n") ? "" : "\n") + String.join("\n", blocks);
    }
}
