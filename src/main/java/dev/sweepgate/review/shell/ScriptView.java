package dev.sweepgate.review.shell;

import dev.sweepgate.review.shell.ShellScript.Condition;
import dev.sweepgate.review.shell.ShellScript.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A script (and the scripts it sources) as a throughput run sees it: which statements run
 * for a throughput run, an {@code EVAL_ONLY} accuracy run or both, and what a word holds when
 * its variables were assigned once with a literal.
 */
public final class ScriptView {
    private static final Pattern EVAL_TEST = Pattern.compile(
            "EVAL_ONLY(?::?-[A-Za-z0-9]*)?\\}?[\"']?\\s*(==|!=|=|-eq|-ne)\\s*[\"']?(true|false|1|0)[\"']?", Pattern.CASE_INSENSITIVE);
    private static final Pattern ASSIGNMENT = Pattern.compile(
            "^(?:(?:export|local|readonly|declare(?:\\s+-[a-zA-Z]+)*)\\s+)?([A-Za-z_][A-Za-z0-9_]*)(\\+?)=");
    private static final int MAX_DEPTH = 8;
    /** {@code ${NAME:-word}}, {@code ${NAME-word}}, {@code ${NAME:=word}}. */
    private static final Pattern DEFAULT = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)(:?[-=])(.*)", Pattern.DOTALL);

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

    public ScriptView(List<ShellScript> scripts) {
        List<Statement> all = new ArrayList<>();
        scripts.forEach(s -> all.addAll(s.statements()));
        this.statements = List.copyOf(all);
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
        boolean negated = test.strip().startsWith("!") || test.matches("^\\[\\[?\\s*!.*");
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
        List<Assignment> found = new ArrayList<>();
        for (Statement s : statements) {
            if (s.heredoc() || !(path(s).throughput() || path(s) == Path.UNKNOWN)) {
                continue;
            }
            Assignment a = assignment(s);
            if (a != null && a.name().equals(name)) {
                found.add(a);
            }
        }
        return found;
    }

    /** The lines of {@code assignments}; one in another file than {@code file} (a sourced script) names it. */
    private static String lines(List<Assignment> assignments, String file) {
        return assignments.stream().map(a -> a.statement().file().equals(file)
                ? String.valueOf(a.statement().line())
                : a.statement().file() + ":" + a.statement().line()).collect(Collectors.joining(", "));
    }

    /** The text {@code raw} (a word as written at {@code at}) holds in a throughput run. */
    public Value resolve(String raw, Statement at) {
        return resolve(raw, at, 0);
    }

    /** The text of a variable in a throughput run: its one literal assignment. */
    public Value variable(String name, Statement at) {
        return variable(name, at, 0);
    }

    private Value variable(String name, Statement at, int depth) {
        if (depth > MAX_DEPTH) {
            return Value.unknown(at, "$" + name + " is defined through too many variables");
        }
        List<Assignment> found = throughputAssignments(name);
        if (found.isEmpty()) {
            return Value.unknown(at, "$" + name + " is not assigned in the script (it comes from the environment at run time)");
        }
        if (found.size() > 1) {
            return Value.unknown(found.get(0).statement(), "$" + name + " is assigned " + found.size() + " times (lines "
                    + lines(found, found.get(0).statement().file())
                    + "), so its value depends on the run");
        }
        Assignment a = found.get(0);
        if (a.append() || a.array()) {
            return Value.unknown(a.statement(), "$" + name + " is an array or is appended to");
        }
        if (path(a.statement()) == Path.UNKNOWN) {
            return Value.unknown(a.statement(), "$" + name + " is assigned under a test of EVAL_ONLY this reader cannot read");
        }
        Value v = resolve(a.value(), a.statement(), depth + 1);
        return v.known() ? new Value(v.text(), a.statement(), null) : v;
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
        int here = statements.indexOf(at);
        List<Assignment> before = throughputAssignments(name).stream()
                .filter(a -> here < 0 || statements.indexOf(a.statement()) < here).toList();
        if (before.isEmpty()) {
            return resolve(word, at, depth + 1);
        }
        if (before.size() > 1 || before.get(0).array() || before.get(0).append()) {
            return Value.unknown(before.get(0).statement(), "$" + name + " is assigned " + before.size()
                    + " times before line " + at.line() + " (lines " + lines(before, at.file()) + "), so its value depends on the run");
        }
        Value v = resolve(before.get(0).value(), before.get(0).statement(), depth + 1);
        boolean empty = v.known() && v.text().isEmpty();
        return empty && op.startsWith(":") ? resolve(word, at, depth + 1) : v;
    }

    Value resolve(String raw, Statement at, int depth) {
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
                    if (d.matches()) {
                        add(withDefault(d.group(1), d.group(2), d.group(3), at, depth + 1), out, origins, unknown);
                    } else if (p.text().matches("[A-Za-z_][A-Za-z0-9_]*")) {
                        add(variable(p.text(), at, depth + 1), out, origins, unknown);
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
        boolean oneVariable = origins.size() == 1 && raw.replaceAll("[\"{}]", "").matches("\\$[A-Za-z_][A-Za-z0-9_]*");
        return new Value(out.toString(), oneVariable ? origins.get(0) : at, null);
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
