package dev.sweepgate.launch.shell;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A bash script read without running it: its statements, each with the line it starts on and
 * the conditions ({@code if}, {@code elif}, {@code else}, {@code [ ... ] &&}) it sits under,
 * and the bodies of its here-documents. Line continuations, quotes that span lines and
 * parenthesized arrays over several lines are joined into one statement; comments are dropped.
 *
 * <p>The reader knows the constructs a launch script uses to set a server up (assignments,
 * branches, here-documents, sourcing); it does not evaluate anything. What it cannot decide, a
 * value computed at run time, a branch on something else than {@code EVAL_ONLY}, its callers
 * report as not checkable.
 */
public final class ShellScript {
    /** {@code <<} or {@code <<-} outside quotes (found in the line with its quoted parts blanked), not {@code <<<}. */
    private static final Pattern HEREDOC = Pattern.compile("(?<!<)<<(-?)(?!<)\\s*");
    /** The delimiter after it, read from the line itself: quoting it ({@code <<'PY'}) blanks it in the scan. */
    private static final Pattern HEREDOC_DELIMITER = Pattern.compile("(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\\1");
    private static final Pattern HEREDOC_TARGET = Pattern.compile(">\\s*(\\S+)");
    private static final Pattern FUNCTION = Pattern.compile("^(?:function\\s+)?[A-Za-z_][A-Za-z0-9_:-]*\\s*\\(\\)\\s*\\{?$|^function\\s+\\S+\\s*\\{?$");
    private static final Pattern CASE_PATTERN = Pattern.compile("^\\(?[^()=\\s][^()=]*\\)\\s*(.*)$", Pattern.DOTALL);

    /**
     * A condition a statement sits under, and whether it holds there ({@code else} branches do not).
     *
     * @param test    an {@code if}/{@code elif} test; for a {@code case} arm, the case's word
     * @param pattern for a {@code case} arm, its pattern ({@code 8|12)}); null for a test. A statement
     *                in an arm holds its arm's pattern and fails each earlier arm's, as the shell takes
     *                the first arm that matches
     */
    public record Condition(String test, boolean holds, int line, String pattern) {
        public Condition(String test, boolean holds, int line) {
            this(test, holds, line, null);
        }

        /** Whether {@code other} is this condition decided the other way: the two cannot hold on one run. */
        public boolean contradicts(Condition other) {
            return line == other.line && test.equals(other.test) && java.util.Objects.equals(pattern, other.pattern)
                    && holds != other.holds;
        }

        // Written out rather than the record's own: a condition is a map key for every statement of every
        // launcher evaluation, and on a short run the generated ones are slow calls (never compiled).
        @Override
        public boolean equals(Object other) {
            return other instanceof Condition c && line == c.line && holds == c.holds && test.equals(c.test)
                    && java.util.Objects.equals(pattern, c.pattern);
        }

        @Override
        public int hashCode() {
            return ((31 * test.hashCode() + line) * 31 + (pattern == null ? 0 : pattern.hashCode())) * 2 + (holds ? 1 : 0);
        }
    }

