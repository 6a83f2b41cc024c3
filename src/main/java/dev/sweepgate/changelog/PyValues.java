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
        // What parsed entries hold (mappings with string keys, lists, strings, booleans and integers)
        // is compared as it is: normalizing every value of a 1000-entry history into BigDecimals and
        // map copies cost validate-changelog ~15 ms (and JDK 25 a 12 ms BigDecimal class
        // initialization). Anything else is compared in the normalized form, as before.
        if (a == null || b == null) {
            return a == b;
        }
        if (a instanceof String s) {
            return s.equals(b);
        }
        if (isIntegral(a) && isIntegral(b)) {
            return integralValue(a) == integralValue(b);
        }
        if (a instanceof List<?> la && b instanceof List<?> lb) {
            if (la.size() != lb.size()) {
                return false;
            }
            for (int i = 0; i < la.size(); i++) {
                if (!equal(la.get(i), lb.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map<?, ?> ma && b instanceof Map<?, ?> mb && hasStringKeys(ma) && hasStringKeys(mb)) {
            // Distinct strings stay distinct keys; keys such as 1 and true would merge, so only these.
            if (ma.size() != mb.size()) {
                return false;
            }
            for (Map.Entry<?, ?> e : ma.entrySet()) {
                if (!mb.containsKey(e.getKey()) || !equal(e.getValue(), mb.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        return normalize(a).equals(normalize(b));
    }

    private static boolean isIntegral(Object value) {
        return value instanceof Boolean || value instanceof Long || value instanceof Integer;
    }

    private static long integralValue(Object value) {
        return value instanceof Boolean b ? (b ? 1 : 0) : ((Number) value).longValue();
    }

    private static boolean hasStringKeys(Map<?, ?> map) {
        for (Object key : map.keySet()) {
            if (!(key instanceof String)) {
                return false;
            }
        }
        return true;
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
