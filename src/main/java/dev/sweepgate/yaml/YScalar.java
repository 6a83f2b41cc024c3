package dev.sweepgate.yaml;

import dev.sweepgate.problem.Position;

/**
 * A scalar with its YAML 1.1 resolved value: {@link String}, {@link Long}, {@link Double},
 * {@link Boolean}, {@link YTimestamp} or null.
 *
 * @param text the scalar as written (after unquoting)
 * @param plain true when written without quotes or block style
 */
public record YScalar(Object value, String text, boolean plain, Position pos) implements YNode {

    public boolean isNull() {
        return value == null;
    }

    @Override
    public String describe() {
        if (value == null) {
            return "null";
        }
        if (value instanceof String s) {
            return "the string \"" + s + "\"";
        }
        if (value instanceof Boolean b) {
            return "the boolean " + b;
        }
        if (value instanceof Long l) {
            return "the integer " + l;
        }
        if (value instanceof Double) {
            return "the number " + text;
        }
        if (value instanceof YTimestamp) {
            return "the date " + text;
        }
        return text;
    }

    @Override
    public Object toPlain() {
        return value;
    }
}
