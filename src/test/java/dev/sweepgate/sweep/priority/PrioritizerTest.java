package dev.sweepgate.sweep.priority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sweepgate.json.PythonJson;
import dev.sweepgate.problem.ProblemException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The reference's priority behaviour (utils/test_ci_priority.py), case by case, on the real
 * policy. Expected values computed with the reference's ci_priority.py where they are not the
 * obvious sum.
 */
class PrioritizerTest {
    private static final PriorityPolicy POLICY = Policies.real();

    private static PriorityContext context(String event, Set<String> labels, Long pr, Set<String> criteria) {
        return new PriorityContext(event, labels, PriorityContext.DEFAULT_NAMESPACE, pr, criteria);
    }

    private static final PriorityContext NONE = context("", Set.of(), null, null);

    private static JsonNode json(String text) {
        try {
            return PythonJson.read(text);
        } catch (PythonJson.NotJson e) {
            throw new AssertionError(e);
        }
    }

    /** The score the policy gives one job in a context. */
    private static String score(PriorityPolicy policy, PriorityContext context, String job) {
        List<dev.sweepgate.problem.Problem> problems = new ArrayList<>();
        String score = new Prioritizer(policy, context).score(json(job), "0", "test", problems);
        assertEquals(List.of(), problems);
        return score;
    }

    private static String score(PriorityContext context, String job) {
        return score(POLICY, context, job);
    }

    private static String annotated(PriorityContext context, String document) {
        return PythonJson.write(new Prioritizer(POLICY, context).annotate(json(document), "test"));
    }

    @Test
    void aJobWithEveryValuableFactOutranksAPlainOne() {
        String plain = "{\"runner\":\"h100\",\"framework\":\"trt\",\"model-prefix\":\"other\",\"precision\":\"fp8\","
                + "\"spec-decoding\":\"none\"}";
        // multi-node 1.25, agentic 1, fp4 0.75, mtp 0.75, sglang 0.5, dsv4 0.75 on the base 1
        String valuable = "{\"runner\":\"cluster:b200-nscale\",\"framework\":\"sglang\",\"model-prefix\":\"dsv4\","
                + "\"precision\":\"fp4\",\"spec-decoding\":\"mtp\",\"scenario-type\":\"agentic-coding\","
                + "\"prefill\":{\"hardware\":\"b200\"},\"decode\":{\"hardware\":\"b200\"}}";
        assertEquals("6.000", score(NONE, valuable));
        assertEquals("1.000", score(NONE, plain));
    }

    @Test
    void aPushToMainAddsTwo() {
        assertEquals("3.000", score(context("push", Set.of(), null, null), "{\"runner\":\"h100\",\"framework\":\"trt\"}"));
        assertEquals("1.000", score(context("pull_request", Set.of(), null, null), "{\"runner\":\"h100\",\"framework\":\"trt\"}"));
    }

    @Test
    void theModelPrefixAddsThePolicysNumberForExactlyThatPrefix() {
        // the policy gives kimik3 1.5 and dsv4 0.75 (the reference's test of equal model priorities predates that)
        assertEquals("2.500", score(NONE, "{\"runner\":\"h100\",\"framework\":\"trt\",\"model-prefix\":\"kimik3\"}"));
        assertEquals("1.750", score(NONE, "{\"runner\":\"h100\",\"framework\":\"trt\",\"model-prefix\":\"dsv4\"}"));
        // a model prefix counts only when it is the job's prefix exactly
        assertEquals("1.000", score(NONE, "{\"runner\":\"h100\",\"framework\":\"trt\",\"model-prefix\":\"dsv4-lite\"}"));
    }

    @Test
    void scoresAreRoundedHalfUpNotToEven() {
        // 0.7225 to three places: half up gives 0.723 where Python's default (half even) would give 0.722
        PriorityPolicy policy = Policies.with("    score: 0.0", "    score: 0.7225");
        assertEquals("0.723", score(policy, context("", Set.of("ci-patchwork"), null, null),
                "{\"runner\":\"h100\",\"framework\":\"trt\"}"));
        PriorityPolicy sum = Policies.with("base-score: 1.0", "base-score: 0.0005");
        assertEquals("0.001", score(sum, NONE, "{\"runner\":\"h100\",\"framework\":\"trt\"}"));
    }

