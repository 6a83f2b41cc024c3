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
import java.util.Set;

/**
 * Replaces files atomically: the new bytes go to a temporary file in the same directory,
 * which is then renamed over the target. A reader (or a crash) sees either the old file or
 * the new one, never a half-written file, and a failure leaves the old file untouched.
 */
public final class AtomicFiles {
    private static final Set<PosixFilePermission> NEW_FILE = PosixFilePermissions.fromString("rw-r--r--");

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
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                // The rename must not become visible before the data it points to.
                channel.force(true);
            }
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
