package dev.sweepgate.cli;

import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.problem.UsageException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options the prepare-merge commands share. */
final class MergeOptions {
    @Option(names = "--pr-number", paramLabel = "N", required = true,
            description = "The pull request being merged; its new entries link https://github.com/REPO/pull/N.")
    private long prNumber;

    @Mixin
    private RepoOption repo;

    @Mixin
    private ChangelogFileOption file;

    String changelogFile() {
        return file.changelogFile();
    }

    PrLinkPolicy policy(Context context) {
        checkPrNumber(prNumber);
        return new PrLinkPolicy(repo.repo(context), prNumber);
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
