package dev.sweepgate.review.shell;

import java.util.ArrayList;
import java.util.List;

/** Shell words of a statement, as written (quotes kept), with where each starts. */
public final class Words {
    /** One word: its text as written and its offset in the statement. */
    public record Word(String raw, int offset) {
    }

    private Words() {
    }

    /** The words of {@code text}: split at whitespace outside quotes; (, ) of arrays are words of their own. */
    public static List<Word> of(String text) {
        List<Word> words = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int start = -1;
        char quote = 0;
        int depth = 0;
        for (int k = 0; k < text.length(); k++) {
            char c = text.charAt(k);
            if (quote == 0 && Character.isWhitespace(c) && depth == 0) {
                if (start >= 0) {
                    words.add(new Word(current.toString(), start));
                    current.setLength(0);
                    start = -1;
                }
                continue;
            }
            if (quote == 0 && depth == 0 && (c == '(' || c == ')') && !(k > 0 && text.charAt(k - 1) == '$')
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
            if (quote != '\'' && c == '\\' && k + 1 < text.length()) {
                current.append(text.charAt(++k));
                continue;
            }
            if (quote == 0 && c == '$' && k + 1 < text.length() && text.charAt(k + 1) == '(') {
                depth++;
                current.append(text.charAt(++k));
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
