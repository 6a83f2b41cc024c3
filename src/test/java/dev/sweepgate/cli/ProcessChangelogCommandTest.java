package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessChangelogCommandTest {
    @TempDir
    Path dir;

    ChangelogFixture fx;

    @BeforeEach
    void setUp() {
        fx = new ChangelogFixture(dir);
    }

    private JsonNode process(String head, String... more) throws IOException {
        ChangelogFixture.Run r = processRun(head, more);
        assertEquals(0, r.exit(), r.err());
        return new ObjectMapper().readTree(r.out());
    }

    private ChangelogFixture.Run processRun(String head, String... more) {
        List<String> args = new ArrayList<>(List.of("process-changelog", "--base-ref", fx.base, "--head-ref", head));
        args.addAll(List.of(more));
        return fx.run(args.toArray(String[]::new));
    }

    private static List<Object> concs(JsonNode rows) {
        List<Object> values = new ArrayList<>();
        rows.forEach(r -> values.add(r.get("conc").isArray() ? r.get("conc").toString() : r.get("conc").asInt()));
        return values;
    }

    @Test
    void writesEveryBucketAndTheMetadata() throws IOException {
        JsonNode out = process(fx.append(entry("alpha-*", LINK + "3")));
        assertEquals(List.of("single_node", "multi_node", "evals", "agentic_evals", "multinode_evals",
                "multinode_agentic_evals", "changelog_metadata"), fieldNames(out));
        assertEquals(List.of(4, 8), concs(out.at("/single_node/1k1k")));
        assertEquals(List.of(4, 8, 16, 32, 64), concs(out.at("/single_node/8k1k")));
        assertEquals(0, out.get("multi_node").size());
        // the eval policy marks the median and the largest conc of 8k1k
        assertEquals(List.of(32, 64), concs(out.get("evals")));
        assertTrue(out.at("/evals/0/eval-only").asBoolean());
        JsonNode row = out.at("/single_node/1k1k/0");
        assertEquals(false, row.get("eval-only").asBoolean(true));
        assertEquals(false, row.get("run-eval").asBoolean(true));
        assertEquals(64, row.get("recipe-fingerprint").asText().length());
        assertTrue(out.at("/evals/0").get("recipe-fingerprint") == null);
        JsonNode meta = out.get("changelog_metadata");
        assertEquals(fx.base, meta.get("base_ref").asText());
        assertEquals("[\"alpha-*\"]", meta.at("/entries/0/config-keys").toString());
        assertEquals(List.of("config-keys", "description", "pr-link", "evals-only", "all-evals", "append-only"),
                fieldNames(meta.at("/entries/0")));
    }

    @Test
    void aPrLinkOnlyCorrectionIsAnEmptySweep() throws IOException {
        fx.repo.write("perf-changelog.yaml", ChangelogFixture.HISTORY.replace(LINK + "2", LINK + "22"));
        JsonNode out = process(fx.repo.commit("correct a link"));
        for (String bucket : List.of("single_node", "multi_node", "evals", "agentic_evals", "multinode_evals",
                "multinode_agentic_evals")) {
            assertEquals(0, out.get(bucket).size(), bucket);
        }
        assertEquals(0, out.at("/changelog_metadata/entries").size());
    }

    /**
     * Issue 23: step 0 is for corrections the history rules accept. A pr-link turned into a link
     * that is not the repository's canonical pull-request link is refused by the gate
     * (correction-link) and, as in the reference, is a deletion here.
     */
    @Test
    void aPrLinkChangedIntoALinkThatIsNotCanonicalIsADeletion() {
        fx.repo.write("perf-changelog.yaml", ChangelogFixture.HISTORY.replace(LINK + "2", "https://example.com/pull/1234"));
        String head = fx.repo.commit("a link elsewhere");
        ChangelogFixture.Run r = processRun(head);
        assertEquals(1, r.exit(), r.out());
        assertTrue(r.err().contains("deletions are not allowed in perf-changelog.yaml: only additions to the changelog "
                + "are permitted. Found deleted line:   pr-link: " + LINK + "2"), r.err());
        assertEquals("", r.out());
        ChangelogFixture.Run gate = fx.run("validate-changelog", "--base-ref", fx.base, "--head-ref", head);
        assertEquals(1, gate.exit());
        assertTrue(gate.err().contains("[changelog.correction-link]"), gate.err());
        // canonical for the repository --repo names (the gate's --repo, the same default): a correction
        String fork = "https://github.com/someone/fork/pull/1234";
        fx.repo.write("perf-changelog.yaml", ChangelogFixture.HISTORY.replace(LINK + "2", fork));
        String forked = fx.repo.commit("a link of the fork");
        assertEquals(1, processRun(forked).exit());
        assertEquals(0, processRun(forked, "--repo", "someone/fork").exit());
        assertEquals(0, fx.run("validate-changelog", "--base-ref", fx.base, "--head-ref", forked, "--repo", "someone/fork")
                .exit());
        fx.repo.git("remote", "add", "origin", "https://github.com/someone/fork.git");
        assertEquals(0, processRun(forked).exit(), "the default, as validate-changelog's: origin's repository");
    }

    @Test
    void aChangeBeyondPrLinksIsStillADeletion() {
        fx.repo.write("perf-changelog.yaml", ChangelogFixture.HISTORY.replace("Tune beta", "Retune beta"));
        ChangelogFixture.Run r = processRun(fx.repo.commit("rewrite history"));
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("deletions are not allowed"), r.err());
    }

    @Test
    void aHeadThatIsNotUtf8IsRefused() {
        String appended = ChangelogFixture.appended(entry("alpha-*", LINK + "3"));
        byte[] bytes = appended.replace("Tune alpha-*", "Tune alpha-* caf\u00e9").getBytes(StandardCharsets.ISO_8859_1);
        fx.repo.write("perf-changelog.yaml", bytes);
        ChangelogFixture.Run r = processRun(fx.repo.commit("latin-1"));
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("not valid UTF-8"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void pointsOfOneCurveShareTheirRecipeFingerprint() throws IOException {
        JsonNode out = process(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3")));
        JsonNode k8 = out.at("/single_node/8k1k");
        assertEquals(k8.get(0).get("recipe-fingerprint"), k8.get(4).get("recipe-fingerprint"));
        assertNotEquals(k8.get(0).get("recipe-fingerprint"), out.at("/single_node/1k1k/0/recipe-fingerprint"));
    }

    @Test
    void laterEntriesOnlyAddScenariosNotYetCovered() throws IOException {
        JsonNode out = process(fx.append(entry("beta-fp4-b200-vllm-agentic", LINK + "3", "scenario-type: [agentic-coding]"),
                entry("beta-fp4-b200-vllm-agentic", LINK + "3"), entry("beta-fp4-b200-vllm-agentic", LINK + "3")));
        assertEquals(List.of(1, 2, 4), concs(out.at("/single_node/agentic")));
        assertEquals(List.of(8, 16), concs(out.at("/single_node/8k1k")));
        assertEquals(List.of(4), concs(out.get("agentic_evals")));
        assertEquals(List.of(16), concs(out.get("evals")));
        assertEquals("[\"agentic-coding\"]", out.at("/changelog_metadata/entries/0/scenario-type").toString());
        assertEquals(3, out.at("/changelog_metadata/entries").size());
    }

    @Test
    void trimConcKeepsOneConcurrencyPerCurve() throws IOException {
        JsonNode out = process(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3"), entry("gamma-*", LINK + "3")),
                "--trim-conc");
        assertEquals(List.of(4), concs(out.at("/single_node/1k1k")));
        assertEquals(List.of(4), concs(out.at("/single_node/8k1k")));
        assertEquals(List.of("[64]", "[32]"), concs(out.at("/multi_node/8k1k")));
        // evals are not trimmed
        assertEquals(List.of(32, 64), concs(out.get("evals")));
    }

    @Test
    void multiNodeRowsCarryTheOutputDefaults() throws IOException {
        JsonNode out = process(fx.append(entry("gamma-fp8-gb200-dynamo", LINK + "3")));
        JsonNode row = out.at("/multi_node/8k1k/0");
        assertEquals("[64,128,256]", row.get("conc").toString());
        assertEquals(false, row.get("eval-all-concs").asBoolean(true));
        assertEquals(false, row.get("eval-only").asBoolean(true));
        assertEquals("[]", row.at("/prefill/additional-settings").toString());
        assertEquals(1, row.at("/prefill/pp").asInt());
        assertTrue(row.at("/prefill").get("hardware") == null);
        // each curve evaluates at its highest conc, named by eval-conc
        assertEquals(List.of("[64,128,256]", "[32]"), concs(out.get("multinode_evals")));
        assertEquals(256, out.at("/multinode_evals/0/eval-conc").asInt());
        assertEquals(32, out.at("/multinode_evals/1/eval-conc").asInt());
    }

    @Test
    void evalMinPrefillEpDropsEvalsOfNarrowPrefillWorkers() throws IOException {
        JsonNode out = process(fx.append(entry("gamma-fp8-gb200-dynamo", LINK + "3", "eval-min-prefill-ep: 4")));
        assertEquals(List.of("[64,128,256]"), concs(out.get("multinode_evals")));
        assertEquals(4, out.at("/multinode_evals/0/prefill/ep").asInt());
        assertEquals(2, out.at("/multi_node/8k1k").size());
        assertEquals(4, out.at("/changelog_metadata/entries/0/eval-min-prefill-ep").asInt());
    }

    @Test
    void evalsOnlyAndAllEvalsSuppressThroughput() throws IOException {
        JsonNode evalsOnly = process(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3")), "--evals-only");
        assertEquals(0, evalsOnly.get("single_node").size());
        assertEquals(List.of(32, 64), concs(evalsOnly.get("evals")));

        JsonNode entryFlag = process(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3", "evals-only: true")));
        assertEquals(0, entryFlag.get("single_node").size());

        JsonNode allEvals = process(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3", "all-evals: true")));
        assertEquals(0, allEvals.get("single_node").size());
        assertEquals(List.of(4, 8, 16, 32, 64), concs(allEvals.get("evals")));

        // the option widens the evals but keeps the throughput rows
        JsonNode option = process(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3")), "--all-evals");
        assertEquals(5, option.at("/single_node/8k1k").size());
        assertEquals(List.of(4, 8, 16, 32, 64), concs(option.get("evals")));
    }

    @Test
    void allEvalsEntriesComeFirst() throws IOException {
        JsonNode out = process(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3"),
                entry("beta-fp4-b200-vllm-agentic", LINK + "3", "all-evals: true", "scenario-type: [fixed-seq-len]")));
        assertEquals(List.of(8, 16, 32, 64), concs(out.get("evals")).subList(0, 4));
        assertEquals("org/beta", out.at("/evals/0/model").asText());
        assertEquals("alpha-fp8-mi355x-sglang", out.at("/changelog_metadata/entries/0/config-keys/0").asText());
    }

    @Test
    void refusesDeletionsAndEmptyAdditions() {
        fx.repo.write("perf-changelog.yaml", ChangelogFixture.HISTORY.replace("Tune beta", "Tuned beta"));
        ChangelogFixture.Run deleted = processRun(fx.repo.commit("edit history"));
        assertEquals(1, deleted.exit());
        assertTrue(deleted.err().contains("Found deleted line:     - \"Tune beta-fp4-b200-vllm-agentic\""), deleted.err());
        ChangelogFixture.Run nothing = processRun(fx.base);
        assertEquals(1, nothing.exit());
        assertTrue(nothing.err().contains("no additions"), nothing.err());
    }

    @Test
    void readsTheConfigsAtTheHeadRef() throws IOException {
        String head = fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3"));
        fx.repo.write("configs/amd-master.yaml", "broken: [\n");
        assertEquals(2, process(head).at("/single_node/1k1k").size());
    }

    @Test
    void appendOnlyRunsOnlyTheNewPoints() throws IOException {
        fx.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("conc-list: [4, 8]", "conc-list: [4, 8, 16, 8]"));
        JsonNode out = process(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3", "append-only: true")));
        assertEquals(List.of(16), concs(out.at("/single_node/1k1k")));
        assertEquals(1, out.get("single_node").size());
        assertEquals(0, out.get("evals").size());
        assertTrue(out.at("/changelog_metadata/entries/0/append-only").asBoolean());
    }

    @Test
    void appendOnlyKeepsOnlyNewValuesOfAMultiNodeList() throws IOException {
        fx.repo.write("configs/nvidia-master.yaml", ChangelogFixture.NVIDIA.replace("conc-list: [64, 128, 256]",
                "conc-list: [64, 512, 128, 256, 1024]"));
        JsonNode out = process(fx.append(entry("gamma-fp8-gb200-dynamo", LINK + "3", "append-only: true")));
        assertEquals(List.of("[512,1024]"), concs(out.at("/multi_node/8k1k")));
    }

    @Test
    void appendOnlyThatAddsNothingIsRefused() {
        ChangelogFixture.Run r = processRun(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3", "append-only: true")));
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("append-only did not add any generated points"), r.err());
    }

    @Test
    void appendOnlyMayNotTouchAnythingElse() {
        fx.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("conc-list: [4, 8]", "conc-list: [4, 8, 16]"));
        fx.repo.write("configs/nvidia-master.yaml", ChangelogFixture.NVIDIA.replace("image: img/beta:1", "image: img/beta:2"));
        ChangelogFixture.Run unselected = processRun(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3", "append-only: true")));
        assertEquals(1, unselected.exit());
        assertTrue(unselected.err().contains("config beta-fp4-b200-vllm-agentic changed but no append-only entry selects it"),
                unselected.err());
    }

    @Test
    void appendOnlyMayOnlyChangeSelectedScenarios() {
        fx.repo.write("configs/nvidia-master.yaml", ChangelogFixture.NVIDIA.replace("conc-list: [8, 16]", "conc-list: [8, 16, 32]")
                .replace("conc-list: [1, 2, 4]", "conc-list: [1, 2, 4, 8]"));
        ChangelogFixture.Run r = processRun(fx.append(entry("beta-fp4-b200-vllm-agentic", LINK + "3", "append-only: true",
                "scenario-type: [agentic-coding]")));
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("scenario fixed-seq-len changed but is not selected"), r.err());
    }

    @Test
    void appendOnlyMayNotDropPointsOrChangeTheImage() {
        fx.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("conc-list: [4, 8]", "conc-list: [4, 16]"));
        ChangelogFixture.Run dropped = processRun(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3", "append-only: true")));
        assertEquals(1, dropped.exit());
        assertTrue(dropped.err().contains("concurrency values [8] of a base curve are gone"), dropped.err());

        fx.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("conc-list: [4, 8]", "conc-list: [4, 8, 16]")
                .replace("img/alpha:1", "img/alpha:2"));
        ChangelogFixture.Run image = processRun(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3", "append-only: true")));
        assertEquals(1, image.exit());
        assertTrue(image.err().contains("no longer exists at the head"), image.err());
    }

    @Test
    void appendOnlyNeedsANewPointOnAnExistingVisualCurve() {
        // a new tp is a new curve, but on the same visual curve (same model, runner, framework, ...) with the same image
        fx.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("      - { tp: 8, conc-list: [4, 8] }",
                "      - { tp: 8, conc-list: [4, 8] }\n      - { tp: 4, conc-list: [4] }"));
        assertEquals(0, processRun(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3", "append-only: true"))).exit());
        fx.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("      - { tp: 8, conc-list: [4, 8] }",
                "      - { tp: 8, conc-list: [4, 8] }\n      - { tp: 4, conc-list: [4], spec-decoding: mtp }"));
        ChangelogFixture.Run r = processRun(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3", "append-only: true")));
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("starts a new visual curve"), r.err());
    }

    @Test
    void appendOnlyStandsAlone() {
        fx.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("conc-list: [4, 8]", "conc-list: [4, 8, 16]"));
        String head = fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3", "append-only: true"));
        ChangelogFixture.Run withEvals = processRun(head, "--evals-only");
        assertEquals(1, withEvals.exit());
        assertTrue(withEvals.err().contains("append-only sweeps cannot use all-evals or evals-only modifiers"), withEvals.err());
        ChangelogFixture.Run mixed = processRun(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3", "append-only: true"),
                entry("gamma-fp8-gb200-dynamo", LINK + "3")));
        assertEquals(1, mixed.exit());
        assertTrue(mixed.err().contains("cannot be mixed"), mixed.err());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
