package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.AMD;
import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.NVIDIA;
import static dev.sweepgate.cli.ChangelogFixture.RUNNERS;
import static dev.sweepgate.cli.ChangelogFixture.appended;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** check-coverage and validate-changelog --check-coverage on real git repositories. */
class CheckCoverageCommandTest {
    private static final String ALPHA = "alpha-fp8-mi355x-sglang";
    private static final String BETA = "beta-fp4-b200-vllm-agentic";
    /** alpha's 1k1k curve gets a third point. */
    private static final String AMD_MORE_ROWS = AMD.replace("conc-list: [4, 8] }", "conc-list: [4, 8, 16] }");
    /** beta's agentic curve gets a fourth point. */
    private static final String NVIDIA_MORE_AGENTIC = NVIDIA.replace("conc-list: [1, 2, 4] }", "conc-list: [1, 2, 4, 8] }");
    /** beta's fixed-seq-len curve gets a third point. */
    private static final String NVIDIA_MORE_FIXED = NVIDIA.replace("conc-list: [8, 16] }", "conc-list: [8, 16, 32] }");

    @TempDir
    Path dir;

    ChangelogFixture fx;

    @BeforeEach
    void setUp() {
        fx = new ChangelogFixture(dir);
    }

    private ChangelogFixture.Run coverage(String head, String... more) {
        String[] args = new String[5 + more.length];
        args[0] = "check-coverage";
        args[1] = "--base-ref";
        args[2] = fx.base;
        args[3] = "--format=text";
        args[4] = head == null ? "--changelog-file=perf-changelog.yaml" : "--head-ref=" + head;
        System.arraycopy(more, 0, args, 5, more.length);
        return fx.run(args);
    }

    /** Commits the given config files and changelog entries; returns the commit. */
    private String commit(String amd, String nvidia, String... entries) {
        fx.repo.write("configs/amd-master.yaml", amd).write("configs/nvidia-master.yaml", nvidia)
                .write("perf-changelog.yaml", appended(entries));
        return fx.repo.commit("change");
    }

    @Test
    void newRowsWithoutAnEntryFailAndListWhatWasAdded() {
        String head = commit(AMD_MORE_ROWS, NVIDIA);
        ChangelogFixture.Run r = coverage(head);
        assertEquals(1, r.exit(), r.out());
        // the config key's place at the head, the rule, what changed and the fix
        assertTrue(r.err().startsWith("configs/amd-master.yaml:1:1: error: config " + ALPHA + ": its generated rows "
                + "changed"), r.err());
        assertTrue(r.err().contains("fixed-seq-len: 1 row added (alpha_1k1k conc 16)"), r.err());
        assertTrue(r.err().contains("fix: append an entry to perf-changelog.yaml with `config-keys: [" + ALPHA
                + "]` [coverage.uncovered]"), r.err());
        assertTrue(r.err().contains("[coverage.uncovered]"), r.err());
        assertEquals(1, r.err().split("\\[coverage\\.").length - 1, "one problem per uncovered config: " + r.err());
        assertFalse(r.err().contains(BETA), r.err());
    }