    @Test
    void aNegativeScoreThatRoundsToZeroKeepsItsSignAsPythonPrintsIt() {
        PriorityPolicy policy = Policies.with("base-score: 1.0", "base-score: -1.0");
        PriorityPolicy nearlyEven = Policies.parse(Policies.text().replace("base-score: 1.0", "base-score: -1.0")
                .replace("    push: 2.0", "    push: 0.9996"));
        // the reference prints -0.000 for both
        assertEquals("-0.000", score(nearlyEven, context("push", Set.of(), null, null), "{\"runner\":\"h\",\"framework\":\"t\"}"));
        PriorityPolicy negativeZero = Policies.with("    score: 0.0", "    score: -0.0");
        assertEquals("-0.000", score(negativeZero, context("", Set.of("ci-patchwork"), null, null),
                "{\"runner\":\"h\",\"framework\":\"t\"}"));
        assertEquals("-1.000", score(policy, NONE, "{\"runner\":\"h\",\"framework\":\"t\"}"));
    }

    @Test
    void theSkipQueueLabelAddsThePullRequestAndLeavesTheScore() {
        String job = "[{\"runner\":\"h100\",\"framework\":\"sglang\",\"precision\":\"fp4\"}]";
        JsonNode asked = json(annotated(context("", Set.of("skip_queue"), 2124L, null), job)).get(0);
        assertEquals("2.250", asked.get("priority").textValue());
        assertEquals(2124, asked.get("skip-queue-pr").asLong());
        // the label without a pull request number, or the number without the label: no skip-queue-pr
        assertFalse(json(annotated(context("", Set.of("skip_queue"), null, null), job)).get(0).has("skip-queue-pr"));
        assertFalse(json(annotated(context("", Set.of(), 2124L, null), job)).get(0).has("skip-queue-pr"));
    }

    @Test
    void patchworkSendsEveryJobToTheBottomUnlessWaived() {
        String job = "{\"runner\":\"b200\",\"framework\":\"sglang\",\"precision\":\"fp4\"}";
        assertEquals("0.000", score(context("", Set.of("ci-patchwork"), null, null), job));
        assertEquals("0.000", score(context("push", Set.of("engine-patch"), null, null), job));
        assertEquals("2.250", score(context("", Set.of("ci-patchwork", "ci-patchwork-waived"), null, null), job));
        assertEquals("0.000", score(context("", Set.of(), null, Set.of("patchwork")), job));
        assertEquals("1.000", score(context("", Set.of("ci-patchwork-waived"), null, Set.of("patchwork")), job),
                "waived, with criteria that name neither fp4 nor sglang");
    }

    @Test
    void criteriaDecideWhichFactsCount() {
        Set<String> criteria = Set.of("multi-node", "agentic", "fp4", "mtp", "vllm", "dsr1");
        String job = "{\"prefill\":{},\"scenario-type\":\"agentic-coding\",\"precision\":\"fp4\",\"spec-decoding\":\"mtp\","
                + "\"framework\":\"vllm\",\"model-prefix\":\"dsr1\"}";
        assertEquals(score(NONE, job), score(context("", Set.of(), null, criteria), job));
        assertEquals("6.000", score(NONE, job));
        // criteria count only where the job has the fact
        assertEquals("1.000", score(context("", Set.of(), null, criteria), "{\"runner\":\"h100\",\"framework\":\"trt\"}"));
        // and facts the criteria do not name count nothing
        assertEquals("1.750", score(context("", Set.of(), null, Set.of("fp4")),
                "{\"runner\":\"b200\",\"framework\":\"sglang\",\"precision\":\"fp4\",\"model-prefix\":\"dsr1\"}"));
    }

    @Test
    void criteriaOfSeveralFrameworksServeAMixedSweepAndUnknownOnesAreRefused() {
        assertEquals("1.500", score(context("", Set.of(), null, Set.of("vllm", "sglang")),
                "{\"runner\":\"h100\",\"framework\":\"vllm\"}"));
        assertEquals(Set.of("unknown"), Prioritizer.unknownCriteria(POLICY, Set.of("unknown", "vllm")));
        assertThrows(IllegalArgumentException.class,
                () -> new Prioritizer(POLICY, context("", Set.of(), null, Set.of("unknown"))));
        assertTrue(POLICY.supportedCriteria().containsAll(List.of("multi-node", "agentic", "eval-only",
                "checklist-complete", "patchwork", "fp4", "eagle3", "dynamo-vllm", "qwen3.5")));
    }

    @Test
    void theChecklistLabelCountsWithCriteriaToo() {
        assertEquals("1.250", score(context("", Set.of("ci-checklist-complete"), null, Set.of()),
                "{\"runner\":\"h100\",\"framework\":\"trt\"}"));
        assertEquals("1.250", score(context("", Set.of(), null, Set.of("checklist-complete")),
                "{\"runner\":\"h100\",\"framework\":\"trt\"}"));
    }

    @Test
    void labelsThatLookLikePrioritiesChangeNothing() {
        assertEquals("1.000", score(context("", Set.of("ci-priority:p0", "ci-priority:p1000000"), null, null),
                "{\"runner\":\"h100\",\"framework\":\"trt\"}"));
    }

