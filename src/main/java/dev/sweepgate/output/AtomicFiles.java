package dev.sweepgate.output;

import dev.sweepgate.problem.EnvironmentException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

/**
 * Replaces files atomically: the new bytes go to a temporary file in the same directory,
 * which is then renamed over the target. A reader (or a crash) sees either the old file or
 * the new one, never a half-written file, and a failure leaves the old file untouched.
 */
public final class AtomicFiles {
    private static final Set<PosixFilePermission> NEW_FILE = PosixFilePermissions.fromString("rw-r--r--");
    private static final Set<PosixFilePermission> NEW_DIRECTORY = PosixFilePermissions.fromString("rwxr-xr-x");

    private AtomicFiles() {
    }

    /** Writes {@code bytes} to {@code target}, keeping the permissions of the file it replaces. */
    public static void write(Path target, byte[] bytes) {
        write(target, bytes, null);
    }

    /**
     * Writes {@code bytes} to {@code target}.
     *
     * @param permissions the new file's permissions; null keeps those of the replaced file
     *                    (rw-r--r-- for a new one)
     * @throws EnvironmentException when the file cannot be written; the target is then unchanged
     */
    public static void write(Path target, byte[] bytes, Set<PosixFilePermission> permissions) {
        Path file = followLink(target.toAbsolutePath());
        Path dir = file.getParent();
        Path temp = null;
        try {
            temp = Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp");
            writeAndForce(temp, bytes, StandardOpenOption.WRITE);
            applyPermissions(temp, file, permissions);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("this file system cannot rename atomically in " + dir, e);
            }
            temp = null;
        } catch (IOException | RuntimeException e) {
            throw new EnvironmentException("cannot write " + target + ": " + describe(e, dir) + " (the file is unchanged)");
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // the failure that got us here is the one worth reporting
                }
            }
        }
    }

    /** Writes all of {@code bytes} and forces them to the disk: a rename must not become visible before the data it points to. */
    private static void writeAndForce(Path file, byte[] bytes, StandardOpenOption... options) throws IOException {
        try (FileChannel channel = FileChannel.open(file, options)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
    }

    /** The file-system steps of {@link #replaceDirectory}, which a test can make fail midway. */
    interface DirectorySteps {
        void write(Path file, byte[] bytes) throws IOException;

        void move(Path from, Path to) throws IOException;
    }

    private static final DirectorySteps FILE_SYSTEM = new DirectorySteps() {
        @Override
        public void write(Path file, byte[] bytes) throws IOException {
            writeAndForce(file, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        }

        @Override
        public void move(Path from, Path to) throws IOException {
            try {
                Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("this file system cannot rename atomically in " + to.getParent(), e);
            }
        }
    };

    /**
     * Replaces the directory {@code target} by one that holds exactly {@code files} (name to
     * bytes): they are written into a fresh sibling directory, which is then renamed into place
     * (the old directory renamed aside first and deleted after). A reader sees the old set of
     * files, for an instant none, or the new set, never some of each; a failure before the
     * swap leaves {@code target} as it was, and files of the old set that the new one lacks do
     * not survive it.
     *
     * @throws EnvironmentException when the files cannot be written; {@code target} is then unchanged
     */
    public static void replaceDirectory(Path target, Map<String, byte[]> files) {
        replaceDirectory(target, files, FILE_SYSTEM);
    }

    static void replaceDirectory(Path target, Map<String, byte[]> files, DirectorySteps steps) {
        Path dir = followLink(target.toAbsolutePath().normalize());
        Path parent = dir.getParent();
        Path fresh = null;
        try {
            try {
                Files.createDirectories(parent);
            } catch (IOException e) {
                throw new EnvironmentException("cannot write " + target + ": cannot create the directory " + parent
                        + (e instanceof FileSystemException f && f.getReason() != null ? " (" + f.getReason() + ")" : ""));
            }
            fresh = Files.createTempDirectory(parent, "." + dir.getFileName() + ".");
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                Path path = fresh.resolve(file.getKey());
                if (!path.getParent().equals(fresh)) {
                    throw new IOException("not a plain file name: " + file.getKey());
                }
                steps.write(path, file.getValue());
            }
            // createTempDirectory makes it private (rwx------); a directory others read must stay readable
            PosixFileAttributeView view = Files.getFileAttributeView(fresh, PosixFileAttributeView.class);
            if (view != null) {
                view.setPermissions(Files.isDirectory(dir) ? Files.getPosixFilePermissions(dir) : NEW_DIRECTORY);
            }
            if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                steps.move(fresh, dir);
                return;
            }
            Path old = parent.resolve(fresh.getFileName() + ".old");
            steps.move(dir, old);
            try {
                steps.move(fresh, dir);
            } catch (IOException e) {
                try {
                    steps.move(old, dir);
                } catch (IOException restore) {
                    throw new EnvironmentException("cannot write " + target + ": " + describe(e, parent)
                            + "; the previous files are in " + old + " (move them back by hand)");
                }
                throw e;
            }
            fresh = old;
        } catch (EnvironmentException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new EnvironmentException("cannot write " + target + ": " + describe(e, parent) + " (the directory is unchanged)");
        } finally {
            if (fresh != null) {
                deleteTree(fresh);
            }
        }
    }

    /** Deletes a directory of plain files; what cannot be deleted stays (the failure worth reporting came first). */
    private static void deleteTree(Path dir) {
        try (java.util.stream.Stream<Path> entries = Files.list(dir)) {
            for (Path entry : entries.toList()) {
                Files.deleteIfExists(entry);
            }
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a leftover hidden sibling directory is harmless
        }
    }

    /** A symlinked file is replaced where it really lives, so the link stays a link. */
    private static Path followLink(Path path) {
        try {
            Path current = path;
            for (int hops = 0; hops < 40 && Files.isSymbolicLink(current); hops++) {
                current = current.resolveSibling(Files.readSymbolicLink(current)).normalize();
            }
            return current;
        } catch (IOException e) {
            return path;
        }
    }

    private static void applyPermissions(Path temp, Path target, Set<PosixFilePermission> permissions) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
        if (view == null) {
            return;
        }
        Set<PosixFilePermission> wanted = permissions;
        if (wanted == null) {
            wanted = Files.exists(target, LinkOption.NOFOLLOW_LINKS)
                    ? Files.getPosixFilePermissions(target, LinkOption.NOFOLLOW_LINKS) : NEW_FILE;
        }
        // createTempFile makes the file private (rw-------); the replacement must not change who can read it
        view.setPermissions(wanted);
    }

    /** Why a write failed, in words: the exceptions of java.nio name only the file. */
    private static String describe(Exception e, Path dir) {
        if (e instanceof AccessDeniedException) {
            // The temporary file and the rename both need a writable directory; the file's own mode does not matter.
            return "permission denied: the directory " + dir + " is not writable";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason() + (f.getFile() == null ? "" : " (" + f.getFile() + ")");
        }
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message;
    }
}
