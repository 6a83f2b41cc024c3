package dev.sweepgate.cli;

import picocli.CommandLine.Option;

/** {@code --head-ref} where omitting it means the working tree. */
final class HeadRefOption {
    @Option(names = "--head-ref", paramLabel = "REF",
            description = "The ref of the change; omitted: the working tree (configs included).")
    private String headRef;

    String headRef() {
        return headRef;
    }
}
