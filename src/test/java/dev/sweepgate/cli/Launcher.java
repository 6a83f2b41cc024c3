package dev.sweepgate.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashSet;
import java.util.Set;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * A {@code sweepgate} executable for tests where git or a script runs sweepgate itself (merge
 * driver, hooks, merge-pr.sh): a shell wrapper around this JVM and the compiled classes, so
 * no jar has to be built first.
 */
public final class Launcher {
    private Launcher() {
    }

    /** Writes {@code dir/sweepgate} and returns its path. */
    public static Path write(Path dir) {
        Set<String> classpath = new LinkedHashSet<>();
        for (Class<?> c : new Class<?>[] {Main.class, LoadSettings.class, ObjectMapper.class,
                JsonFactory.class, com.fasterxml.jackson.annotation.JsonProperty.class, picocli.CommandLine.class}) {
            try {
                classpath.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String script = "#!/bin/sh\nexec '" + java + "' -Xshare:auto -XX:TieredStopAtLevel=1 -cp '"
                + String.join(":", classpath) + "' dev.sweepgate.cli.Main \"$@\"\n";
        try {
            Files.createDirectories(dir);
            Path file = dir.resolve("sweepgate");
            Files.writeString(file, script);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
