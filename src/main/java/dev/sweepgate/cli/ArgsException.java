package dev.sweepgate.cli;

/** A command line the parser cannot accept (exit 2); {@code command} is whose help to point to. */
public final class ArgsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String command;

    public ArgsException(String command, String message) {
        super(message, null, false, false);
        this.command = command;
    }

    /** The command's full name, {@code sweepgate prepare-merge canonicalize}. */
    public String command() {
        return command;
    }
}
