package dev.sweepgate.problem;

import java.util.ArrayList;
import java.util.List;

/** Collects problems while a check walks its input, so that all of them are reported at once. */
public final class Problems {
    private final List<Problem> list = new ArrayList<>();

    public void add(Problem problem) {
        list.add(problem);
    }

    public void error(Position at, String rule, String message) {
        list.add(Problem.error(at, rule, message));
    }

    public void warning(Position at, String rule, String message) {
        list.add(Problem.warning(at, rule, message));
    }

    public void addAll(List<Problem> problems) {
        list.addAll(problems);
    }

    public boolean hasErrors() {
        return hasErrorsSince(0);
    }

    /** True when an error was added after the first {@code mark} problems (see {@link #size()}). */
    public boolean hasErrorsSince(int mark) {
        for (int i = mark; i < list.size(); i++) {
            if (list.get(i).isError()) {
                return true;
            }
        }
        return false;
    }

    public int size() {
        return list.size();
    }

    public List<Problem> all() {
        return List.copyOf(list);
    }

    /**
     * Problems sorted by file, line and column (problems about a whole file first), each one
     * once: two checks that find the same thing report it once.
     */
    public static List<Problem> ordered(List<Problem> problems) {
        return new java.util.LinkedHashSet<>(problems).stream().sorted(BY_PLACE).toList();
    }

    // Not Comparator.comparing(...).thenComparingInt(...): the JDK's are serializable lambdas, made
    // anew at run time on every run (no AOT cache holds them; docs/speed.md).
    private static final java.util.Comparator<Problem> BY_PLACE = (a, b) -> {
        int byFile = a.file().compareTo(b.file());
        if (byFile != 0) {
            return byFile;
        }
        int byLine = Integer.compare(a.line(), b.line());
        return byLine != 0 ? byLine : Integer.compare(a.column(), b.column());
    };

    /** {@code 2 errors, 1 warning} (and {@code , 1 note} when there are notes): the count a summary line shows. */
    public static String count(List<Problem> problems) {
        long errors = problems.stream().filter(Problem::isError).count();
        long notes = problems.stream().filter(p -> p.severity() == Problem.Severity.NOTE).count();
        long warnings = problems.size() - errors - notes;
        return errors + (errors == 1 ? " error, " : " errors, ") + warnings + (warnings == 1 ? " warning" : " warnings")
                + (notes == 0 ? "" : notes == 1 ? ", 1 note" : ", " + notes + " notes");
    }

    /** Throws when any error was collected; warnings alone pass. */
    public void throwIfErrors() {
        if (hasErrors()) {
            throw new ProblemException(list);
        }
    }
}
