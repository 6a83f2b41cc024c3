package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogGate;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.problem.UsageException;
import picocli.CommandLine.Option;

/** Options the prepare-merge commands share. */
final class MergeOptions {
    @Option(names = "--pr-number", required = true, paramLabel = "N",
            description = "The pull request being merged; its new entries link https://github.com/REPO/pull/N.")
    long prNumber;

    @Option(names = "--repo", paramLabel = "OWNER/NAME", defaultValue = PrLinkPolicy.DEFAULT_REPO,
            description = "The repository pr-links point to (default: ${DEFAULT-VALUE}).")
    String repo;

    @Option(names = "--changelog-file", paramLabel = "FILE", defaultValue = ChangelogGate.DEFAULT_CHANGELOG,
            description = "The changelog, relative to the directory (default: ${DEFAULT-VALUE}).")
    String changelogFile;

    PrLinkPolicy policy() {
        checkPrNumber(prNumber);
        checkRepo(repo);
        return new PrLinkPolicy(repo, prNumber);
    }

    static void checkPrNumber(Long number) {
        if (number != null && number < 1) {
            throw new UsageException("--pr-number must be a positive pull request number, not " + number);
        }
    }

    static void checkRepo(String repo) {
        if (!PrLinkPolicy.isValidRepo(repo)) {
            throw new UsageException("--repo must be OWNER/NAME, not " + repo);
        }
    }
}
