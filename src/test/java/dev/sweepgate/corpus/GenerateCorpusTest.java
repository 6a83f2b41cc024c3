package dev.sweepgate.corpus;

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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the corpus's generate cases in process (much faster than a JVM per case; a few seconds
 * for all of them), with the reference's exact exit status. Part of every test run when the
 * corpus sits beside the project ({@code ../shared/corpus}), skipped otherwise;
 * {@code -Dsweepgate.corpus.grep=ID} runs some cases only.
 */
class GenerateCorpusTest {
    private static final Path CORPUS = Path.of("..", "shared", "corpus").toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path scratch;

    @Test
    void generateCasesMatchTheReference() throws Exception {
        assumeTrue(Files.exists(CORPUS.resolve("cases.jsonl")), "no corpus beside the project");
        String grep = System.getProperty("sweepgate.corpus.grep", "");
        Path repo = scratch.resolve("data");
        git(scratch, "clone", "-q", CORPUS.resolve("data.bundle").toString(), repo.toString());
        Map<String, Path> checkouts = new HashMap<>();
        List<String> failures = new ArrayList<>();
        int passed = 0;
        for (String line : Files.readAllLines(CORPUS.resolve("cases.jsonl"))) {
            JsonNode c = JSON.readTree(line);
            if (!"generate".equals(c.get("kind").asText()) || !c.get("id").asText().contains(grep)) {
                continue;
            }
            String commit = c.get("head_commit").asText();
            Path dir = checkouts.get(commit);
            if (dir == null) {
                dir = scratch.resolve("wt-" + checkouts.size());
                Files.createDirectories(dir);
                git(repo, "--work-tree=" + dir, "checkout", "-q", commit, "--", ".");
                checkouts.put(commit, dir);
            }
            String failure = run(c, dir);
            if (failure == null) {
                passed++;
            } else {
                failures.add(c.get("id").asText() + ": " + failure);
            }
        }
        failures.forEach(System.out::println);
        System.out.println(passed + " passed, " + failures.size() + " failed");
        assertTrue(failures.isEmpty(), failures.size() + " generate cases differ; first: "
                + (failures.isEmpty() ? "" : failures.get(0)));
    }

    private static String run(JsonNode c, Path dir) throws IOException {
        List<String> args = new ArrayList<>(List.of("-C", dir.toString()));
        c.get("args").forEach(a -> args.add(a.asText()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.run(args.toArray(String[]::new), new Env(dir, Map.of(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        String stderr = err.toString(StandardCharsets.UTF_8);
        if (stderr.contains("\tat ") || stderr.contains("internal error")) {
            return "stack trace or internal error: " + stderr.lines().findFirst().orElse("");
        }
        JsonNode expect = c.get("expect");
        int want = expect.get("exit").asInt();
        // Deliberate difference: a bad option value (an unknown --runner-type label) is bad usage,
        // exit 2, where the reference raised a ValueError (exit 1); sweepgate says so naming the option.
        boolean badOptionValue = want == 1 && rc == 2 && stderr.startsWith("sweepgate: --");
        if (rc != want && !badOptionValue) {
            return "exit " + rc + " where the reference exited " + want + ": "
                    + (want == 0 ? stderr.strip() : expect.get("stderr_tail"));
        }
        if (want != 0) {
            return null;
        }
        JsonNode expected;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(
                CORPUS.resolve("expected").resolve(expect.get("json").asText() + ".json.gz")))) {
            expected = JSON.readTree(in);
        }
        JsonNode got = JSON.readTree(out.toByteArray());
        return firstDifference(expected, got, "$");
    }

    private static String firstDifference(JsonNode want, JsonNode got, String path) {
        if (want.isNumber() && got.isNumber()) {
            return want.decimalValue().compareTo(got.decimalValue()) == 0 ? null
                    : path + ": expected " + want + " got " + got;
        }
        if (want.getNodeType() != got.getNodeType()) {
            return path + ": expected " + abbreviate(want) + " got " + abbreviate(got);
        }
        if (want.isObject()) {
            for (var it = want.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!got.has(k)) {
                    return path + "." + k + ": missing";
                }
                String d = firstDifference(want.get(k), got.get(k), path + "." + k);
                if (d != null) {
                    return d;
                }
            }
            for (var it = got.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!want.has(k)) {
                    return path + "." + k + ": unexpected field " + abbreviate(got.get(k));
                }
            }
            return null;
        }
        if (want.isArray()) {
            for (int i = 0; i < Math.min(want.size(), got.size()); i++) {
                String d = firstDifference(want.get(i), got.get(i), path + "[" + i + "]");
                if (d != null) {
                    return d;
                }
            }
            return want.size() == got.size() ? null
                    : path + ": expected " + want.size() + " items, got " + got.size();
        }
        return want.equals(got) ? null : path + ": expected " + want + " got " + got;
    }

    private static String abbreviate(JsonNode node) {
        String s = node.toString();
        return s.length() > 120 ? s.substring(0, 120) + "..." : s;
    }

    private static void git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException("git " + String.join(" ", args) + " failed: " + output);
        }
    }
}
