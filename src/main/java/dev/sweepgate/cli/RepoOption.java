package dev.sweepgate.cli;

import dev.sweepgate.changelog.PrLinkPolicy;
import picocli.CommandLine.Option;

/** {@code --repo} as every command that writes or checks pr-links takes it. */
final class RepoOption {
    @Option(names = "--repo", paramLabel = "OWNER/NAME", defaultValue = PrLinkPolicy.DEFAULT_REPO,
            description = "The repository pr-links point to (default: ${DEFAULT-VALUE}).")
    private String repo;

    String repo() {
        return repo;
    }
}
