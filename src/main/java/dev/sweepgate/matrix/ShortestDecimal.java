package dev.sweepgate.matrix;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The shortest decimal that reads back as the same double (what Python's repr prints).
 * JDK 17's Double.toString sometimes prints a digit more than needed, so it is not used.
 */
final class ShortestDecimal {
    private ShortestDecimal() {
    }

    static BigDecimal of(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("not a finite number: " + value);
        }
        if (value == 0) {
            return BigDecimal.ZERO;
        }
        BigDecimal exact = new BigDecimal(value);
        for (int digits = 1; digits <= 17; digits++) {
            // The nearest candidate first; its neighbours only matter next to a power of two,
            // where the gap below a double is half the gap above it.
            for (RoundingMode mode : new RoundingMode[] {RoundingMode.HALF_EVEN, RoundingMode.FLOOR, RoundingMode.CEILING}) {
                BigDecimal candidate = exact.round(new MathContext(digits, mode));
                if (candidate.doubleValue() == value) {
                    return candidate.stripTrailingZeros();
                }
            }
        }
        return exact;
    }
}
