package dev.sweepgate.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What every command that judges a change of the changelog is told: the base and the file. */
final class ChangeOptions {
    @Option(names = "--base-ref", paramLabel = "REF", required = true,
            description = "The ref the change is compared against (for a pull request: origin/main).")
    private String baseRef;

    @Mixin
    private ChangelogFileOption file;

    String baseRef() {
        return baseRef;
    }

    String changelogFile() {
        return file.changelogFile();
    }
}