    /**
     * One statement (or one line of a here-document's body).
     *
     * @param line      where it starts, 1-based
     * @param heredoc   true for a line of a here-document's body (data, not a command)
     * @param target    for a here-document line: the file it is written to, when named ({@code > ser.yaml}); else null
     * @param inFunction whether it is in a function's body (it runs when the function is called, not where it is written)
     */
    public record Statement(String file, int line, String text, List<Condition> conditions, boolean heredoc, String target,
                            List<Integer> lineBreaks, boolean inFunction) {
        public Statement {
            conditions = List.copyOf(conditions);
            lineBreaks = List.copyOf(lineBreaks);
        }

        /** The physical line that holds the character at {@code offset} of {@link #text}. */
        public int lineAt(int offset) {
            int n = line;
            for (int b : lineBreaks) {
                if (b <= offset) {
                    n++;
                }
            }
            return n;
        }

        // Written out (with the generated ones' hash): a statement is a map key of its script's index (see Condition).
        @Override
        public boolean equals(Object other) {
            return other instanceof Statement s && line == s.line && heredoc == s.heredoc && inFunction == s.inFunction
                    && java.util.Objects.equals(file, s.file) && java.util.Objects.equals(text, s.text)
                    && conditions.equals(s.conditions) && java.util.Objects.equals(target, s.target)
                    && lineBreaks.equals(s.lineBreaks);
        }

        @Override
        public int hashCode() {
            int h = java.util.Objects.hashCode(file);
            h = h * 31 + line;
            h = h * 31 + java.util.Objects.hashCode(text);
            h = h * 31 + conditions.hashCode();
            h = h * 31 + Boolean.hashCode(heredoc);
            h = h * 31 + java.util.Objects.hashCode(target);
            h = h * 31 + lineBreaks.hashCode();
            return h * 31 + Boolean.hashCode(inFunction);
        }
    }

    private final String file;
    private final List<Statement> statements;
    private final List<String> lines;

    private ShellScript(String file, List<Statement> statements, List<String> lines) {
        this.file = file;
        this.statements = List.copyOf(statements);
        this.lines = List.copyOf(lines);
    }

    public String file() {
        return file;
    }

    public List<Statement> statements() {
        return statements;
    }

    /** The physical line {@code number} (1-based), as written. */
    public String line(int number) {
        return number >= 1 && number <= lines.size() ? lines.get(number - 1) : "";
    }

    public static ShellScript parse(String file, byte[] bytes) {
        return parse(file, new String(bytes, StandardCharsets.UTF_8));
    }

    public static ShellScript parse(String file, String text) {
        List<String> physical = List.of(text.replace("\r\n", "\n").split("\n", -1));
        return new Reader(file, physical).read();
    }

    /** The reading state: the condition frames open at the current statement. */
    private static final class Reader {
        private final String file;
        private final List<String> physical;
        private final List<Statement> out = new ArrayList<>();
        private final Deque<Frame> frames = new ArrayDeque<>();

        /** An if, case, loop or function body; conditions only for if frames and case arms. */
        private static final class Frame {
            final String kind;
            final List<Condition> conditions = new ArrayList<>();
            /** For a case: its word. */
            String word;

            Frame(String kind) {
                this.kind = kind;
            }

            /** The branch before an elif or else was not taken: its test holds negated from here on. */
            void leaveBranch() {
                Condition last = conditions.remove(conditions.size() - 1);
                conditions.add(new Condition(last.test(), false, last.line()));
            }
        }

        /**
         * An if or elif line: the test after the keyword (up to {@code then}) holds in the branch,
         * and a statement after {@code then} on the same line belongs to it.
         */
        private void enterBranch(Frame f, int line, String s, int keywordLength) {
            int then = indexOfWord(s, "then");
            f.conditions.add(new Condition((then < 0 ? s.substring(keywordLength) : s.substring(keywordLength, then)).strip(), true, line));
            if (then >= 0) {
                statement(line, s, then + 4);
            }
        }

        Reader(String file, List<String> physical) {
            this.file = file;
            this.physical = physical;
        }

