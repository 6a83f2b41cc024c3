package dev.sweepgate.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.EnvironmentException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link AtomicFiles#replaceDirectory}: the whole set or nothing, and nothing stale. */
class AtomicDirectoryTest {
    @TempDir
    Path root;

    private static Map<String, byte[]> files(String... namesAndTexts) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int i = 0; i < namesAndTexts.length; i += 2) {
            files.put(namesAndTexts[i], namesAndTexts[i + 1].getBytes(StandardCharsets.UTF_8));
        }
        return files;
    }

    /** Every file under {@code dir} (name to text), so that a test compares whole sets. */
    private static Map<String, String> contents(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path entry : entries.toList()) {
                out.put(entry.getFileName().toString(), Files.readString(entry));
            }
        }
        return out;
    }

    /** What {@code root} holds: each entry's name and whether it is a directory. */
    private Map<String, String> siblings() throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> entries = Files.list(root)) {
            entries.forEach(p -> out.put(p.getFileName().toString(), Files.isDirectory(p) ? "dir" : "file"));
        }
        return out;
    }

    @Test
    void createsTheDirectoryWithReadableFiles() throws IOException {
        Path dir = root.resolve("out/chunks");
        AtomicFiles.replaceDirectory(dir, files("index.json", "[]\n", "a-0.json", "[1]\n"));
        assertEquals(Map.of("index.json", "[]\n", "a-0.json", "[1]\n"), contents(dir));
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("a-0.json"))));
    }

    @Test
    void replacesTheWholeSetSoThatNoFileOfTheOldOneSurvives() throws IOException {
        Path dir = root.resolve("chunks");
        AtomicFiles.replaceDirectory(dir, files("index.json", "old", "a-0.json", "old a0", "a-1.json", "old a1"));
        AtomicFiles.replaceDirectory(dir, files("index.json", "new", "a-0.json", "new a0"));
        assertEquals(Map.of("index.json", "new", "a-0.json", "new a0"), contents(dir));
        assertEquals(Map.of("chunks", "dir"), siblings(), "no temporary or old directory is left beside it");
    }

    @Test
    void aWriteThatFailsMidwayLeavesThePreviousSetAsItWas() throws IOException {
        Path dir = root.resolve("chunks");
        AtomicFiles.replaceDirectory(dir, files("index.json", "old", "a-0.json", "old a0"));
        int[] written = {0};
        AtomicFiles.DirectorySteps failOnThird = new AtomicFiles.DirectorySteps() {
            @Override
            public void write(Path file, byte[] bytes) throws IOException {
                if (++written[0] == 3) {
                    throw new IOException("No space left on device");
                }
                Files.write(file, bytes);
            }

            @Override
            public void move(Path from, Path to) throws IOException {
                Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
            }
        };
        EnvironmentException e = assertThrows(EnvironmentException.class, () -> AtomicFiles.replaceDirectory(dir,
                files("index.json", "new", "a-0.json", "new a0", "a-1.json", "new a1", "a-2.json", "new a2"), failOnThird));
        assertEquals("cannot write " + dir + ": No space left on device (the directory is unchanged)", e.getMessage());
        assertEquals(Map.of("index.json", "old", "a-0.json", "old a0"), contents(dir));
        assertEquals(Map.of("chunks", "dir"), siblings(), "the half-written set is removed");
    }

    @Test
    void aSwapThatFailsPutsThePreviousSetBack() throws IOException {
        Path dir = root.resolve("chunks");
        AtomicFiles.replaceDirectory(dir, files("index.json", "old"));
        int[] moves = {0};
        AtomicFiles.DirectorySteps failSecondMove = new AtomicFiles.DirectorySteps() {
            @Override
            public void write(Path file, byte[] bytes) throws IOException {
                Files.write(file, bytes);
            }

            @Override
            public void move(Path from, Path to) throws IOException {
                if (++moves[0] == 2) {
                    throw new IOException("Input/output error");
                }
                Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
            }
        };
        assertThrows(EnvironmentException.class,
                () -> AtomicFiles.replaceDirectory(dir, files("index.json", "new"), failSecondMove));
        assertEquals(Map.of("index.json", "old"), contents(dir));
        assertEquals(Map.of("chunks", "dir"), siblings());
    }

    @Test
    void aNameWithASlashIsRefusedBeforeAnythingChanges() throws IOException {
        Path dir = root.resolve("chunks");
        AtomicFiles.replaceDirectory(dir, files("index.json", "old"));
        EnvironmentException e = assertThrows(EnvironmentException.class,
                () -> AtomicFiles.replaceDirectory(dir, files("index.json", "new", "../escape.json", "x")));
        assertTrue(e.getMessage().contains("not a plain file name: ../escape.json"), e.getMessage());
        assertEquals(Map.of("index.json", "old"), contents(dir));
        assertEquals(Map.of("chunks", "dir"), siblings());
    }

    @Test
    void aSymlinkedDirectoryIsReplacedWhereItLivesAndStaysALink() throws IOException {
        Path real = Files.createDirectories(root.resolve("real"));
        Path link = Files.createSymbolicLink(root.resolve("link"), real);
        AtomicFiles.replaceDirectory(link, files("index.json", "new"));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(Map.of("index.json", "new"), contents(real));
    }
}
