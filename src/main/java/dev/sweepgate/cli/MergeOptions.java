package dev.sweepgate.cli;

import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.problem.UsageException;
import java.util.List;

/** Options the prepare-merge commands share. */
record MergeOptions(long prNumber, String repo, String changelogFile) {
    /** --repo as every command that writes or checks pr-links takes it. */
    static final OptionSpec REPO = OptionSpec.value("--repo", "OWNER/NAME",
            "The repository pr-links point to (default: ${DEFAULT}).").withDefault(PrLinkPolicy.DEFAULT_REPO);

    static final List<OptionSpec> OPTIONS = List.of(
            OptionSpec.value("--pr-number", "N",
                    "The pull request being merged; its new entries link https://github.com/REPO/pull/N.")
                    .required().converted(Converters.LONG),
            REPO,
            ChangeOptions.CHANGELOG_FILE);

    static MergeOptions from(ParsedArgs args) {
        return new MergeOptions(args.longInteger("--pr-number"), args.string("--repo"), args.string("--changelog-file"));
    }

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
