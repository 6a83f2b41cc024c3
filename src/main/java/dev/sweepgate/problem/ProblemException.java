package dev.sweepgate.problem;

import java.util.List;

/**
 * Thrown when input breaks a rule and processing cannot go on. Carries the problems so the
 * command can render them; never shown as a stack trace.
 */
public final class ProblemException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient List<Problem> problems;

    public ProblemException(List<Problem> problems) {
        super(problems.isEmpty() ? "input breaks a rule" : problems.get(0).message(), null, false, false);
        this.problems = List.copyOf(problems);
    }

    public ProblemException(Problem problem) {
        this(List.of(problem));
    }

    public List<Problem> problems() {
        return problems;
    }
}
