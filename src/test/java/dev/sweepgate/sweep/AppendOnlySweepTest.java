package dev.sweepgate.sweep;

import static dev.sweepgate.sweep.SweepOfEntriesTest.ALPHA;
import static dev.sweepgate.sweep.SweepOfEntriesTest.BETA;
import static dev.sweepgate.sweep.SweepOfEntriesTest.CONFIGS;
import static dev.sweepgate.sweep.SweepOfEntriesTest.FILE;
import static dev.sweepgate.sweep.SweepOfEntriesTest.GAMMA;
import static dev.sweepgate.sweep.SweepOfEntriesTest.configs;
import static dev.sweepgate.sweep.SweepOfEntriesTest.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.changelog.Changelogs;
import dev.sweepgate.cli.ChangelogFixture;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.matrix.Row;
import dev.sweepgate.problem.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** append-only entries over the small benchmark configs: the points they add and the changes they refuse. */
class AppendOnlySweepTest {
    private static final String AMD = ChangelogFixture.AMD;
    private static final String NVIDIA = ChangelogFixture.NVIDIA;
    /** A config like alpha under another name, model and image. */
    private static final String DELTA = "\n" + AMD.replace("alpha-fp8-mi355x-sglang", "delta-fp8-mi355x-sglang")
            .replace("img/alpha:1", "img/delta:1").replace("org/alpha", "org/delta").replace("model-prefix: alpha", "model-prefix: delta");

    private static Sweep sweep(ConfigSet head, String... entries) {
        return SweepOfEntriesTest.sweep(head, CONFIGS, SweepOptions.DEFAULT, entries);
    }

    private static Problem refused(ConfigSet head, String rule, String... entries) {
        return refused(head, CONFIGS, rule, entries);
    }

    private static Problem refused(ConfigSet head, ConfigSet base, String rule, String... entries) {
        List<Problem> problems = SweepOfEntriesTest.refused(head, base, SweepOptions.DEFAULT, entries);
        assertEquals(List.of(rule), Changelogs.rules(problems), problems::toString);
        return problems.get(0);
    }

    private static String appendOnly(String key, String... extra) {
        String[] lines = new String[extra.length + 1];
        lines[0] = "append-only: true";
        System.arraycopy(extra, 0, lines, 1, extra.length);
        return entry(key, lines);
    }

    private static List<Object> concs(List<Row> rows) {
        return rows.stream().map(r -> r.get("conc")).toList();
    }

    @Test
    void runsOnlyTheNewPointsOfACurve() {
        Sweep sweep = sweep(configs(AMD.replace("conc-list: [4, 8]", "conc-list: [4, 8, 16, 8, 16]"), NVIDIA), appendOnly(ALPHA));
        assertEquals(List.of(16L), concs(sweep.throughput()).stream().map(c -> ((Number) c).longValue()).toList());
        assertEquals("alpha_1k1k", sweep.throughput().get(0).get("exp-name"));
        assertEquals(64, ((String) sweep.throughput().get(0).get(SweepJson.FINGERPRINT)).length());
        assertEquals(List.of(), sweep.evals());
        assertEquals(sweep.throughput().size(), sweep.plans().get(0).throughput().size());
    }

    @Test
    void keepsOnlyTheNewValuesOfAMultiNodeList() {
        Sweep sweep = sweep(configs(AMD, NVIDIA.replace("conc-list: [64, 128, 256]", "conc-list: [64, 512, 128, 256, 1024, 512]")),
                appendOnly(GAMMA));
        assertEquals(List.of(List.of(512, 1024)), concs(sweep.throughput()));
    }

    @Test
    void aChangeThatAddsNoPointIsRefused() {
        Problem p = refused(CONFIGS, "changelog.append-only-delta", appendOnly(ALPHA));
        assertEquals(FILE, p.file());
        assertTrue(p.message().startsWith("append-only did not add any generated points for alpha-fp8-mi355x-sglang "
                + "([agentic-coding, fixed-seq-len]): every head point already exists at the base"), p.message());
        Problem none = refused(CONFIGS, "changelog.append-only-delta", appendOnly(ALPHA, "scenario-type: [agentic-coding]"));
        assertTrue(none.message().startsWith("append-only group alpha-fp8-mi355x-sglang ([agentic-coding]) has no points at the base"),
                none.message());
    }

