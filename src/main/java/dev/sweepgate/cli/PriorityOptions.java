package dev.sweepgate.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sweepgate.json.PythonJson;
import dev.sweepgate.problem.UsageException;
import dev.sweepgate.sweep.priority.PolicyLoader;
import dev.sweepgate.sweep.priority.Prioritizer;
import dev.sweepgate.sweep.priority.PriorityContext;
import dev.sweepgate.sweep.priority.PriorityPolicy;
import dev.sweepgate.yaml.SourceFile;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * What the benchmark workflow tells its priority step about the run (prioritize, and
 * process-changelog with --priority-policy): the options of the reference's {@code ci_priority.py},
 * with its defaults.
 */
final class PriorityOptions {
    static final String DEFAULT_POLICY = "configs/ci-priority.yaml";

    private final OptionSpec eventName = Specs.value("--event-name", "NAME", String.class,
            "The GitHub event of the run (push, pull_request, ...): the policy's adjustment for it is added "
                    + "(default: none).").defaultValue("").build();

    private final OptionSpec labelsJson = Specs.value("--labels-json", "JSON", String.class,
            "The pull request's labels, as a JSON array of strings (default: ${DEFAULT-VALUE}).")
            .defaultValue("[]").build();

    private final OptionSpec queueNamespace = Specs.value("--queue-namespace", "NAMESPACE", String.class,
            "What makes this run's queue tokens its own; the workflow passes RUN_ID:ATTEMPT "
                    + "(default: ${DEFAULT-VALUE}).").defaultValue(PriorityContext.DEFAULT_NAMESPACE).build();

    private final OptionSpec prNumber = Specs.value("--pr-number", "N", Long.class,
            "The pull request's number: with the policy's skip-queue label among the labels, every job gains "
                    + "skip-queue-pr: N.").build();

    private final OptionSpec criteriaJson = Specs.value("--criteria-json", "JSON", String.class,
            "The facts a classifier found in the change, as a JSON array of strings (multi-node, agentic, "
                    + "eval-only, checklist-complete, patchwork, or a precision, spec-decoding method, framework or "
                    + "model prefix the policy scores): then only the facts named count (default: each job's own).")
            .defaultValue("").build();

    CommandSpec spec() {
        return Specs.group(eventName, labelsJson, queueNamespace, prNumber, criteriaJson);
    }

    /** Whether any of these options was given on the command line. */
    boolean anyGiven() {
        return List.of(eventName, labelsJson, queueNamespace, prNumber, criteriaJson).stream()
                .anyMatch(option -> !option.originalStringValues().isEmpty());
    }

    /** The names of the options given, for a message. */
    List<String> given() {
        return List.of(eventName, labelsJson, queueNamespace, prNumber, criteriaJson).stream()
                .filter(option -> !option.originalStringValues().isEmpty()).map(OptionSpec::longestName).toList();
    }

    /** The context the options describe; a malformed JSON option is bad usage. */
    PriorityContext context() {
        Long number = prNumber.getValue();
        MergeOptions.checkPrNumber(number);
        Set<String> labels = strings(labelsJson);
        return new PriorityContext(eventName.getValue(), labels == null ? Set.of() : labels,
                queueNamespace.getValue(), number, strings(criteriaJson));
    }

    /**
     * The policy at {@code path} (a missing file is an environment failure, a broken one breaks a rule),
     * and a prioritizer for it and the options; criteria the policy does not know are bad usage.
     */
    Prioritizer prioritizer(Context context, String path) {
        PriorityContext run = context();
        PriorityPolicy policy = PolicyLoader.load(new SourceFile(path, context.read(path)));
        Set<String> unknown = Prioritizer.unknownCriteria(policy, run.criteria());
        if (!unknown.isEmpty()) {
            throw new UsageException("--criteria-json names " + (unknown.size() == 1 ? "a criterion" : "criteria")
                    + " the policy " + path + " does not know: " + String.join(", ", unknown) + "; known: "
                    + String.join(", ", policy.supportedCriteria()));
        }
        return new Prioritizer(policy, run);
    }

    /** A JSON array of strings as the reference reads it: {@code ""} and {@code null} mean none (null). */
    private static Set<String> strings(OptionSpec option) {
        String text = option.getValue();
        String name = option.longestName();
        if (text.isEmpty()) {
            return null;
        }
        JsonNode value;
        try {
            value = PythonJson.read(text);
        } catch (PythonJson.NotJson e) {
            throw new UsageException(name + " is not JSON (" + e.error().message() + " at column "
                    + e.error().column() + "): pass a JSON array of strings, such as [\"ci-patchwork\"]");
        }
        if (value.isNull()) {
            return null;
        }
        Set<String> strings = new LinkedHashSet<>();
        if (value.isArray()) {
            for (JsonNode item : value) {
                if (!item.isTextual()) {
                    strings = null;
                    break;
                }
                strings.add(item.textValue());
            }
        }
        if (!value.isArray() || strings == null) {
            throw new UsageException(name + " must be a JSON array of strings, such as [\"ci-patchwork\"], not " + text);
        }
        return strings;
    }
}
