package dev.sweepgate.matrix;

import dev.sweepgate.config.Concurrency;
import java.util.ArrayList;
import java.util.List;

/** Turns an entry's concurrency spec into the values to run. */
public final class ConcurrencyValues {
    public static final int DEFAULT_STEP = 2;

    private ConcurrencyValues() {
    }

    /** A list as written; a range from start, multiplied by {@code step} until it passes end, closed by end. */
    public static List<Integer> expand(Concurrency concurrency, int step) {
        if (concurrency instanceof Concurrency.ListOf list) {
            return list.values();
        }
        Concurrency.Range range = (Concurrency.Range) concurrency;
        return range(range.start(), range.end(), step);
    }

    public static List<Integer> range(int start, int end, int step) {
        if (step < 2) {
            throw new IllegalArgumentException("step must be at least 2, got " + step);
        }
        if (start < 1) {
            throw new IllegalArgumentException("a concurrency range starts at 1 or more, got " + start);
        }
        List<Integer> values = new ArrayList<>();
        long value = start;
        while (value <= end) {
            values.add((int) value);
            if (value == end) {
                break;
            }
            value *= step;
            if (value > end) {
                // The last multiple overshot end: end itself closes the list.
                values.add(end);
            }
        }
        return values;
    }
}