    @Test
    void configsNoEntrySelectsMustStayAsTheyWere() {
        String grown = AMD.replace("conc-list: [4, 8]", "conc-list: [4, 8, 16]");
        Problem changed = refused(configs(grown, NVIDIA.replace("image: img/beta:1", "image: img/beta:2")),
                "changelog.append-only-scope", appendOnly(ALPHA));
        assertEquals("config beta-fp4-b200-vllm-agentic changed but no append-only entry selects it; revert it or list it "
                + "in the entry's config-keys", changed.message());
        assertEquals("configs/nvidia-master.yaml", changed.file());
        assertEquals(1, changed.line());
        Problem added = refused(configs(grown + DELTA, NVIDIA), "changelog.append-only-scope", appendOnly(ALPHA));
        assertTrue(added.message().startsWith("config delta-fp8-mi355x-sglang is new but no append-only entry selects it"),
                added.message());
        assertEquals("configs/amd-master.yaml", added.file());
        assertTrue(added.line() > 1, added::toString);
        Problem removed = refused(configs(grown, NVIDIA.substring(0, NVIDIA.indexOf("gamma-fp8-gb200-dynamo:"))),
                "changelog.append-only-scope", appendOnly(ALPHA));
        assertEquals("config gamma-fp8-gb200-dynamo was removed; an append-only change may not remove configs", removed.message());
        assertEquals(FILE, removed.file());
    }

    @Test
    void aSelectedConfigMustExistAtTheBase() {
        Problem p = refused(configs(AMD + DELTA, NVIDIA), "changelog.append-only-scope", appendOnly("delta-fp8-mi355x-sglang"));
        assertTrue(p.message().startsWith("config delta-fp8-mi355x-sglang does not exist at the base"), p.message());
    }

    @Test
    void aSelectedConfigKeepsItsScenarios() {
        String fixedOnly = NVIDIA.replace("    agentic-coding:\n    - search-space:\n      - { tp: 4, kv-offloading: none, conc-list: [1, 2, 4] }\n", "")
                .replace("conc-list: [8, 16]", "conc-list: [8, 16, 32]");
        Problem p = refused(configs(AMD, fixedOnly), "changelog.append-only-scope", appendOnly(BETA));
        assertTrue(p.message().startsWith("config beta-fp4-b200-vllm-agentic changed its scenario keys (from [agentic-coding, "
                + "fixed-seq-len] to [fixed-seq-len]); append-only must keep the same scenarios"), p.message());
    }

    @Test
    void aPartlySelectedConfigKeepsItsFieldsAndItsOtherScenarios() {
        String agenticGrown = NVIDIA.replace("conc-list: [1, 2, 4]", "conc-list: [1, 2, 4, 8]");
        String agenticOnly = "scenario-type: [agentic-coding]";
        Problem field = refused(configs(AMD, agenticGrown.replace("image: img/beta:1", "image: img/beta:2")),
                "changelog.append-only-scope", appendOnly(BETA, agenticOnly));
        assertTrue(field.message().startsWith("config beta-fp4-b200-vllm-agentic: image changed, but the append-only entry "
                + "selects only some of its scenarios"), field.message());
        Problem scenario = refused(configs(AMD, agenticGrown.replace("conc-list: [8, 16]", "conc-list: [8, 16, 32]")),
                "changelog.append-only-scope", appendOnly(BETA, agenticOnly));
        assertTrue(scenario.message().startsWith("config beta-fp4-b200-vllm-agentic: scenario fixed-seq-len changed but is not "
                + "selected by the append-only entry's scenario-type"), scenario.message());
        Sweep fine = sweep(configs(AMD, agenticGrown), appendOnly(BETA, agenticOnly));
        assertEquals(1, fine.throughput().size());
        assertEquals("agentic-coding", fine.throughput().get(0).get("scenario-type"));
        // with every scenario selected a config-level field may change, but then its curves are new ones
        List<Problem> image = SweepOfEntriesTest.refused(configs(AMD, agenticGrown.replace("image: img/beta:1", "image: img/beta:2")),
                CONFIGS, SweepOptions.DEFAULT, appendOnly(BETA));
        // one problem per curve of the base
        assertEquals(List.of("changelog.append-only-curve", "changelog.append-only-curve"), Changelogs.rules(image));
        assertTrue(image.get(0).message().contains("a curve of the base no longer exists at the head (beta_8k1k)"),
                image.get(0).message());
        assertTrue(image.get(1).message().contains("a curve of the base no longer exists at the head (beta_tp4_conc1_kvnone)"),
                image.get(1).message());
    }

