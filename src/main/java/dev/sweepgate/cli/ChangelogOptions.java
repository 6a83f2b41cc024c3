package dev.sweepgate.cli;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** Options validate-changelog and process-changelog share: the change and the eval modifiers. */
final class ChangelogOptions {
    private final ChangeOptions change = new ChangeOptions();

    private final OptionSpec allEvals = Specs.flag("--all-evals", "Expand every eval of the selected configs.").build();

    private final OptionSpec evalsOnly = Specs.flag("--evals-only", "Only evals: no throughput rows.").build();

    CommandSpec spec() {
        return Specs.with(CommandSpec.create(), List.of(change.spec()), allEvals, evalsOnly);
    }

    ChangeOptions change() {
        return change;
    }

    boolean allEvals() {
        return Specs.given(allEvals);
    }

    boolean evalsOnly() {
        return Specs.given(evalsOnly);
    }
}
