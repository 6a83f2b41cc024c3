package dev.sweepgate.review.launch;

import dev.sweepgate.config.RunnerConfig;
import dev.sweepgate.review.shell.ScriptView;
import dev.sweepgate.review.shell.ShellScript;
import dev.sweepgate.review.shell.ShellScript.Condition;
import dev.sweepgate.review.shell.ShellScript.Statement;
import dev.sweepgate.review.shell.Words;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a runner picks a single-node benchmark script, read from its launcher: the workflow runs
 * {@code runners/launch_${RUNNER_NAME%%_*}.sh} on each node of the config's runner label
 * ({@code configs/runners.yaml}), and that launcher builds the script's name from the config's
 * environment. The launcher is evaluated statically, as far as it builds that name: assignments
 * in order, the {@code [[ "$X" == v ]]} tests on the workflow's variables, {@code ${X%%_*}} and
 * {@code ${X:-default}} expansions and the {@code $([[ test ]] && printf 'a' || printf 'b')}
 * idiom. Every value it assigns or runs that names {@code benchmarks/single_node/…sh} is a
 * candidate, tried in the launcher's order ({@code if [[ ! -f A ]]; then B} tries A first).
 */
public final class Launchers {
    private static final Pattern SCRIPT = Pattern.compile("benchmarks/single_node/[^\\s\"'$]+\\.sh");
    private static final Pattern PRINTF_CHOICE = Pattern.compile(
            "^\\s*(\\[\\[?.*?\\]\\]?)\\s*&&\\s*printf\\s+'([^']*)'\\s*\\|\\|\\s*printf\\s+'([^']*)'\\s*$", Pattern.DOTALL);
    private static final Pattern OPERATOR = Pattern.compile("^([A-Za-z_][A-Za-z0-9_]*)(%%|%|##|#|:-|-|:=|:\\?|\\?)(.*)$", Pattern.DOTALL);

    private Launchers() {
    }