        ShellScript read() {
            int i = 0;
            while (i < physical.size()) {
                int start = i + 1;
                StringBuilder logical = new StringBuilder();
                List<Integer> breaks = new ArrayList<>();
                Scan scan = new Scan();
                String heredocDelimiter = null;
                boolean stripTabs = false;
                String heredocTarget = null;
                while (i < physical.size()) {
                    String raw = physical.get(i++);
                    if (i - 1 > start - 1) {
                        breaks.add(logical.length());
                    }
                    String kept = scan.feed(raw);
                    if (scan.continued) {
                        logical.append(kept, 0, kept.length() - 1);
                        continue;
                    }
                    logical.append(kept);
                    Heredoc d = scan.quote == 0 ? heredoc(logical.toString()) : null;
                    if (d != null) {
                        stripTabs = d.stripTabs();
                        heredocDelimiter = d.delimiter();
                        Matcher t = HEREDOC_TARGET.matcher(stripQuoted(logical.toString()).substring(d.end()));
                        heredocTarget = t.find() ? t.group(1).replace("\"", "").replace("'", "") : null;
                        break;
                    }
                    if (scan.quote == 0 && scan.depth <= 0) {
                        break;
                    }
                    logical.append('\n');
                }
                statements(start, logical.toString(), breaks);
                if (heredocDelimiter != null) {
                    while (i < physical.size()) {
                        String body = physical.get(i++);
                        String compared = stripTabs ? body.replaceFirst("^\t+", "") : body;
                        if (compared.strip().equals(heredocDelimiter)) {
                            break;
                        }
                        out.add(new Statement(file, i, body, conditions(), true, heredocTarget, List.of(), inFunction()));
                    }
                }
            }
            return new ShellScript(file, out, physical);
        }

        private boolean inFunction() {
            for (Frame f : frames) {
                if (f.kind.equals("function")) {
                    return true;
                }
            }
            return false;
        }

        private List<Condition> conditions() {
            List<Condition> all = new ArrayList<>();
            // Outermost first: frames is a stack with the innermost on top.
            List<Frame> outward = new ArrayList<>(frames);
            for (int k = outward.size() - 1; k >= 0; k--) {
                all.addAll(outward.get(k).conditions);
            }
            return all;
        }

        /** Splits a logical line into statements at ; and newlines outside quotes, and applies each. */
        private void statements(int line, String logical, List<Integer> breaks) {
            for (int[] span : spans(logical)) {
                String part = logical.substring(span[0], span[1]);
                int lead = part.length() - part.stripLeading().length();
                int offset = span[0] + lead;
                List<Integer> local = new ArrayList<>();
                int first = line;
                for (int b : breaks) {
                    if (b <= offset) {
                        first++;
                    } else {
                        local.add(b - offset);
                    }
                }
                this.breaks = local;
                statement(first, part.strip());
            }
        }

        private List<Integer> breaks = List.of();

        /** The statement that starts {@code shift} characters into {@code s}, the one being read. */
        private void statement(int line, String s, int shift) {
            while (shift < s.length() && Character.isWhitespace(s.charAt(shift))) {
                shift++;
            }
            List<Integer> saved = breaks;
            List<Integer> local = new ArrayList<>();
            int first = line;
            for (int b : saved) {
                if (b <= shift) {
                    first++;
                } else {
                    local.add(b - shift);
                }
            }
            breaks = local;
            statement(first, s.substring(shift));
            breaks = saved;
        }

