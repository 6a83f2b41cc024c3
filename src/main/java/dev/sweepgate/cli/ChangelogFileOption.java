package dev.sweepgate.cli;

import dev.sweepgate.gate.ChangelogGate;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** {@code --changelog-file}, for every command that reads or writes the changelog. */
final class ChangelogFileOption {
    private final OptionSpec changelogFile = Specs.value("--changelog-file", "FILE", String.class,
                    "The changelog, relative to the directory (default: ${DEFAULT-VALUE}).")
            .defaultValue(ChangelogGate.DEFAULT_CHANGELOG).build();

    CommandSpec spec() {
        return Specs.group(changelogFile);
    }

    String changelogFile() {
        return changelogFile.getValue();
    }
}
