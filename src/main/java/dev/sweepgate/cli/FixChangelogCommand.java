package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.merge.ChangelogFixer;
import dev.sweepgate.merge.MergeOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "fix-changelog",
        description = {"Repairs a working-tree changelog whose new entries broke only the byte rules (a trimmed "
                + "separator line, missing or doubled empty lines, trailing blank lines, no final newline): the "
                + "bytes at the base ref are restored exactly and the new entries' own text is appended after "
                + "them, one empty line apart.",
                "A change that alters history in value (an entry edited, deleted or reordered, a pr-link corrected "
                        + "alongside new entries) is refused and the file is left byte for byte as it was. The file is "
                        + "replaced atomically, and not at all when nothing needs fixing."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:repaired, or nothing to fix",
                "1:cannot repair: history changed or the file does not parse (file unchanged)", "2:bad usage",
                "3:environment failure (git, files)"})
final class FixChangelogCommand implements ContextCommand {
    @Mixin
    private FormatOption format;

    @Mixin
    private ChangeOptions change;

    @Override
    public int call(Context context) {
        Git git = new Git(context.dir());
        String base = ChangelogGate.refs(git, change.baseRef(), null).baseCommit();
        ChangelogFile baseFile = ChangelogFile.check(git.show(base, change.changelogFile()),
                change.changelogFile() + "@" + change.baseRef());
        byte[] head = context.read(change.changelogFile());
        MergeOutcome outcome = ChangelogFixer.fix(baseFile, head, change.changelogFile(), change.baseRef());
        return MergeReport.finish(context, format, outcome, context.resolve(change.changelogFile()));
    }
}
