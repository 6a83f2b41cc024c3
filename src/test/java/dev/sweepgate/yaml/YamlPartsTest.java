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
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A large config is parsed in two parts on two threads ({@link YamlLoader#cutPoint},
 * {@link YamlLoader#loadPart}, {@link YamlLoader#join}); what the parts give, when they give
 * anything, must be exactly what the whole file gives, positions included.
 */
class YamlPartsTest {
    private static final String FILE = "configs/nvidia-master.yaml";

    @Test
    void theRealConfigCutInTwoIsTheWholeFile() throws IOException {
        byte[] bytes = Files.readAllBytes(Path.of(FILE));
        int cut = YamlLoader.cutPoint(bytes, bytes.length / 2);
        assertTrue(cut > bytes.length / 2 && cut < bytes.length * 3 / 4, "cut near the middle: " + cut);
        YamlLoader.Document joined = cutAndJoin(bytes);
        assertNotNull(joined, "the real config joins");
        // Records print every node with its position: the same text is the same tree.
        assertEquals(String.valueOf(whole(bytes).root()), String.valueOf(joined.root()));
    }

    @Test
    void whatFollowsTheCutDoesNotChangeTheFirstPartsLastValue() {
        // A kept block scalar keeps the empty lines before the next key, in the whole file and in the part.
        String doc = filler("a") + "kept: |+\n  text\n\n\n" + filler("b");
        assertSameWhenJoined(doc, doc.indexOf("kept:") + "kept: |+\n  text\n\n\n".length());
        String folded = filler("a") + "kept: >+\n  text\n  more\n\n# a comment\n" + filler("b");
        assertSameWhenJoined(folded, folded.indexOf("# a comment\n") + "# a comment\n".length());
    }

    @Test
    void partsThatTheWholeFileReadsDifferentlyAreNotJoined() {
        // an alias in the second part to an anchor in the first
        String alias = filler("a").replace("a0:\n", "a0: &x\n") + filler("b").replace("  image: b0\n", "  image: *x\n");
        assertNull(cutAndJoin(alias.getBytes(StandardCharsets.UTF_8)));
        // a key in both parts: the whole file reports it as a duplicate
        String duplicate = filler("a").replace("a1:\n", "dup:\n") + filler("b") + "dup: 2\n";
        assertTrue(middleCut(duplicate) > duplicate.indexOf("dup:"));
        assertNull(cutAndJoin(duplicate.getBytes(StandardCharsets.UTF_8)));
        assertThrowsOrReports(duplicate);
        // a flow list open across the cut, whose next line reads like a key
        String open = filler("a") + "open: [1,\nx: 2]\n" + filler("b");
        assertEquals(open.indexOf("x: 2]"), middleCut(open));
        assertNull(cutAndJoin(open.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aLoneCarriageReturnBeforeTheCutKeepsTheFileWhole() {
        // snakeyaml breaks a line at a lone CR: the second part's lines cannot be counted by LFs.
        String doc = (filler("a") + filler("b")).replaceFirst("\n  image: a1\n", "\r  image: a1\n");
        byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
        assertTrue(YamlLoader.cutPoint(bytes, bytes.length / 2) > doc.indexOf('\r'));
        assertNull(cutAndJoin(bytes));
        String crlf = (filler("a") + filler("b")).replace("\n", "\r\n");
        assertNull(cutAndJoin(crlf.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void smallFilesAndDirectivesAreNotCutAndTopLevelMergeKeysNotJoined() {
        assertEquals(-1, middleCut(filler("a").substring(0, 1000)));
        assertEquals(-1, middleCut("%YAML 1.1\n---\n" + filler("a") + filler("b")));
        assertTrue(middleCut(filler("a") + filler("b")) > 0);
        // What a top-level merge key adds goes after every key of its mapping, in both parts.
        for (String merged : List.of("base: &b {x: 1}\n<<: {y: 2}\n" + filler("a") + filler("b"),
                filler("a") + filler("b") + "<<: {y: 2}\n")) {
            assertTrue(middleCut(merged) > 0);
            assertNull(cutAndJoin(merged.getBytes(StandardCharsets.UTF_8)));
        }
    }

    private static int middleCut(String doc) {
        byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
        return YamlLoader.cutPoint(bytes, bytes.length / 2);
    }

    /**
     * Property: any single-byte edit of a large mapping either keeps the parts from joining, or
     * they join into exactly the whole file's tree (which then loads without a problem).
     */
    @Test
    void anySingleByteEditJoinsIntoTheWholeFileOrNotAtAll() {
        byte[] original = (filler("a") + "kept: |+\n  text\n\n" + filler("b")).getBytes(StandardCharsets.UTF_8);
        int cut = YamlLoader.cutPoint(original, original.length / 2);
        byte[] interesting = " \n\r\t#:-\"'{}[]&*!|>+%?,@`".getBytes(StandardCharsets.ISO_8859_1);
        Random random = new Random(20261201L);
        int joins = 0;
        for (int i = 0; i < 100; i++) {
            byte[] bytes = original.clone();
            // most edits near the cut, where the parts meet
            int at = random.nextBoolean() ? Math.max(0, Math.min(bytes.length - 1, cut - 200 + random.nextInt(400)))
                    : random.nextInt(bytes.length);
            bytes[at] = random.nextBoolean() ? interesting[random.nextInt(interesting.length)] : (byte) (' ' + random.nextInt(95));
            YamlLoader.Document joined = cutAndJoin(bytes);
            if (joined != null) {
                joins++;
                YamlLoader.Document whole = whole(bytes);
                assertTrue(whole.problems().isEmpty(), () -> "edit at " + at + ": " + whole.problems());
                // Records compare every node with its position.
                assertTrue(whole.root().equals(joined.root()), "edit at " + at);
            }
        }
        assertTrue(joins > 30, "most edits keep a file that joins: " + joins);
    }

    /** What ConfigLoader does with a file it can cut: its parts joined, or null when it must parse the whole. */
    private static YamlLoader.Document cutAndJoin(byte[] bytes) {
        int cut = YamlLoader.cutPoint(bytes, bytes.length / 2);
        if (cut < 0) {
            return null;
        }
        YamlLoader.Document first = YamlLoader.standard().loadPart(bytes, 0, cut, FILE);
        YamlLoader.Document second = YamlLoader.standard().loadPart(bytes, cut, bytes.length, FILE);
        return first == null || second == null ? null : YamlLoader.join(first, second);
    }

    private static void assertSameWhenJoined(String doc, int expectedCut) {
        byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
        assertEquals(expectedCut, YamlLoader.cutPoint(bytes, bytes.length / 2));
        YamlLoader.Document joined = cutAndJoin(bytes);
        assertNotNull(joined);
        assertEquals(String.valueOf(whole(bytes).root()), String.valueOf(joined.root()));
    }

    private static void assertThrowsOrReports(String doc) {
        try {
            assertTrue(!whole(doc.getBytes(StandardCharsets.UTF_8)).problems().isEmpty());
        } catch (ProblemException e) {
            assertTrue(!e.problems().isEmpty());
        }
    }

    private static YamlLoader.Document whole(byte[] bytes) {
        return YamlLoader.standard().load(bytes, FILE);
    }

    /** About 34 KB (two make a file large enough to cut) of config-like top-level keys {@code prefix0...}. */
    private static String filler(String prefix) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; sb.length() < 34_000; i++) {
            sb.append(prefix).append(i).append(":\n  image: ").append(prefix).append(i).append('\n')
                    .append("  search-space:\n  - { tp: 8, conc-list: [4, 8, 16] }\n  - tp: 4\n    ep: 4\n");
        }
        return sb.toString();
    }
}
