package dev.sweepgate.sweep.priority;

import dev.sweepgate.yaml.SourceFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The benchmark repository's policy as the project keeps it (configs/ci-priority.yaml), and variants of it. */
final class Policies {
    static final Path FILE = Path.of("configs/ci-priority.yaml");

    private Policies() {
    }

    static String text() {
        try {
            return Files.readString(FILE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static PriorityPolicy real() {
        return parse(text());
    }

    /** The real policy with {@code from} replaced by {@code to} (which must occur). */
    static PriorityPolicy with(String from, String to) {
        String text = text();
        if (!text.contains(from)) {
            throw new IllegalArgumentException("the policy holds no " + from);
        }
        return parse(text.replace(from, to));
    }

    static PriorityPolicy parse(String yaml) {
        return PolicyLoader.load(new SourceFile("ci-priority.yaml", yaml.getBytes(StandardCharsets.UTF_8)));
    }
}
