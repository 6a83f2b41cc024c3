package dev.sweepgate.output;

/** A count and its noun, singular for one: "1 problem", "2 problems", "0 rows". */
public final class Plural {
    private Plural() {
    }

    /** {@code n} and {@code one}, or its regular plural ({@code one + "s"}). */
    public static String count(long n, String one) {
        return count(n, one, one + "s");
    }

    public static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
