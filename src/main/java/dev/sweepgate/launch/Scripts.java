package dev.sweepgate.launch;

import dev.sweepgate.launch.shell.ScriptView;
import dev.sweepgate.problem.Position;
import dev.sweepgate.launch.shell.ShellScript;
import dev.sweepgate.launch.shell.Words;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A launch script read with the scripts it sources or hands the run over to ({@code exec bash X.sh})
 * from the repository, benchmark_lib.sh's functions aside; a directory held in a variable
 * ({@code SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"}) is followed.
 */
public final class Scripts {
    private static final Pattern RELATIVE = Pattern.compile(
            "^\"?\\$\\(dirname\\s+\"?\\$(?:0|\\{0}|\\{BASH_SOURCE\\[0]}|BASH_SOURCE)\"?\\)\"?/(.+?)\"?$");
    private static final int MAX_SOURCES = 8;
    private static final Pattern PLAIN_PATH = Pattern.compile("[\\w./-]+");
    /** The library every launch script sources. */
    public static final String LIBRARY = "benchmarks/benchmark_lib.sh";
    private static final String DIRNAME = "\\$\\(dirname\\s+\"?\\$(?:0|\\{0}|\\{BASH_SOURCE\\[0]}|BASH_SOURCE)\"?\\)";
    /** {@code "$(cd "$(dirname "$0")" && pwd)"}: the script's own directory. */
    private static final Pattern SCRIPT_DIR = Pattern.compile("^\"?\\$\\(\\s*cd\\s+\"?" + DIRNAME + "\"?\\s*&&\\s*pwd\\s*\\)\"?$");
    /** {@code "$(cd "$DIR/../.." && pwd)"}. */
    private static final Pattern RELATIVE_DIR = Pattern.compile(
            "^\"?\\$\\(\\s*cd\\s+\"?\\$\\{?([A-Za-z_]\\w*)}?/([^\"\\s)]+)\"?\\s*&&\\s*pwd\\s*\\)\"?$");
    /** {@code "$DIR/x.sh"}, {@code "${DIR}/x.sh"}. */
    private static final Pattern VARIABLE_DIR = Pattern.compile("^\"?\\$\\{?([A-Za-z_]\\w*)}?/(.+?)\"?$");

    /**
     * @param view      the script and what it sources
     * @param unread    the source and run statements whose file could not be found
     * @param files     the scripts read, the launch script first: what the run executes of the repository
     * @param libraries the shared libraries sourced (benchmark_lib.sh), which are not read
     */
    public record Loaded(ScriptView view, List<Unread> unread, List<String> files, List<String> libraries) {
        public Loaded {
            unread = List.copyOf(unread);
            files = List.copyOf(files);
            libraries = List.copyOf(libraries);
        }

        /** Each unread statement as {@code file:line: text}. */
        public List<String> unresolved() {
            return unread.stream().map(Unread::text).toList();
        }
    }

    /**
     * A statement whose script is not read.
     *
     * @param child true for {@code bash X.sh} without {@code exec}: a child process, which cannot change
     *              what this script itself passes after it returns
     * @param text  {@code file:line: text}, and why it is not read
     */
    public record Unread(String file, int line, boolean child, String text) {
    }

    private Scripts() {
    }

    public static Loaded load(String path, RepoFiles files) {
        List<ShellScript> scripts = new ArrayList<>();
        List<Unread> unresolved = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        List<String> read = new ArrayList<>();
        Set<String> libraries = new LinkedHashSet<>();
        List<String> queue = new ArrayList<>(List.of(path));
        while (!queue.isEmpty() && seen.size() < MAX_SOURCES) {
            String next = queue.remove(0);
            if (!seen.add(next)) {
                continue;
            }
            ShellScript script = files.script(next, Position.ofFile(next));
            if (script == null) {
                continue;
            }
            scripts.add(script);
            read.add(next);
            Map<String, String> dirs = new HashMap<>();
            for (ShellScript.Statement s : script.statements()) {
                // Only an assignment of "$(cd ... && pwd)" names a directory, and only a statement that starts with
                // source, ., bash or exec reads a script: the others (most of a script) are not split into words.
                String text = s.text();
                boolean names = text.startsWith("source") || text.startsWith(".") || text.startsWith("bash")
                        || text.startsWith("exec");
                if (!names && !text.contains("pwd")) {
                    continue;
                }
                ScriptView.Assignment a = ScriptView.assignment(s);
                if (a != null) {
                    String dir = directory(next, a.value(), dirs);
                    if (dir != null) {
                        dirs.put(a.name(), dir);
                    }
                    continue;
                }
                if (!names || s.heredoc()) {
                    continue;
                }
                List<Words.Word> words = Words.of(text);
                String argument = sourceOrRun(words);
                if (argument == null) {
                    continue;
                }
                String target = sourced(next, argument, dirs);
                if (argument.replace("\"", "").endsWith("benchmark_lib.sh")) {
                    // the shared library: functions, not the server's settings; only its path is kept
                    // (a container's mount of the repository, /workspace/benchmarks/..., is the repository's)
                    String library = target != null ? target
                            : argument.replace("\"", "").endsWith("/" + LIBRARY) ? LIBRARY : null;
                    if (library != null && files.read(library) != null) {
                        libraries.add(library);
                    }
                    continue;
                }
                boolean child = words.get(0).raw().equals("bash");
                if (target == null) {
                    unresolved.add(new Unread(next, s.line(), child, next + ":" + s.line() + ": " + s.text()));
                } else if (files.read(target, new Position(next, s.line(), 0)) == null) {
                    String why = files.outside(target) == null ? target + " does not exist"
                            : "not read: " + files.outside(target) + " [" + RepoFiles.OUTSIDE + "]";
                    unresolved.add(new Unread(next, s.line(), child, next + ":" + s.line() + ": " + s.text() + " (" + why + ")"));
                } else {
                    queue.add(target);
                }
            }
        }
        return new Loaded(new ScriptView(scripts), unresolved, read, List.copyOf(libraries));
    }

    /**
     * The script a statement sources ({@code source X}, {@code . X}) or hands the run over to
     * ({@code bash X.sh}, {@code exec bash X.sh}), or null.
     */
    private static String sourceOrRun(List<Words.Word> words) {
        if (words.size() >= 2 && (words.get(0).raw().equals("source") || words.get(0).raw().equals("."))) {
            return words.get(1).raw();
        }
        int at = words.size() >= 3 && words.get(0).raw().equals("exec") ? 1 : 0;
        if (words.size() > at + 1 && words.get(at).raw().equals("bash") && words.get(at + 1).raw().replace("\"", "").endsWith(".sh")) {
            return words.get(at + 1).raw();
        }
        return null;
    }

    /**
     * The repository directory a value names: {@code "$(cd "$(dirname "$0")" && pwd)"} is the
     * script's own, {@code "$(cd "$DIR/.." && pwd)"} one relative to a directory already known.
     */
    static String directory(String script, String value, Map<String, String> dirs) {
        Matcher own = SCRIPT_DIR.matcher(value);
        if (own.matches()) {
            return script.contains("/") ? script.substring(0, script.lastIndexOf('/')) : "";
        }
        Matcher rel = RELATIVE_DIR.matcher(value);
        if (rel.matches() && dirs.containsKey(rel.group(1))) {
            return normalize(dirs.get(rel.group(1)), rel.group(2));
        }
        return null;
    }

    /** The repository path a {@code source} argument names, relative to the sourcing script, or null. */
    static String sourced(String script, String argument, Map<String, String> dirs) {
        Matcher m = RELATIVE.matcher(argument);
        Matcher v = VARIABLE_DIR.matcher(argument);
        String relative;
        String dir;
        if (m.matches()) {
            relative = m.group(1);
            dir = script.contains("/") ? script.substring(0, script.lastIndexOf('/')) : "";
        } else if (v.matches() && dirs.containsKey(v.group(1))) {
            relative = v.group(2);
            dir = dirs.get(v.group(1));
        } else if (PLAIN_PATH.matcher(argument).matches() && !argument.startsWith("/")) {
            // A plain relative path is read from the directory the runner starts the script in: the repository's top.
            relative = argument;
            dir = "";
        } else {
            return null;
        }
        String normal = normalize(dir, relative);
        // A path that climbs out of the repository stays as written: reading it refuses it, at this statement.
        return normal != null ? normal : dir.isEmpty() ? relative : dir + "/" + relative;
    }

    /** {@code dir/relative} with {@code .} and {@code ..} resolved; null when it leaves the repository. */
    private static String normalize(String dir, String relative) {
        return RepoFiles.normalised(dir.isEmpty() ? relative : dir + "/" + relative);
    }
}
