package dev.sweepgate.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.changelog.ChangelogChange;
import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.Changelogs;
import dev.sweepgate.cli.ChangelogFixture;
import dev.sweepgate.config.ConfigLoader;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.matrix.Row;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.yaml.SourceFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Steps 2 to 9 of process-changelog without git: new entries of a changelog over the small
 * benchmark configs of the command tests, to the rows, the JSON document and the summaries.
 */
class SweepOfEntriesTest {
    static final String ALPHA = "alpha-fp8-mi355x-sglang";
    static final String BETA = "beta-fp4-b200-vllm-agentic";
    static final String GAMMA = "gamma-fp8-gb200-dynamo";
    static final String FILE = "perf-changelog.yaml";

    static ConfigSet configs(String amd, String nvidia) {
        return ConfigLoader.load(List.of(source("configs/amd-master.yaml", amd), source("configs/nvidia-master.yaml", nvidia)),
                source("configs/runners.yaml", ChangelogFixture.RUNNERS));
    }

    private static SourceFile source(String name, String text) {
        return new SourceFile(name, text.getBytes(StandardCharsets.UTF_8));
    }

    static final ConfigSet CONFIGS = configs(ChangelogFixture.AMD, ChangelogFixture.NVIDIA);

    /** An entry of these keys with these extra fields, each written as a line of the entry. */
    static String entry(String key, String... extra) {
        StringBuilder sb = new StringBuilder(Changelogs.entry(key, Changelogs.LINK + "3"));
        for (String line : extra) {
            sb.append("  ").append(line).append('\n');
        }
        return sb.toString();
    }

    /** The entries as appended to the two-entry history: labels count from entry 3. */
    static List<ChangelogEntry> added(String... entries) {
        ChangelogFile file = Changelogs.file(Changelogs.appended(Changelogs.BASE, entries));
        assertTrue(file.ok(), file.problems()::toString);
        return file.entries().subList(2, file.entries().size());
    }

    static Sweep sweep(ConfigSet head, ConfigSet base, SweepOptions options, String... entries) {
        return new SweepComputation().compute(added(entries), head, () -> base, options, FILE, true);
    }

    static Sweep sweep(String... entries) {
        return sweep(CONFIGS, CONFIGS, SweepOptions.DEFAULT, entries);
    }

    static List<Problem> refused(ConfigSet head, ConfigSet base, SweepOptions options, String... entries) {
        return assertThrows(ProblemException.class, () -> sweep(head, base, options, entries)).problems();
    }

    private static final String[] THREE = {entry(ALPHA), entry(GAMMA, "eval-min-prefill-ep: 4"),
        entry(BETA, "all-evals: true", "scenario-type: [agentic-coding]")};

    @Test
    void theTerminalSummaryNamesEachEntryItsConfigsAndTheRowsPerBucket() {
        assertEquals("""
                perf-changelog.yaml: valid (main -> HEAD)
                  3 entries added
                  entry 3 (line 14): 1 config: alpha-fp8-mi355x-sglang
                  entry 4 (line 20) (eval-min-prefill-ep 4): 1 config: gamma-fp8-gb200-dynamo
                  entry 5 (line 27) (all-evals, agentic-coding): 1 config: beta-fp4-b200-vllm-agentic
                  rows per bucket:
                    single_node/1k1k: 2
                    single_node/8k1k: 5
                    multi_node/8k1k: 2
                    agentic_evals: 3
                    evals: 2
                    multinode_evals: 1
                    total: 15
                """, SweepSummary.text(FILE, null, sweep(THREE), "main", "HEAD"));
        // an entry whose pattern resolved to two configs, with no rows left to run
        ChangelogEntry flagged = added(entry(ALPHA, "append-only: true", "scenario-type: [fixed-seq-len]")).get(0);
        Sweep empty = new Sweep(List.of(flagged), List.of(new Sweep.EntryPlan(flagged, List.of(ALPHA, GAMMA), List.of(), List.of())),
                List.of(), List.of());
        assertEquals("""
                perf-changelog.yaml: valid (main -> the working tree)
                  1 entry added
                  entry 3 (line 14) (append-only, fixed-seq-len): 2 configs: alpha-fp8-mi355x-sglang, gamma-fp8-gb200-dynamo
                  no rows to run
                """, SweepSummary.text(FILE, null, empty, "main", "the working tree"));
    }

