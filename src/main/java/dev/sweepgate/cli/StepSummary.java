package dev.sweepgate.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The GitHub Actions job summary: Markdown appended to the file GITHUB_STEP_SUMMARY names. */
final class StepSummary {
    private StepSummary() {
    }

    /** Appends when running in GitHub Actions; a summary that cannot be written only warns. */
    static void append(Context context, String markdown) {
        String target = context.env().variable("GITHUB_STEP_SUMMARY");
        if (target == null || target.isBlank()) {
            return;
        }
        try {
            // Appending is the contract of this file: other steps write to it too.
            Files.writeString(Path.of(target), markdown, StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException | RuntimeException e) {
            context.err().println("sweepgate: warning: cannot append to the job summary " + target + ": " + e.getMessage());
        }
    }
}
