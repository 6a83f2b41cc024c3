package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.merge.ChangelogFixer;
import dev.sweepgate.merge.MergeOutcome;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class FixChangelogCommand implements ContextCommand {
    private final FormatOption format = new FormatOption();

    private final ChangeOptions change = new ChangeOptions();

    @Override
    public CommandSpec spec() {
        return Specs.exitCodes(Specs.with(Specs.command(this, "Repairs a working-tree changelog whose new entries broke "
                                + "only the byte rules (a trimmed separator line, missing or doubled empty lines, "
                                + "trailing blank lines or a line of spaces at the end, no final newline), or that were "
                                + "written in the middle of the file instead of at its end: the bytes at the base ref are "
                                + "restored exactly and the new entries' own text is appended after them, one empty line apart.",
                        "A change that alters history in value (an entry edited, deleted or reordered, a pr-link "
                                + "corrected alongside new entries) is refused and the file is left byte for byte as "
                                + "it was. The file is replaced atomically, and not at all when nothing needs fixing."),
                List.of(format.spec(), change.spec())),
                "0:repaired, or nothing to fix",
                "1:cannot repair: history changed or the file does not parse (file unchanged)", "2:bad usage",
                "3:environment failure (git, files)");
    }

    @Override
    public int call(Context context) {
        Git git = context.git();
        ChangelogGate.Refs refs = ChangelogGate.refs(git, change.baseRef(), null);
        // One name for the file read at the base, read in the working tree and written back (from a subdirectory too).
        String file = context.located(change.changelogFile());
        ChangelogFile baseFile = ChangelogFile.check(git.show(refs.baseCommit(), file, refs.baseLabel()),
                file + "@" + change.baseRef());
        byte[] head = context.read(file);
        MergeOutcome outcome = ChangelogFixer.fix(baseFile, head, file, change.baseRef());
        return MergeReport.finish(context, format, outcome, context.resolve(file));
    }
}
