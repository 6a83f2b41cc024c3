package dev.sweepgate.sweep;

import dev.sweepgate.json.PythonJson;
import java.math.BigDecimal;
import java.math.BigInteger;
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
 * <p>Written here from plain maps rather than through {@link PythonJson#writeSorted} (the same
 * bytes from a Jackson tree): the fingerprint of every row of a sweep is taken this way, and
 * strings of printable ASCII, nearly all of them, are copied without looking at an escape table.
 * Python's float repr and key order are {@link PythonJson}'s.
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
            sb.append(PythonJson.floatRepr(((Number) value).doubleValue()));
        } else if (value instanceof BigDecimal d) {
            sb.append(PythonJson.floatRepr(d.doubleValue()));
        } else if (value instanceof Map<?, ?> map) {
            List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
            for (Map.Entry<?, ?> e : entries) {
                if (!(e.getKey() instanceof String)) {
                    throw new IllegalArgumentException("canonical JSON keys must be strings, not " + e.getKey());
                }
            }
            entries.sort((a, b) -> PythonJson.compareCodePoints((String) a.getKey(), (String) b.getKey()));
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
}
