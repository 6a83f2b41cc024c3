package dev.sweepgate.review.owners;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** A CODEOWNERS file: patterns with owners; the last pattern that matches a path wins, as GitHub applies them. */
public final class CodeOwners {
    /** One rule: its line, the pattern as written, the owners. */
    public record Rule(int line, String pattern, List<String> owners, Pattern regex) {
    }

    private final List<Rule> rules;

    private CodeOwners(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    public static CodeOwners parse(byte[] bytes) {
        List<Rule> rules = new ArrayList<>();
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int hash = line.indexOf(" #");
            if (hash >= 0) {
                line = line.substring(0, hash).strip();
            }
            String[] parts = line.split("\\s+");
            rules.add(new Rule(i + 1, parts[0], List.of(parts).subList(1, parts.length), regex(parts[0])));
        }
        return new CodeOwners(rules);
    }

    /** The rule that decides {@code path}'s owners, or null when none matches. */
    public Rule ruleFor(String path) {
        Rule found = null;
        for (Rule r : rules) {
            if (r.regex().matcher(path).matches()) {
                found = r;
            }
        }
        return found;
    }

    /** gitignore-style: a pattern without a slash (other than a trailing one) matches at any depth. */
    static Pattern regex(String pattern) {
        boolean anchored = pattern.startsWith("/") || pattern.substring(0, Math.max(0, pattern.length() - 1)).contains("/");
        String p = pattern.startsWith("/") ? pattern.substring(1) : pattern;
        boolean directory = p.endsWith("/");
        if (directory) {
            p = p.substring(0, p.length() - 1);
        }
        StringBuilder re = new StringBuilder(anchored ? "" : "(?:.*/)?");
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '*' && i + 1 < p.length() && p.charAt(i + 1) == '*') {
                re.append(".*");
                i++;
                if (i + 1 < p.length() && p.charAt(i + 1) == '/') {
                    i++;
                    re.append("/?");
                }
            } else if (c == '*') {
                re.append("[^/]*");
            } else if (c == '?') {
                re.append("[^/]");
            } else {
                re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        // A pattern names a file or a directory and everything under it.
        re.append(directory ? "/.*" : "(?:/.*)?");
        return Pattern.compile(re.toString());
    }
}
