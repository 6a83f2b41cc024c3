package dev.sweepgate.problem;

import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;

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

    /** The step's result, or null with its problems added to {@code into}: for steps whose failure the caller reports. */
    public static <T> T collecting(Supplier<T> step, Collection<Problem> into) {
        try {
            return step.get();
        } catch (ProblemException e) {
            into.addAll(e.problems());
            return null;
        }
    }

    public List<Problem> problems() {
        return problems;
    }
}
