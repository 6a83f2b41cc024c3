package dev.sweepgate.output;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.EnvironmentException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    private List<Path> listing() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }

    @Test
    void replacesTheFileAndKeepsItsPermissions() throws IOException {
        Path file = dir.resolve("perf-changelog.yaml");
        Files.writeString(file, "old\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-r--"));
        AtomicFiles.write(file, "new\n".getBytes());
        assertEquals("new\n", Files.readString(file));
        assertEquals("rw-rw-r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(List.of(file), listing(), "no temporary file is left behind");
    }

    @Test
    void createsNewFilesReadableByAll() throws IOException {
        Path file = dir.resolve("new.txt");
        AtomicFiles.write(file, "x".getBytes());
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void aSymlinkStaysALinkAndItsTargetIsReplaced() throws IOException {
        Path target = dir.resolve("real.yaml");
        Files.writeString(target, "old\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.yaml"), Path.of("real.yaml"));
        AtomicFiles.write(link, "new\n".getBytes());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("new\n", Files.readString(target));
    }

    @Test
    void aFailedWriteLeavesTheTargetAsItWasAndNoTemporaryFile() throws IOException {
        // a non-empty directory cannot be replaced by a file: the rename fails after the data was written
        Path target = Files.createDirectory(dir.resolve("perf-changelog.yaml"));
        Files.writeString(target.resolve("inside"), "keep");
        EnvironmentException e = assertThrows(EnvironmentException.class,
                () -> AtomicFiles.write(target, "new\n".getBytes()));
        assertTrue(e.getMessage().contains("the file is unchanged"), e.getMessage());
        assertArrayEquals("keep".getBytes(), Files.readAllBytes(target.resolve("inside")));
        assertEquals(List.of(target), listing());
    }

    @Test
    void theTargetIsReplacedByARenameNotRewrittenInPlace() throws IOException {
        Path file = dir.resolve("perf-changelog.yaml");
        Files.writeString(file, "old\n");
        Object before = Files.getAttribute(file, "unix:ino");
        // a second name for the old file: an in-place write would change what it shows too
        Path oldName = Files.createLink(dir.resolve("old-name"), file);
        AtomicFiles.write(file, "new\n".getBytes());
        assertEquals("new\n", Files.readString(file));
        assertNotEquals(before, Files.getAttribute(file, "unix:ino"), "the target must be a new file");
        assertEquals("old\n", Files.readString(oldName), "the old file must not have been written to");
    }

    @Test
    void aReaderRacingTheWriterSeesOnlyWholeFiles() throws Exception {
        Path file = dir.resolve("perf-changelog.yaml");
        // two contents of a size no write finishes in one step, told apart by every byte
        byte[] a = new byte[1 << 20];
        byte[] b = new byte[1 << 20];
        Arrays.fill(a, (byte) 'a');
        Arrays.fill(b, (byte) 'b');
        Files.write(file, a);
        List<String> seen = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> {
            for (int i = 0; i < READS; i++) {
                try {
                    byte[] got = Files.readAllBytes(file);
                    if (!Arrays.equals(got, a) && !Arrays.equals(got, b)) {
                        seen.add("a partial file of " + got.length + " bytes");
                    }
                } catch (IOException e) {
                    seen.add("no file: " + e);
                }
            }
        });
        reader.start();
        // the writer replaces the file for as long as the reader reads, so every read races a write
        for (int i = 0; reader.isAlive(); i++) {
            AtomicFiles.write(file, i % 2 == 0 ? b : a);
        }
        reader.join();
        assertEquals(List.of(), seen.stream().distinct().limit(3).toList());
    }

    /** Reads that race the writer: enough for a write that is not atomic to be caught many times over. */
    private static final int READS = 300;
}
