package dev.sweepgate.review;

/** A check's verdict; NOT CHECKABLE is never a pass. */
public enum Verdict {
    PASS("✅", "PASS", 1), FAIL("❌", "FAIL", 3), NOT_APPLICABLE("—", "N/A", 0), NOT_CHECKABLE("?", "NOT CHECKABLE", 2);

    private final String symbol;
    private final String word;
    private final int weight;

    Verdict(String symbol, String word, int weight) {
        this.symbol = symbol;
        this.word = word;
        this.weight = weight;
    }

    public String symbol() {
        return symbol;
    }

    public String word() {
        return word;
    }

    /** The verdict of two findings together: a FAIL outweighs NOT CHECKABLE, which outweighs PASS. */
    public Verdict and(Verdict other) {
        return other.weight > weight ? other : this;
    }
}
