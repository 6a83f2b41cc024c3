package dev.sweepgate.corpus;

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
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/** The conformance corpus beside the project ({@code ../shared/corpus}), for the tests that replay it in process. */
final class Corpus {
    static final Path DIR = Path.of("..", "shared", "corpus").toAbsolutePath().normalize();

    private Corpus() {
    }

    static boolean present() {
        return Files.exists(DIR.resolve("cases.jsonl"));
    }

    /** Every case, in the file's order. */
    static List<JsonNode> cases() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> cases = new ArrayList<>();
        for (String line : Files.readAllLines(DIR.resolve("cases.jsonl"))) {
            cases.add(json.readTree(line));
        }
        return cases;
    }

    /** What the reference printed (or wrote) for the key. */
    static byte[] expected(String key) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(DIR.resolve("expected").resolve(key + ".json.gz")))) {
            return in.readAllBytes();
        }
    }

    record Run(int exit, byte[] out, String err) {
        String outText() {
            return new String(out, StandardCharsets.UTF_8);
        }
    }

    /** sweepgate -C dir ARGS, in process. */
    static Run run(Path dir, List<String> args) {
        List<String> all = new ArrayList<>(List.of("-C", dir.toString()));
        all.addAll(args);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(all.toArray(String[]::new), new Env(dir, Map.of(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        return new Run(exit, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }
}