    @Test
    void theJobSummaryIsAMarkdownTableOfEntriesAndOneOfBuckets() {
        assertEquals("""
                ### perf-changelog.yaml: what this change will run

                Base `main`, head `feature|x`.

                | entry | flags | configs |
                | --- | --- | --- |
                | entry 3 (line 14) |  | alpha-fp8-mi355x-sglang |
                | entry 4 (line 20) | eval-min-prefill-ep 4 | gamma-fp8-gb200-dynamo |
                | entry 5 (line 27) | all-evals, agentic-coding | beta-fp4-b200-vllm-agentic |

                | bucket | rows |
                | --- | ---: |
                | single_node/1k1k | 2 |
                | single_node/8k1k | 5 |
                | multi_node/8k1k | 2 |
                | agentic_evals | 3 |
                | evals | 2 |
                | multinode_evals | 1 |
                | **total** | **15** |

                """, SweepSummary.markdown(FILE, null, sweep(THREE), "main", "feature|x").replace("feature\\|x", "feature|x"));
        assertTrue(SweepSummary.markdown(FILE, null, sweep(THREE), "main", "a|b").contains("head `a\\|b`"));
    }

    @Test
    void aCorrectionOnlyChangeHasNothingToSweep() {
        ChangelogChange two = new ChangelogChange(List.of(), List.of(0, 1));
        ChangelogChange one = new ChangelogChange(List.of(), List.of(1));
        assertEquals("perf-changelog.yaml: valid (main -> HEAD)\n  2 pr-link corrections, nothing appended: nothing to sweep\n",
                SweepSummary.text(FILE, two, null, "main", "HEAD"));
        assertTrue(SweepSummary.markdown(FILE, one, null, "main", "HEAD")
                .endsWith("`.\n\n1 pr-link correction, nothing appended: nothing to sweep.\n\n"));
        assertEquals("perf-changelog.yaml: valid (main -> HEAD)\n", SweepSummary.text(FILE, null, null, "main", "HEAD"));
        assertTrue(SweepSummary.markdown(FILE, null, null, "main", "HEAD").endsWith("head `HEAD`.\n\n"));
    }

    @Test
    void theDocumentHoldsEveryBucketAndTheEntriesAsWritten() {
        Map<String, Object> doc = SweepJson.document(sweep(THREE), "main", "HEAD");
        assertEquals(List.of("single_node", "multi_node", "evals", "agentic_evals", "multinode_evals",
                "multinode_agentic_evals", "changelog_metadata"), List.copyOf(doc.keySet()));
        assertEquals(List.of("1k1k", "8k1k"), List.copyOf(((Map<?, ?>) doc.get("single_node")).keySet()));
        assertEquals(List.of(), doc.get("multinode_agentic_evals"));
        Map<?, ?> metadata = (Map<?, ?>) doc.get("changelog_metadata");
        assertEquals("main", metadata.get("base_ref"));
        assertEquals("HEAD", metadata.get("head_ref"));
        List<?> entries = (List<?>) metadata.get("entries");
        assertEquals(Map.of("config-keys", List.of(ALPHA), "description", List.of("Change " + ALPHA),
                "pr-link", Changelogs.LINK + "3", "evals-only", false, "all-evals", false, "append-only", false), entries.get(0));
        assertEquals(4L, ((Map<?, ?>) entries.get(1)).get("eval-min-prefill-ep"));
        assertFalse(((Map<?, ?>) entries.get(1)).containsKey("scenario-type"));
        assertEquals(List.of("agentic-coding"), ((Map<?, ?>) entries.get(2)).get("scenario-type"));
        assertEquals(true, ((Map<?, ?>) entries.get(2)).get("all-evals"));
    }

