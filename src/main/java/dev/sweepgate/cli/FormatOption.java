package dev.sweepgate.cli;

import dev.sweepgate.output.Format;
import picocli.CommandLine.Option;

/** {@code --format} for every command that reports problems. */
public final class FormatOption {
    @Option(names = "--format", paramLabel = "FORMAT",
            description = "How problems are printed: ${COMPLETION-CANDIDATES} (default: github inside GitHub Actions, else text).")
    Format format;

    public Format chosen() {
        return format;
    }
}
