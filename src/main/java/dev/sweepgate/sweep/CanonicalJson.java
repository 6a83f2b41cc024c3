package dev.sweepgate.sweep;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * JSON written byte for byte as Python's
 * {@code json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)} writes
 * it, so that recipe fingerprints match the ones the reference published.
 *
 * <p>Our own code, not Jackson, because no Jackson configuration writes these bytes (checked with
 * Jackson 2.18, compact writer, ORDER_MAP_ENTRIES_BY_KEYS and ESCAPE_NON_ASCII): it writes floats
 * as Java does ({@code 1.0E-5}, {@code 1.0E16}, {@code 1.0E15} where Python writes {@code 1e-05},
 * {@code 1e+16}, {@code 1000000000000000.0}), escapes in uppercase hex ({@code \\u00E9}, Python
 * {@code \\u00e9}), leaves DEL unescaped, and sorts keys by UTF-16 unit where Python sorts by code
 * point. Each would need code of ours plugged into Jackson (a float serializer, a
 * CharacterEscapes table, pre-sorted maps), leaving Jackson the braces and commas, and a
 * fingerprint that depends on how a Jackson version applies custom escapes to surrogates.
 */
public final class CanonicalJson {
    private CanonicalJson() {
    }

    /** SHA-256 (lowercase hex) of the canonical JSON of {@code value}. */
    public static String sha256(Object value) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(write(value).getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
    }

    public static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        write(value, sb);
        return sb.toString();
    }

    private static void write(Object value, StringBuilder sb) {
        if (value == null) {
            sb.append("null");
        } else if (value instanceof Boolean b) {
            sb.append(b ? "true" : "false");
        } else if (value instanceof String s) {
            string(s, sb);
        } else if (value instanceof Integer || value instanceof Long || value instanceof Short
                || value instanceof Byte || value instanceof BigInteger) {
            sb.append(value);
        } else if (value instanceof Double || value instanceof Float) {
            sb.append(pythonFloatRepr(((Number) value).doubleValue()));
        } else if (value instanceof BigDecimal d) {
            sb.append(pythonFloatRepr(d.doubleValue()));
        } else if (value instanceof Map<?, ?> map) {
            List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
            for (Map.Entry<?, ?> e : entries) {
                if (!(e.getKey() instanceof String)) {
                    throw new IllegalArgumentException("canonical JSON keys must be strings, not " + e.getKey());
                }
            }
            entries.sort((a, b) -> compareCodePoints((String) a.getKey(), (String) b.getKey()));
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : entries) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                string((String) e.getKey(), sb);
                sb.append(':');
                write(e.getValue(), sb);
            }
            sb.append('}');
        } else if (value instanceof List<?> list) {
            sb.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                write(list.get(i), sb);
            }
            sb.append(']');
        } else {
            throw new IllegalArgumentException("no canonical JSON form for " + value.getClass().getName());
        }
    }

    /**
     * Python sorts str keys by code point (and jq its strings); Java's compareTo sorts UTF-16 units,
     * which differs beyond the BMP.
     */
    public static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /** A JSON string in Python's ensure_ascii form: DEL and non-ASCII as lowercase {@code \\uxxxx}. */
    private static void string(String s, StringBuilder sb) {
        sb.append('"');
        if (isPlainAscii(s)) {
            sb.append(s).append('"'); // the usual case: nothing to escape
            return;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c >= 0x20 && c <= 0x7e) {
                        // Printable ASCII stays; everything else (DEL and non-ASCII included) is \\uXXXX,
                        // UTF-16 units being exactly the surrogate pairs Python writes beyond the BMP.
                        sb.append(c);
                    } else {
                        sb.append(String.format("\\u%04x", (int) c));
                    }
                }
            }
        }
        sb.append('"');
    }

    /** Printable ASCII without quote or backslash: written as is. */
    private static boolean isPlainAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
    }

    /** Python's {@code repr(float)}: the shortest digits that round-trip, in Python's layout. */
    static String pythonFloatRepr(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == 0) {
            return (1 / d < 0) ? "-0.0" : "0.0";
        }
        BigDecimal shortest = shortestRoundTrip(d);
        String digits = shortest.unscaledValue().abs().toString();
        // decimal exponent of the first digit: value = 0.d1d2... * 10^(exp)
        int exponent = digits.length() - shortest.scale();
        String sign = d < 0 ? "-" : "";
        int sciExponent = exponent - 1;
        if (sciExponent < -4 || sciExponent >= 16) {
            String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            // Python writes the exponent signed and with at least two digits: e-05, e+16, e+308
            return sign + mantissa + "e" + String.format(java.util.Locale.ROOT, "%+03d", sciExponent);
        }
        if (exponent <= 0) {
            return sign + "0." + "0".repeat(-exponent) + digits;
        }
        if (exponent >= digits.length()) {
            return sign + digits + "0".repeat(exponent - digits.length()) + ".0";
        }
        return sign + digits.substring(0, exponent) + "." + digits.substring(exponent);
    }

    private static BigDecimal shortestRoundTrip(double d) {
        BigDecimal exact = new BigDecimal(d);
        // 17 significant digits round-trip every double, so the loop ends by then
        for (int precision = 1; ; precision++) {
            BigDecimal candidate = exact.round(new MathContext(precision, RoundingMode.HALF_EVEN));
            if (candidate.doubleValue() == d) {
                return candidate.stripTrailingZeros();
            }
        }
    }
}