    private static Map<?, ?> first(Map<String, Object> doc, String top, String bucket) {
        return (Map<?, ?>) ((List<?>) ((Map<?, ?>) doc.get(top)).get(bucket)).get(0);
    }

    @Test
    void outputRowsCarryTheSchemaDefaults() {
        Map<String, Object> doc = SweepJson.document(sweep(THREE), "main", "HEAD");
        Map<?, ?> single = first(doc, "single_node", "1k1k");
        assertEquals(false, single.get("eval-only"));
        assertFalse(single.containsKey("eval-all-concs"));
        assertFalse(single.containsValue(null));
        assertEquals(64, ((String) single.get(SweepJson.FINGERPRINT)).length());
        Map<?, ?> multi = first(doc, "multi_node", "8k1k");
        assertEquals(false, multi.get("eval-all-concs"));
        assertEquals(false, multi.get("eval-only"));
        Map<?, ?> prefill = (Map<?, ?>) multi.get("prefill");
        // in the reference's order (its schema's), defaults in their places
        assertEquals(List.of("num-worker", "tp", "pp", "dcp-size", "pcp-size", "ep", "dp-attn", "additional-settings"),
                List.copyOf(prefill.keySet()));
        assertEquals(List.of("image", "model", "model-prefix", "precision", "framework", "spec-decoding", "runner", "isl",
                "osl", "tp", "pp", "dcp-size", "pcp-size", "ep", "dp-attn", "conc", "max-model-len", "exp-name", "disagg",
                "run-eval", "eval-only", SweepJson.FINGERPRINT), List.copyOf(single.keySet()));
        assertEquals(1, prefill.get("pp"));
        assertEquals(List.of(), prefill.get("additional-settings"));
        assertEquals(1, ((Map<?, ?>) multi.get("decode")).get("dcp-size"));
        Map<?, ?> agentic = (Map<?, ?>) ((List<?>) doc.get("agentic_evals")).get(0);
        assertFalse(agentic.containsKey("eval-all-concs"));
        assertFalse(agentic.containsKey("eval-only") && agentic.get("eval-only") == null);
        assertEquals(1, ((List<?>) doc.get("multinode_evals")).size());
    }

    @Test
    void otherSequenceLengthsAreNamedByTheirNumbers() {
        ConfigSet head = configs(ChangelogFixture.AMD.replace("osl: 1024\n      search-space:\n      - { tp: 8, conc-list",
                "osl: 8192\n      search-space:\n      - { tp: 8, conc-list").replace("isl: 8192", "isl: 2048"),
                ChangelogFixture.NVIDIA);
        Map<String, Object> doc = SweepJson.document(sweep(head, head, SweepOptions.DEFAULT, entry(ALPHA, "scenario-type: [fixed-seq-len]")),
                "main", "HEAD");
        assertEquals(List.of("1024_8192", "2048_1024"), List.copyOf(((Map<?, ?>) doc.get("single_node")).keySet()));
        Map<String, Object> agentic = SweepJson.document(sweep(entry(BETA)), "main", "HEAD");
        assertEquals(List.of("8k1k", "agentic"), List.copyOf(((Map<?, ?>) agentic.get("single_node")).keySet()));
    }

    @Test
    void aConfigIsBenchmarkedOnceAndAllEvalsEntriesComeFirst() {
        Sweep twice = sweep(entry(ALPHA), entry(ALPHA, "all-evals: true"));
        assertEquals(7, twice.throughput().size());
        assertEquals(7, twice.plans().get(0).throughput().size());
        assertEquals(List.of(), twice.plans().get(1).throughput());
        // all-evals runs every eval of the config; the plain entry finds them already evaluated
        assertEquals(List.of(), twice.plans().get(0).evals());
        assertFalse(twice.plans().get(1).evals().isEmpty());
        assertEquals(twice.plans().get(1).evals(), twice.evals());
        assertEquals(List.of(ALPHA), twice.plans().get(1).configKeys());
        Sweep evalsOnly = sweep(entry(ALPHA, "evals-only: true"));
        assertEquals(List.of(), evalsOnly.throughput());
        assertEquals(2, evalsOnly.evals().size());
    }