    /** The launchers the nodes of {@code runner} run, each once, in the label's order; empty when the label is unknown. */
    public static List<String> of(String runner, RunnerConfig runners) {
        List<String> nodes = runners == null ? null : runners.labels().get(runner);
        if (nodes == null) {
            return List.of();
        }
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String node : nodes) {
            int cut = node.indexOf('_');
            out.add("runners/launch_" + (cut < 0 ? node : node.substring(0, cut)) + ".sh");
        }
        return List.copyOf(out);
    }

    /**
     * The single-node scripts {@code launcher} may run for these workflow variables, in the order it
     * tries them; empty when it builds the name in a way this reader does not follow.
     */
    public static List<String> candidates(ShellScript launcher, Map<String, String> inputs) {
        Map<String, String> vars = new HashMap<>(inputs);
        LinkedHashSet<String> found = new LinkedHashSet<>();
        for (Statement s : launcher.statements()) {
            if (s.heredoc() || excluded(s, vars)) {
                continue;
            }
            ScriptView.Assignment a = ScriptView.assignment(s);
            if (a != null && !a.array()) {
                String value = expand(a.value(), vars);
                if (a.append()) {
                    String before = vars.get(a.name());
                    value = before == null || value == null ? null : before + value;
                }
                vars.put(a.name(), value);
                addScript(value, found);
                continue;
            }
            for (Words.Word w : Words.of(s.text())) {
                addScript(expand(w.raw(), vars), found);
            }
        }
        return List.copyOf(found);
    }

    private static void addScript(String value, LinkedHashSet<String> found) {
        if (value != null && SCRIPT.matcher(value).matches()) {
            found.add(value);
        }
    }

    /** Whether a test the statement sits under is decided against it. */
    private static boolean excluded(Statement s, Map<String, String> vars) {
        for (Condition c : s.conditions()) {
            Boolean value = test(c.test(), vars);
            if (value != null && value != c.holds()) {
                return true;
            }
        }
        return false;
    }

    /** A {@code [ ]} or {@code [[ ]]} test on known values: true, false, or null when it cannot be decided. */
    static Boolean test(String test, Map<String, String> vars) {
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
        for (String alternative : t.split("\\|\\|")) {
            Boolean all = Boolean.TRUE;
            for (String atom : alternative.split("&&")) {
                all = and(all, atom(atom.strip(), vars));
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

    private static Boolean atom(String atom, Map<String, String> vars) {
        List<Words.Word> words = Words.of(atom);
        boolean negated = !words.isEmpty() && words.get(0).raw().equals("!");
        // [[ a ]] || [[ b ]] splits into atoms that keep the brackets of their neighbours
        List<String> w = words.stream().skip(negated ? 1 : 0).map(Words.Word::raw)
                .filter(x -> !List.of("[[", "]]", "[", "]").contains(x)).toList();
        Boolean v = null;
        if (w.size() == 2 && (w.get(0).equals("-n") || w.get(0).equals("-z"))) {
            String value = expand(w.get(1), vars);
            v = value == null ? null : value.isEmpty() == w.get(0).equals("-z");
        } else if (w.size() == 3 && List.of("==", "=", "!=").contains(w.get(1))) {
            String left = expand(w.get(0), vars);
            String right = expand(w.get(2), vars);
            if (left != null && right != null) {
                boolean equal = w.get(2).startsWith("\"") || w.get(2).startsWith("'") ? left.equals(right)
                        : left.matches(glob(right));
                v = equal != w.get(1).equals("!=");
            }
        }
        return v == null ? null : v != negated;
    }

    private static String glob(String pattern) {
        StringBuilder re = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            re.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
        }
        return re.toString();
    }

    /** A word as the shell expands it, or null when part of it is not known statically. */
    static String expand(String raw, Map<String, String> vars) {
        StringBuilder out = new StringBuilder();
        for (Words.Part p : Words.parts(raw)) {
            String value = switch (p.kind()) {
                case LITERAL -> p.text();
                case VARIABLE -> vars.get(p.text());
                case PARAMETER -> parameter(p.text(), vars);
                case COMMAND -> choice(p.text(), vars);
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
    private static String choice(String command, Map<String, String> vars) {
        Matcher m = PRINTF_CHOICE.matcher(command);
        Boolean holds = m.matches() ? test(m.group(1), vars) : null;
        return holds == null ? null : holds ? m.group(2) : m.group(3);
    }

    /** {@code ${NAME}}, {@code ${NAME%%_*}} and kin, {@code ${NAME:-default}}; null when not known. */
    private static String parameter(String inner, Map<String, String> vars) {
        if (inner.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            return vars.get(inner);
        }
        Matcher m = OPERATOR.matcher(inner);
        if (!m.matches()) {
            return null;
        }
        String value = vars.get(m.group(1));
        String word = m.group(3);
        return switch (m.group(2)) {
            case ":-", ":=" -> value != null && !value.isEmpty() ? value : expand(word, vars);
            case "-" -> value != null ? value : expand(word, vars);
            case ":?", "?" -> value;
            default -> value == null ? null : strip(value, m.group(2), word);
        };
    }

    /** {@code %%X*}, {@code %X*}, {@code ##*X}, {@code #*X} with a literal X; null for other patterns. */
    private static String strip(String value, String op, String pattern) {
        if ((op.startsWith("%")) && pattern.endsWith("*") && !pattern.substring(0, pattern.length() - 1).matches(".*[*?\\[].*")) {
            String lit = pattern.substring(0, pattern.length() - 1);
            int at = op.equals("%%") ? value.indexOf(lit) : value.lastIndexOf(lit);
            return at < 0 ? value : value.substring(0, at);
        }
        if (op.startsWith("#") && pattern.startsWith("*") && !pattern.substring(1).matches(".*[*?\\[].*")) {
            String lit = pattern.substring(1);
            int at = op.equals("##") ? value.lastIndexOf(lit) : value.indexOf(lit);
            return at < 0 ? value : value.substring(at + lit.length());
        }
        return null;
    }

    /** The workflow variables a launcher builds a single-node script name from. */
    public static Map<String, String> inputs(String modelPrefix, String precision, String framework, String specDecoding,
                                             boolean agentic) {
        Map<String, String> in = new HashMap<>();
        in.put("MODEL_PREFIX", modelPrefix);
        in.put("PRECISION", precision);
        in.put("FRAMEWORK", framework);
        in.put("SPEC_DECODING", specDecoding == null ? "none" : specDecoding);
        in.put("SCENARIO_SUBDIR", agentic ? "agentic/" : "fixed_seq_len/");
        in.put("IS_AGENTIC", agentic ? "1" : "0");
        in.put("IS_MULTINODE", "false");
        in.put("CONFIG_FILE", "");
        // EXP_NAME is the model prefix and the scenario; launchers take the prefix with ${EXP_NAME%%_*}.
        in.put("EXP_NAME", modelPrefix + "_" + (agentic ? "agentic" : "fixed"));
        return in;
    }
}
