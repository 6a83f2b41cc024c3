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

    /** Throws when any error was collected; warnings alone pass. */
    public void throwIfErrors() {
        if (hasErrors()) {
            throw new ProblemException(list);
        }
    }
}
