package dev.sweepgate.sweep.priority;

import dev.sweepgate.json.PythonJson;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * A priority score in the reference's decimal arithmetic: Python's {@code decimal.Decimal} made
 * from the policy number's {@code str()}, sums rounded to 28 significant digits half-even (the
 * default context), the result quantized to 0.001 half up. The JDK's BigDecimal computes; this
 * record adds what it lacks, the sign of a zero: Python prints {@code -0.000} for a negative
 * score that rounds to zero (and for a policy's {@code -0.0}), so the sign bit is kept.
 *
 * @param negative the sign bit: for a non-zero value whether it is below zero
 */
record Score(BigDecimal value, boolean negative) {
    /** The context of Python's decimal module by default. */
    private static final MathContext PYTHON = new MathContext(28, RoundingMode.HALF_EVEN);

    static final Score ZERO = new Score(BigDecimal.ZERO, false);

    Score {
        if (value.signum() != 0) {
            negative = value.signum() < 0;
        }
    }

    /** {@code Decimal(str(number))} of a policy number: a YAML integer (Long) or float (Double). */
    static Score of(Object number) {
        if (number instanceof Long l) {
            return new Score(BigDecimal.valueOf(l), false);
        }
        String repr = PythonJson.floatRepr((Double) number);
        return new Score(new BigDecimal(repr), repr.startsWith("-"));
    }

    /** The sum as Python computes {@code self + other}; a zero sum is negative only when both are. */
    Score plus(Score other) {
        BigDecimal sum = value.add(other.value, PYTHON);
        return new Score(sum, sum.signum() == 0 && negative && other.negative);
    }

    /** {@code f"{score.quantize(Decimal('0.001'), ROUND_HALF_UP):.3f}"}. */
    String text() {
        BigDecimal quantized = value.setScale(3, RoundingMode.HALF_UP);
        String digits = quantized.toPlainString();
        return quantized.signum() == 0 && negative ? "-" + digits : digits;
    }
}
