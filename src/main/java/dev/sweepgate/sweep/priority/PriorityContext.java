package dev.sweepgate.sweep.priority;

import java.util.Set;

/**
 * What the workflow knows about the run being scored.
 *
 * @param eventName the GitHub event ({@code push}, {@code pull_request}, ...), {@code ""} when none
 * @param labels    the pull request's labels
 * @param queueNamespace what makes queue tokens of one run differ from another's (the workflow
 *                  passes {@code <run id>:<attempt>})
 * @param prNumber  the pull request's number, or null
 * @param criteria  the facts a classifier found in the change, or null to read them from each job
 */
public record PriorityContext(String eventName, Set<String> labels, String queueNamespace, Long prNumber,
                              Set<String> criteria) {
    public static final String DEFAULT_NAMESPACE = "local";

    public PriorityContext {
        labels = Set.copyOf(labels);
        criteria = criteria == null ? null : Set.copyOf(criteria);
    }

    /** A push to main as the benchmark workflow scores it: no labels, no pull request, no criteria. */
    public static PriorityContext push() {
        return new PriorityContext("push", Set.of(), DEFAULT_NAMESPACE, null, null);
    }
}
