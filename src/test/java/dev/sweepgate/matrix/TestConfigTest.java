package dev.sweepgate.matrix;

import static dev.sweepgate.matrix.Fixtures.agentic;
import static dev.sweepgate.matrix.Fixtures.column;
import static dev.sweepgate.matrix.Fixtures.config;
import static dev.sweepgate.matrix.Fixtures.fixed;
import static dev.sweepgate.matrix.Fixtures.list;
import static dev.sweepgate.matrix.Fixtures.multi;
import static dev.sweepgate.matrix.Fixtures.range;
import static dev.sweepgate.matrix.Fixtures.single;
import static dev.sweepgate.matrix.Fixtures.singleAgentic;
import static dev.sweepgate.matrix.Fixtures.worker;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.problem.ProblemException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestConfigTest {
    private static final ConfigSet CONFIGS = Fixtures.set(
            config("dsr1-fp4-b200").prefix("dsr1")
                    .with(fixed(8192, 1024, single(4, null, null, range(1, 8))))
                    .with(fixed(1024, 1024, single(4, null, null, list(4)))).build(),
            config("dsr1-fp8-h200").prefix("dsr1").runner("h200")
                    .with(fixed(1024, 1024, single(8, null, null, list(16)))).build(),
            config("glm[x]-b200").prefix("glm").with(fixed(1024, 1024, single(8, null, null, list(32)))).build(),
            config("qwen-gb200").prefix("qwen").runner("gb200").multinode(true, "nixl")
                    .with(fixed(8192, 1024, multi(worker(1, 4, 1, false), worker(1, 4, 1, false), list(4, 64))))
                    .build(),
            config("kimi-agentic").prefix("kimi").runner("cluster:b200-dgxc")
                    .with(agentic(null, singleAgentic(8, "none", null, "none", list(4, 64)))).build());

    private static List<Row> run(List<String> keys) {
        return run(new TestConfigOptions(keys, null, null, null, null, EvalMode.NONE));
    }

    private static List<Row> run(TestConfigOptions options) {
        return MatrixGenerator.testConfig(CONFIGS, options);
    }

    private static List<String> prefixes(List<Row> rows) {
        return rows.stream().map(r -> r.get("model-prefix") + "/" + r.get("runner")).distinct().toList();
    }

    @Test
    void rowsFollowTheResolvedKeyOrderWithoutDuplicates() {
        assertEquals(List.of("kimi/cluster:b200-dgxc", "dsr1/b200", "dsr1/h200"),
                prefixes(run(List.of("kimi-agentic", "dsr1-*", "dsr1-fp8-h200"))));
        List<Row> rows = run(List.of("dsr1-fp8-h200", "dsr1-*"));
        assertEquals(List.of("dsr1/h200", "dsr1/b200"), prefixes(rows));
        assertEquals(6, rows.size());
    }

    @Test
    void patternsUseShellWildcards() {
        assertEquals(List.of("dsr1/b200", "glm/b200"), prefixes(run(List.of("*-b200"))));
        assertEquals(List.of("dsr1/b200", "dsr1/h200"), prefixes(run(List.of("dsr1-fp?-*"))));
        assertEquals(List.of("dsr1/h200"), prefixes(run(List.of("dsr1-fp[!4]*"))));
    }

    @Test
    void aKeyWithoutStarOrQuestionMarkIsLiteralBracketsIncluded() {
        assertEquals(List.of("glm/b200"), prefixes(run(List.of("glm[x]-b200"))));
    }

    @Test
    void unknownKeysSuggestTheNearestKeysNotAllOfThem() {
        ProblemException e = assertThrows(ProblemException.class, () -> run(List.of("no-such-key", "nope-*", "dsr1-fp8-h20")));
        assertEquals(3, e.problems().size());
        assertTrue(e.problems().get(0).message().contains("'no-such-key'"));
        assertTrue(e.problems().get(1).message().contains("'nope-*'"));
        assertFalse(e.problems().get(0).message().contains("kimi-agentic"), e.problems().get(0).message());
        assertTrue(e.problems().get(2).message().contains("did you mean dsr1-fp8-h200 or dsr1-fp4-b200?"),
                e.problems().get(2).message());
    }

    @Test
    void concKeepsOnlyTheGivenValuesAndSkipsEmptiedEntries() {
        List<Row> rows = run(new TestConfigOptions(List.of("*"), List.of(4, 64), null, null, null, EvalMode.NONE));
        assertEquals(List.of(4, 4, List.of(4, 64), 4, 64), column(rows, "conc"));
    }

    @Test
    void seqLensAndScenarioType() {
        List<Row> rows = run(new TestConfigOptions(List.of("dsr1-fp4-b200", "kimi-agentic"), null, Set.of("1k1k"),
                null, null, EvalMode.NONE));
        assertEquals(List.of(4, 4, 64), column(rows, "conc"));
        rows = run(new TestConfigOptions(List.of("dsr1-fp4-b200", "kimi-agentic"), null, null,
                Set.of(ScenarioType.FIXED_SEQ_LEN), null, EvalMode.NONE));
        assertEquals(List.of(1, 2, 4, 8, 4), column(rows, "conc"));
    }

    @Test
    void runnerNodeFilterTakesTheLabelThenItsNodesWithoutDuplicates() {
        List<Row> rows = run(new TestConfigOptions(List.of("glm[x]-b200"), null, null, null, "b200", EvalMode.NONE));
        assertEquals(List.of("b200", "b200-nv_0", "b200-cw_0", "b200-nv_1"), column(rows, "runner"));
        rows = run(new TestConfigOptions(List.of("glm[x]-b200"), null, null, null, "nv_0", EvalMode.NONE));
        assertEquals(List.of("b200-nv_0"), column(rows, "runner"));
        rows = run(new TestConfigOptions(List.of("glm[x]-b200", "dsr1-fp8-h200"), null, null, null, "cw",
                EvalMode.NONE));
        assertEquals(List.of("b200-cw_0"), column(rows, "runner"), "h200 has no such node and is skipped");
        rows = run(new TestConfigOptions(List.of("glm[x]-b200"), null, null, null, "", EvalMode.NONE));
        assertEquals(List.of("b200", "b200-nv_0", "b200-cw_0", "b200-nv_1"), column(rows, "runner"));
    }
}
