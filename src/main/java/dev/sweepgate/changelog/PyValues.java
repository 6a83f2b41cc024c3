package dev.sweepgate.changelog;

import dev.sweepgate.yaml.YTimestamp;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Equality of parsed YAML values as Python compares them: mappings regardless of key
 * order, lists in order, and numbers by value ({@code 1 == 1.0 == True}).
 */
public final class PyValues {
    private PyValues() {
    }

    public static boolean equal(Object a, Object b) {
        return normalize(a).equals(normalize(b));
    }

    /** A form whose {@code equals} is Python's {@code ==}. */
    public static Object normalize(Object value) {
        if (value instanceof Boolean b) {
            return b ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        if (value instanceof Long || value instanceof Integer) {
            return BigDecimal.valueOf(((Number) value).longValue()).stripTrailingZeros();
        }
        if (value instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                return d;
            }
            return new BigDecimal(d).stripTrailingZeros();
        }
        if (value instanceof YTimestamp t) {
            return t;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(normalize(k), normalize(v)));
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(v -> out.add(normalize(v)));
            return out;
        }
        return value;
    }
}
