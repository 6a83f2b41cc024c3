package dev.sweepgate.sweep.priority;

import static dev.sweepgate.schema.Field.optional;
import static dev.sweepgate.schema.Field.required;

import dev.sweepgate.schema.Format;
import dev.sweepgate.schema.Kind;
import dev.sweepgate.schema.Shape;

/**
 * The fields of {@code configs/ci-priority.yaml}, the benchmark repository's CI priority policy:
 * what {@link PolicyLoader} accepts and what {@code sweepgate schema priority} prints.
 */
public final class PolicyFormat {
    private PolicyFormat() {
    }

    static final int VERSION = 1;

    private static final Kind NUMBER = new Kind.Num(null, null);

    /** Free names (events, precisions, prefixes) to the number they add. */
    private static final Kind NAMED_NUMBERS = new Kind.MapOf(NUMBER, null, null);

    static final Shape ADJUSTMENTS = Shape.of("adjustments", "Score adjustments",
            "What a job's facts add to the base score.",
            optional("event", NAMED_NUMBERS, "GitHub event name (push, pull_request, ...) → what it adds."),
            optional("multi-node", NUMBER, "Added for a multi-node job (one with a prefill worker)."),
            optional("agentic", NUMBER, "Added for an agentic job (scenario-type agentic-coding)."),
            optional("eval-only", NUMBER, "Added for an eval-only job."),
            optional("precision", NAMED_NUMBERS, "Precision (exactly as the job names it) → what it adds."),
            optional("spec-decoding", NAMED_NUMBERS, "Speculative-decoding method → what it adds."),
            optional("framework-prefix", NAMED_NUMBERS, "Framework prefix → what it adds; the first prefix that is "
                    + "the framework or is followed by `-` in it counts."),
            optional("model-prefix", NAMED_NUMBERS, "Model prefix (exactly as the job names it) → what it adds."));

    static final Shape SKIP_QUEUE = Shape.of("skip-queue", "Skip-queue label",
            "The label that asks the CI tracker to let a pull request's jobs skip the queue.",
            required("name", Kind.nonEmptyString(), "The label; with a pull request number, jobs gain skip-queue-pr."));

    static final Shape CHECKLIST = Shape.of("checklist-complete", "Checklist-complete labels",
            "Labels saying the pull request's checklist is complete.",
            optional("names", Kind.listOf(Kind.string()), "The labels."),
            optional("adjustment", NUMBER, "Added to every job's score when one of the labels is present."));

    static final Shape PATCHWORK = Shape.of("patchwork", "Patchwork labels",
            "Labels that send every job of a pull request to the bottom of the queue.",
            required("names", Kind.listOf(Kind.string()), "The labels."),
            required("score", NUMBER, "The score every job gets instead of the computed one."),
            optional("waived-by", Kind.listOf(Kind.string()), "Labels that cancel the patchwork labels."));

    static final Shape LABELS = Shape.of("labels", "Labels", "Pull request labels the policy reads.",
            optional("skip-queue", Kind.object(SKIP_QUEUE), "The skip-queue label."),
            optional("checklist-complete", Kind.object(CHECKLIST), "The checklist-complete labels."),
            required("patchwork", Kind.object(PATCHWORK), "The patchwork labels."));

    static final Shape POLICY = Shape.of("ci-priority-policy", "CI priority policy",
            "configs/ci-priority.yaml: how benchmark jobs are scored (higher runs sooner).",
            required("version", Kind.integer(VERSION), "The policy format; 1."),
            required("base-score", NUMBER, "Every job's score before adjustments."),
            required("adjustments", Kind.object(ADJUSTMENTS), "What a job's facts add."),
            required("labels", Kind.object(LABELS), "The labels the policy reads."));

    public static final Format FILE = new Format("urn:sweepgate:schema:ci-priority-policy",
            "sweepgate CI priority policy",
            "configs/ci-priority.yaml, the policy `sweepgate prioritize` and `process-changelog --priority-policy` "
                    + "score jobs with. Generated from the field definitions sweepgate reads it with. Numbers are "
                    + "finite and at most 1e12 in size; version is 1.",
            Kind.object(POLICY));
}
