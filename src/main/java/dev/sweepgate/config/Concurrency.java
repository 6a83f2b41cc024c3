package dev.sweepgate.config;

import java.util.List;

/** The concurrency points of a search-space entry: an explicit list or a geometric range. */
public sealed interface Concurrency {

    /** {@code conc-list}: values as written, order and duplicates kept. */
    record ListOf(List<Integer> values) implements Concurrency {
        public ListOf {
            values = List.copyOf(values);
        }
    }

    /** {@code conc-start}/{@code conc-end}, expanded by the matrix engine with a step. */
    record Range(int start, int end) implements Concurrency {
    }
}