        private void statement(int line, String s) {
            if (s.isEmpty()) {
                return;
            }
            String word = firstWord(s);
            switch (word) {
                case "if" -> {
                    Frame f = new Frame("if");
                    frames.push(f);
                    enterBranch(f, line, s, "if".length());
                    return;
                }
                case "elif" -> {
                    Frame f = frames.peek();
                    if (f != null && f.kind.equals("if")) {
                        f.leaveBranch();
                        enterBranch(f, line, s, "elif".length());
                    }
                    return;
                }
                case "then" -> {
                    statement(line, s, 4);
                    return;
                }
                case "else" -> {
                    Frame f = frames.peek();
                    if (f != null && f.kind.equals("if") && !f.conditions.isEmpty()) {
                        f.leaveBranch();
                    }
                    statement(line, s, 4);
                    return;
                }
                case "fi", "esac", "done" -> {
                    if (!frames.isEmpty()) {
                        frames.pop();
                    }
                    return;
                }
                case "case" -> {
                    Frame f = new Frame("case");
                    List<Words.Word> words = Words.of(s);
                    f.word = words.size() >= 3 && words.get(2).raw().equals("in") ? words.get(1).raw() : null;
                    frames.push(f);
                    return;
                }
                case "for", "while", "until", "select" -> {
                    frames.push(new Frame("loop"));
                    int doAt = indexOfWord(s, "do");
                    if (doAt >= 0) {
                        statement(line, s, doAt + 2);
                    }
                    return;
                }
                case "do" -> {
                    statement(line, s, 2);
                    return;
                }
                case "}" -> {
                    if (s.equals("}") && !frames.isEmpty() && frames.peek().kind.equals("function")) {
                        frames.pop();
                    }
                    return;
                }
                default -> {
                }
            }
            // both forms of a definition hold "()" or start with "function": most statements are spared the pattern
            if ((s.startsWith("function") || s.contains("()")) && FUNCTION.matcher(s).matches()) {
                frames.push(new Frame("function"));
                return;
            }
            if (!frames.isEmpty() && frames.peek().kind.equals("case")) {
                Matcher m = CASE_PATTERN.matcher(s);
                if (m.matches() && !s.contains("=(")) {
                    arm(frames.peek(), s.substring(0, m.start(1)), line);
                    statement(line, s, m.start(1));
                    return;
                }
            }
            // [ test ] && command, [ test ] || command: the command runs under the test.
            int and = s.startsWith("[") || s.startsWith("test ") ? indexOfOperator(s) : -1;
            if (and > 0) {
                String test = s.substring(0, and).strip();
                boolean holds = s.startsWith("&&", and);
                Frame f = new Frame("and");
                f.conditions.add(new Condition(test, holds, line));
                frames.push(f);
                statement(line, s, and + 2);
                frames.pop();
                return;
            }
            out.add(new Statement(file, line, s, conditions(), false, null, breaks, inFunction()));
        }

        /** Enters a case arm: earlier arms did not match, this one did. */
        private void arm(Frame f, String head, int line) {
            String pattern = head.strip();
            pattern = pattern.substring(pattern.startsWith("(") ? 1 : 0, pattern.lastIndexOf(')')).strip();
            if (f.word == null) {
                return;
            }
            List<Condition> before = new ArrayList<>();
            for (Condition c : f.conditions) {
                before.add(c.holds() ? new Condition(c.test(), false, c.line(), c.pattern()) : c);
            }
            before.add(new Condition(f.word, true, line, pattern));
            f.conditions.clear();
            f.conditions.addAll(before);
        }
    }

    /** Tracks quotes, parentheses and continuations across the physical lines of one logical line. */
    private static final class Scan {
        char quote;
        int depth;
        boolean continued;

        /** The line without its comment; {@code continued} when it ends in an unquoted backslash. */
        String feed(String line) {
            char[] raw = line.toCharArray();
            StringBuilder kept = new StringBuilder(raw.length);
            continued = false;
            for (int k = 0; k < raw.length; k++) {
                char c = raw[k];
                if (quote == '\'') {
                    kept.append(c);
                    if (c == '\'') {
                        quote = 0;
                    }
                    continue;
                }
                if (c == '\\') {
                    if (k + 1 < raw.length) {
                        kept.append(c).append(raw[++k]);
                        continue;
                    }
                    kept.append(c);
                    continued = true;
                    break;
                }
                if (quote == '"') {
                    kept.append(c);
                    if (c == '"') {
                        quote = 0;
                    }
                    continue;
                }
                if (c == '#' && (k == 0 || Character.isWhitespace(raw[k - 1]) || raw[k - 1] == ';')) {
                    break;
                }
                if (c == '\'' || c == '"') {
                    quote = c;
                } else if (c == '(') {
                    depth++;
                } else if (c == ')') {
                    depth--;
                }
                kept.append(c);
            }
            if (quote != 0 && continued) {
                continued = false;
            }
            return kept.toString();
        }
    }