    @Test
    void theBaseCurvesMustKeepEveryPoint() {
        Problem dropped = refused(configs(AMD.replace("conc-list: [4, 8]", "conc-list: [4, 16]"), NVIDIA),
                "changelog.append-only-curve", appendOnly(ALPHA));
        assertEquals("append-only group alpha-fp8-mi355x-sglang ([agentic-coding, fixed-seq-len]): concurrency values [8] of a "
                + "base curve are gone at the head (alpha_1k1k); append-only may only add points", dropped.message());
        assertEquals(FILE, dropped.file());
        Problem gone = SweepOfEntriesTest.refused(configs(AMD.replace("conc-list: [4, 8]", "conc-list: [4, 8, 16]")
                .replace("img/alpha:1", "img/alpha:2"), NVIDIA), CONFIGS, SweepOptions.DEFAULT, appendOnly(ALPHA)).get(0);
        assertTrue(gone.message().contains(": a curve of the base no longer exists at the head (alpha_1k1k); append-only may only "
                + "add points, not change or remove curves"), gone.message());
    }

    @Test
    void aNewPointMustExtendAVisualCurveWithOneImage() {
        String mtp = AMD.replace("      - { tp: 8, conc-list: [4, 8] }\n",
                "      - { tp: 8, conc-list: [4, 8] }\n      - { tp: 8, spec-decoding: mtp, conc-list: [4] }\n");
        Problem fresh = refused(configs(mtp, NVIDIA), "changelog.append-only-visual-curve", appendOnly(ALPHA));
        assertTrue(fresh.message().startsWith("append-only group alpha-fp8-mi355x-sglang ([agentic-coding, fixed-seq-len]): the new "
                + "point alpha_1k1k cannot be appended: it starts a new visual curve ["), fresh.message());
        assertTrue(fresh.message().endsWith("; append-only points must extend an existing curve with the same image"));
        String wider = AMD.replace("      - { tp: 8, conc-list: [4, 8] }\n",
                "      - { tp: 8, conc-list: [4, 8] }\n      - { tp: 4, conc-list: [4] }\n");
        assertEquals(1, sweep(configs(wider, NVIDIA), appendOnly(ALPHA)).throughput().size());
        // two configs of one visual curve with different images: no point may join it
        String twin = DELTA.replace("delta-fp8-mi355x-sglang", "alpha-twin-mi355x-sglang").replace("model: org/delta", "model: org/alpha")
                .replace("model-prefix: delta", "model-prefix: alpha");
        ConfigSet base = configs(AMD + twin, NVIDIA);
        ConfigSet head = configs(AMD.replace("      - { tp: 8, conc-list: [4, 8] }\n",
                "      - { tp: 8, conc-list: [4, 8] }\n      - { tp: 4, conc-list: [4] }\n") + twin, NVIDIA);
        String both = entry(ALPHA, "append-only: true").replace("    - " + ALPHA + "\n", "    - " + ALPHA + "\n    - alpha-twin-mi355x-sglang\n");
        Problem several = refused(head, base, "changelog.append-only-visual-curve", both);
        assertTrue(several.message().contains("shows several images at the base [img/alpha:1, img/delta:1]"), several.message());
    }
}