    @Test
    void theFirstFrameworkPrefixFollowedByADashCounts() {
        assertEquals("1.500", score(NONE, "{\"runner\":\"h100\",\"framework\":\"sglang-disagg\"}"));
        assertEquals("1.000", score(NONE, "{\"runner\":\"h100\",\"framework\":\"sglangx\"}"));
        assertEquals("1.500", score(NONE, "{\"runner\":\"h100\",\"framework\":\"dynamo-vllm\"}"));
    }

    @Test
    void valuesAreComparedAsPythonSpellsThem() {
        PriorityPolicy policy = Policies.parse(Policies.text().replace("    fp4: 0.75", "    \"None\": 1")
                .replace("    mtp: 0.75", "    \"True\": 2").replace("    kimik3: 1.5", "    \"8\": 4"));
        // the reference: 1 + 1 + 2 + 4 = 8.000 for precision null, spec-decoding true, model-prefix 8
        assertEquals("8.000", score(policy, NONE, "{\"runner\":\"r\",\"framework\":\"f\",\"precision\":null,"
                + "\"spec-decoding\":true,\"model-prefix\":8}"));
        assertEquals("1.000", score(policy, NONE, "{\"runner\":\"r\",\"framework\":\"f\",\"precision\":[\"None\"]}"));
    }

    @Test
    void onlyObjectsWithRunnerAndFrameworkAreAnnotated() {
        String document = "{\"single_node\":{\"1k1k\":[{\"runner\":\"b200\",\"framework\":\"sglang\",\"model-prefix\":"
                + "\"qwen3.5\",\"precision\":\"fp4\",\"spec-decoding\":\"mtp\"}]},\"changelog_metadata\":{\"runner\":\"not-a-job\"}}";
        JsonNode out = json(annotated(NONE, document));
        JsonNode job = out.at("/single_node/1k1k/0");
        assertEquals("3.750", job.get("priority").textValue());
        assertEquals(32, job.get("queue-token").textValue().length());
        assertEquals(List.of("runner", "framework", "model-prefix", "precision", "spec-decoding", "priority", "queue-token"),
                names(job), "the job's own fields keep their order, the annotation follows");
        assertEquals("{\"runner\":\"not-a-job\"}", PythonJson.write(out.get("changelog_metadata")));
    }

    @Test
    void aJobInsideAJobIsAnnotatedAndTheOuterTokenSeesItUnannotated() {
        // the reference's output for this document, namespace n
        assertEquals("{\"outer\":{\"runner\":\"a\",\"framework\":\"sglang\",\"inner\":{\"runner\":\"b\",\"framework\":"
                + "\"vllm\",\"priority\":\"1.500\",\"queue-token\":\"51e4fefbaf1c05aad661ce05406aa162\"},\"priority\":"
                + "\"1.500\",\"queue-token\":\"534b5d129a4ed5945eb93fdab6f1ce69\"}}",
                PythonJson.write(new Prioritizer(POLICY, new PriorityContext("", Set.of(), "n", null, null)).annotate(
                        json("{\"outer\":{\"runner\":\"a\",\"framework\":\"sglang\",\"inner\":{\"runner\":\"b\","
                                + "\"framework\":\"vllm\"}}}"), "test")));
    }

    @Test
    void queueTokensDifferBetweenRunAttemptsAndMatchTheReference() {
        JsonNode job = json("{\"runner\":\"b200\",\"framework\":\"sglang\"}");
        assertEquals("c69bce77ec67ff3bda580834ae7ababa", Prioritizer.queueToken("123:1", "0", job));
        assertEquals("5b38bd4e8c0bd599fa0cbce6a20fd2ad", Prioritizer.queueToken("123:2", "0", job));
        assertNotEquals(Prioritizer.queueToken("123:1", "0", job), Prioritizer.queueToken("123:1", "1", job));
    }

    @Test
    void aNodeCountMustBeAPositiveInteger() {
        assertEquals("1.000", score(NONE, "{\"runner\":\"h100\",\"framework\":\"trt\",\"node-count\":3}"));
        assertEquals("1.000", score(context("", Set.of(), null, Set.of()),
                "{\"runner\":\"h100\",\"framework\":\"trt\",\"node-count\":3}"));
        for (String bad : List.of("0", "-1", "1.5", "true", "null", "\"2\"")) {
            ProblemException e = assertThrows(ProblemException.class, () -> new Prioritizer(POLICY, NONE).annotate(
                    json("{\"a\":[{\"runner\":\"h100\",\"framework\":\"trt\",\"node-count\":" + bad + "}]}"), "in.json"));
            assertEquals("priority.node-count", e.problems().get(0).rule());
            assertTrue(e.problems().get(0).message().startsWith("the job at `a/0` has node-count " + bad + ","),
                    e.problems().get(0).message());
        }
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
