package dev.sweepgate.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.networknt.schema.ValidationMessage;
import dev.sweepgate.config.ConfigLoader;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.yaml.SourceFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every version of the master configs and the runner config in the corpus's data history (the
 * benchmark repository's last 400 config commits) that sweepgate's validator accepts also passes
 * the generated schemas. By default every runner config and every 40th master version (the tip
 * first); all of them with {@code -Dsweepgate.corpus.schema=all}. Skipped when ../shared/corpus is absent.
 */
class CorpusConfigSchemaTest {
    private static final Path BUNDLE = Path.of("..", "shared", "corpus", "data.bundle").toAbsolutePath().normalize();
    private static final List<String> FILES = List.of("configs/amd-master.yaml", "configs/nvidia-master.yaml",
            "configs/runners.yaml");

    @TempDir
    Path scratch;

    @Test
    void everyAcceptedConfigVersionInTheCorpusHistoryPassesItsSchema() throws Exception {
        assumeTrue(Files.exists(BUNDLE), "no corpus beside the project");
        Path repo = scratch.resolve("data");
        git(scratch, null, "clone", "-q", BUNDLE.toString(), repo.toString());
        List<String> commits = lines(git(repo, null, "rev-list", "HEAD"));
        // The blob of each file at each commit, in one git call.
        StringBuilder requests = new StringBuilder();
        for (String commit : commits) {
            FILES.forEach(f -> requests.append(commit).append(':').append(f).append('\n'));
        }
        List<String> blobs = lines(git(repo, requests.toString(), "cat-file", "--batch-check=%(objectname)"));
        assertEquals(commits.size() * FILES.size(), blobs.size());
        // Master pairs and runner configs are checked apart: old runner configs had another
        // format, and the master binder does not depend on the runner config.
        List<List<String>> masterVersions = new ArrayList<>(new LinkedHashSet<>(
                java.util.stream.IntStream.range(0, commits.size())
                        .mapToObj(i -> blobs.subList(i * FILES.size(), i * FILES.size() + 2)).toList()));
        List<String> runnerVersions = new ArrayList<>(new LinkedHashSet<>(
                java.util.stream.IntStream.range(0, commits.size()).mapToObj(i -> blobs.get(i * FILES.size() + 2)).toList()));
        if (!"all".equals(System.getProperty("sweepgate.corpus.schema"))) {
            // Every version takes minutes; by default the tip and an even spread of older ones.
            masterVersions = everyNth(masterVersions, 40);
        }
        Set<List<String>> wanted = new LinkedHashSet<>(masterVersions);
        runnerVersions.forEach(r -> wanted.add(List.of(r)));
        Map<String, byte[]> contents = readBlobs(repo, wanted);
        SourceFile tipRunners = new SourceFile(FILES.get(2), contents.get(runnerVersions.get(0)));

        List<String> failures = new ArrayList<>();
        int accepted = 0;
        for (List<String> pair : masterVersions) {
            List<SourceFile> masters = List.of(new SourceFile(FILES.get(0), contents.get(pair.get(0))),
                    new SourceFile(FILES.get(1), contents.get(pair.get(1))));
            if (!accepts(masters, tipRunners)) {
                continue; // The validator refuses this version: the schema may pass or fail it.
            }
            accepted++;
            for (int f = 0; f < 2; f++) {
                check(SchemaTest.MASTER, FILES.get(f), pair.get(f), contents, failures);
            }
        }
        int acceptedRunners = 0;
        for (String runners : runnerVersions) {
            if (accepts(List.of(), new SourceFile(FILES.get(2), contents.get(runners)))) {
                acceptedRunners++;
                check(SchemaTest.RUNNERS, FILES.get(2), runners, contents, failures);
            }
        }
        assertTrue(accepted >= 1 && acceptedRunners >= 1, "no accepted version in the history");
        assertEquals(List.of(), failures, accepted + " of " + masterVersions.size() + " master versions and "
                + acceptedRunners + " of " + runnerVersions.size() + " runner configs accepted and checked");
    }

    private static boolean accepts(List<SourceFile> masters, SourceFile runners) {
        try {
            ConfigLoader.load(masters, runners);
            return true;
        } catch (ProblemException e) {
            return false;
        }
    }

    private static void check(SchemaValidation schema, String file, String blob, Map<String, byte[]> contents,
                              List<String> failures) {
        Set<ValidationMessage> found = schema.validate(SchemaValidation.parsedYaml(contents.get(blob)));
        if (!found.isEmpty()) {
            failures.add(file + " blob " + blob + ": " + SchemaValidation.messages(found).stream().limit(5).toList());
        }
    }

    private static <T> List<T> everyNth(List<T> all, int n) {
        List<T> some = new ArrayList<>();
        for (int i = 0; i < all.size(); i += n) {
            some.add(all.get(i));
        }
        return some;
    }

    private static Map<String, byte[]> readBlobs(Path repo, Set<List<String>> versions) throws IOException, InterruptedException {
        Set<String> distinct = new LinkedHashSet<>();
        versions.forEach(distinct::addAll);
        StringBuilder requests = new StringBuilder();
        distinct.forEach(b -> requests.append(b).append('\n'));
        byte[] out = gitBytes(repo, requests.toString(), "cat-file", "--batch");
        // Each answer: "<sha> blob <size>\n<content>\n".
        Map<String, byte[]> contents = new LinkedHashMap<>();
        int at = 0;
        while (at < out.length) {
            int eol = indexOf(out, (byte) '\n', at);
            String[] header = new String(out, at, eol - at, StandardCharsets.US_ASCII).split(" ");
            int size = Integer.parseInt(header[2]);
            byte[] content = new byte[size];
            System.arraycopy(out, eol + 1, content, 0, size);
            contents.put(header[0], content);
            at = eol + 1 + size + 1;
        }
        assertEquals(distinct, contents.keySet());
        return contents;
    }

    private static int indexOf(byte[] bytes, byte b, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        throw new AssertionError("truncated git output");
    }

    private static List<String> lines(String text) {
        return text.lines().filter(l -> !l.isBlank()).toList();
    }

    private static String git(Path dir, String input, String... args) throws IOException, InterruptedException {
        return new String(gitBytes(dir, input, args), StandardCharsets.UTF_8);
    }

    private static byte[] gitBytes(Path dir, String input, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(false)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        // Input on its own thread: git answers while it reads, and a full pipe would block both.
        Thread writer = new Thread(() -> {
            try (OutputStream in = p.getOutputStream()) {
                if (input != null) {
                    in.write(input.getBytes(StandardCharsets.UTF_8));
                }
            } catch (IOException ignored) {
                // git exited early; its status says why.
            }
        });
        writer.start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream stdout = p.getInputStream()) {
            stdout.transferTo(out);
        }
        writer.join();
        assertEquals(0, p.waitFor(), "git " + String.join(" ", args));
        return out.toByteArray();
    }
}
