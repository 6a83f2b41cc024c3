package dev.sweepgate.problem;

/** The environment failed (missing or unreadable file, git missing): exit status 3. */
public final class EnvironmentException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EnvironmentException(String message) {
        super(message, null, false, false);
    }
}
