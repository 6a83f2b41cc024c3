package dev.sweepgate.launch.shell;

import dev.sweepgate.launch.shell.ShellScript.Condition;
import dev.sweepgate.launch.shell.ShellScript.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A script (and the scripts it sources) as a throughput run sees it: which statements run
 * for a throughput run, an {@code EVAL_ONLY} accuracy run or both, and what a word holds when
 * its variables were assigned once with a literal, or on each branch when they were assigned
 * several times ({@link #alternatives}).
 */
public final class ScriptView {
    private static final Pattern EVAL_TEST = Pattern.compile(
            "EVAL_ONLY(?::?-[A-Za-z0-9]*)?\\}?[\"']?\\s*(==|!=|=|-eq|-ne)\\s*[\"']?(true|false|1|0)[\"']?", Pattern.CASE_INSENSITIVE);
    private static final Pattern ASSIGNMENT = Pattern.compile(
            "^(?:(?:export|local|readonly|declare(?:\\s+-[a-zA-Z]+)*)\\s+)?([A-Za-z_][A-Za-z0-9_]*)(\\+?)=");
    private static final int MAX_DEPTH = 8;
    /** {@code ${NAME:-word}}, {@code ${NAME-word}}, {@code ${NAME:=word}}. */
    private static final Pattern DEFAULT = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)(:?[-=])(.*)", Pattern.DOTALL);
    /** {@code ${NAME%%_*}}, {@code ${NAME##*-}} and kin. */
    private static final Pattern STRIP = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)(%%|%|##|#)(.*)", Pattern.DOTALL);
    private static final Pattern EXIT = Pattern.compile("^exit(?:\\s+\\S+)?\\s*$");
    // Compiled once: the launch index evaluates these for every word of ~150 input sets.
    private static final Pattern NEGATED_TEST = Pattern.compile("^\\[\\[?\\s*!.*");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern QUOTES_AND_BRACES = Pattern.compile("[\"{}]");
    private static final Pattern ONE_VARIABLE = Pattern.compile("\\$[A-Za-z_][A-Za-z0-9_]*");
    /** How many combinations of branches {@link #alternatives} follows before it gives up. */
    private static final int MAX_BRANCHES = 256;

    /** For which runs a statement runs. */
    public enum Path {
        /** Outside every EVAL_ONLY branch. */
        ALWAYS,
        /** Only in accuracy runs (EVAL_ONLY=true). */
        EVAL_ONLY,
        /** Only in throughput runs. */
        THROUGHPUT,
        /** Under a test of EVAL_ONLY this reader cannot read. */
        UNKNOWN,
        /** Under contradicting EVAL_ONLY tests. */
        NEVER;

        public boolean throughput() {
            return this == ALWAYS || this == THROUGHPUT;
        }
    }

    /**
     * {@code NAME=value}, {@code export NAME=value}, {@code NAME+=(...)}.
     *
     * @param value  the value as written (quotes kept); for an array, the text between the parentheses
     * @param offset where the value starts in the statement's text
     */
    public record Assignment(Statement statement, String name, boolean append, boolean array, String value, int offset) {
    }

    /**
     * What a word holds: its text when it is known statically, else why not.
     *
     * @param origin the statement whose literal the text comes from (the word's own, or the
     *               assignment of the variable it names)
     */
    public record Value(String text, Statement origin, String reason) {
        public boolean known() {
            return text != null;
        }

        static Value unknown(Statement at, String reason) {
            return new Value(null, at, reason);
        }
    }

    private final List<Statement> statements;
    /** Worked out on first use, once per view: every variable lookup of {@link #alternatives} asks it. */
    private volatile Index index;

    public ScriptView(List<ShellScript> scripts) {
        List<Statement> all = new ArrayList<>();
        scripts.forEach(s -> all.addAll(s.statements()));
        this.statements = List.copyOf(all);
    }

    /**
     * What the resolution looks up for every variable of every branch, found in one pass over the
     * statements instead of one pass per lookup: the assignments a throughput run may execute, by
     * name, and where each statement stands ({@code statements.indexOf}, the first equal one).
     */
    private record Index(Map<String, List<Assignment>> assignments, Map<Statement, Integer> positions) {
    }

    private Index index() {
        Index known = index;
        if (known != null) {
            return known;
        }
        Map<String, List<Assignment>> assignments = new HashMap<>();
        Map<Statement, Integer> positions = new HashMap<>();
        for (int i = 0; i < statements.size(); i++) {
            Statement s = statements.get(i);
            positions.putIfAbsent(s, i); // a statement equal to an earlier one stands where indexOf finds it: first
            if (s.heredoc()) {
                continue;
            }
            Path path = path(s);
            if (!(path.throughput() || path == Path.UNKNOWN)) {
                continue;
            }
            Assignment a = assignment(s);
            if (a != null) {
                assignments.computeIfAbsent(a.name(), k -> new ArrayList<>()).add(a);
            }
        }
        assignments.replaceAll((name, list) -> List.copyOf(list));
        known = new Index(assignments, positions);
        index = known;
        return known;
    }

    /** {@code statements.indexOf(s)}, without a pass over the statements. */
    private int position(Statement s) {
        return index().positions().getOrDefault(s, -1);
    }

    /** Every statement and here-document line, in reading order (the main script first). */
    public List<Statement> statements() {
        return statements;
    }

    /** Commands (no here-document lines) that a throughput run may execute. */
    public List<Statement> throughputCommands() {
        return statements.stream().filter(s -> !s.heredoc() && path(s).throughput()).toList();
    }

    /** For which runs {@code s} runs, from the EVAL_ONLY tests it sits under. */
    public static Path path(Statement s) {
        boolean eval = false;
        boolean throughput = false;
        for (Condition c : s.conditions()) {
            if (!c.test().contains("EVAL_ONLY")) {
                continue;
            }
            Boolean evalWhenTrue = evalWhenTrue(c.test());
            if (evalWhenTrue == null) {
                return Path.UNKNOWN;
            }
            if (evalWhenTrue == c.holds()) {
                eval = true;
            } else {
                throughput = true;
            }
        }
        if (eval && throughput) {
            return Path.NEVER;
        }
        return eval ? Path.EVAL_ONLY : throughput ? Path.THROUGHPUT : Path.ALWAYS;
    }

    /** Whether the test holds exactly for accuracy runs (true), exactly for throughput runs (false), or null. */
    static Boolean evalWhenTrue(String test) {
        Matcher m = EVAL_TEST.matcher(test);
        if (!m.find() || m.find()) {
            return null;
        }
        m.reset().find();
        boolean equality = m.group(1).equals("=") || m.group(1).equals("==") || m.group(1).equals("-eq");
        String v = m.group(2).toLowerCase(Locale.ROOT);
        boolean truthy = v.equals("true") || v.equals("1");
        boolean negated = test.strip().startsWith("!") || NEGATED_TEST.matcher(test).matches();
        return (equality == truthy) != negated;
    }

    /** The assignment {@code s} makes, or null. */
    public static Assignment assignment(Statement s) {
        if (s.heredoc()) {
            return null;
        }
        Matcher m = ASSIGNMENT.matcher(s.text());
        if (!m.find()) {
            return null;
        }
        int at = m.end();
        String rest = s.text().substring(at);
        if (rest.startsWith("(")) {
            int close = matchingParen(rest);
            return new Assignment(s, m.group(1), !m.group(2).isEmpty(), true,
                    rest.substring(1, close < 0 ? rest.length() : close), at + 1);
        }
        List<Words.Word> words = Words.of(rest);
        String value = words.isEmpty() || words.get(0).offset() != 0 ? "" : words.get(0).raw();
        return new Assignment(s, m.group(1), !m.group(2).isEmpty(), false, value, at);
    }

    private static int matchingParen(String s) {
        String masked = ShellScript.stripQuoted(s);
        int depth = 0;
        for (int k = 0; k < masked.length(); k++) {
            if (masked.charAt(k) == '(') {
                depth++;
            } else if (masked.charAt(k) == ')' && --depth == 0) {
                return k;
            }
        }
        return -1;
    }

    /** The assignments of {@code name} that a throughput run may execute. */
    public List<Assignment> throughputAssignments(String name) {
        return index().assignments().getOrDefault(name, List.of());
    }

    /** The lines of {@code assignments}; one in another file than {@code file} (a sourced script) names it. */
    private static String lines(List<Assignment> assignments, String file) {
        return assignments.stream().map(a -> a.statement().file().equals(file)
                ? String.valueOf(a.statement().line())
                : a.statement().file() + ":" + a.statement().line()).collect(Collectors.joining(", "));
    }

    /** The text {@code raw} (a word as written at {@code at}) holds in a throughput run. */
    public Value resolve(String raw, Statement at) {
        return new Resolution(Map.of(), Map.of(), false).resolve(raw, at, 0);
    }

    /** The text of a variable in a throughput run: its one literal assignment. */
    public Value variable(String name, Statement at) {
        return new Resolution(Map.of(), Map.of(), false).variable(name, at, 0);
    }

    /**
     * One way through the branches a word depends on: what it holds there, and the assignment each
     * variable that has several took on it.
     */
    public record Alternative(Value value, Map<String, Statement> assignments) {
    }

    /**
     * Every text {@code raw} may hold at {@code at} in a throughput run, one per consistent choice of
     * assignment for the variables assigned several times, or why they cannot all be read.
     *
     * @param values  the alternatives in the script's order; empty when no branch reaches {@code at}
     * @param unknown null when every alternative is known; else one that is not, with its reason
     */
    public record Alternatives(List<Alternative> values, Value unknown) {
        public boolean known() {
            return unknown == null;
        }
    }

    /**
     * Every text {@code raw} may hold at {@code at}: where a variable is assigned several times,
     * each assignment that can reach {@code at} is one branch (and, when none must have run, the
     * variable's being unset is another). A branch whose tests contradict each other, or a test
     * decided false by {@code facts} (run inputs such as {@code CONC}) or by the values the branch
     * chose, is dropped.
     */
    public Alternatives alternatives(String raw, Statement at, Map<String, String> facts) {
        List<Alternative> out = new ArrayList<>();
        Deque<Map<Key, Choice>> todo = new ArrayDeque<>();
        todo.push(Map.of());
        int passes = 0;
        while (!todo.isEmpty()) {
            if (++passes > MAX_BRANCHES) {
                return new Alternatives(List.of(), Value.unknown(at, raw + " depends on more than " + MAX_BRANCHES
                        + " combinations of branches"));
            }
            Map<Key, Choice> chosen = todo.pop();
            Resolution r = new Resolution(chosen, facts, true);
            Value v = r.resolve(raw, at, 0);
            if (!r.consistent(at)) {
                continue;
            }
            if (r.pendingKey != null) {
                for (int k = r.pendingOptions.size() - 1; k >= 0; k--) {
                    Map<Key, Choice> next = new LinkedHashMap<>(chosen);
                    next.put(r.pendingKey, r.pendingOptions.get(k));
                    todo.push(next);
                }
                continue;
            }
            if (!v.known()) {
                return new Alternatives(List.of(), v);
            }
            Map<String, Statement> taken = new LinkedHashMap<>();
            chosen.forEach((key, c) -> {
                if (c.assignment() != null) {
                    taken.putIfAbsent(key.name(), c.assignment().statement());
                }
            });
            out.add(new Alternative(v, taken));
        }
        return new Alternatives(out, null);
    }

    /** A variable read at a statement. */
    private record Key(String name, Statement at) {
        // Written out (with the generated ones' hash): a record's own link method handles on first use,
        // on every run, as no AOT cache holds them (docs/speed.md).
        @Override
        public boolean equals(Object other) {
            return other instanceof Key k && Objects.equals(name, k.name) && Objects.equals(at, k.at);
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(name) * 31 + Objects.hashCode(at);
        }
    }

    /**
     * The branch taken for a variable assigned several times: one of its assignments, or (null) none
     * of {@code candidates}.
     */
    private record Choice(Assignment assignment, List<Assignment> candidates) {
    }

    /**
     * The assignments of {@code name} that may reach {@code at}: the last one before it in its file
     * that runs whenever {@code at} runs hides the earlier ones of that file and the later ones.
     *
     * @param beforeOnly only those before {@code at} (for {@code ${NAME:-word}}: the value until then)
     */
    private List<Assignment> reaching(String name, Statement at, boolean beforeOnly) {
        int here = position(at);
        List<Assignment> all = throughputAssignments(name).stream()
                .filter(a -> !beforeOnly || here < 0 || position(a.statement()) < here).toList();
        int dominator = -1;
        for (Assignment a : all) {
            int index = position(a.statement());
            if (a.statement().file().equals(at.file()) && index < here && at.conditions().containsAll(a.statement().conditions())) {
                dominator = index;
            }
        }
        if (dominator < 0) {
            return all;
        }
        int from = dominator;
        return all.stream().filter(a -> {
            int index = position(a.statement());
            return !a.statement().file().equals(at.file()) || (index >= from && index <= here);
        }).toList();
    }

    /** Whether one of {@code candidates} surely ran before {@code at} whenever {@code at} runs. */
    private boolean oneSurelyRan(List<Assignment> candidates, Statement at) {
        int here = position(at);
        return candidates.stream().anyMatch(a -> position(a.statement()) < here
                && at.conditions().containsAll(a.statement().conditions()));
    }

    /** The {@code exit}s under a test that a throughput run may take before {@code at} (outside functions). */
    private List<Statement> exitsBefore(Statement at) {
        int here = position(at);
        return statements.subList(0, Math.max(here, 0)).stream().filter(s -> !s.heredoc() && !s.inFunction()
                && !s.conditions().isEmpty() && path(s).throughput() && EXIT.matcher(s.text()).matches()).toList();
    }

    private static List<Statement> concat(List<Statement> a, List<Statement> b) {
        List<Statement> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** A case arm every word matches ({@code *)}). */
    private static boolean always(Condition c) {
        return c.holds() && "*".equals(c.pattern());
    }

    /**
     * Whether one of these branches (each the tests it still needs) is taken on every run: one needs
     * nothing, or some test splits them into two sets, one for each outcome, each exhaustive.
     */
    private static boolean exhaustive(List<List<Condition>> branches, int depth) {
        if (branches.stream().anyMatch(List::isEmpty)) {
            return true;
        }
        if (depth > MAX_DEPTH || branches.isEmpty()) {
            return false;
        }
        for (Condition c : branches.get(0)) {
            List<List<Condition>> holds = new ArrayList<>();
            List<List<Condition>> fails = new ArrayList<>();
            for (List<Condition> b : branches) {
                List<Condition> without = new ArrayList<>(b);
                if (without.remove(c)) {
                    (c.holds() ? holds : fails).add(without);
                } else if (b.stream().anyMatch(c::contradicts)) {
                    without.removeIf(c::contradicts);
                    (c.holds() ? fails : holds).add(without);
                }
            }
            if (!holds.isEmpty() && !fails.isEmpty() && exhaustive(holds, depth + 1) && exhaustive(fails, depth + 1)) {
                return true;
            }
        }
        return false;
    }

    /** Resolution of words, along the branches {@code chosen} picks (none: the single-value reader). */
    private final class Resolution implements Resolver {
        private final Map<Key, Choice> chosen;
        private final Map<String, String> facts;
        private final boolean branching;
        /** The values chosen branches gave, for deciding tests; null where two branches disagree. */
        private final Map<String, String> bound = new HashMap<>();
        Key pendingKey;
        List<Choice> pendingOptions;

        Resolution(Map<Key, Choice> chosen, Map<String, String> facts, boolean branching) {
            this.chosen = chosen;
            this.facts = facts;
            this.branching = branching;
        }

        /** Several assignments: the chosen one, or none (the variable unset), or an unknown naming them. */
        private Choice choose(String name, Statement at, List<Assignment> found, Value ambiguous) {
            Key key = new Key(name, at);
            Choice c = chosen.get(key);
            if (c == null && branching && pendingKey == null) {
                pendingKey = key;
                pendingOptions = new ArrayList<>();
                found.forEach(a -> pendingOptions.add(new Choice(a, found)));
                if (!oneSurelyRan(found, at)) {
                    pendingOptions.add(new Choice(null, found));
                }
            }
            return c;
        }

        /** Whether the tests the chosen branches sit under can hold together on one run that reaches {@code at}. */
        boolean consistent(Statement at) {
            List<Statement> taken = new ArrayList<>(List.of(at));
            List<Choice> unset = new ArrayList<>();
            for (Choice c : chosen.values()) {
                if (c.assignment() != null) {
                    taken.add(c.assignment().statement());
                } else {
                    unset.add(c);
                }
            }
            Map<String, String> known = new HashMap<>(facts);
            bound.forEach((k, v) -> {
                if (v != null) {
                    known.put(k, v);
                }
            });
            Tests tests = new Tests(known, false);
            for (int i = 0; i < taken.size(); i++) {
                for (Condition c : taken.get(i).conditions()) {
                    if (Boolean.FALSE.equals(tests.agrees(c))) {
                        return false;
                    }
                    for (int j = i + 1; j < taken.size(); j++) {
                        if (taken.get(j).file().equals(taken.get(i).file())
                                && taken.get(j).conditions().stream().anyMatch(c::contradicts)) {
                            return false;
                        }
                    }
                }
            }
            List<Statement> exits = exitsBefore(at);
            // A branch that surely exits before at never reaches it.
            for (Statement exit : exits) {
                List<Condition> needs = stillNeeded(exit, tests, taken);
                if (needs != null && needs.isEmpty()) {
                    return false;
                }
            }
            // Unset: the candidates' branches and the exits must leave a way to at that assigns none of them.
            for (Choice c : unset) {
                List<List<Condition>> open = new ArrayList<>();
                for (Statement s : concat(c.candidates().stream().map(Assignment::statement).toList(), exits)) {
                    List<Condition> needs = stillNeeded(s, tests, taken);
                    if (needs != null) {
                        open.add(needs);
                    }
                }
                if (exhaustive(open, 0)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The tests {@code s} sits under that this branch has not decided yet; null when it decides one
         * against {@code s} (this branch does not run {@code s}).
         */
        private List<Condition> stillNeeded(Statement s, Tests tests, List<Statement> taken) {
            List<Condition> rest = new ArrayList<>();
            for (Condition cond : s.conditions()) {
                Boolean agrees = tests.agrees(cond);
                boolean asserted = taken.stream().anyMatch(t -> t.file().equals(s.file()) && t.conditions().contains(cond));
                boolean denied = taken.stream().anyMatch(t -> t.file().equals(s.file()) && t.conditions().stream().anyMatch(cond::contradicts));
                if (Boolean.FALSE.equals(agrees) || denied) {
                    return null;
                }
                if (!Boolean.TRUE.equals(agrees) && !asserted && !always(cond)) {
                    rest.add(cond);
                }
            }
            return rest;
        }

        Value variable(String name, Statement at, int depth) {
            if (depth > MAX_DEPTH) {
                return Value.unknown(at, "$" + name + " is defined through too many variables");
            }
            List<Assignment> found = reaching(name, at, false);
            if (found.isEmpty()) {
                if (facts.containsKey(name)) {
                    return new Value(facts.get(name), at, null);
                }
                return Value.unknown(at, "$" + name + " is not assigned in the script (it comes from the environment at run time)");
            }
            Assignment a = found.get(0);
            if (found.size() > 1) {
                Value ambiguous = Value.unknown(found.get(0).statement(), "$" + name + " is assigned " + found.size() + " times (lines "
                        + lines(found, found.get(0).statement().file()) + "), so its value depends on the run");
                Choice c = choose(name, at, found, ambiguous);
                if (c == null) {
                    return ambiguous;
                }
                if (c.assignment() == null) {
                    return facts.containsKey(name) ? new Value(facts.get(name), at, null)
                            : Value.unknown(found.get(0).statement(), "$" + name + " may be unset here (none of its assignments, lines "
                            + lines(found, found.get(0).statement().file()) + ", need have run), and then it comes from the environment");
                }
                a = c.assignment();
            }
            if (a.append() || a.array()) {
                return Value.unknown(a.statement(), "$" + name + " is an array or is appended to");
            }
            if (path(a.statement()) == Path.UNKNOWN) {
                return Value.unknown(a.statement(), "$" + name + " is assigned under a test of EVAL_ONLY this reader cannot read");
            }
            Value v = resolve(a.value(), a.statement(), depth + 1);
            if (found.size() > 1 && v.known()) {
                bind(name, v.text());
            }
            return v.known() ? new Value(v.text(), a.statement(), null) : v;
        }

        private void bind(String name, String text) {
            if (bound.containsKey(name) && !java.util.Objects.equals(bound.get(name), text)) {
                bound.put(name, null);
            } else {
                bound.put(name, text);
            }
        }

        /**
         * {@code ${NAME:-word}}: NAME as the script leaves it before {@code at} (one literal
         * assignment), and when the script has not assigned it yet, the environment's value, which the
         * workflow does not set for these knobs: the default {@code word}.
         */
        private Value withDefault(String name, String op, String word, Statement at, int depth) {
            if (depth > MAX_DEPTH) {
                return Value.unknown(at, "$" + name + " is defined through too many variables");
            }
            List<Assignment> before = reaching(name, at, true);
            if (before.isEmpty()) {
                return facts.containsKey(name) ? new Value(facts.get(name), at, null) : resolve(word, at, depth + 1);
            }
            Assignment a = before.get(0);
            if (before.size() > 1) {
                Value ambiguous = Value.unknown(before.get(0).statement(), "$" + name + " is assigned " + before.size()
                        + " times before line " + at.line() + " (lines " + lines(before, at.file()) + "), so its value depends on the run");
                Choice c = choose(name, at, before, ambiguous);
                if (c == null) {
                    return ambiguous;
                }
                if (c.assignment() == null) {
                    return facts.containsKey(name) ? new Value(facts.get(name), at, null) : resolve(word, at, depth + 1);
                }
                a = c.assignment();
            }
            if (a.array() || a.append()) {
                return Value.unknown(a.statement(), "$" + name + " is an array or is appended to");
            }
            Value v = resolve(a.value(), a.statement(), depth + 1);
            if (before.size() > 1 && v.known()) {
                bind(name, v.text());
            }
            boolean empty = v.known() && v.text().isEmpty();
            return empty && op.startsWith(":") ? resolve(word, at, depth + 1) : v;
        }

        /** {@code ${NAME%%_*}} and kin on a known NAME. */
        private Value stripped(String name, String op, String pattern, Statement at, int depth) {
            Value v = variable(name, at, depth + 1);
            if (!v.known()) {
                return v;
            }
            String text = Tests.strip(v.text(), op, pattern);
            return text == null ? Value.unknown(at, "the value is computed at run time (${" + name + op + pattern + "})")
                    : new Value(text, at, null);
        }

        @Override
        public Value resolve(String raw, Statement at, int depth) {
            StringBuilder out = new StringBuilder();
            List<Statement> origins = new ArrayList<>();
            List<Value> unknown = new ArrayList<>();
            for (Words.Part p : Words.parts(raw)) {
                switch (p.kind()) {
                    case LITERAL -> out.append(p.text());
                    case VARIABLE -> add(variable(p.text(), at, depth + 1), out, origins, unknown);
                    case COMMAND -> add(Substitutions.evaluate(this, p.text(), at, depth + 1), out, null, unknown);
                    case PARAMETER -> {
                        Matcher d = DEFAULT.matcher(p.text());
                        Matcher s = STRIP.matcher(p.text());
                        if (d.matches()) {
                            add(withDefault(d.group(1), d.group(2), d.group(3), at, depth + 1), out, origins, unknown);
                        } else if (NAME.matcher(p.text()).matches()) {
                            add(variable(p.text(), at, depth + 1), out, origins, unknown);
                        } else if (s.matches()) {
                            add(stripped(s.group(1), s.group(2), s.group(3), at, depth + 1), out, null, unknown);
                        } else {
                            unknown.add(Value.unknown(at, "the value is computed at run time (${" + p.text() + "})"));
                        }
                    }
                    case ARITHMETIC -> unknown.add(Value.unknown(at, "the value is computed at run time (arithmetic)"));
                    case BACKTICK -> unknown.add(Value.unknown(at, "the value is computed at run time (a command substitution)"));
                    case UNCLOSED -> unknown.add(Value.unknown(at, p.text().startsWith("${") ? "the value has an unclosed ${"
                            : "the value is computed at run time (a command substitution)"));
                    case SPECIAL -> unknown.add(Value.unknown(at, "the value is computed at run time ($" + p.text() + ")"));
                }
            }
            if (!unknown.isEmpty()) {
                // Every part that depends on the run is named, so the reason shows all of them, not only the first.
                return Value.unknown(unknown.get(0).origin(), unknown.stream().map(Value::reason).distinct()
                        .collect(Collectors.joining("; ")));
            }
            // A word that is one variable holds that variable's literal: the value's line is its assignment.
            boolean oneVariable = origins.size() == 1 && ONE_VARIABLE.matcher(QUOTES_AND_BRACES.matcher(raw).replaceAll("")).matches();
            return new Value(out.toString(), oneVariable ? origins.get(0) : at, null);
        }
    }

    /** A known value's text (and line, for {@code origins}); an unknown one is kept for the reason. */
    private static void add(Value v, StringBuilder out, List<Statement> origins, List<Value> unknown) {
        if (!v.known()) {
            unknown.add(v);
            return;
        }
        out.append(v.text());
        if (origins != null) {
            origins.add(v.origin());
        }
    }
}
