package dev.sweepgate.cli;

import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.problem.UsageException;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** Options the prepare-merge commands share. */
final class MergeOptions {
    private final OptionSpec prNumber = Specs.value("--pr-number", "N", long.class,
            "The pull request being merged; its new entries link https://github.com/REPO/pull/N.").required(true).build();

    private final RepoOption repo = new RepoOption();

    private final ChangelogFileOption file = new ChangelogFileOption();

    CommandSpec spec() {
        return Specs.with(CommandSpec.create(), List.of(repo.spec(), file.spec()), prNumber);
    }

    String changelogFile() {
        return file.changelogFile();
    }

    PrLinkPolicy policy(Context context) {
        long number = prNumber.getValue();
        checkPrNumber(number);
        return new PrLinkPolicy(repo.repo(context), number);
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
