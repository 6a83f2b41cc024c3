package dev.sweepgate.journey;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * A GitHub Actions workflow file as data, so that tests check what the workflow says and run
 * the steps exactly as it writes them (its {@code run:} text with its {@code env:} values).
 */
public final class Workflow {
    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{\\{\\s*(.*?)\\s*}}");

    private final Path file;
    private final Map<String, Object> document;

    private Workflow(Path file, Map<String, Object> document) {
        this.file = file;
        this.document = document;
    }

    @SuppressWarnings("unchecked")
    public static Workflow load(Path file) {
        try {
            Object doc = new Load(LoadSettings.builder().build()).loadFromString(Files.readString(file));
            return new Workflow(file, (Map<String, Object>) doc);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Map<String, Object> document() {
        return document;
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> jobs() {
        return (Map<String, Object>) document.get("jobs");
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> job(String name) {
        Map<String, Object> job = (Map<String, Object>) jobs().get(name);
        if (job == null) {
            throw new AssertionError(file + " has no job " + name + "; jobs: " + jobs().keySet());
        }
        return job;
    }

    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> steps(String job) {
        return (List<Map<String, Object>>) job(job).get("steps");
    }

    /** A {@code run:} step: its script and environment. */
    public record Step(String run, Map<String, String> env) {
        /**
         * The environment with every {@code ${{ expression }}} replaced by the value an event gives it.
         *
         * @throws AssertionError for an expression {@code values} does not know
         */
        public Map<String, String> env(Map<String, String> values) {
            Map<String, String> resolved = new LinkedHashMap<>();
            env.forEach((name, value) -> {
                Matcher m = EXPRESSION.matcher(value);
                StringBuilder sb = new StringBuilder();
                while (m.find()) {
                    String replacement = values.get(m.group(1));
                    if (replacement == null) {
                        throw new AssertionError("the test gives no value for ${{ " + m.group(1) + " }} (env " + name + ")");
                    }
                    m.appendReplacement(sb, Matcher.quoteReplacement(replacement));
                }
                m.appendTail(sb);
                resolved.put(name, sb.toString());
            });
            return resolved;
        }
    }

    /** The step of {@code job} with this {@code id}. */
    @SuppressWarnings("unchecked")
    public Step step(String job, String id) {
        for (Map<String, Object> step : steps(job)) {
            if (id.equals(step.get("id"))) {
                Map<String, String> env = new LinkedHashMap<>();
                Object declared = step.get("env");
                if (declared != null) {
                    ((Map<String, Object>) declared).forEach((k, v) -> env.put(k, String.valueOf(v)));
                }
                String run = (String) step.get("run");
                if (run != null && EXPRESSION.matcher(run).find()) {
                    throw new AssertionError(file + ": step " + id + " puts an expression into its script; pass it through env");
                }
                return new Step(run, env);
            }
        }
        throw new AssertionError(file + ": job " + job + " has no step with id " + id);
    }
}