    @Test
    void optionsTrimTheCurvesAndSuppressThroughput() {
        Sweep trimmed = sweep(CONFIGS, CONFIGS, new SweepOptions(true, false, false), entry(ALPHA));
        assertEquals(2, trimmed.throughput().size());
        Sweep evalsOnly = sweep(CONFIGS, CONFIGS, new SweepOptions(false, false, true), entry(ALPHA));
        assertEquals(List.of(), evalsOnly.throughput());
        Sweep allEvals = sweep(CONFIGS, CONFIGS, new SweepOptions(false, true, false), entry(ALPHA));
        assertTrue(allEvals.evals().size() > 2, allEvals.evals()::toString);
        assertEquals(7, allEvals.throughput().size());
    }

    @Test
    void validateChangelogSkipsTheFingerprints() {
        Sweep unprinted = new SweepComputation().compute(added(entry(ALPHA)), CONFIGS, () -> CONFIGS, SweepOptions.DEFAULT, FILE, false);
        assertNull(unprinted.throughput().get(0).get(SweepJson.FINGERPRINT));
        Row printed = sweep(entry(ALPHA)).throughput().get(0);
        assertEquals(CanonicalJson.sha256(withoutPoint(printed)), printed.get(SweepJson.FINGERPRINT));
    }

    private static Map<String, Object> withoutPoint(Row row) {
        Map<String, Object> recipe = new java.util.LinkedHashMap<>(row.fields());
        recipe.keySet().removeAll(List.of("conc", "exp-name", SweepJson.FINGERPRINT));
        return recipe;
    }

    @Test
    void evalMinPrefillEpDropsMultiNodeRowsBelowIt() {
        assertEquals(1, sweep(entry(GAMMA, "eval-min-prefill-ep: 4")).evals().size());
        assertEquals(List.of(), sweep(entry(GAMMA, "eval-min-prefill-ep: 5")).evals());
        assertTrue(sweep(entry(GAMMA, "eval-min-prefill-ep: 1")).evals().size() >= 1);
        assertEquals(sweep(entry(GAMMA)).evals().size(), sweep(entry(GAMMA, "eval-min-prefill-ep: 1")).evals().size());
    }

    @Test
    void unknownKeysAreAllReportedAtOnce() {
        List<Problem> problems = refused(CONFIGS, CONFIGS, SweepOptions.DEFAULT, entry("nope-one"), entry("nope-two"));
        assertEquals(2, problems.size(), problems::toString);
    }

    @Test
    void appendOnlyStandsAloneAndWithoutEvalModifiers() {
        List<Problem> mixed = refused(CONFIGS, CONFIGS, SweepOptions.DEFAULT, entry(ALPHA, "append-only: true"), entry(GAMMA));
        assertEquals(List.of("changelog.append-only-mixed"), Changelogs.rules(mixed));
        for (SweepOptions options : List.of(new SweepOptions(false, true, false), new SweepOptions(false, false, true))) {
            assertEquals(List.of("changelog.append-only-modifiers"),
                    Changelogs.rules(refused(CONFIGS, CONFIGS, options, entry(ALPHA, "append-only: true"))));
        }
    }

    @Test
    void literalKeysMatchOnlyThemselves() {
        assertEquals("a[*]b[?]c[[]d", SweepComputation.literalKey("a*b?c[d"));
        assertEquals("a[b", SweepComputation.literalKey("a[b"));
        assertEquals("x[?]", SweepComputation.literalKey("x?"));
    }

    @Test
    void rowsPerBucketCountsInFirstUseOrder() {
        Map<String, Integer> buckets = SweepSummary.rowsPerBucket(sweep(entry(BETA), entry(GAMMA)));
        assertEquals(List.of("single_node/8k1k", "single_node/agentic", "multi_node/8k1k"),
                new ArrayList<>(buckets.keySet()).subList(0, 3));
    }
}
