package dev.sweepgate.matrix;

import java.util.ArrayList;
import java.util.List;

/**
 * A shell-style pattern, case-sensitive: {@code *} any run of characters, {@code ?} one
 * character, {@code [seq]} / {@code [!seq]} character sets with {@code a-z} ranges. A
 * {@code ^} inside brackets is an ordinary character, and a {@code [} without its closing
 * {@code ]} stands for itself.
 */
final class Glob {
    private sealed interface Token permits Literal, AnyOne, AnyRun, CharSet {
    }

    private record Literal(char c) implements Token {
    }

    private record AnyOne() implements Token {
    }

    private record AnyRun() implements Token {
    }

    /** Ranges as lo/hi pairs; a single character is a range of one. */
    private record CharSet(boolean negated, List<char[]> ranges) implements Token {
        boolean matches(char c) {
            boolean inside = false;
            for (char[] range : ranges) {
                if (range[0] <= c && c <= range[1]) {
                    inside = true;
                    break;
                }
            }
            return inside != negated;
        }
    }

    private final List<Token> tokens;

    private Glob(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** True when {@code key} is meant as a pattern rather than a literal key. */
    static boolean isPattern(String key) {
        return key.indexOf('*') >= 0 || key.indexOf('?') >= 0;
    }

    static Glob compile(String pattern) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        int n = pattern.length();
        while (i < n) {
            char c = pattern.charAt(i++);
            if (c == '*') {
                if (tokens.isEmpty() || !(tokens.get(tokens.size() - 1) instanceof AnyRun)) {
                    tokens.add(new AnyRun());
                }
            } else if (c == '?') {
                tokens.add(new AnyOne());
            } else if (c == '[') {
                int j = i;
                if (j < n && pattern.charAt(j) == '!') {
                    j++;
                }
                if (j < n && pattern.charAt(j) == ']') {
                    j++;
                }
                while (j < n && pattern.charAt(j) != ']') {
                    j++;
                }
                if (j >= n) {
                    tokens.add(new Literal('['));
                } else {
                    tokens.add(charSet(pattern.substring(i, j)));
                    i = j + 1;
                }
            } else {
                tokens.add(new Literal(c));
            }
        }
        return new Glob(List.copyOf(tokens));
    }

    private static CharSet charSet(String body) {
        boolean negated = body.startsWith("!");
        String members = negated ? body.substring(1) : body;
        List<char[]> ranges = new ArrayList<>();
        int k = 0;
        while (k < members.length()) {
            char lo = members.charAt(k);
            if (k + 2 < members.length() && members.charAt(k + 1) == '-') {
                ranges.add(new char[] {lo, members.charAt(k + 2)});
                k += 3;
            } else {
                ranges.add(new char[] {lo, lo});
                k++;
            }
        }
        return new CharSet(negated, ranges);
    }

    boolean matches(String text) {
        // Classic two-pointer match with backtracking to the last '*'.
        int t = 0;
        int p = 0;
        int starToken = -1;
        int starText = 0;
        while (t < text.length()) {
            if (p < tokens.size() && !(tokens.get(p) instanceof AnyRun) && matchesOne(tokens.get(p), text.charAt(t))) {
                p++;
                t++;
            } else if (p < tokens.size() && tokens.get(p) instanceof AnyRun) {
                starToken = p++;
                starText = t;
            } else if (starToken >= 0) {
                p = starToken + 1;
                t = ++starText;
            } else {
                return false;
            }
        }
        while (p < tokens.size() && tokens.get(p) instanceof AnyRun) {
            p++;
        }
        return p == tokens.size();
    }

    private static boolean matchesOne(Token token, char c) {
        if (token instanceof Literal literal) {
            return literal.c() == c;
        }
        if (token instanceof AnyOne) {
            return true;
        }
        return ((CharSet) token).matches(c);
    }
}
