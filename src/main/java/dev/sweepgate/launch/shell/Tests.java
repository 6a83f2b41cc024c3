package dev.sweepgate.launch.shell;

import dev.sweepgate.launch.shell.ShellScript.Condition;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code [ ]} and {@code [[ ]]} tests and {@code case} arms decided on known values, three-valued:
 * true, false, or null when a value they need is not known. Strings compare with {@code =},
 * {@code ==}, {@code !=} (an unquoted right side is a glob), integers with {@code -eq -ne -lt -le
 * -gt -ge}; {@code -n}/{@code -z}; {@code !}, {@code &&} and {@code ||}.
 *
 * @param vars          what the variables hold; a missing name is not known
 * @param missingIsUnset whether a missing name is unset (a launcher given every workflow variable:
 *                       {@code ${X:-d}} is d), rather than unknown (a script run with an environment
 *                       this reader does not see: {@code ${X:-d}} is not known)
 */
public record Tests(Map<String, String> vars, boolean missingIsUnset) {
    private static final Pattern PRINTF_CHOICE = Pattern.compile(
            "^\\s*(\\[\\[?.*?\\]\\]?)\\s*&&\\s*printf\\s+'([^']*)'\\s*\\|\\|\\s*printf\\s+'([^']*)'\\s*$", Pattern.DOTALL);
    private static final Pattern OPERATOR = Pattern.compile("^([A-Za-z_][A-Za-z0-9_]*)(%%|%|##|#|:-|-|:=|:\\?|\\?)(.*)$", Pattern.DOTALL);
    private static final List<String> NUMERIC = List.of("-eq", "-ne", "-lt", "-le", "-gt", "-ge");
    // compiled once: a launcher's tests are decided for every config that runs on it
    private static final Pattern OR = Pattern.compile("\\|\\|");
    private static final Pattern AND = Pattern.compile("&&");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern GLOB = Pattern.compile(".*[*?\\[].*");
    private static final Pattern OUTER_QUOTES = Pattern.compile("^[\"']|[\"']$");

    /** Whether {@code c} is decided as it is written where a statement sits under it; null when not decided. */
    public Boolean agrees(Condition c) {
        Boolean value = c.pattern() == null ? test(c.test()) : arm(c.test(), c.pattern());
        return value == null ? null : value == c.holds();
    }

    /** Whether the case word matches one of the arm's {@code |}-separated patterns. */
    private Boolean arm(String word, String pattern) {
        String value = expand(word);
        if (value == null) {
            return null;
        }
        for (String p : pattern.split("\\|")) {
            String alternative = p.strip();
            String literal = OUTER_QUOTES.matcher(alternative).replaceAll("");
            if (alternative.startsWith("\"") || alternative.startsWith("'") ? value.equals(literal) : value.matches(glob(literal))) {
                return true;
            }
        }
        return false;
    }

    /** A test: true, false, or null when it cannot be decided. */
    public Boolean test(String test) {
        String t = test.strip();
        boolean negated = false;
        if (t.startsWith("! ")) {
            negated = true;
            t = t.substring(2).strip();
        }
        if (t.startsWith("[[") && t.endsWith("]]")) {
            t = t.substring(2, t.length() - 2);
        } else if (t.startsWith("[") && t.endsWith("]")) {
            t = t.substring(1, t.length() - 1);
        } else {
            return null;
        }
        Boolean any = Boolean.FALSE;
        for (String alternative : OR.split(t)) {
            Boolean all = Boolean.TRUE;
            for (String atom : AND.split(alternative)) {
                all = and(all, atom(atom.strip()));
            }
            any = or(any, all);
        }
        return any == null ? null : any != negated;
    }

