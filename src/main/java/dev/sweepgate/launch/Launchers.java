package dev.sweepgate.launch;

import dev.sweepgate.config.RunnerConfig;
import dev.sweepgate.launch.shell.ScriptView;
import dev.sweepgate.launch.shell.ShellScript;
import dev.sweepgate.launch.shell.ShellScript.Condition;
import dev.sweepgate.launch.shell.ShellScript.Statement;
import dev.sweepgate.launch.shell.Tests;
import dev.sweepgate.launch.shell.Words;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a runner picks a single-node benchmark script, read from its launcher: the workflow runs
 * {@code runners/launch_${RUNNER_NAME%%_*}.sh} on each node of the config's runner label
 * ({@code configs/runners.yaml}), and that launcher builds the script's name from the config's
 * environment. The launcher is evaluated statically, as far as it builds that name: assignments
 * in order, the {@code [[ "$X" == v ]]} tests and {@code case} arms on the workflow's variables, {@code ${X%%_*}} and
 * {@code ${X:-default}} expansions and the {@code $([[ test ]] && printf 'a' || printf 'b')}
 * idiom. Every value it assigns or runs that names {@code benchmarks/single_node/…sh} is a
 * candidate, tried in the launcher's order ({@code if [[ ! -f A ]]; then B} tries A first).
 */
public final class Launchers {
    private static final Pattern SCRIPT = Pattern.compile("benchmarks/single_node/[^\\s\"'$]+\\.sh");

    private Launchers() {
    }

    /** {@code runners/launch_X.sh}, as {@link #of} names them: what a runner's node starts, which picks the single-node script. */
    public static boolean isLauncher(String path) {
        return path.startsWith(LAUNCHER_PREFIX) && path.endsWith(".sh") && path.indexOf('/', "runners/".length()) < 0;
    }

    private static final String LAUNCHER_PREFIX = "runners/launch_";

