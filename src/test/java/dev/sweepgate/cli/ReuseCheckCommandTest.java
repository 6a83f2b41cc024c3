package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.AMD;
import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.NVIDIA;
import static dev.sweepgate.cli.ChangelogFixture.appended;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sweepgate.git.TestRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * reuse-check on real histories: a pull request's sweep run (its head commit, the source) and what
 * became of the pull request on main (a squash or a merge commit).
 */
class ReuseCheckCommandTest {
    private static final String ALPHA = "alpha-fp8-mi355x-sglang";
    private static final String BETA = "beta-fp4-b200-vllm-agentic";
    private static final String CHANGELOG = "perf-changelog.yaml";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    ChangelogFixture fixture;
    TestRepo repo;

    @BeforeEach
    void history() {
        fixture = new ChangelogFixture(dir);
        repo = fixture.repo;
    }

    private String branch(String name, String from) {
        repo.git("checkout", "-q", "-b", name, from);
        return from;
    }

    private String onMain(String message, String changelog) {
        repo.git("checkout", "-q", "main");
        repo.write(CHANGELOG, changelog);
        return repo.commit(message);
    }

    private static String shortId(String id) {
        return id.substring(0, 12);
    }

    private ChangelogFixture.Run reuse(String... args) {
        List<String> all = new ArrayList<>(List.of("reuse-check"));
        all.addAll(List.of(args));
        return fixture.run(all.toArray(String[]::new));
    }

    private static JsonNode json(String text) throws IOException {
        return JSON.readTree(text);
    }

    @Test
    void aPullRequestSquashMergedBehindMainReusesItsRun() throws IOException {
        branch("pr", fixture.base);
        repo.write(CHANGELOG, appended(entry(ALPHA, "XXX")));
        String head = repo.commit("tune alpha");
        onMain("another pull request, merged first", appended(entry(BETA, LINK + "4")));
        String squash = onMain("Tune alpha (#5)", appended(entry(BETA, LINK + "4"), entry(ALPHA, LINK + "5")));

        ChangelogFixture.Run r = reuse("--source", head, "--merge", squash, "--pr-head", head);

        assertEquals(0, r.exit(), r.err());
        String base = fixture.base;
        String parent = repo.git("rev-parse", squash + "^1").trim();
        assertEquals("reuse-check: sound: the run of " + shortId(head) + " ran all 9 rows of the merged sweep of "
                + shortId(squash) + " with the same recipe; nothing needs to run again\n"
                + "  merged sweep: " + shortId(squash) + " against its first parent " + shortId(parent) + " (9 rows)\n"
                + "  source sweep: " + shortId(head) + " against its merge base with " + shortId(parent) + ", "
                + shortId(base) + " (9 rows)\n", r.out());
        assertEquals("", r.err());

        JsonNode verdict = json(reuse("--source", head, "--merge", squash, "--format", "JSON").out());
        assertEquals(true, verdict.get("sound").asBoolean());
        assertEquals(base, verdict.get("source_base").asText(), "the source is measured from where the branch grew");
        assertEquals(9, verdict.get("reused_rows").asInt());
        assertEquals(0, verdict.get("rerun").size());
    }

