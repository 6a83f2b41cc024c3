package dev.sweepgate.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options validate-changelog and process-changelog share: the change and the eval modifiers. */
final class ChangelogOptions {
    @Mixin
    private ChangeOptions change;

    @Option(names = "--all-evals", description = "Expand every eval of the selected configs.")
    private boolean allEvals;

    @Option(names = "--evals-only", description = "Only evals: no throughput rows.")
    private boolean evalsOnly;

    ChangeOptions change() {
        return change;
    }

    boolean allEvals() {
        return allEvals;
    }

    boolean evalsOnly() {
        return evalsOnly;
    }
}