    /** The launchers the nodes of {@code runner} run, each once, in the label's order; empty when the label is unknown. */
    public static List<String> of(String runner, RunnerConfig runners) {
        List<String> nodes = runners == null ? null : runners.labels().get(runner);
        if (nodes == null) {
            return List.of();
        }
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String node : nodes) {
            int cut = node.indexOf('_');
            out.add(LAUNCHER_PREFIX + (cut < 0 ? node : node.substring(0, cut)) + ".sh");
        }
        return List.copyOf(out);
    }

    /**
     * The single-node scripts {@code launcher} may run for these workflow variables, in the order it
     * tries them; empty when it builds the name in a way this reader does not follow.
     */
    public static List<String> candidates(ShellScript launcher, Map<String, String> inputs) {
        return candidates(Launcher.of(launcher), inputs);
    }

    /**
     * A launcher read once for all the configs that run on it: each statement with its assignment and
     * words, which no workflow variable changes (a launcher is evaluated for every set of inputs), and
     * for each variable the tests that read it.
     *
     * @param readers  by variable name, the tests whose text names it
     * @param readsAny the tests that may read any variable ({@code ${!X}}, {@code eval}): decided again after every assignment
     */
    public record Launcher(List<Step> steps, Map<String, List<Condition>> readers, List<Condition> readsAny) {
        public Launcher {
            steps = List.copyOf(steps);
            readers = Map.copyOf(readers);
            readsAny = List.copyOf(readsAny);
        }

        static Launcher of(ShellScript script) {
            List<Step> steps = new ArrayList<>();
            Map<String, List<Condition>> readers = new HashMap<>();
            List<Condition> readsAny = new ArrayList<>();
            Set<Condition> seen = new HashSet<>();
            for (Statement s : script.statements()) {
                if (s.heredoc()) {
                    continue;
                }
                ScriptView.Assignment a = ScriptView.assignment(s);
                // an array's words are read as a command's (a script named among them is still a candidate)
                List<String> words = a != null && !a.array() ? List.of()
                        : Words.of(s.text()).stream().map(Words.Word::raw).filter(Launchers::mayNameScript).toList();
                steps.add(new Step(s, a, words));
                for (Condition c : s.conditions()) {
                    if (!seen.add(c)) {
                        continue;
                    }
                    Set<String> names = namesRead(c.test() + " " + (c.pattern() == null ? "" : c.pattern()));
                    if (names == null) {
                        readsAny.add(c);
                    } else {
                        names.forEach(name -> readers.computeIfAbsent(name, k -> new ArrayList<>()).add(c));
                    }
                }
            }
            readers.replaceAll((name, list) -> List.copyOf(list));
            return new Launcher(steps, readers, readsAny);
        }
    }

    /** {@code $NAME}, {@code ${NAME...}}, {@code ${#NAME}}: each name a test's text expands. */
    private static final Pattern EXPANDED = Pattern.compile("\\$\\{?#?([A-Za-z_][A-Za-z0-9_]*|[0-9]+)");

    /** The variables a text may read when expanded, or null when it may read any (an indirect expansion, eval). */
    static Set<String> namesRead(String text) {
        if (text.contains("${!") || text.contains("eval") || text.contains("declare") || text.contains("typeset")) {
            return null;
        }
        Set<String> names = new HashSet<>();
        Matcher m = EXPANDED.matcher(text);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /**
     * One statement of a launcher: an assignment, or the words of a command (or of an array assignment) that
     * may expand to a script's name ({@link #mayNameScript}).
     */
    record Step(Statement statement, ScriptView.Assignment assignment, List<String> words) {
    }

    private static final String SCRIPT_PREFIX = "benchmarks/single_node/";
    private static final String SCRIPT_SUFFIX = ".sh";

    /**
     * Whether a word may expand to a name {@link #SCRIPT} matches, for some values of its variables: its
     * expansion is its parts' values in order ({@link Tests#expand}), so a literal part rules it out when it
     * holds a blank, a quote or a {@code $}, when the first part cannot begin {@code benchmarks/single_node/} or
     * the last cannot end {@code .sh}; as does a part that expands to nothing known. Most of a launcher's words
     * (srun, --jobid=$JOB_ID) are decided here once, not expanded for every config.
     */
    static boolean mayNameScript(String raw) {
        List<Words.Part> parts = Words.parts(raw);
        if (parts.isEmpty()) {
            return false;
        }
        for (Words.Part p : parts) {
            switch (p.kind()) {
                case LITERAL -> {
                    if (!SCRIPT_CHARS.matcher(p.text()).matches()) {
                        return false;
                    }
                }
                case VARIABLE, PARAMETER, COMMAND -> {
                }
                default -> {
                    return false; // Tests.expand knows no value for it
                }
            }
        }
        Words.Part first = parts.get(0);
        Words.Part last = parts.get(parts.size() - 1);
        boolean start = first.kind() != Words.Part.Kind.LITERAL || SCRIPT_PREFIX.startsWith(first.text())
                || first.text().startsWith(SCRIPT_PREFIX);
        boolean end = last.kind() != Words.Part.Kind.LITERAL || last.text().endsWith(SCRIPT_SUFFIX)
                || SCRIPT_SUFFIX.endsWith(last.text());
        return start && end;
    }

    /** What a script's name may hold: no blank, quote or {@code $} ({@link #SCRIPT}). */
    private static final Pattern SCRIPT_CHARS = Pattern.compile("[^\\s\"'$]*");

    /** {@link #candidates(ShellScript, Map)} of a launcher read once. */
    static List<String> candidates(Launcher launcher, Map<String, String> inputs) {
        Map<String, String> vars = new HashMap<>(inputs);
        LinkedHashSet<String> found = new LinkedHashSet<>();
        // The statements of one block share its conditions: each is decided once until a variable it reads
        // changes (an if/elif chain on the model decides each arm's test once, whatever its arms assign).
        Map<Condition, Boolean> decided = new HashMap<>();
        for (Step step : launcher.steps()) {
            if (excluded(step.statement(), vars, decided)) {
                continue;
            }
            ScriptView.Assignment a = step.assignment();
            if (a != null && !a.array()) {
                String value = expand(a.value(), vars);
                if (a.append()) {
                    String before = vars.get(a.name());
                    value = before == null || value == null ? null : before + value;
                }
                vars.put(a.name(), value);
                launcher.readers().getOrDefault(a.name(), List.of()).forEach(decided::remove);
                launcher.readsAny().forEach(decided::remove);
                addScript(value, found);
                continue;
            }
            for (String raw : step.words()) {
                addScript(expand(raw, vars), found);
            }
        }
        return List.copyOf(found);
    }

    private static void addScript(String value, LinkedHashSet<String> found) {
        if (namesScript(value)) {
            found.add(value);
        }
    }

    /** Whether an expanded value is a single-node script's name, a candidate. */
    static boolean namesScript(String value) {
        return value != null && SCRIPT.matcher(value).matches();
    }

    /** Whether a test the statement sits under is decided against it. */
    private static boolean excluded(Statement s, Map<String, String> vars, Map<Condition, Boolean> decided) {
        Tests tests = new Tests(vars, true);
        for (Condition c : s.conditions()) {
            Boolean against = decided.get(c);
            if (against == null) {
                against = Boolean.FALSE.equals(tests.agrees(c));
                decided.put(c, against);
            }
            if (against) {
                return true;
            }
        }
        return false;
    }

    private static String expand(String raw, Map<String, String> vars) {
        return new Tests(vars, true).expand(raw);
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
