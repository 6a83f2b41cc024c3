package dev.sweepgate.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * JSON as Python's {@code json} module reads and writes it, through Jackson: a Jackson tree read
 * as {@code json.loads} reads text, and written as {@code json.dumps(value, separators=(",", ":"))}
 * writes it (optionally with {@code sort_keys=True}), byte for byte. The benchmark repository's
 * scripts pipe such JSON into one another, and its job outputs, queue tokens and fingerprints are
 * made of those bytes.
 *
 * <p>Jackson reads, builds the tree and writes; what Python does differently is configured in:
 * the escapes ({@link PythonEscapes}: every character outside printable ASCII as a lowercase
 * {@code \\uxxxx}, DEL included), numbers ({@link #floatRepr}: Python's float repr, where Jackson
 * would print Java's {@code 1.0E-5}), and key order (by code point where Python sorts).
 */
public final class PythonJson {
    /** Immutable once built, and a queue token writes one document a job: made once. */
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final PythonEscapes ESCAPES = new PythonEscapes();

    private PythonJson() {
    }

    /** Why a text is not JSON, and where. */
    public record SyntaxError(String message, int line, int column) {
    }

    /** Thrown by {@link #read} for text {@code json.loads} would refuse. */
    public static final class NotJson extends Exception {
        private final transient SyntaxError error;

        NotJson(SyntaxError error) {
            super(error.message(), null, false, false);
            this.error = error;
        }

        public SyntaxError error() {
            return error;
        }
    }

    /**
     * The one JSON value of {@code text}, as {@code json.loads} reads it: NaN and ±Infinity
     * accepted, nothing but whitespace after the value, a repeated key's last value in its first
     * place.
     */
    public static JsonNode read(String text) throws NotJson {
        JsonMapper mapper = JsonMapper.builder()
                .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
        try {
            JsonNode node = mapper.readTree(text);
            if (node == null || node.isMissingNode()) {
                throw new NotJson(new SyntaxError("no JSON value (the text is empty or only whitespace)", 1, 1));
            }
            return node;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            int line = at == null ? 0 : Math.max(at.getLineNr(), 0);
            int column = at == null ? 0 : Math.max(at.getColumnNr(), 0);
            throw new NotJson(new SyntaxError(firstLine(e.getOriginalMessage()), line, column));
        }
    }

    /** Where Jackson's message names the start of an unclosed value, it names a source the user never saw. */
    private static final Pattern START_MARKER = Pattern.compile(
            "\\(start marker at \\[Source: .*?; line: (\\d+), column: (\\d+)\\]\\)");

    private static String firstLine(String message) {
        String text = message == null ? "malformed JSON" : message;
        int end = text.indexOf('\n');
        text = end < 0 ? text : text.substring(0, end);
        return START_MARKER.matcher(text).replaceAll("(opened at line $1, column $2)");
    }

    /** {@code json.dumps(value, separators=(",", ":"))}: keys in their order. */
    public static String write(JsonNode value) {
        return write(value, false);
    }

    /** {@code json.dumps(value, sort_keys=True, separators=(",", ":"))}. */
    public static String writeSorted(JsonNode value) {
        return write(value, true);
    }

    /**
     * The size GitHub gives a job output: it approximates outputs on their UTF-16 encoding, two
     * bytes per UTF-16 unit (so an ASCII character counts 2, a character beyond the BMP 4).
     */
    public static long utf16Bytes(CharSequence text) {
        return 2L * text.length();
    }

    private static String write(JsonNode value, boolean sorted) {
        // The factory's generators take their buffers from its recycler pool: a token is written
        // for every job, and fresh buffers for each were most of the time a token took.
        StringWriter text = new StringWriter();
        try {
            try (JsonGenerator generator = FACTORY.createGenerator(text)) {
                generator.setCharacterEscapes(ESCAPES);
                write(generator, value, sorted);
            }
            return text.toString();
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to memory", e);
        }
    }

    private static void write(JsonGenerator g, JsonNode node, boolean sorted) throws IOException {
        switch (node.getNodeType()) {
            case OBJECT -> {
                g.writeStartObject();
                for (String name : names(node, sorted)) {
                    g.writeFieldName(name);
                    write(g, node.get(name), sorted);
                }
                g.writeEndObject();
            }
            case ARRAY -> {
                g.writeStartArray();
                for (JsonNode item : node) {
                    write(g, item, sorted);
                }
                g.writeEndArray();
            }
            case STRING -> g.writeString(node.textValue());
            case BOOLEAN -> g.writeBoolean(node.booleanValue());
            case NULL -> g.writeNull();
            case NUMBER -> {
                if (node.canConvertToLong() && node.isIntegralNumber()) {
                    g.writeNumber(node.longValue());
                } else if (node.isIntegralNumber()) {
                    g.writeNumber(node.bigIntegerValue());
                } else {
                    // written as given: Python's float repr, NaN and Infinity included
                    g.writeNumber(floatRepr(node.doubleValue()));
                }
            }
            default -> throw new IllegalArgumentException("no JSON form for a " + node.getNodeType() + " node");
        }
    }

    private static List<String> names(JsonNode object, boolean sorted) {
        List<String> names = new ArrayList<>(object.size());
        object.fieldNames().forEachRemaining(names::add);
        if (sorted) {
            names.sort(PythonJson::compareCodePoints);
        }
        return names;
    }

    /**
     * A Jackson tree of plain Java values (maps with string keys, collections, strings, booleans,
     * integers, floating-point numbers, null), in their order.
     */
    public static JsonNode tree(Object value) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        if (value == null) {
            return nodes.nullNode();
        } else if (value instanceof String s) {
            return nodes.textNode(s);
        } else if (value instanceof Boolean b) {
            return nodes.booleanNode(b);
        } else if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return nodes.numberNode(((Number) value).intValue());
        } else if (value instanceof Long l) {
            return nodes.numberNode(l);
        } else if (value instanceof BigInteger i) {
            return nodes.numberNode(i);
        } else if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
            // Python has one float type: every non-integral number is a double there
            return nodes.numberNode(((Number) value).doubleValue());
        } else if (value instanceof Map<?, ?> map) {
            ObjectNode object = nodes.objectNode();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!(e.getKey() instanceof String key)) {
                    throw new IllegalArgumentException("JSON object keys are strings, not " + e.getKey());
                }
                object.set(key, tree(e.getValue()));
            }
            return object;
        } else if (value instanceof Collection<?> items) {
            ArrayNode array = nodes.arrayNode(items.size());
            for (Object item : items) {
                array.add(tree(item));
            }
            return array;
        }
        throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
    }

    /** Python orders str keys by code point; Java's compareTo orders UTF-16 units, which differs beyond the BMP. */
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

    /** Python's {@code repr(float)} as {@code json.dumps} prints it: the shortest digits that read back, in Python's layout. */
    public static String floatRepr(double d) {
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
        // the decimal exponent of the first digit: value = 0.d1d2... * 10^exponent
        int exponent = digits.length() - shortest.scale();
        String sign = d < 0 ? "-" : "";
        int sciExponent = exponent - 1;
        if (sciExponent < -4 || sciExponent >= 16) {
            String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            // Python writes the exponent signed and with at least two digits: e-05, e+16, e+308
            return sign + mantissa + "e" + String.format(Locale.ROOT, "%+03d", sciExponent);
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
        // 17 significant digits read back as every double, so the loop ends by then. The nearest
        // candidate first; the other neighbour only reads back next to a power of two, where the
        // gap below a double is half the gap above it.
        for (int precision = 1; ; precision++) {
            BigDecimal nearest = exact.round(new MathContext(precision, RoundingMode.HALF_EVEN));
            if (nearest.doubleValue() == d) {
                return nearest.stripTrailingZeros();
            }
            RoundingMode other = nearest.compareTo(exact) > 0 ? RoundingMode.FLOOR : RoundingMode.CEILING;
            BigDecimal neighbour = exact.round(new MathContext(precision, other));
            if (neighbour.doubleValue() == d) {
                return neighbour.stripTrailingZeros();
            }
        }
    }

    /**
     * Python's {@code ensure_ascii} escapes: {@code \"}, {@code \\}, {@code \n}, {@code \r},
     * {@code \t}, {@code \b}, {@code \f}, and every other character below a space, DEL and
     * everything beyond ASCII as a lowercase {@code \\uxxxx} of its UTF-16 unit (a character
     * beyond the BMP as its surrogate pair, as Python writes it).
     */
    private static final class PythonEscapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;

        private final int[] ascii = standardAsciiEscapesForJSON();

        PythonEscapes() {
            for (int c = 0; c < 0x20; c++) {
                if ("\b\t\n\f\r".indexOf(c) < 0) {
                    ascii[c] = ESCAPE_CUSTOM; // Jackson's own \\u escape is uppercase
                }
            }
            ascii[0x7f] = ESCAPE_CUSTOM;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            char[] escape = {'\\', 'u', hex(ch >> 12), hex(ch >> 8), hex(ch >> 4), hex(ch)};
            return new SerializedString(new String(escape));
        }

        private static char hex(int nibble) {
            return Character.forDigit(nibble & 0xf, 16);
        }
    }
}
