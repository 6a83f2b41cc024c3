package dev.sweepgate.sweep.priority;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sweepgate.json.PythonJson;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The benchmark workflow's priority step ({@code utils/ci_priority.py}) over a Jackson tree of a
 * sweep (or of any JSON): every object holding both {@code runner} and {@code framework}, at any
 * depth, is a job and gains {@code priority} (its score, three decimals), {@code queue-token} and,
 * when the pull request asked to skip the queue, {@code skip-queue-pr}. Nothing else changes.
 *
 * <p>The tree is annotated in place, between computing a sweep and printing it, so that what
 * comes after (splitting, the canary) sees the jobs as the matrix will run them.
 */
public final class Prioritizer {
    public static final String PRIORITY = "priority";
    public static final String QUEUE_TOKEN = "queue-token";
    public static final String SKIP_QUEUE_PR = "skip-queue-pr";

    /** How many hex digits of the SHA-256 a queue token keeps. */
    private static final int TOKEN_BYTES = 16;

    private final PriorityPolicy policy;
    private final PriorityContext context;
    /** Whether the patchwork score replaces every job's: the same for all jobs of a run. */
    private final boolean patchwork;
    private final boolean checklist;
    private final boolean skipQueue;
    /** One digest for every token of a run (a Prioritizer annotates one tree at a time). */
    private final MessageDigest sha256;

    /**
     * @throws IllegalArgumentException when the context names criteria the policy does not know
     *                                  ({@link #unknownCriteria} tells beforehand)
     */
    public Prioritizer(PriorityPolicy policy, PriorityContext context) {
        Set<String> unknown = unknownCriteria(policy, context.criteria());
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("criteria the policy does not know: " + unknown);
        }
        this.policy = policy;
        this.context = context;
        Set<String> labels = context.labels();
        Set<String> criteria = context.criteria() == null ? Set.of() : context.criteria();
        this.patchwork = (criteria.contains("patchwork") || !Collections.disjoint(labels, policy.patchworkLabels()))
                && Collections.disjoint(labels, policy.patchworkWaivers());
        this.checklist = criteria.contains("checklist-complete") || !Collections.disjoint(labels, policy.checklistLabels());
        this.skipQueue = context.prNumber() != null && policy.skipQueueLabel() != null
                && labels.contains(policy.skipQueueLabel());
        this.sha256 = sha256();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
    }

    /** The criteria of {@code criteria} (null: none) that {@code policy} does not know, sorted. */
    public static Set<String> unknownCriteria(PriorityPolicy policy, Set<String> criteria) {
        Set<String> unknown = new TreeSet<>(criteria == null ? Set.of() : criteria);
        unknown.removeAll(policy.supportedCriteria());
        return unknown;
    }

    /**
     * Annotates every job in {@code root}, in place, and returns it.
     *
     * @param source how problems name the JSON (a file, or the sweep of a changelog)
     * @throws ProblemException when a job cannot be scored (a {@code node-count} that is not a
     *                          positive integer), naming each such job by its path
     */
    public JsonNode annotate(JsonNode root, String source) {
        List<Problem> problems = new ArrayList<>();
        annotate(root, new ArrayList<>(), source, problems);
        if (!problems.isEmpty()) {
            throw new ProblemException(problems);
        }
        return root;
    }

    private void annotate(JsonNode node, List<String> path, String source, List<Problem> problems) {
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                path.add(Integer.toString(i));
                annotate(node.get(i), path, source, problems);
                path.remove(path.size() - 1);
            }
            return;
        }
        if (!node.isObject()) {
            return;
        }
        boolean job = node.has("runner") && node.has("framework");
        // Score and token read the job as it came, before anything below it is annotated.
        String priority = null;
        String token = null;
        if (job) {
            String where = String.join("/", path);
            priority = score(node, where, source, problems);
            token = queueToken(sha256, context.queueNamespace(), where, node);
        }
        for (Map.Entry<String, JsonNode> member : node.properties()) {
            path.add(member.getKey());
            annotate(member.getValue(), path, source, problems);
            path.remove(path.size() - 1);
        }
        if (job && priority != null) {
            ObjectNode object = (ObjectNode) node;
            object.put(PRIORITY, priority);
            object.put(QUEUE_TOKEN, token);
            if (skipQueue) {
                object.put(SKIP_QUEUE_PR, context.prNumber().longValue());
            }
        }
    }

    /**
     * The first 32 hex digits of SHA-256 over {@code <namespace>:<path>:<job as sorted compact JSON>}:
     * the same job in another run, or at another place of the sweep, gets another token.
     */
    static String queueToken(String namespace, String path, JsonNode job) {
        return queueToken(sha256(), namespace, path, job);
    }

    private static String queueToken(MessageDigest sha256, String namespace, String path, JsonNode job) {
        String material = namespace + ":" + path + ":" + PythonJson.writeSorted(job);
        byte[] digest = sha256.digest(material.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(digest, 0, TOKEN_BYTES);
    }

    /** The job's score as text ({@code 3.750}), or null (with a problem) when it cannot be scored. */
    String score(JsonNode job, String where, String source, List<Problem> problems) {
        if (patchwork) {
            return policy.patchworkScore().text();
        }
        Facts facts = Facts.of(job);
        if (context.criteria() != null) {
            facts = facts.onlyNamedBy(context.criteria(), policy);
        }
        if (!facts.validNodeCount()) {
            problems.add(Problem.fileError(source, "priority.node-count", "the job at " + (where.isEmpty() ? "the top"
                    : "`" + where + "`") + " has node-count " + facts.nodeCount() + ", which is not a positive integer, so it "
                    + "cannot be scored: node-count counts the nodes a job runs on (1 or more)"));
            return null;
        }
        Score score = policy.baseScore().plus(policy.event().getOrDefault(context.eventName(), Score.ZERO));
        if (facts.multiNode()) {
            score = score.plus(policy.multiNode());
        }
        if (facts.agentic()) {
            score = score.plus(policy.agentic());
        }
        if (facts.evalOnly()) {
            score = score.plus(policy.evalOnly());
        }
        score = score.plus(lookUp(policy.precision(), facts.precision()))
                .plus(lookUp(policy.specDecoding(), facts.specDecoding()))
                .plus(firstPrefix(policy.frameworkPrefix(), facts.framework()))
                .plus(lookUp(policy.modelPrefix(), facts.modelPrefix()));
        if (checklist) {
            score = score.plus(policy.checklistAdjustment());
        }
        return score.text();
    }

    private static Score lookUp(Map<String, Score> adjustments, String value) {
        Score found = value == null ? null : adjustments.get(value);
        return found == null ? Score.ZERO : found;
    }

    private static Score firstPrefix(Map<String, Score> adjustments, String value) {
        for (Map.Entry<String, Score> e : adjustments.entrySet()) {
            if (Facts.hasPrefix(value, e.getKey())) {
                return e.getValue();
            }
        }
        return Score.ZERO;
    }
}
