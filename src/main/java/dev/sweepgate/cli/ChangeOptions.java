package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogGate;
import java.util.List;

/** What every command that judges a change of the changelog is told: the base and the file. */
record ChangeOptions(String baseRef, String changelogFile) {
    static final OptionSpec CHANGELOG_FILE = OptionSpec.value("--changelog-file", "FILE",
            "The changelog, relative to the directory (default: ${DEFAULT}).").withDefault(ChangelogGate.DEFAULT_CHANGELOG);

    static final List<OptionSpec> OPTIONS = List.of(
            OptionSpec.value("--base-ref", "REF", "The ref the change is compared against (for a pull request: origin/main).")
                    .required(),
            CHANGELOG_FILE);

    static ChangeOptions from(ParsedArgs args) {
        return new ChangeOptions(args.string("--base-ref"), args.string("--changelog-file"));
    }
}
