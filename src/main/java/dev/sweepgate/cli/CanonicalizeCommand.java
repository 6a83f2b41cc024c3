package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.ChangelogGate;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.git.Git;
import dev.sweepgate.merge.Canonicalizer;
import dev.sweepgate.merge.MergeOutcome;
import java.util.List;

record CanonicalizeCommand(MergeOptions options, FormatOption format, String baseRef) {
    static final CommandSpec SPEC = CommandSpec.of("canonicalize",
                    (args, context) -> from(args).call(context),
                    "Rewrites the placeholder pr-links (XXX or .../pull/XXX) of the entries the working-tree "
                            + "changelog appends to the base ref into the pull request's canonical link.",
                    "The file is checked before and after (file, history and byte rules) and replaced atomically; "
                            + "on any failure it is left byte for byte as it was.")
            .withOptions(MergeOptions.OPTIONS, FormatOption.OPTIONS, List.of(
                    OptionSpec.value("--base-ref", "REF",
                            "What the pull request appends to (for instance origin/main after merging it).").required()))
            .withExitCodes("0:done, or nothing to do", "1:the changelog breaks a rule (file unchanged)", "2:bad usage",
                    "3:environment failure (git, files)");

    static CanonicalizeCommand from(ParsedArgs args) {
        return new CanonicalizeCommand(MergeOptions.from(args), FormatOption.from(args), args.string("--base-ref"));
    }

    int call(Context context) {
        PrLinkPolicy policy = options.policy();
        Git git = new Git(context.dir());
        String base = ChangelogGate.refs(git, baseRef, null).baseCommit();
        String file = options.changelogFile();
        ChangelogFile baseFile = ChangelogFile.check(git.show(base, file), file + "@" + baseRef);
        ChangelogFile head = ChangelogFile.check(context.read(file), file);
        MergeOutcome outcome = Canonicalizer.canonicalize(baseFile, head, policy);
        return MergeReport.finish(context, format, outcome, context.resolve(file));
    }
}
