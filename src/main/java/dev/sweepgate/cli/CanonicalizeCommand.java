package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.merge.Canonicalizer;
import dev.sweepgate.merge.MergeOutcome;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class CanonicalizeCommand implements ContextCommand {
    private final MergeOptions options = new MergeOptions();

    private final FormatOption format = new FormatOption();

    private final OptionSpec baseRef = Specs.value("--base-ref", "REF", String.class,
            "What the pull request appends to (for instance origin/main after merging it).").required(true).build();

    @Override
    public CommandSpec spec() {
        return Specs.exitCodes(Specs.with(Specs.command(this, "Rewrites the placeholder pr-links (XXX or .../pull/XXX) of "
                                + "the entries the working-tree changelog appends to the base ref into the pull "
                                + "request's canonical link.",
                        "The file is checked before and after (file, history and byte rules) and replaced "
                                + "atomically; on any failure it is left byte for byte as it was."),
                List.of(options.spec(), format.spec()), baseRef),
                "0:done, or nothing to do", "1:the changelog breaks a rule (file unchanged)", "2:bad usage",
                "3:environment failure (git, files)");
    }

    @Override
    public int call(Context context) {
        PrLinkPolicy policy = options.policy(context);
        String baseRef = this.baseRef.getValue();
        Git git = context.git();
        ChangelogGate.Refs refs = ChangelogGate.refs(git, baseRef, null);
        // One name for the file read at the base, read in the working tree and written back (from a subdirectory too).
        String file = context.located(options.changelogFile());
        ChangelogFile baseFile = ChangelogFile.check(git.show(refs.baseCommit(), file, refs.baseLabel()), file + "@" + baseRef);
        ChangelogFile head = ChangelogFile.check(context.read(file), file);
        MergeOutcome outcome = Canonicalizer.canonicalize(baseFile, head, policy);
        return MergeReport.finish(context, format, outcome, context.resolve(file));
    }
}
