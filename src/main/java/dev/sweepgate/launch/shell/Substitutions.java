package dev.sweepgate.launch.shell;

import dev.sweepgate.launch.shell.ScriptView.Value;
import dev.sweepgate.launch.shell.ShellScript.Statement;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The command substitutions whose output follows from literals: {@code $(printf FORMAT ARGS…)}
 * (conversions {@code %s %d %f %.Nf %%}) and {@code $(awk "BEGIN{print EXPR}")} with an arithmetic
 * EXPR of numbers, {@code + - * /} and parentheses, printed as awk prints numbers ({@code %.6g}).
 * Anything else is computed at run time.
 */
final class Substitutions {
    private static final Pattern AWK_PRINT = Pattern.compile("^\\s*BEGIN\\s*\\{\\s*print\\s+([^;{}]+?)\\s*;?\\s*}\\s*$");
    private static final BigDecimal AWK_LARGE = new BigDecimal("1e6");
    private static final BigDecimal AWK_SMALL = new BigDecimal("1e-4");

    private Substitutions() {
    }

    static Value evaluate(Resolver view, String command, Statement at, int depth) {
        List<Words.Word> words = Words.of(command.strip());
        if (words.size() >= 2 && words.get(0).raw().equals("printf")) {
            return printf(view, words, at, depth);
        }
        if (words.size() == 2 && words.get(0).raw().equals("awk")) {
            return awk(view, words.get(1).raw(), at, depth);
        }
        return Value.unknown(at, "the value is computed at run time (a command substitution)");
    }

    private static Value printf(Resolver view, List<Words.Word> words, Statement at, int depth) {
        Value format = view.resolve(words.get(1).raw(), at, depth);
        if (!format.known()) {
            return format;
        }
        String f = format.text();
        StringBuilder out = new StringBuilder();
        int arg = 2;
        for (int k = 0; k < f.length(); k++) {
            char c = f.charAt(k);
            if (c == '\\' && k + 1 < f.length()) {
                char e = f.charAt(++k);
                out.append(e == 'n' ? "\n" : e == 't' ? "\t" : String.valueOf(e));
                continue;
            }
            if (c != '%') {
                out.append(c);
                continue;
            }
            Matcher m = Pattern.compile("%(?:\\.(\\d+))?([sdif%])").matcher(f).region(k, f.length());
            if (!m.lookingAt()) {
                return Value.unknown(at, "the value is computed at run time (printf " + f + ")");
            }
            k = m.end() - 1;
            String conversion = m.group(2);
            if (conversion.equals("%")) {
                out.append('%');
                continue;
            }
            String raw = arg < words.size() ? words.get(arg++).raw() : "\"\"";
            Value v = view.resolve(raw, at, depth);
            if (conversion.equals("s")) {
                // A string argument known only at run time (a path, say) cannot change the numbers around it.
                out.append(v.known() ? v.text() : "<" + raw.replace("\"", "") + ">");
                continue;
            }
            if (!v.known()) {
                return v;
            }
            try {
                BigDecimal n = new BigDecimal(v.text().strip().isEmpty() ? "0" : v.text().strip());
                out.append(conversion.equals("f")
                        ? n.setScale(m.group(1) == null ? 6 : Integer.parseInt(m.group(1)), RoundingMode.HALF_EVEN).toPlainString()
                        : n.toBigInteger().toString());
            } catch (NumberFormatException e) {
                return Value.unknown(at, "printf %" + conversion + " of " + v.text() + " is not a number");
            }
        }
        if (arg < words.size()) {
            return Value.unknown(at, "the value is computed at run time (printf repeats its format for extra arguments)");
        }
        return new Value(out.toString(), at, null);
    }

    private static Value awk(Resolver view, String program, Statement at, int depth) {
        Value p = view.resolve(program, at, depth);
        if (!p.known()) {
            return p;
        }
        Matcher m = AWK_PRINT.matcher(p.text());
        BigDecimal n = m.matches() ? new Arithmetic(m.group(1)).parse() : null;
        if (n == null) {
            return Value.unknown(at, "the value is computed at run time (awk " + p.text() + ")");
        }
        BigDecimal abs = n.abs();
        if (n.signum() != 0 && n.stripTrailingZeros().scale() > 0 && (abs.compareTo(AWK_LARGE) >= 0 || abs.compareTo(AWK_SMALL) < 0)) {
            return Value.unknown(at, "awk would print " + p.text() + " in exponent form");
        }
        BigDecimal printed = n.stripTrailingZeros().scale() <= 0 ? n : n.round(new MathContext(6, RoundingMode.HALF_EVEN));
        return new Value(printed.stripTrailingZeros().toPlainString(), at, null);
    }

    /** Numbers, + - * / and parentheses; null for anything else. */
    private static final class Arithmetic {
        private final String s;
        private int at;

        Arithmetic(String s) {
            this.s = s;
        }

        BigDecimal parse() {
            BigDecimal v = sum();
            skip();
            return v != null && at == s.length() ? v : null;
        }

        private BigDecimal sum() {
            BigDecimal v = product();
            while (v != null && (peek('+') || peek('-'))) {
                char op = s.charAt(at++);
                BigDecimal r = product();
                v = r == null ? null : op == '+' ? v.add(r) : v.subtract(r);
            }
            return v;
        }

        private BigDecimal product() {
            BigDecimal v = factor();
            while (v != null && (peek('*') || peek('/'))) {
                char op = s.charAt(at++);
                BigDecimal r = factor();
                v = r == null || (op == '/' && r.signum() == 0) ? null
                        : op == '*' ? v.multiply(r) : v.divide(r, MathContext.DECIMAL64);
            }
            return v;
        }

        private BigDecimal factor() {
            if (peek('(')) {
                at++;
                BigDecimal v = sum();
                if (!peek(')')) {
                    return null;
                }
                at++;
                return v;
            }
            if (peek('-')) {
                at++;
                BigDecimal v = factor();
                return v == null ? null : v.negate();
            }
            skip();
            int start = at;
            while (at < s.length() && (Character.isDigit(s.charAt(at)) || s.charAt(at) == '.')) {
                at++;
            }
            try {
                return start == at ? null : new BigDecimal(s.substring(start, at));
            } catch (NumberFormatException e) {
                return null;
            }
        }

        private boolean peek(char c) {
            skip();
            return at < s.length() && s.charAt(at) == c;
        }

        private void skip() {
            while (at < s.length() && Character.isWhitespace(s.charAt(at))) {
                at++;
            }
        }
    }
}
