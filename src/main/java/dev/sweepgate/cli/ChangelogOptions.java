package dev.sweepgate.cli;

import java.util.ArrayList;
import java.util.List;

/** Options validate-changelog and process-changelog share: the change and the eval modifiers. */
record ChangelogOptions(ChangeOptions change, boolean allEvals, boolean evalsOnly) {
    static final List<OptionSpec> OPTIONS = options();

    private static List<OptionSpec> options() {
        List<OptionSpec> options = new ArrayList<>(ChangeOptions.OPTIONS);
        options.add(OptionSpec.flag("--all-evals", "Expand every eval of the selected configs."));
        options.add(OptionSpec.flag("--evals-only", "Only evals: no throughput rows."));
        return List.copyOf(options);
    }

    static ChangelogOptions from(ParsedArgs args) {
        return new ChangelogOptions(ChangeOptions.from(args), args.flag("--all-evals"), args.flag("--evals-only"));
    }
}
