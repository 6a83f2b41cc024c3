package dev.sweepgate.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.ProblemException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The base of a change is loaded against its head ({@link YamlLoader#loadAgainst}): only the entries
 * that differ are parsed, the rest taken from the head's parse with their positions moved. What it
 * gives, when it gives anything, must be exactly what loading the whole file gives, positions included.
 */
class YamlAgainstTest {
    private static final YamlLoader LOADER = YamlLoader.standard();

    @Test
    void everyEditOfARealConfigLoadsAsTheWholeFileOrNotAtAll() throws IOException {
        String real = Files.readString(Path.of("configs/amd-master.yaml"));
        Random random = new Random(32);
        int reused = 0;
        int edits = 300;
        for (int n = 0; n < edits; n++) {
            String edited = edit(real, random, 1 + random.nextInt(3));
            // the base against its head, and a head against its base
            reused += checked(edited, real) ? 1 : 0;
            checked(real, edited);
        }
        assertTrue(reused > edits / 2, "most edits are loaded against the other version: " + reused + " of " + edits);
    }

    @Test
    void aValueChangedInTheMiddleOfTheLargeConfigParsesOnlyItsEntry() throws IOException {
        String head = Files.readString(Path.of("configs/nvidia-master.yaml"));
        int at = head.indexOf("conc-list: [", head.length() / 2);
        String base = head.substring(0, at) + head.substring(at).replaceFirst("conc-list: \\[", "conc-list: [3, ");
        assertTrue(checked(base, head));
        // lines added before the rest of the file move its positions
        String longer = head.substring(0, at) + "# one more line\n" + head.substring(head.lastIndexOf('\n', at) + 1);
        assertTrue(checked(longer, head));
        assertTrue(checked(head, head), "the same bytes are the same tree, named as this file");
        // one version is the other and more: a config added or removed at the end
        String added = head + "added-at-the-end:\n  image: x\n";
        assertTrue(checked(added, head));
        assertTrue(checked(head, added));
        assertTrue(checked(head.substring(0, head.lastIndexOf("\n", head.length() - 2) + 1), head));
    }

    @Test
    void whatTheOtherVersionCannotStandForIsLoadedWhole() {
        String head = entries("a", 40);
        // an anchor anywhere: an entry may read another's value
        assertNull(against(head.replace("a3:\n  image: a3\n", "a3:\n  image: &i a3\n").replace("  image: a30\n",
                "  image: *i\n"), head.replace("  image: a7\n", "  image: a77\n")));
        // a key of the changed entries that an unchanged one holds too: the whole file reports the duplicate
        String duplicate = head.replace("a20:\n", "a5:\n");
        assertNull(against(duplicate, head));
        assertThrowsOrReports(duplicate);
        // a line break other than LF
        assertNull(against(head.replace("a7\n", "a7\r\n"), head));
        // a change that breaks the YAML
        assertNull(against(head.replace("  image: a9\n", " image: a9\n  x: [\n"), head));
        // a line that reads like a key inside a quoted value: no entry of the other version starts there
        String quoted = head.replace("a10:\n  image: a10\n", "a10: \"first line\nx: still the value\"\n");
        assertEquals("first line x: still the value",
                ((YMap) LOADER.load(quoted.getBytes(StandardCharsets.UTF_8), "x.yaml").root()).get("a10").toString()
                        .replaceAll(".*value=([^,]*),.*", "$1"));
        assertNull(against(quoted.replace("still the value\"", "still the value!\""), quoted));
    }

    /** Whether {@code bytes} loaded against {@code known} (when it gives a document) is what the whole file gives. */
    private static boolean checked(String text, String knownText) {
        YamlLoader.Document result = against(text, knownText);
        if (result == null) {
            return false;
        }
        YamlLoader.Document whole = LOADER.load(text.getBytes(StandardCharsets.UTF_8), "configs/x.yaml@base");
        assertTrue(whole.problems().isEmpty(), whole.problems().toString());
        // Records print every node with its position: the same text is the same tree.
        assertEquals(String.valueOf(whole.root()), String.valueOf(result.root()));
        assertEquals(whole.root(), result.root());
        assertTrue(result.problems().isEmpty());
        return true;
    }

    private static YamlLoader.Document against(String text, String knownText) {
        byte[] known = knownText.getBytes(StandardCharsets.UTF_8);
        YamlLoader.Document knownDocument;
        try {
            knownDocument = LOADER.load(known, "configs/x.yaml");
        } catch (ProblemException e) {
            return null;
        }
        YamlLoader.Document result = LOADER.loadAgainst(text.getBytes(StandardCharsets.UTF_8), "configs/x.yaml@base", known,
                knownDocument);
        if (result != null) {
            assertNotNull(result.root());
        }
        return result;
    }

    private static void assertThrowsOrReports(String text) {
        try {
            assertTrue(!LOADER.load(text.getBytes(StandardCharsets.UTF_8), "x.yaml").problems().isEmpty());
        } catch (ProblemException e) {
            // refused outright: also not a clean document
        }
    }

    /** {@code count} edits of lines: a digit changed, a line doubled, removed or commented, an entry added or removed. */
    private static String edit(String text, Random random, int count) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        for (int k = 0; k < count && lines.size() > 2; k++) {
            int at = random.nextInt(lines.size() - 1);
            String line = lines.get(at);
            switch (random.nextInt(8)) {
                case 0 -> {
                    int digit = indexOfDigit(line);
                    lines.set(at, digit < 0 ? line + " " : line.substring(0, digit) + (char) ('0' + random.nextInt(10))
                            + line.substring(digit + 1));
                }
                case 1 -> lines.add(at, line);
                case 2 -> lines.remove(at);
                case 3 -> lines.add(at, "# a note " + k);
                case 4 -> {
                    int key = topLevelKeyAtOrAfter(lines, at);
                    lines.add(key, "added-" + k + ":");
                    lines.add(key + 1, "  image: x" + k);
                }
                case 6 -> lines.subList(at, lines.size()).clear(); // one version the other and more
                case 7 -> lines.add(random.nextBoolean() ? 0 : lines.size(), "# at an end " + k);
                default -> {
                    int key = topLevelKeyAtOrAfter(lines, at);
                    int next = topLevelKeyAtOrAfter(lines, key + 1);
                    if (key < next && next <= lines.size()) {
                        lines.subList(key, next).clear();
                    }
                }
            }
        }
        return String.join("\n", lines);
    }

    private static int indexOfDigit(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (Character.isDigit(line.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    private static int topLevelKeyAtOrAfter(List<String> lines, int from) {
        for (int i = from; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.isEmpty() && Character.isLetterOrDigit(line.charAt(0)) && line.endsWith(":")) {
                return i;
            }
        }
        return Math.min(from, lines.size() - 1);
    }

    private static String entries(String prefix, int count) {
        StringBuilder text = new StringBuilder("# configs\n");
        for (int i = 0; i < count; i++) {
            text.append(prefix).append(i).append(":\n  image: ").append(prefix).append(i).append('\n');
        }
        return text.toString();
    }
}
