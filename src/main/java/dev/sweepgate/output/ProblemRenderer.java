package dev.sweepgate.output;

import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.Problems;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Renders problems for people (text), for GitHub Actions (workflow commands) or as JSON. */
public final class ProblemRenderer {
    private ProblemRenderer() {
    }

    /** Renders {@code problems} sorted by file, line and column, each reported once. */
    public static void render(List<Problem> problems, Format format, String tool, PrintStream out) {
        render(problems, format, tool, out, Highlight.NONE);
    }

    /** The same, the text format's severities and rule ids marked by {@code highlight} (colour on a terminal). */
    public static void render(List<Problem> problems, Format format, String tool, PrintStream out, Highlight highlight) {
        problems = Problems.ordered(problems);
        switch (format) {
            case TEXT -> {
                problems.forEach(p -> out.print(text(p, highlight) + "\n" + Snippet.of(p)));
                if (!problems.isEmpty()) {
                    out.println(Problems.count(problems));
                }
            }
            case GITHUB -> problems.forEach(p -> out.println(github(p)));
            case JSON -> out.println(json(problems));
            case SARIF -> out.println(Sarif.render(problems, tool));
        }
        out.flush();
    }

    /** {@code file:line:col: error: message [rule]}, the shape compilers use, so editors link it. */
    public static String text(Problem p) {
        return text(p, Highlight.NONE);
    }

    static String text(Problem p, Highlight highlight) {
        String where = p.position().toString();
        return (where.isEmpty() ? "" : where + ": ") + highlight.severity(p.severity(), p.severity().word()) + ": "
                + p.message() + " [" + highlight.rule(p.rule()) + "]";
    }

    /** A GitHub Actions workflow command: {@code ::error file=F,line=L,col=C,title=R::message}. */
    public static String github(Problem p) {
        StringBuilder sb = new StringBuilder("::").append(p.severity().github());
        List<String> props = new ArrayList<>();
        if (!p.file().isEmpty()) {
            props.add("file=" + escapeProperty(p.file()));
        }
        if (p.line() > 0) {
            props.add("line=" + p.line());
        }
        if (p.column() > 0) {
            props.add("col=" + p.column());
        }
        props.add("title=" + escapeProperty(p.rule()));
        sb.append(' ').append(String.join(",", props));
        return sb.append("::").append(escapeData(p.message())).toString();
    }

    static String escapeData(String s) {
        return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    static String escapeProperty(String s) {
        return escapeData(s).replace(":", "%3A").replace(",", "%2C");
    }

    public static String json(List<Problem> problems) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (Problem p : problems) {
            list.add(asMap(p));
        }
        return PrettyJson.write(Map.of("problems", list));
    }

    /** A problem as every JSON document of sweepgate writes it. */
    public static Map<String, Object> asMap(Problem p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("severity", p.severity().word());
        m.put("file", p.file());
        m.put("line", p.line());
        m.put("column", p.column());
        m.put("rule", p.rule());
        m.put("message", p.message());
        return m;
    }
}
