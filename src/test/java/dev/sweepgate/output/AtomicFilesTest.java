package dev.sweepgate.output;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.EnvironmentException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
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
}