    @Test
    void anAppendedEntryForTheConfigCoversItsNewRows() {
        String head = commit(AMD_MORE_ROWS, NVIDIA, entry(ALPHA, LINK + "3"));
        ChangelogFixture.Run r = coverage(head);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("check-coverage: 1 config's generated rows changed, all covered"), r.out());
        assertTrue(r.out().contains(ALPHA + ": fixed-seq-len 1 added, covered by entry 3 (line 14)"), r.out());
    }

    @Test
    void entriesReadFromGitDiffAreNumberedByTheirPlaceInTheHeadFile() {
        // a working-tree head that does not just append (the trimmed separator): git diff is the only source
        fx.repo.write("configs/amd-master.yaml", AMD_MORE_ROWS)
                .write("perf-changelog.yaml", appended(entry(ALPHA, LINK + "3")).replace("  \n\n", "\n\n"));
        ChangelogFixture.Run r = coverage(null);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains(ALPHA + ": fixed-seq-len 1 added, covered by entry 3 (line 14)"), r.out());
        assertFalse(r.out().contains("new entry"), r.out());
    }

    @Test
    void removedAndChangedRowsAreListedByExpNameAndConc() {
        String amd = AMD.replace("conc-list: [4, 8] }", "conc-list: [4] }").replace("image: img/alpha:1", "image: img/alpha:2");
        String head = commit(amd, NVIDIA);
        ChangelogFixture.Run r = coverage(head);
        assertEquals(1, r.exit(), r.out());
        assertTrue(r.err().contains("fixed-seq-len: 1 row removed (alpha_1k1k conc 8), 6 rows changed "
                + "(alpha_1k1k conc 4: image differs; alpha_8k1k conc 4, 8, 16, 32, 64: image differs)"), r.err());
    }

    @Test
    void aFixedSeqLenEntryDoesNotCoverAgenticChanges() {
        String head = commit(AMD, NVIDIA_MORE_AGENTIC, entry(BETA, LINK + "3", "scenario-type: [fixed-seq-len]"));
        ChangelogFixture.Run r = coverage(head);
        assertEquals(1, r.exit(), r.out());
        assertTrue(r.err().contains("agentic-coding: 1 row added (beta_tp4_conc8_kvnone)"), r.err());
        assertTrue(r.err().contains("`scenario-type: [agentic-coding]`"), r.err());

        String agentic = commit(AMD, NVIDIA_MORE_AGENTIC, entry(BETA, LINK + "3", "scenario-type: [agentic-coding]"));
        assertEquals(0, coverage(agentic).exit());
    }

    @Test
    void aFixedSeqLenEntryCoversFixedSeqLenChanges() {
        String head = commit(AMD, NVIDIA_MORE_FIXED, entry(BETA, LINK + "3", "scenario-type: [fixed-seq-len]"));
        ChangelogFixture.Run r = coverage(head);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains(BETA + ": fixed-seq-len 1 added, covered by entry 3 (line 14)"), r.out());
    }

    @Test
    void aChangeInBothScenariosNeedsBothCovered() {
        String nvidia = NVIDIA_MORE_AGENTIC.replace("conc-list: [8, 16] }", "conc-list: [8, 16, 32] }");
        ChangelogFixture.Run partly = coverage(commit(AMD, nvidia, entry(BETA, LINK + "3", "scenario-type: [fixed-seq-len]")));
        assertEquals(1, partly.exit());
        assertTrue(partly.err().contains("agentic-coding: 1 row added"), partly.err());
        assertFalse(partly.err().contains("fixed-seq-len: 1 row added"), partly.err());
        assertTrue(partly.err().contains("(fixed-seq-len changes are covered by entry 3 (line 14))"), partly.err());

        assertEquals(0, coverage(commit(AMD, nvidia, entry(BETA, LINK + "3"))).exit());
    }

    /** An entry whose config-keys line is written as given (quoted patterns). */
    private static String entryWithKeys(String keysYaml) {
        return "- config-keys: " + keysYaml + "\n  description:\n    - Tune several configs\n  pr-link: " + LINK + "3\n";
    }

    @Test
    void aWildcardKeyCoversEveryConfigItSelects() {
        String nvidia = NVIDIA_MORE_FIXED.replace("conc-list: [32]", "conc-list: [32, 48]");
        ChangelogFixture.Run r = coverage(commit(AMD_MORE_ROWS, nvidia, entryWithKeys("[\"*a-fp*\"]")));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("3 configs' generated rows changed, all covered"), r.out());

        // a pattern that misses one of them leaves it uncovered
        ChangelogFixture.Run missed = coverage(commit(AMD_MORE_ROWS, nvidia, entryWithKeys("[\"*-fp8-*\"]")));
        assertEquals(1, missed.exit(), missed.out());
        assertTrue(missed.err().contains("config " + BETA + ": its generated rows changed"), missed.err());
        assertFalse(missed.err().contains("config " + ALPHA), missed.err());

        // `*` is the only wildcard, as process-changelog resolves keys: `?` is a plain character
        ChangelogFixture.Run question = coverage(commit(AMD_MORE_ROWS, NVIDIA, entryWithKeys("[\"alpha-fp?-mi355x-sglang\"]")));
        assertEquals(1, question.exit(), question.out());
    }

    @Test
    void anEvalsOnlyEntryRunsNoThroughputRowsSoCoversNothing() {
        ChangelogFixture.Run r = coverage(commit(AMD_MORE_ROWS, NVIDIA, entry(ALPHA, LINK + "3", "evals-only: true")));
        assertEquals(1, r.exit(), r.out());
        assertTrue(r.err().contains("(entry 3 (line 14) selects it but only for evals"), r.err());
    }

    @Test
    void unchangedConfigsPass() {
        ChangelogFixture.Run nothing = coverage(commit(AMD, NVIDIA, entry(ALPHA, LINK + "3")));
        assertEquals(0, nothing.exit(), nothing.err());
        assertTrue(nothing.out().startsWith("check-coverage: no config's generated rows changed"), nothing.out());

        // a comment and a reordered mapping change the file, not the rows
        String reordered = "# tuned later\n" + AMD.replace("  image: img/alpha:1\n  model: org/alpha\n",
                "  model: org/alpha\n  image: img/alpha:1\n");
        ChangelogFixture.Run same = coverage(commit(reordered, NVIDIA));
        assertEquals(0, same.exit(), same.err());
        assertTrue(same.out().startsWith("check-coverage: no config's generated rows changed"), same.out());
    }

    @Test
    void theEntriesCountedAreThoseTheSweepRuns() {
        // inserted before the last entry (as a careless merge does): process-changelog still sweeps it
        String inserted = ChangelogFixture.HISTORY.replace("  \n\n", "  \n\n" + entry(ALPHA, LINK + "3") + "\n");
        fx.repo.write("configs/amd-master.yaml", AMD_MORE_ROWS).write("perf-changelog.yaml", inserted);
        ChangelogFixture.Run r = coverage(fx.repo.commit("inserted"));
        assertEquals(0, r.exit(), r.err());
        // numbered by its place in the head file, as every message numbers entries
        assertTrue(r.out().contains(ALPHA + ": fixed-seq-len 1 added, covered by entry 2 (line 8)"), r.out());
    }

    @Test
    void aPrLinkCorrectionDeletesALineButChangesNoRows() {
        fx.repo.write("perf-changelog.yaml", ChangelogFixture.HISTORY.replace(LINK + "1\n", LINK + "11\n"));
        ChangelogFixture.Run ok = coverage(fx.repo.commit("correction"));
        assertEquals(0, ok.exit(), ok.err());
        assertTrue(ok.out().startsWith("check-coverage: no config's generated rows changed"), ok.out());

        // with a config change, a correction covers nothing
        fx.repo.write("configs/amd-master.yaml", AMD_MORE_ROWS);
        assertEquals(1, coverage(fx.repo.commit("correction and config")).exit());
    }

    @Test
    void withoutHeadRefTheWorkingTreeIsTheHead() {
        fx.repo.write("configs/amd-master.yaml", AMD_MORE_ROWS);
        ChangelogFixture.Run tree = coverage(null);
        assertEquals(1, tree.exit(), tree.out());
        assertTrue(tree.err().contains("(" + fx.base + " -> the working tree)"), tree.err());

        // the committed head is still the base: nothing changed there
        ChangelogFixture.Run committed = coverage("HEAD");
        assertEquals(0, committed.exit(), committed.err());

        fx.repo.write("perf-changelog.yaml", appended(entry(ALPHA, LINK + "3")));
        assertEquals(0, coverage(null).exit());
    }

    @Test
    void aRemovedConfigNeedsNoEntryButIsListed() {
        String nvidia = NVIDIA.substring(0, NVIDIA.indexOf("gamma-fp8-gb200-dynamo:")).stripTrailing() + "\n";
        ChangelogFixture.Run r = coverage(commit(AMD, nvidia));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("removed at the head (no entry needed: config-keys resolve at the head): "
                + "gamma-fp8-gb200-dynamo"), r.out());
    }

    @Test
    void droppingConcurrenciesOnlyRemovesRowsSoNeedsNoEntry() {
        // InferenceX 16f273c8e: hung concurrency points dropped from an agentic curve, no changelog entry
        String nvidia = NVIDIA.replace("conc-list: [1, 2, 4] }", "conc-list: [1, 4] }");
        ChangelogFixture.Run r = coverage(commit(AMD, nvidia));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("note: config " + BETA + ": agentic-coding: 1 row removed (beta_tp4_conc2_kvnone)"),
                r.err());
        assertTrue(r.err().contains("need no changelog entry: the sweep has nothing new to run [coverage.rows-removed]"), r.err());
        assertFalse(r.err().contains("coverage.uncovered"), r.err());
        assertTrue(r.out().contains(BETA + ": agentic-coding 1 removed, only removed, no entry needed"), r.out());

        // a removal beside an added point is still a change the sweep must run
        String moved = NVIDIA.replace("conc-list: [1, 2, 4] }", "conc-list: [1, 4, 8] }");
        ChangelogFixture.Run m = coverage(commit(AMD, moved));
        assertEquals(1, m.exit(), m.out());
        assertTrue(m.err().contains("[coverage.uncovered]"), m.err());
    }

    @Test
    void aNewConfigNeedsAnEntry() {
        String amd = AMD + AMD.replace("alpha-fp8-mi355x-sglang:", "alpha-fp4-mi355x-sglang:").replace("fp8", "fp4");
        ChangelogFixture.Run r = coverage(commit(amd, NVIDIA));
        assertEquals(1, r.exit(), r.out());
        assertTrue(r.err().contains("config alpha-fp4-mi355x-sglang is new"), r.err());
        assertTrue(r.err().contains("fixed-seq-len: 7 rows added (alpha_1k1k conc 4, 8; alpha_8k1k conc 4, 8, 16, 32, 64)"),
                r.err());
        // its only scenario changed: no scenario-type to suggest
        assertTrue(r.err().contains("fix: append an entry to perf-changelog.yaml with `config-keys: "
                + "[alpha-fp4-mi355x-sglang]` [coverage.uncovered]"), r.err());
        assertEquals(0, coverage(commit(amd, NVIDIA, entry("alpha-fp4-mi355x-sglang", LINK + "3"))).exit());
    }

    @Test
    void aRunnerConfigChangeThatMovesRowsNeedsCoverageOfTheConfigsItMoves() {
        String agenticDram = """
                delta-fp8-h200-sglang-agentic:
                  image: img/delta:1
                  model: org/delta
                  model-prefix: delta
                  runner: cluster:h200
                  precision: fp8
                  framework: sglang
                  multinode: false
                  scenarios:
                    agentic-coding:
                    - dram-utilization: 0.5
                      search-space:
                      - { tp: 8, kv-offloading: dram, kv-offload-backend: { name: native }, conc-list: [4] }
                """;
        String runners = RUNNERS + "  cluster:h200: [h200-z_00]\nhardware:\n  cluster:h200:\n"
                + "    available-cpu-dram-mib: 1000000\n    gpus-per-node: 8\n";
        fx.repo.write("configs/amd-master.yaml", AMD + agenticDram).write("configs/runners.yaml", runners);
        String base = fx.repo.commit("delta");

        fx.repo.write("configs/runners.yaml", runners.replace("1000000", "2000000"));
        String head = fx.repo.commit("more memory");
        ChangelogFixture.Run r = fx.run("check-coverage", "--base-ref", base, "--head-ref", head);
        assertEquals(1, r.exit(), r.out());
        assertTrue(r.err().contains("config delta-fp8-h200-sglang-agentic: its generated rows changed"), r.err());
        assertTrue(r.err().contains("agentic-coding: 1 row changed (delta_tp8_conc4_kvdram-native: "
                + "total-cpu-dram-gb differs)"), r.err());
        // the configs whose rows the runner change does not move need nothing
        assertFalse(r.err().contains(ALPHA), r.err());

        // a new node under a label moves no row (rows name the label, not the node)
        fx.repo.write("configs/runners.yaml", runners.replace("[h200-z_00]", "[h200-z_00, h200-z_01]"));
        String moreNodes = fx.repo.commit("a node");
        assertEquals(0, fx.run("check-coverage", "--base-ref", base, "--head-ref", moreNodes).exit());
    }

    @Test
    void problemsRenderAsJsonOnStdout() {
        String head = commit(AMD_MORE_ROWS, NVIDIA);
        ChangelogFixture.Run r = fx.run("check-coverage", "--base-ref", fx.base, "--head-ref", head, "--format", "json");
        assertEquals(1, r.exit());
        assertTrue(r.out().contains("\"rule\" : \"coverage.uncovered\""), r.out());
        assertTrue(r.out().contains("\"file\" : \"configs/amd-master.yaml\""), r.out());
    }

    @Test
    void writesTheJobSummaryInGithubActions() throws IOException {
        Path summary = dir.resolve("summary.md");
        String head = commit(AMD_MORE_ROWS, NVIDIA, entry(ALPHA, LINK + "3"));
        ChangelogFixture.Run r = fx.run(Map.of("GITHUB_ACTIONS", "true", "GITHUB_STEP_SUMMARY", summary.toString()),
                "check-coverage", "--base-ref", fx.base, "--head-ref", head);
        assertEquals(0, r.exit(), r.err());
        String markdown = Files.readString(summary);
        assertTrue(markdown.contains("| " + ALPHA + " | fixed-seq-len: 1 added | yes |"), markdown);
    }

    @Test
    void badRefsAreUsageOrEnvironmentFailures() {
        assertEquals(2, fx.run("check-coverage", "--base-ref", "-x").exit());
        assertEquals(3, fx.run("check-coverage", "--base-ref", "no-such-branch").exit());
        assertEquals(2, fx.run("check-coverage").exit());
    }

    // validate-changelog --check-coverage

    private ChangelogFixture.Run validate(String head, String... more) {
        String[] args = new String[5 + more.length];
        args[0] = "validate-changelog";
        args[1] = "--base-ref";
        args[2] = fx.base;
        args[3] = "--head-ref=" + head;
        args[4] = "--format=text";
        System.arraycopy(more, 0, args, 5, more.length);
        return fx.run(args);
    }

    @Test
    void validateChangelogChecksCoverageOnlyWhenAsked() {
        // the entry covers alpha, but beta's agentic rows changed too
        String head = commit(AMD_MORE_ROWS, NVIDIA_MORE_AGENTIC, entry(ALPHA, LINK + "3"));
        ChangelogFixture.Run plain = validate(head);
        assertEquals(0, plain.exit(), plain.err());
        assertFalse(plain.out().contains("check-coverage"), plain.out());

        ChangelogFixture.Run checked = validate(head, "--check-coverage");
        assertEquals(1, checked.exit(), checked.out());
        assertTrue(checked.err().contains("config " + BETA + ": its generated rows changed"), checked.err());
        assertFalse(checked.err().contains("config " + ALPHA), checked.err());
    }

    @Test
    void validateChangelogWithCoverageReportsBothKindsOfProblemsTogether() {
        // a doubled empty line breaks a byte rule; beta's change is not covered
        fx.repo.write("configs/nvidia-master.yaml", NVIDIA_MORE_AGENTIC)
                .write("perf-changelog.yaml", appended("\n" + entry(ALPHA, LINK + "3")));
        String head = fx.repo.commit("both");
        ChangelogFixture.Run r = validate(head, "--check-coverage");
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("perf-changelog.yaml:"), r.err());
        assertTrue(r.err().contains("[coverage.uncovered]"), r.err());
    }

    @Test
    void validateChangelogWithCoveragePassesACoveredChange() {
        String head = commit(AMD_MORE_ROWS, NVIDIA_MORE_AGENTIC, entry(ALPHA, LINK + "3"), entry(BETA, LINK + "3",
                "scenario-type: [agentic-coding]"));
        ChangelogFixture.Run r = validate(head, "--check-coverage");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("check-coverage: 2 configs' generated rows changed, all covered"), r.out());
        assertTrue(r.out().contains(BETA + ": agentic-coding 1 added, covered by entry 4 (line 20)"), r.out());
    }
}
