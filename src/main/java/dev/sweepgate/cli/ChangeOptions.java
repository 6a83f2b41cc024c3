package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogGate;
import picocli.CommandLine.Option;

/** What every command that judges a change of the changelog is told: the base and the file. */
final class ChangeOptions {
    @Option(names = "--base-ref", required = true, paramLabel = "REF",
            description = "The ref the change is compared against (for a pull request: origin/main).")
    String baseRef;

    @Option(names = "--changelog-file", paramLabel = "FILE", defaultValue = ChangelogGate.DEFAULT_CHANGELOG,
            description = "The changelog, relative to the directory (default: ${DEFAULT-VALUE}).")
    String changelogFile;
}