    @Test
    void aConfigChangedOnMainAfterTheRunMakesEveryRowOfItRunAgain() throws IOException {
        branch("pr", fixture.base);
        repo.write(CHANGELOG, appended(entry(ALPHA, "XXX")));
        String head = repo.commit("tune alpha");
        repo.git("checkout", "-q", "main");
        repo.write("configs/amd-master.yaml", AMD.replace("img/alpha:1", "img/alpha:2"));
        onMain("a new alpha image, merged first", appended(entry(ALPHA, LINK + "4")));
        String squash = onMain("Tune alpha (#5)", appended(entry(ALPHA, LINK + "4"), entry(ALPHA, LINK + "5")));
        Path rerun = dir.resolve("rerun.json");

        ChangelogFixture.Run r = reuse("--source", head, "--merge", squash, "--rerun-sweep", rerun.toString());

        assertEquals(1, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("reuse-check: not sound: the run of " + shortId(head) + " did not run 9 of the 9 rows of the merged "
                + "sweep of " + shortId(squash) + "; rerun them", lines.get(0));
        assertEquals("rerun:", lines.get(3));
        assertEquals("  single_node.1k1k  " + ALPHA + "  alpha_1k1k runner mi355x tp 8 ep 1 conc 4: config changed after "
                + "the run: image \"img/alpha:1\" in the source run, \"img/alpha:2\" at the merge", lines.get(4));
        assertEquals(13, lines.size(), r.out());
        assertTrue(lines.get(12).startsWith("  evals  " + ALPHA + "  alpha_"), lines.get(12));
        JsonNode sweep = json(Files.readString(rerun));
        assertEquals(2, sweep.at("/single_node/1k1k").size());
        assertEquals("img/alpha:2", sweep.at("/single_node/1k1k/0/image").asText());
    }

    @Test
    void aConcurrencyAddedAfterTheRunRerunsExactlyThatRow() throws IOException {
        branch("pr", fixture.base);
        repo.write(CHANGELOG, appended(entry(ALPHA, "XXX")));
        String run = repo.commit("tune alpha");
        repo.write("configs/amd-master.yaml", AMD.replace("conc-list: [4, 8]", "conc-list: [4, 8, 16]"));
        String head = repo.commit("and conc 16");
        repo.git("checkout", "-q", "main");
        repo.write("configs/amd-master.yaml", AMD.replace("conc-list: [4, 8]", "conc-list: [4, 8, 16]"));
        String squash = onMain("Tune alpha (#5)", appended(entry(ALPHA, LINK + "5")));
        Path rerun = dir.resolve("rerun.json");
        Path chunks = dir.resolve("chunks");

        ChangelogFixture.Run r = reuse("--source", run, "--merge", squash, "--pr-head", head, "--format", "json",
                "--rerun-sweep", rerun.toString(), "--split-dir", chunks.toString());

        assertEquals(1, r.exit(), r.err());
        JsonNode verdict = json(r.out());
        assertEquals(false, verdict.get("sound").asBoolean());
        assertEquals(true, verdict.get("of_pull_request").asBoolean());
        assertEquals(10, verdict.get("merged_rows").asInt());
        assertEquals(9, verdict.get("reused_rows").asInt());
        JsonNode only = verdict.get("rerun").get(0);
        assertEquals(1, verdict.get("rerun").size());
        assertEquals("single_node.1k1k", only.get("bucket").asText());
        assertEquals(ALPHA, only.get("config").asText());
        assertEquals("config-changed", only.get("reason").asText());
        assertEquals("the source run swept this recipe at conc 4, 8, not at 16", only.get("detail").asText());
        assertEquals(16, only.at("/row/conc").asInt());
        JsonNode sweep = json(Files.readString(rerun));
        assertEquals(1, sweep.at("/single_node/1k1k").size());
        assertEquals(0, sweep.at("/single_node/8k1k").size() + sweep.get("evals").size());
        assertEquals("[{\"bucket\":\"single_node.1k1k\",\"chunk\":0,\"rows\":1,\"file\":\"single_node.1k1k-0.json\"}]\n",
                Files.readString(chunks.resolve("index.json")));
    }

    @Test
    void anEntryEditedAfterTheRunRerunsTheRowsItAdded() {
        branch("pr", fixture.base);
        repo.write(CHANGELOG, appended(entry(ALPHA, "XXX")));
        String run = repo.commit("tune alpha");
        String both = entry(ALPHA, "XXX").replace("    - " + ALPHA + "\n", "    - " + ALPHA + "\n    - " + BETA + "\n");
        repo.write(CHANGELOG, appended(both));
        String head = repo.commit("and beta");
        String squash = onMain("Tune alpha and beta (#5)", appended(both.replace("XXX", LINK + "5")));

        ChangelogFixture.Run r = reuse("--source", run, "--merge", squash, "--pr-head", head);

        assertEquals(1, r.exit(), r.err());
        List<String> rerun = r.out().lines().dropWhile(l -> !l.equals("rerun:")).skip(1).toList();
        assertEquals(7, rerun.size(), r.out());
        assertTrue(rerun.stream().allMatch(l -> l.contains("  " + BETA + "  ")), r.out());
        assertEquals("  single_node.8k1k  " + BETA + "  beta_8k1k runner cluster:b200 tp 4 ep 1 conc 8: entry changed "
                + "after the run: entry 3 (line 14) selects " + BETA + " and its entry in the source run did not "
                + "(config-keys [\"" + ALPHA + "\"] in the source run, [\"" + ALPHA + "\",\"" + BETA + "\"] at the merge)",
                rerun.get(0));
    }

    @Test
    void aRunOfAnotherBranchIsRefusedOnlyWhenThePullRequestsHeadIsGiven() {
        branch("other", fixture.base);
        repo.write(CHANGELOG, appended(entry(ALPHA, "XXX")));
        String other = repo.commit("someone else's alpha");
        branch("pr", fixture.base);
        repo.write(CHANGELOG, appended(entry(ALPHA, "XXX").replace("Tune", "Retune")));
        String head = repo.commit("tune alpha");
        String squash = onMain("Tune alpha (#5)", appended(entry(ALPHA, LINK + "5")));

        assertEquals(0, reuse("--source", other, "--merge", squash).exit(),
                "the same rows with the same recipe: git alone cannot tell whose run it was");
        ChangelogFixture.Run r = reuse("--source", other, "--merge", squash, "--pr-head", head);

        assertEquals(1, r.exit(), r.err());
        assertEquals("reuse-check: the source run is not of this pull request: " + shortId(other) + " is neither the pull "
                + "request's head " + shortId(head) + " nor one of its ancestors; all 9 rows of the merged sweep must run\n"
                + "  merged sweep: " + shortId(squash) + " against its first parent " + shortId(fixture.base)
                + " (9 rows)\n", r.out());
        assertEquals(0, reuse("--source", head, "--merge", squash, "--pr-head", head).exit());
    }

    @Test
    void aMergeCommitIsMeasuredAgainstItsFirstParent() {
        branch("pr", fixture.base);
        repo.write(CHANGELOG, appended(entry(ALPHA, "XXX")));
        String head = repo.commit("tune alpha");
        repo.git("checkout", "-q", "main");
        repo.write("configs/nvidia-master.yaml", NVIDIA.replace("img/beta:1", "img/beta:2"));
        String main = repo.commit("a new beta image");
        repo.git("merge", "-q", "--no-ff", "-m", "Merge pull request #5", "pr");
        String merge = repo.git("rev-parse", "HEAD").trim();

        ChangelogFixture.Run r = reuse("--source", head, "--merge", merge, "--pr-head", head);

        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("  merged sweep: " + shortId(merge) + " against its first parent " + shortId(main)
                + " (9 rows)\n"), r.out());
    }

