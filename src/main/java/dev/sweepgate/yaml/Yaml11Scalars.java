package dev.sweepgate.yaml;

import java.math.BigInteger;
import java.util.regex.Pattern;

/**
 * Resolves plain scalars the way a YAML 1.1 safe loader does (the reference's semantics), so
 * that {@code 1e3} stays a string and {@code 1:30} is the integer 90.
 */
public final class Yaml11Scalars {
    private static final Pattern INT = Pattern.compile(
            "[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+"
                    + "|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+");
    private static final Pattern FLOAT = Pattern.compile(
            "[-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+][0-9]+)?|\\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?"
                    + "|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN)");
    private static final Pattern TIMESTAMP = Pattern.compile(
            "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]"
                    + "|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \\t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9]"
                    + "(?:\\.[0-9]*)?(?:[ \\t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?");
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    /** What a plain scalar resolves to. */
    public enum Kind { NULL, BOOL, INT, FLOAT, TIMESTAMP, MERGE, VALUE, STRING }

    private Yaml11Scalars() {
    }

    public static Kind kindOf(String text) {
        // Most scalars are words: only these first characters can start a non-string, so the
        // patterns below run for a few scalars only (as the reference's resolver dispatches too).
        if (!text.isEmpty() && "yYnNtTfFoO~-+0123456789.<=".indexOf(text.charAt(0)) < 0) {
            return Kind.STRING;
        }
        char first = text.isEmpty() ? 0 : text.charAt(0);
        if (first >= 'A' && first <= 'z') {
            // Words: only the boolean and null spellings are not strings.
            return wordKind(text);
        }
        if (isPlainDecimal(text)) {
            // The commonest number form: skip the patterns.
            return Kind.INT;
        }
        // No boolean starts with what is left (a sign, digit, dot, `~`, `<` or `=`); nor does a null,
        // but for `~` and the empty text.
        if (text.isEmpty() || text.equals("~")) {
            return Kind.NULL;
        }
        // Each pattern runs only where it can match: every float has a dot, no integer has one, and
        // a timestamp starts with a four-digit year and a dash.
        boolean dot = text.indexOf('.') >= 0;
        if (!dot && INT.matcher(text).matches()) {
            return Kind.INT;
        }
        if (dot && FLOAT.matcher(text).matches()) {
            return Kind.FLOAT;
        }
        if (text.length() > 4 && text.charAt(4) == '-' && TIMESTAMP.matcher(text).matches()) {
            return Kind.TIMESTAMP;
        }
        if (text.equals("<<")) {
            return Kind.MERGE;
        }
        if (text.equals("=")) {
            return Kind.VALUE;
        }
        return Kind.STRING;
    }

    /** The plain words that are not strings: YAML 1.1's booleans and nulls. */
    private static Kind wordKind(String text) {
        return switch (text) {
            case "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
                    "on", "On", "ON", "off", "Off", "OFF" -> Kind.BOOL;
            case "null", "Null", "NULL" -> Kind.NULL;
            default -> Kind.STRING;
        };
    }

    /** {@code 0} or {@code [1-9][0-9]*}: a decimal integer without sign, underscores or octal zero. */
    private static boolean isPlainDecimal(String text) {
        int length = text.length();
        if (length == 0 || (length > 1 && text.charAt(0) == '0')) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    public static boolean parseBool(String text) {
        char c = Character.toLowerCase(text.charAt(0));
        return c == 'y' || c == 't' || text.equalsIgnoreCase("on");
    }

    /**
     * Parses a YAML 1.1 integer.
     *
     * @throws ArithmeticException when it does not fit in 64 bits
     */
    public static long parseInt(String text) {
        if (text.length() <= 18 && isPlainDecimal(text)) {
            return Long.parseLong(text); // 18 digits always fit in a long
        }
        return parseOtherInt(text);
    }

    /**
     * Signs, underscores, other bases, sexagesimal and long decimals: rare, so kept apart, and
     * parseInt, which runs for every integer, stays small to compile.
     */
    private static long parseOtherInt(String text) {
        String value = text.replace("_", "");
        int sign = 1;
        if (value.startsWith("-")) {
            sign = -1;
            value = value.substring(1);
        } else if (value.startsWith("+")) {
            value = value.substring(1);
        }
        BigInteger result;
        if (value.equals("0")) {
            result = BigInteger.ZERO;
        } else if (value.startsWith("0b")) {
            result = new BigInteger(value.substring(2), 2);
        } else if (value.startsWith("0x")) {
            result = new BigInteger(value.substring(2), 16);
        } else if (value.startsWith("0")) {
            result = new BigInteger(value, 8);
        } else if (value.contains(":")) {
            result = BigInteger.ZERO;
            for (String digit : value.split(":")) {
                result = result.multiply(BigInteger.valueOf(60)).add(new BigInteger(digit));
            }
        } else {
            result = new BigInteger(value);
        }
        if (sign < 0) {
            result = result.negate();
        }
        if (result.compareTo(LONG_MIN) < 0 || result.compareTo(LONG_MAX) > 0) {
            throw new ArithmeticException("integer " + text + " does not fit in 64 bits");
        }
        return result.longValue();
    }

    public static double parseFloat(String text) {
        String value = text.replace("_", "").toLowerCase();
        double sign = 1;
        if (value.startsWith("-")) {
            sign = -1;
            value = value.substring(1);
        } else if (value.startsWith("+")) {
            value = value.substring(1);
        }
        if (value.equals(".inf")) {
            return sign * Double.POSITIVE_INFINITY;
        }
        if (value.equals(".nan")) {
            return Double.NaN;
        }
        if (value.contains(":")) {
            double result = 0;
            for (String digit : value.split(":")) {
                result = result * 60 + Double.parseDouble(digit);
            }
            return sign * result;
        }
        return sign * Double.parseDouble(value);
    }
}
