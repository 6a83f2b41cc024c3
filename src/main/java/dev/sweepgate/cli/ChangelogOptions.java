package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogGate;
import picocli.CommandLine.Option;

/** Options both changelog commands share. */
final class ChangelogOptions {
    @Option(names = "--base-ref", required = true, paramLabel = "REF",
            description = "The ref the change is compared against (for a pull request: origin/main).")
    String baseRef;

    @Option(names = "--changelog-file", paramLabel = "FILE", defaultValue = ChangelogGate.DEFAULT_CHANGELOG,
            description = "The changelog, relative to the directory (default: ${DEFAULT-VALUE}).")
    String changelogFile;

    @Option(names = "--all-evals", description = "Expand every eval of the selected configs.")
    boolean allEvals;

    @Option(names = "--evals-only", description = "Only evals: no throughput rows.")
    boolean evalsOnly;
}
