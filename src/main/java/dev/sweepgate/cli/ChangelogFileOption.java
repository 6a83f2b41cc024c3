package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogGate;
import picocli.CommandLine.Option;

/** {@code --changelog-file}, for every command that reads or writes the changelog. */
final class ChangelogFileOption {
    @Option(names = "--changelog-file", paramLabel = "FILE", defaultValue = ChangelogGate.DEFAULT_CHANGELOG,
            description = "The changelog, relative to the directory (default: ${DEFAULT-VALUE}).")
    private String changelogFile;

    String changelogFile() {
        return changelogFile;
    }
}