    @Test
    void badRefsAndBadUsageGetAClearMessageAndTheirExitCode() {
        String head = fixture.append(entry(ALPHA, "XXX"));
        Map<List<String>, Integer> cases = Map.of(
                List.of("--source", "nope", "--merge", head), 3,
                List.of("--source", head, "--merge", head, "--pr-head", "origin/gone"), 3,
                List.of("--source", head, "--merge", fixture.base), 2,
                List.of("--source", head), 2,
                List.of("--source", head, "--merge", head, "--format", "yaml"), 2,
                List.of("--source", "--merge", head), 2,
                List.of("--source", head, "--merge", head, "--max-jobs", "1"), 2);
        for (Map.Entry<List<String>, Integer> c : cases.entrySet()) {
            ChangelogFixture.Run r = reuse(c.getKey().toArray(String[]::new));
            assertEquals(c.getValue(), r.exit(), c.getKey() + ": " + r.err());
            assertTrue(r.err().startsWith("sweepgate: "), c.getKey() + ": " + r.err());
        }
        assertEquals("sweepgate: --source nope: git cannot resolve this ref to a commit; check the spelling, or fetch "
                + "the branch or commit it names\n", reuse("--source", "nope", "--merge", head).err());
        assertEquals("sweepgate: --merge " + fixture.base + " is a root commit: it has no first parent, so there is no "
                + "merged change to check; name the commit the pull request became on the base branch\n",
                reuse("--source", head, "--merge", fixture.base).err());
    }

    @Test
    void aMergedSweepThatCannotBeComputedIsAProblemOfTheChangelog() throws IOException {
        String head = fixture.append(entry("no-such-config", "XXX"));

        ChangelogFixture.Run text = reuse("--source", head, "--merge", head);
        ChangelogFixture.Run json = reuse("--source", head, "--merge", head, "--format", "json");

        assertEquals(1, text.exit());
        assertTrue(text.err().startsWith("perf-changelog.yaml: error: the merged sweep (" + head + " against its first "
                + "parent) cannot be computed, so whether the run can be reused cannot be judged: [reuse.sweep]\n"),
                text.err());
        assertTrue(text.err().contains("no-such-config"), text.err());
        assertEquals("", text.out());
        assertEquals(1, json.exit());
        assertEquals("reuse.sweep", json(json.out()).at("/problems/0/rule").asText());
    }
}
