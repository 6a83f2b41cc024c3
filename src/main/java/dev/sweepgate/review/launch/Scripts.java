package dev.sweepgate.review.launch;

import dev.sweepgate.review.shell.ScriptView;
import dev.sweepgate.review.shell.ShellScript;
import dev.sweepgate.review.shell.Words;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A launch script read with the scripts it sources from the repository (benchmark_lib.sh's functions aside). */
public final class Scripts {
    private static final Pattern RELATIVE = Pattern.compile(
            "^\"?\\$\\(dirname\\s+\"?\\$(?:0|\\{0}|\\{BASH_SOURCE\\[0]}|BASH_SOURCE)\"?\\)\"?/(.+?)\"?$");
    private static final int MAX_SOURCES = 8;

    /**
     * @param view       the script and what it sources
     * @param unresolved the source statements whose file could not be found, as {@code file:line: text}
     */
    public record Loaded(ScriptView view, List<String> unresolved) {
    }

    private Scripts() {
    }

    public static Loaded load(String path, RepoFiles files) {
        List<ShellScript> scripts = new ArrayList<>();
        List<String> unresolved = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        List<String> queue = new ArrayList<>(List.of(path));
        while (!queue.isEmpty() && seen.size() < MAX_SOURCES) {
            String next = queue.remove(0);
            if (!seen.add(next)) {
                continue;
            }
            byte[] bytes = files.read(next);
            if (bytes == null) {
                continue;
            }
            ShellScript script = ShellScript.parse(next, bytes);
            scripts.add(script);
            for (ShellScript.Statement s : script.statements()) {
                List<Words.Word> words = s.heredoc() ? List.of() : Words.of(s.text());
                if (words.size() < 2 || !(words.get(0).raw().equals("source") || words.get(0).raw().equals("."))) {
                    continue;
                }
                String target = sourced(next, words.get(1).raw());
                if (target == null) {
                    unresolved.add(next + ":" + s.line() + ": " + s.text());
                } else if (!target.endsWith("/benchmark_lib.sh") && !target.equals("benchmarks/benchmark_lib.sh")) {
                    if (files.read(target) == null) {
                        unresolved.add(next + ":" + s.line() + ": " + s.text() + " (" + target + " does not exist)");
                    } else {
                        queue.add(target);
                    }
                }
            }
        }
        return new Loaded(new ScriptView(scripts), unresolved);
    }

    /** The repository path a {@code source} argument names, relative to the sourcing script, or null. */
    static String sourced(String script, String argument) {
        Matcher m = RELATIVE.matcher(argument);
        String relative;
        String dir;
        if (m.matches()) {
            relative = m.group(1);
            dir = script.contains("/") ? script.substring(0, script.lastIndexOf('/')) : "";
        } else if (argument.matches("[\\w./-]+") && !argument.startsWith("/")) {
            // A plain relative path is read from the directory the runner starts the script in: the repository's top.
            relative = argument;
            dir = "";
        } else {
            return null;
        }
        List<String> parts = new ArrayList<>(dir.isEmpty() ? List.of() : List.of(dir.split("/")));
        for (String p : relative.split("/")) {
            if (p.equals("..")) {
                if (parts.isEmpty()) {
                    return null;
                }
                parts.remove(parts.size() - 1);
            } else if (!p.equals(".") && !p.isEmpty()) {
                parts.add(p);
            }
        }
        return String.join("/", parts);
    }
}
