package dev.sweepgate.plan;

import static dev.sweepgate.plan.PlanFixture.ALPHA;
import static dev.sweepgate.plan.PlanFixture.ALPHA_FP4;
import static dev.sweepgate.plan.PlanFixture.ALPHA_MTP;
import static dev.sweepgate.plan.PlanFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlannerTest {
    @TempDir
    Path dir;

    PlanFixture fx;

    @BeforeEach
    void setUp() {
        fx = new PlanFixture(dir);
    }

    static final String CONFIGS = ALPHA + "\n" + ALPHA_FP4;

    /** "exp-name conc" of each job, in order. */
    static List<String> points(List<Plan.Job> jobs) {
        return jobs.stream().map(j -> j.expName() + " " + j.conc()).toList();
    }

    @Test
    void anMtpTwinWithItsEntryRunsExactlyTheNewConfigsJobs() {
        Plan plan = fx.plan(fx.change(CONFIGS + "\n" + ALPHA_MTP, entry("alpha-fp8-mi355x-sglang-mtp")));

        assertTrue(plan.sweepComputed());
        Plan.EntryJobs entry = plan.entries().get(0);
        assertEquals(1, plan.entries().size());
        assertEquals(List.of("alpha-fp8-mi355x-sglang-mtp"), entry.configs().stream().map(Plan.ConfigJobs::key).toList());
        Plan.ConfigJobs twin = entry.configs().get(0);
        assertEquals(List.of("alpha_1k1k 4", "alpha_1k1k 8", "alpha_8k1k 4", "alpha_8k1k 8", "alpha_8k1k 16",
                "alpha_8k1k 32", "alpha_8k1k 64"), points(twin.throughput()));
        // the eval policy marks the largest and the median of the 8k1k concurrencies >= 16
        assertEquals(List.of("alpha_8k1k 32", "alpha_8k1k 64"), points(twin.evals()));
        assertTrue(twin.throughput().stream().allMatch(j -> j.gpus() == 8));

        assertEquals(1, plan.configChanges().size());
        Plan.ConfigChange change = plan.configChanges().get(0);
        assertEquals("alpha-fp8-mi355x-sglang-mtp", change.key());
        assertTrue(change.isNew());
        assertEquals(7, change.scenarios().get(0).added().size());
        // numbered by place in the changelog (two entries of history before it), as every message numbers entries
        assertEquals(3, entry.number());
        assertEquals(List.of(3), change.scenarios().get(0).coveredBy());

        assertEquals(Map.of("single_node/1k1k", 2, "single_node/8k1k", 5, "evals", 2), plan.totals().jobsPerBucket());
        assertEquals(Map.of("mi355x", 9), plan.totals().jobsPerRunner());
        assertEquals(9, plan.totals().jobs());
        assertTrue(plan.appendOnly().isEmpty());
        assertTrue(plan.problems().isEmpty(), plan.problems().toString());
    }

    @Test
    void aChangedConcurrencyListShowsTheAddedPointAndItsCoverage() {
        String configs = CONFIGS.replace("conc-list: [4, 8] }", "conc-list: [4, 8, 16] }");
        Plan plan = fx.plan(fx.change(configs, entry("alpha-fp8-mi355x-sglang", "scenario-type: [fixed-seq-len]")));

        Plan.ConfigJobs alpha = plan.entries().get(0).configs().get(0);
        assertEquals(8, alpha.throughput().size());
        Plan.ScenarioChange change = plan.configChanges().get(0).scenarios().get(0);
        assertEquals("fixed-seq-len", change.scenario());
        assertEquals(List.of(new Plan.Point("alpha_1k1k", 16, List.of())), change.added());
        assertTrue(change.removed().isEmpty() && change.changed().isEmpty());
        assertEquals(List.of(3), change.coveredBy());
    }

    @Test
    void aConfigChangeNoEntryCoversIsListedAsNotCovered() {
        String configs = CONFIGS.replace("image: img/alpha:1\n  model: org/alpha-fp4", "image: img/alpha:2\n  model: org/alpha-fp4");
        Plan plan = fx.plan(fx.change(configs, entry("alpha-fp8-mi355x-sglang")));

        Plan.ConfigChange change = plan.configChanges().get(0);
        assertEquals("alpha-fp4-mi355x-sglang", change.key());
        assertFalse(change.covered());
        Plan.ScenarioChange scenario = change.scenarios().get(0);
        assertEquals(3, scenario.changed().size());
        assertEquals(List.of("image"), scenario.changed().get(0).fields());
        assertTrue(plan.sweepComputed());
    }

    @Test
    void anAppendOnlyEntryThatAddsPointsProvesNoExistingPointIsRerun() {
        String configs = CONFIGS.replace("conc-end: 64 }", "conc-end: 256 }");
        Plan plan = fx.plan(fx.change(configs, entry("alpha-fp8-mi355x-sglang", "append-only: true")));

        assertTrue(plan.sweepComputed());
        Plan.AppendOnlyCheck check = plan.appendOnly().get(0);
        assertEquals(List.of("alpha_8k1k 128", "alpha_8k1k 256"), points(check.newPoints()));
        assertEquals(7, check.basePoints());
        assertTrue(check.holds());
        assertEquals(points(check.newPoints()), points(plan.entries().get(0).configs().get(0).throughput()));
        assertTrue(plan.entries().get(0).configs().get(0).evals().isEmpty());
        assertTrue(PlanReport.text(plan).contains("No existing point is removed, changed or rerun: all 7 points"));
    }

    @Test
    void anAppendOnlyEntryWhoseConfigChangedItsRecipeNamesThePointsThatWouldBeRerun() {
        // a new image for every alpha point, plus one new concurrency: the old points would run again
        String configs = CONFIGS.replaceFirst("img/alpha:1", "img/alpha:2").replace("conc-end: 64 }", "conc-end: 128 }");
        Plan plan = fx.plan(fx.change(configs, entry("alpha-fp8-mi355x-sglang", "append-only: true")));

        assertFalse(plan.sweepComputed());
        assertTrue(plan.problems().stream().anyMatch(p -> p.rule().equals("changelog.append-only-curve")));
        Plan.AppendOnlyCheck check = plan.appendOnly().get(0);
        assertFalse(check.holds());
        assertEquals(7, check.changed().size());
        assertTrue(check.changed().stream().allMatch(p -> p.fields().equals(List.of("image"))));
        assertTrue(check.removed().isEmpty());
        assertTrue(check.newPoints().isEmpty());
        assertNull(plan.totals());
        String text = PlanReport.text(plan);
        assertTrue(text.contains("THE APPEND-ONLY PROMISE DOES NOT HOLD"), text);
        assertTrue(text.contains("7 existing points changed (rerun with another recipe; changed fields in brackets): "
                + "alpha_1k1k [image] conc 4, 8; alpha_8k1k [image] conc 4, 8, 16, 32, 64"), text);
    }

    /** Issue 34 item 7: the points of two curves of one exp-name (tp4 and tp8 at 8k1k) say which curve each is. */
    @Test
    void thePointsOfTwoCurvesOfOneExpNameNameTheirParallelism() {
        String twoCurves = ALPHA.replace("      - { tp: 8, conc-start: 4, conc-end: 64 }\n",
                "      - { tp: 4, conc-start: 4, conc-end: 16 }\n      - { tp: 8, ep: 8, dp-attn: true, conc-start: 4, conc-end: 16 }\n");
        Plan plan = fx.plan(fx.change(twoCurves + "\n" + ALPHA_FP4, entry("alpha-fp8-mi355x-sglang")));
        assertEquals("alpha_1k1k conc 4, 8; alpha_8k1k tp4 conc 4, 8, 16; alpha_8k1k tp8 ep8 dpa conc 4, 8, 16",
                PlanReport.jobList(plan.entries().get(0).configs().get(0).throughput()));
        String text = PlanReport.text(plan);
        assertTrue(text.contains("alpha_8k1k tp4 conc 16; alpha_8k1k tp8 ep8 dpa conc 16"), text);
        assertEquals("tp4 pp2", fx.plan(fx.change(CONFIGS, entry("alpha-fp4-mi355x-sglang"))).entries().get(0).configs().get(0)
                .throughput().get(0).curve());
    }

    @Test
    void aWildcardEntryListsEachConfigItSelects() {
        Plan plan = fx.plan(fx.change(CONFIGS, entry("alpha-*-mi355x-sglang")));

        Plan.EntryJobs entry = plan.entries().get(0);
        assertEquals(List.of("alpha-*-mi355x-sglang"), entry.configKeysWritten());
        assertEquals(List.of("alpha-fp8-mi355x-sglang", "alpha-fp4-mi355x-sglang"),
                entry.configs().stream().map(Plan.ConfigJobs::key).toList());
        assertEquals(7, entry.configs().get(0).throughput().size());
        assertEquals(List.of("alpha_1k1k 4", "alpha_1k1k 8", "alpha_1k1k 16"), points(entry.configs().get(1).throughput()));
        // tp 4 x pp 2
        assertTrue(entry.configs().get(1).throughput().stream().allMatch(j -> j.gpus() == 8));
        assertEquals(10, plan.totals().jobsPerBucket().entrySet().stream()
                .filter(e -> e.getKey().startsWith("single_node/")).mapToInt(Map.Entry::getValue).sum());
        assertTrue(plan.configChanges().isEmpty());
    }

    @Test
    void multiNodeJobsCountTheGpusOfEveryWorker() {
        fx.repo.write("perf-changelog.yaml", PlanFixture.HISTORY + "\n" + entry("gamma-fp8-gb200-dynamo"));
        Plan plan = PlanFixture.plan(dir, fx.base, null);

        Plan.ConfigJobs gamma = plan.entries().get(0).configs().get(0);
        assertEquals(List.of("gamma_8k1k [64, 128, 256]", "gamma_8k1k [32]"), points(gamma.throughput()));
        // 1x4 prefill + 1x8 decode; 1x4 prefill + 2x8 decode
        assertEquals(List.of(12, 20), gamma.throughput().stream().map(Plan.Job::gpus).toList());
        assertEquals("the working tree", plan.headLabel());
    }

    @Test
    void anEntryForAnUnknownConfigCannotBeSweptAndSaysWhy() {
        Plan plan = fx.plan(fx.change(CONFIGS, entry("no-such-config")));

        assertFalse(plan.sweepComputed());
        assertFalse(plan.problems().isEmpty());
        assertTrue(plan.entries().get(0).configs().isEmpty());
        assertTrue(PlanReport.text(plan).contains("The sweep cannot be computed"));
    }
}
