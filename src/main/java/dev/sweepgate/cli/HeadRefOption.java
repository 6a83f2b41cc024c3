package dev.sweepgate.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** {@code --head-ref} where omitting it means the working tree. */
final class HeadRefOption {
    private final OptionSpec headRef = Specs.value("--head-ref", "REF", String.class,
            "The ref of the change; omitted: the working tree (configs included).").build();

    CommandSpec spec() {
        return Specs.group(headRef);
    }

    String headRef() {
        return headRef.getValue();
    }
}
