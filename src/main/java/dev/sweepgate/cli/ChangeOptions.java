package dev.sweepgate.cli;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** What every command that judges a change of the changelog is told: the base and the file. */
final class ChangeOptions {
    private final OptionSpec baseRef = Specs.value("--base-ref", "REF", String.class,
            "The ref the change is compared against (for a pull request: origin/main).").required(true).build();

    private final ChangelogFileOption file = new ChangelogFileOption();

    CommandSpec spec() {
        return Specs.with(CommandSpec.create(), List.of(file.spec()), baseRef);
    }

    String baseRef() {
        return baseRef.getValue();
    }

    String changelogFile() {
        return file.changelogFile();
    }
}