    private static Boolean and(Boolean a, Boolean b) {
        return Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b) ? Boolean.FALSE : a == null || b == null ? null : Boolean.TRUE;
    }

    private static Boolean or(Boolean a, Boolean b) {
        return Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b) ? Boolean.TRUE : a == null || b == null ? null : Boolean.FALSE;
    }

    private Boolean atom(String atom) {
        List<Words.Word> words = Words.of(atom);
        boolean negated = !words.isEmpty() && words.get(0).raw().equals("!");
        // [[ a ]] || [[ b ]] splits into atoms that keep the brackets of their neighbours
        List<String> w = words.stream().skip(negated ? 1 : 0).map(Words.Word::raw)
                .filter(x -> !List.of("[[", "]]", "[", "]").contains(x)).toList();
        Boolean v = null;
        if (w.size() == 2 && (w.get(0).equals("-n") || w.get(0).equals("-z"))) {
            String value = expand(w.get(1));
            v = value == null ? null : value.isEmpty() == w.get(0).equals("-z");
        } else if (w.size() == 3 && List.of("==", "=", "!=").contains(w.get(1))) {
            String left = expand(w.get(0));
            String right = expand(w.get(2));
            if (left != null && right != null) {
                boolean equal = w.get(2).startsWith("\"") || w.get(2).startsWith("'") ? left.equals(right)
                        : left.matches(glob(right));
                v = equal != w.get(1).equals("!=");
            }
        } else if (w.size() == 3 && NUMERIC.contains(w.get(1))) {
            v = compare(expand(w.get(0)), w.get(1), expand(w.get(2)));
        }
        return v == null ? null : v != negated;
    }

    private static Boolean compare(String left, String op, String right) {
        if (left == null || right == null) {
            return null;
        }
        long a;
        long b;
        try {
            a = Long.parseLong(left.strip());
            b = Long.parseLong(right.strip());
        } catch (NumberFormatException e) {
            return null;
        }
        return switch (op) {
            case "-eq" -> a == b;
            case "-ne" -> a != b;
            case "-lt" -> a < b;
            case "-le" -> a <= b;
            case "-gt" -> a > b;
            default -> a >= b;
        };
    }

    private static String glob(String pattern) {
        StringBuilder re = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            re.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
        }
        return re.toString();
    }

    /** A word as the shell expands it, or null when part of it is not known statically. */
    public String expand(String raw) {
        StringBuilder out = new StringBuilder();
        for (Words.Part p : Words.parts(raw)) {
            String value = switch (p.kind()) {
                case LITERAL -> p.text();
                case VARIABLE -> vars.get(p.text());
                case PARAMETER -> parameter(p.text());
                case COMMAND -> choice(p.text());
                default -> null;
            };
            if (value == null) {
                return null;
            }
            out.append(value);
        }
        return out.toString();
    }

    /** {@code [[ test ]] && printf 'a' || printf 'b'}: a or b, or null when the test is not decided. */
    private String choice(String command) {
        Matcher m = PRINTF_CHOICE.matcher(command);
        Boolean holds = m.matches() ? test(m.group(1)) : null;
        return holds == null ? null : holds ? m.group(2) : m.group(3);
    }

    /** {@code ${NAME}}, {@code ${NAME%%_*}} and kin, {@code ${NAME:-default}}; null when not known. */
    private String parameter(String inner) {
        if (NAME.matcher(inner).matches()) {
            return vars.get(inner);
        }
        Matcher m = OPERATOR.matcher(inner);
        if (!m.matches()) {
            return null;
        }
        String value = vars.get(m.group(1));
        String word = m.group(3);
        if (value == null && !missingIsUnset) {
            return null;
        }
        return switch (m.group(2)) {
            case ":-", ":=" -> value != null && !value.isEmpty() ? value : expand(word);
            case "-" -> value != null ? value : expand(word);
            case ":?", "?" -> value;
            default -> value == null ? null : strip(value, m.group(2), word);
        };
    }

    /** {@code %%X*}, {@code %X*}, {@code ##*X}, {@code #*X} with a literal X; null for other patterns. */
    public static String strip(String value, String op, String pattern) {
        if ((op.startsWith("%")) && pattern.endsWith("*") && !GLOB.matcher(pattern.substring(0, pattern.length() - 1)).matches()) {
            String lit = pattern.substring(0, pattern.length() - 1);
            int at = op.equals("%%") ? value.indexOf(lit) : value.lastIndexOf(lit);
            return at < 0 ? value : value.substring(0, at);
        }
        if (op.startsWith("#") && pattern.startsWith("*") && !GLOB.matcher(pattern.substring(1)).matches()) {
            String lit = pattern.substring(1);
            int at = op.equals("##") ? value.lastIndexOf(lit) : value.indexOf(lit);
            return at < 0 ? value : value.substring(at + lit.length());
        }
        return null;
    }
}
