package dev.sweepgate.problem;

/** The command line is wrong (bad option combination, bad ref): exit status 2. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message, null, false, false);
    }
}
