package dev.sweepgate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 23: every file the documentation cites exists. docs/usage.md named configs.md, matrix.md
 * and changelog.md, pages that were not in the repository.
 */
class DocumentationLinksTest {
    /** A Markdown link's target, without its #anchor: {@code [text](docs/ci.md#gate)}. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s#]+)(?:#[^)]*)?\\)");
    /** A Markdown file named in the text, in backticks or not: {@code configs.md}, {@code docs/ci.md}. */
    private static final Pattern NAMED = Pattern.compile("(?<![\\w./:-])([\\w./-]+\\.md)\\b");
    /**
     * Files of the benchmark repository that review reads and the docs name (MODELS.md, a waiver
     * docs/waiver/N.md, its contributor rules AGENTS.md and CONTRIBUTING.md): they are in its
     * checkout, not in this one.
     */
    private static final Pattern BENCHMARK_REPOSITORY_FILE = Pattern.compile(
            "MODELS\\.md|AGENTS\\.md|CONTRIBUTING\\.md|docs/waiver/[\\w-]+\\.md|golden_al_distribution/README\\.md|\\.github/[\\w-]+\\.md");

    private static List<Path> documents() throws IOException {
        List<Path> documents = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(documents::add);
        }
        return documents;
    }

    /** Every file {@code document} cites that exists neither beside it nor from the repository's top. */
    static List<String> missing(Path document) throws IOException {
        String text = Files.readString(document);
        List<String> missing = new ArrayList<>();
        for (Pattern pattern : List.of(LINK, NAMED)) {
            Matcher m = pattern.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("[a-z]+:.*") || BENCHMARK_REPOSITORY_FILE.matcher(target).matches()) {
                    continue; // https:, mailto:, and the benchmark repository's own files
                }
                Path beside = document.toAbsolutePath().getParent().resolve(target).normalize();
                if (!Files.exists(beside) && !Files.exists(Path.of(target)) && !missing.contains(target)) {
                    missing.add(target);
                }
            }
        }
        return missing;
    }

    @Test
    void everyFileTheDocumentationCitesExists() throws IOException {
        List<Path> documents = documents();
        assertTrue(documents.size() > 10, documents.toString());
        java.util.Map<String, List<String>> missing = new java.util.TreeMap<>();
        for (Path document : documents) {
            if (!missing(document).isEmpty()) {
                missing.put(document.toString(), missing(document));
            }
        }
        assertEquals(java.util.Map.of(), missing, "documents citing files that do not exist");
    }

    @Test
    void aCitedFileThatIsMissingIsFound(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path page = dir.resolve("page.md");
        Files.writeString(page, "See [the guide](docs/usage.md#usage), `nowhere.md`, [web](https://example.com/x.md), "
                + "the benchmark repository's `MODELS.md` and [gone](gone/file.txt).\n");
        assertEquals(List.of("gone/file.txt", "nowhere.md"), missing(page));
    }
}
