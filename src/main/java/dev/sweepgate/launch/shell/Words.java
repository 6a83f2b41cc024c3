package dev.sweepgate.launch.shell;

import java.util.ArrayList;
import java.util.List;

/** Shell words of a statement, as written (quotes kept), with where each starts. */
public final class Words {
    /** One word: its text as written and its offset in the statement. */
    public record Word(String raw, int offset) {
    }

    private Words() {
    }

    /** The words of {@code statement}: split at whitespace outside quotes; (, ) of arrays are words of their own. */
    public static List<Word> of(String statement) {
        char[] text = statement.toCharArray(); // not charAt: see ShellScript.stripQuoted
        List<Word> words = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int start = -1;
        char quote = 0;
        int depth = 0;
        for (int k = 0; k < text.length; k++) {
            char c = text[k];
            if (quote == 0 && Character.isWhitespace(c) && depth == 0) {
                if (start >= 0) {
                    words.add(new Word(current.toString(), start));
                    current.setLength(0);
                    start = -1;
                }
                continue;
            }
            if (quote == 0 && depth == 0 && (c == '(' || c == ')') && !(k > 0 && text[k - 1] == '$')
                    && !(c == '(' && current.length() > 0 && current.charAt(current.length() - 1) == '$')) {
                if (start >= 0) {
                    // NAME=( starts an array: the assignment and the parenthesis are separate words.
                    words.add(new Word(current.toString(), start));
                    current.setLength(0);
                    start = -1;
                }
                words.add(new Word(String.valueOf(c), k));
                continue;
            }
            if (start < 0) {
                start = k;
            }
            current.append(c);
            if (quote != '\'' && c == '\\' && k + 1 < text.length) {
                current.append(text[++k]);
                continue;
            }
            if (quote == 0 && c == '$' && k + 1 < text.length && text[k + 1] == '(') {
                depth++;
                current.append(text[++k]);
                continue;
            }
            if (quote == 0 && depth > 0 && c == '(') {
                depth++;
            } else if (quote == 0 && depth > 0 && c == ')') {
                depth--;
            } else if (quote == 0 && (c == '\'' || c == '"')) {
                quote = c;
            } else if (quote != 0 && c == quote) {
                quote = 0;
            }
        }
        if (start >= 0) {
            words.add(new Word(current.toString(), start));
        }
        return words;
    }

    /** A piece of a word as the shell reads it: literal text (quotes and escapes resolved) or one expansion. */
    public record Part(Kind kind, String text) {
        /**
         * LITERAL: text; VARIABLE: {@code $NAME} (text NAME); PARAMETER: {@code ${…}} (text inside);
         * COMMAND: {@code $(…)} (text inside); ARITHMETIC, BACKTICK, UNCLOSED: the rest of the word,
         * from that expansion on; SPECIAL: {@code $1}, {@code $@} and kin (text the character).
         */
        public enum Kind { LITERAL, VARIABLE, PARAMETER, COMMAND, ARITHMETIC, BACKTICK, UNCLOSED, SPECIAL }
    }

    /** The parts of the word {@code raw}, in order; after an expansion that runs to the word's end, none. */
    public static List<Part> parts(String raw) {
        List<Part> out = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        char quote = 0;
        for (int k = 0; k < raw.length(); k++) {
            char c = raw.charAt(k);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    literal.append(c);
                }
                continue;
            }
            if (c == '\\' && k + 1 < raw.length()) {
                char next = raw.charAt(++k);
                if (quote == '"' && "\"\\$`".indexOf(next) < 0) {
                    literal.append(c);
                }
                literal.append(next);
                continue;
            }
            if (c == '"' || (c == '\'' && quote == 0)) {
                quote = c == '"' && quote == '"' ? 0 : c;
                continue;
            }
            if (c != '`' && !(c == '$' && k + 1 < raw.length())) {
                literal.append(c);
                continue;
            }
            Part part;
            int end;
            char next = c == '`' ? 0 : raw.charAt(k + 1);
            if (c == '`' || (next == '(' && raw.startsWith("$((", k))) {
                part = new Part(c == '`' ? Part.Kind.BACKTICK : Part.Kind.ARITHMETIC, raw.substring(k));
                end = raw.length();
            } else if (next == '(' || next == '{') {
                end = next == '(' ? closing(raw, k + 1) : raw.indexOf('}', k);
                part = end < 0 ? new Part(Part.Kind.UNCLOSED, raw.substring(k))
                        : new Part(next == '(' ? Part.Kind.COMMAND : Part.Kind.PARAMETER, raw.substring(k + 2, end));
                end = end < 0 ? raw.length() : end;
            } else if (Character.isLetter(next) || next == '_') {
                end = k + 1;
                while (end + 1 < raw.length() && (Character.isLetterOrDigit(raw.charAt(end + 1)) || raw.charAt(end + 1) == '_')) {
                    end++;
                }
                part = new Part(Part.Kind.VARIABLE, raw.substring(k + 1, end + 1));
            } else {
                part = new Part(Part.Kind.SPECIAL, String.valueOf(next));
                end = k + 1;
            }
            if (literal.length() > 0) {
                out.add(new Part(Part.Kind.LITERAL, literal.toString()));
                literal.setLength(0);
            }
            out.add(part);
            k = end;
        }
        if (literal.length() > 0) {
            out.add(new Part(Part.Kind.LITERAL, literal.toString()));
        }
        return out;
    }

    /** The index of the parenthesis closing the one at {@code open}, outside quotes; -1 if none. */
    public static int closing(String s, int open) {
        int depth = 0;
        char quote = 0;
        for (int k = open; k < s.length(); k++) {
            char c = s.charAt(k);
            if (quote != 0) {
                if (c == '\\' && quote == '"') {
                    k++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return k;
            }
        }
        return -1;
    }
}