    /** The text with quoted parts blanked, so that operators and here-document markers are found outside quotes. */
    /** A here-document a line opens: {@code <<-} strips leading tabs; {@code end} is where its delimiter ends. */
    private record Heredoc(boolean stripTabs, String delimiter, int end) {
    }

    /** The first here-document the line opens, or null when it opens none. */
    private static Heredoc heredoc(String line) {
        if (!line.contains("<<")) {
            return null; // most lines: no operator to look for outside quotes
        }
        Matcher h = HEREDOC.matcher(stripQuoted(line));
        while (h.find()) {
            Matcher d = HEREDOC_DELIMITER.matcher(line).region(h.end(), line.length());
            if (d.lookingAt()) {
                return new Heredoc(!h.group(1).isEmpty(), d.group(2), d.end());
            }
        }
        return null;
    }

    static String stripQuoted(String s) {
        // char arrays, not charAt: every script line passes here, and a line with a character beyond
        // Latin-1 (an em dash in an echo) makes each charAt a checked call on a short run
        char[] in = s.toCharArray();
        char[] out = new char[in.length];
        char quote = 0;
        for (int k = 0; k < in.length; k++) {
            char c = in[k];
            if (quote == 0 && c == '\\' && k + 1 < in.length) {
                out[k] = ' ';
                out[++k] = ' ';
                continue;
            }
            if (quote == 0 && (c == '\'' || c == '"')) {
                quote = c;
                out[k] = c;
            } else if (quote != 0 && c == quote && !(quote == '"' && k > 0 && in[k - 1] == '\\')) {
                quote = 0;
                out[k] = c;
            } else {
                out[k] = quote != 0 ? ' ' : c;
            }
        }
        return new String(out);
    }

    /** Splits at ;, ;; and newlines outside quotes and parentheses. */
    static List<String> split(String logical) {
        return spans(logical).stream().map(span -> logical.substring(span[0], span[1])).toList();
    }

    /** Where the parts {@link #split} returns start and end. */
    private static List<int[]> spans(String logical) {
        char[] masked = stripQuoted(logical).toCharArray();
        List<int[]> parts = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int k = 0; k < masked.length; k++) {
            char c = masked[k];
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
            } else if (depth == 0 && (c == ';' || c == '\n')) {
                parts.add(new int[] {from, k});
                if (c == ';' && k + 1 < masked.length && masked[k + 1] == ';') {
                    k++;
                }
                from = k + 1;
            }
        }
        parts.add(new int[] {from, logical.length()});
        return parts;
    }

    private static String firstWord(String s) {
        int end = 0;
        while (end < s.length() && !Character.isWhitespace(s.charAt(end)) && s.charAt(end) != ';') {
            end++;
        }
        return s.substring(0, end);
    }

    /** Where {@code word} stands as a word outside quotes, or -1. */
    static int indexOfWord(String s, String word) {
        Pattern pattern = switch (word) {
            case "then" -> THEN;
            case "do" -> DO;
            default -> wordPattern(word);
        };
        Matcher m = pattern.matcher(stripQuoted(s));
        return m.find() ? m.end() - word.length() : -1;
    }

    private static final Pattern THEN = wordPattern("then");
    private static final Pattern DO = wordPattern("do");

    private static Pattern wordPattern(String word) {
        return Pattern.compile("(?:^|\\s)" + Pattern.quote(word) + "(?=\\s|$)");
    }

    /** The first && or || outside quotes and brackets, or -1. */
    private static int indexOfOperator(String s) {
        char[] masked = stripQuoted(s).toCharArray();
        int depth = 0;
        for (int k = 0; k + 1 < masked.length; k++) {
            char c = masked[k];
            if (c == '[' || c == '(') {
                depth++;
            } else if (c == ']' || c == ')') {
                depth--;
            } else if (depth <= 0 && (c == '&' || c == '|') && masked[k + 1] == c) {
                return k;
            }
        }
        return -1;
    }
}
