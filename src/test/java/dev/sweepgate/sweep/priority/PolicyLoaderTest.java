package dev.sweepgate.sweep.priority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** configs/ci-priority.yaml is validated as every input is: each problem at its line and column, all in one round. */
class PolicyLoaderTest {
    private static List<Problem> problems(String yaml) {
        return assertThrows(ProblemException.class, () -> Policies.parse(yaml)).problems();
    }

    private static String at(Problem p) {
        return p.line() + ":" + p.column() + " " + p.rule();
    }

    @Test
    void theBenchmarkRepositorysPolicyIsValidAndKeepsItsOrder() {
        PriorityPolicy policy = Policies.real();
        assertEquals("1.000", policy.baseScore().text());
        assertEquals("2.000", policy.event().get("push").text());
        assertEquals(List.of("sglang", "vllm", "dynamo-sglang", "dynamo-vllm"), List.copyOf(policy.frameworkPrefix().keySet()));
        assertEquals("skip_queue", policy.skipQueueLabel());
        assertEquals("0.250", policy.checklistAdjustment().text());
        assertTrue(policy.patchworkWaivers().contains("ci-patchwork-waived"));
    }

    @Test
    void aVersionOtherThanOneIsRefusedAtTheValue() {
        List<Problem> found = problems(Policies.text().replace("version: 1", "version: 2"));
        assertEquals(List.of("1:10 priority.version"), found.stream().map(PolicyLoaderTest::at).toList());
        assertTrue(found.get(0).message().contains("reads version 1"), found.get(0).message());
        // the mapping starts at line 5 once the first line is gone
        assertEquals(List.of("5:1 config.missing-field"), problems(Policies.text().replace("version: 1\n", ""))
                .stream().map(PolicyLoaderTest::at).toList());
    }

    @Test
    void aNumberWrittenAsSomethingElseIsRefusedWithTheFix() {
        List<Problem> found = problems(Policies.text().replace("base-score: 1.0", "base-score: \"1.0\"")
                .replace("  multi-node: 1.25", "  multi-node: yes").replace("    fp4: 0.75", "    fp4: high")
                .replace("    score: 0.0", "    score: [0]"));
        assertEquals(List.of("6:13 config.type", "11:15 config.type", "15:10 config.type", "44:12 config.type"),
                found.stream().map(PolicyLoaderTest::at).toList());
        assertTrue(found.get(0).message().contains("must be a number, got the string \"1.0\""), found.get(0).message());
        assertTrue(found.get(2).message().startsWith("`precision.fp4` in the CI priority policy must be a number"),
                found.get(2).message());
    }

    @Test
    void unknownFieldsAreRefusedWithTheNearestName() {
        List<Problem> found = problems(Policies.text().replace("adjustments:", "adjustment:")
                .replace("  skip-queue:", "  skip-queu:"));
        assertEquals(List.of("8:1 config.unknown-field", "37:3 config.unknown-field"),
                found.stream().filter(p -> p.rule().equals("config.unknown-field")).map(PolicyLoaderTest::at).toList());
        assertTrue(found.get(0).message().contains("did you mean `adjustments`?"), found.get(0).message());
    }

    @Test
    void namesAreStringsAndNumbersFiniteAndBounded() {
        List<Problem> found = problems(Policies.text().replace("    push: 2.0", "    on: 2.0\n    push: .inf")
                .replace("  agentic: 1.0", "  agentic: 1.0e+13"));
        assertEquals(List.of("10:5 priority.key-type", "11:11 priority.range", "13:12 priority.range"),
                found.stream().map(PolicyLoaderTest::at).toList());
        assertTrue(found.get(0).message().contains("quote it: \"on\""), found.get(0).message());
    }

    @Test
    void aPolicyThatIsNoMappingOrNoYamlIsRefused() {
        assertEquals(List.of("1:1 priority.root"), problems("- version: 1\n").stream().map(PolicyLoaderTest::at).toList());
        assertEquals("yaml.syntax", problems("version: 1\nbase-score: [1\n").get(0).rule());
        assertEquals("yaml.duplicate-key", problems(Policies.text() + "version: 1\n").get(0).rule());
    }

    @Test
    void aReviewedProblemCanBeSilencedWithAComment() {
        PriorityPolicy policy = Policies.parse(Policies.text().replace("    push: 2.0",
                "    push: 2.0\n    on: 1.0 # sweepgate: disable=priority.key-type"));
        assertEquals("2.000", policy.event().get("push").text());
    }
}
