package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.HISTORY;
import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.appended;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidateChangelogCommandTest {
    @TempDir
    Path dir;

    ChangelogFixture fx;

    @BeforeEach
    void setUp() {
        fx = new ChangelogFixture(dir);
    }

    private ChangelogFixture.Run validate(String head, String... more) {
        String[] args = new String[4 + more.length];
        args[0] = "validate-changelog";
        args[1] = "--base-ref";
        args[2] = fx.base;
        args[3] = head == null ? "--format=text" : "--head-ref=" + head;
        System.arraycopy(more, 0, args, 4, more.length);
        return fx.run(args);
    }

    @Test
    void acceptsAnAppendedEntryAndSummarisesWhatWillRun() {
        String head = fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3"));
        ChangelogFixture.Run r = validate(head);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("1 entry added"), r.out());
        // named as problems name it: its place in the file and its line
        assertTrue(r.out().contains("entry 3 (line 14): 1 config: alpha-fp8-mi355x-sglang"), r.out());
        assertTrue(r.out().contains("single_node/1k1k: 2"), r.out());
        assertTrue(r.out().contains("single_node/8k1k: 5"), r.out());
    }

    @Test
    void withoutHeadRefTheWorkingTreeIsChecked() {
        fx.repo.write("perf-changelog.yaml", appended(entry("gamma-fp8-gb200-dynamo", LINK + "3")));
        ChangelogFixture.Run ok = validate(null);
        assertEquals(0, ok.exit(), ok.err());
        assertTrue(ok.out().contains("working tree"), ok.out());
        assertTrue(ok.out().contains("multi_node/8k1k: 2"), ok.out());

        fx.repo.write("perf-changelog.yaml", HISTORY + entry("gamma-fp8-gb200-dynamo", LINK + "3"));
        ChangelogFixture.Run bad = validate(null);
        assertEquals(1, bad.exit());
        assertTrue(bad.err().contains("separated from history by one empty line"), bad.err());
    }

    @Test
    void theWorkingTreeModeAlsoReadsTheWorkingTreeConfigs() {
        fx.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("conc-list: [4, 8]", "conc-list: [4, 8, 12]"));
        fx.repo.write("perf-changelog.yaml", appended(entry("alpha-fp8-mi355x-sglang", LINK + "3")));
        ChangelogFixture.Run r = validate(null);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("single_node/1k1k: 3"), r.out());
    }

    @Test
    void theClassicSeparatorMistakeGetsAPreciseMessage() {
        fx.repo.write("perf-changelog.yaml", appended(entry("alpha-fp8-mi355x-sglang", LINK + "3")).replace("  \n\n", "\n\n"));
        ChangelogFixture.Run r = validate(null);
        assertEquals(1, r.exit());
        assertTrue(r.err().startsWith("perf-changelog.yaml:6:1: error: appended entries changed historical"), r.err());
        assertTrue(r.err().contains("base line 6: \"  \\n\" (2 spaces and nothing else)"), r.err());
        assertTrue(r.err().contains("head line 6: \"\\n\" (an empty line)"), r.err());
        assertTrue(r.err().contains("fix: this historical line holds 2 spaces"), r.err());
    }

    @Test
    void rejectsEveryRawRuleWithExitOne() {
        assertEquals(1, validate(fx.append(entry("alpha-fp8-mi355x-sglang", "XXX"))).exit());
        assertEquals(1, validate(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3", "evals-only: yes please"))).exit());
        fx.repo.write("perf-changelog.yaml", HISTORY.replace("Tune beta", "Tuned beta"));
        ChangelogFixture.Run changed = validate(null);
        assertEquals(1, changed.exit());
        assertTrue(changed.err().contains("entry 2 (line 8) changed"), changed.err());
        fx.repo.write("perf-changelog.yaml", appended(entry("alpha-fp8-mi355x-sglang", LINK + "3")).replace("\n", "\r\n"));
        assertEquals(1, validate(null).exit());
    }

    @Test
    void placeholdersAreFineInAPullRequest() {
        String head = fx.append(entry("alpha-fp8-mi355x-sglang", "XXX"));
        assertEquals(0, validate(head, "--pr-number", "17").exit());
        assertEquals(0, validate(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "17")), "--pr-number=17").exit());
        assertEquals(1, validate(fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "18")), "--pr-number=17").exit());
    }

    @Test
    void anUnchangedChangelogHasNothingAppended() {
        ChangelogFixture.Run r = validate(fx.base);
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("no additions"), r.err());
    }

    @Test
    void aChangeThatOnlyCorrectsPrLinksIsValidAndSweepsNothing() {
        fx.repo.write("perf-changelog.yaml", HISTORY.replace(LINK + "2", "XXX"));
        String base = fx.repo.commit("placeholder landed");
        fx.repo.write("perf-changelog.yaml", HISTORY);
        String head = fx.repo.commit("correct it");
        ChangelogFixture.Run r = fx.run("validate-changelog", "--base-ref", base, "--head-ref", head);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("1 pr-link correction, nothing appended"), r.out());
        // process step 0: nothing to sweep, and main stays green
        ChangelogFixture.Run process = fx.run("process-changelog", "--base-ref", base, "--head-ref", head);
        assertEquals(0, process.exit(), process.err());
        assertTrue(process.out().replace(" ", "").contains("\"entries\":[]"), process.out());
    }

    @Test
    void aForkChecksLinksAgainstTheRepositoryItsOriginPointsTo() {
        fx.repo.git("remote", "add", "origin", "git@github.com:vendor-lab/InferenceX.git");
        String upstreamLink = fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "5"));
        ChangelogFixture.Run refused = fx.run("validate-changelog", "--base-ref", fx.base, "--head-ref", upstreamLink,
                "--format=text");
        assertEquals(1, refused.exit(), refused.err());
        assertTrue(refused.err().contains("https://github.com/vendor-lab/InferenceX/pull/"), refused.err());
        String forkLink = fx.append(entry("alpha-fp8-mi355x-sglang", "https://github.com/vendor-lab/InferenceX/pull/5"));
        assertEquals(0, fx.run("validate-changelog", "--base-ref", fx.base, "--head-ref", forkLink).exit());
        // --repo still wins over the remote
        assertEquals(0, fx.run("validate-changelog", "--base-ref", fx.base, "--head-ref", upstreamLink,
                "--repo", "SemiAnalysisAI/InferenceX").exit());
    }

    @Test
    void aPlaceholderOnAPushToMainSaysWhatAPullRequestPasses() {
        String head = fx.append(entry("alpha-fp8-mi355x-sglang", "XXX"));
        ChangelogFixture.Run r = fx.run("validate-changelog", "--base-ref", fx.base, "--head-ref", head, "--format=text");
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().contains("on a pull request pass --pr-number N, or --pull-request"), r.err());
    }

    @Test
    void aPullRequestWhoseNumberIsUnknownAcceptsPlaceholdersAndCanonicalLinksAndSaysSo() {
        for (String link : new String[] {"XXX", LINK + "XXX", LINK + "77"}) {
            String head = fx.append(entry("alpha-fp8-mi355x-sglang", link));
            ChangelogFixture.Run r = fx.run("validate-changelog", "--base-ref", fx.base, "--head-ref", head,
                    "--pull-request", "--format=text");
            assertEquals(0, r.exit(), link + ": " + r.err());
            assertTrue(r.out().contains("number is not known here, so the placeholders XXX"), r.out());
        }
        ChangelogFixture.Run both = fx.run("validate-changelog", "--base-ref", fx.base, "--pull-request",
                "--pr-number", "3");
        assertEquals(2, both.exit(), both.err());
    }

    @Test
    void theSweepMustSucceedForTheGateToPass() {
        ChangelogFixture.Run r = validate(fx.append(entry("alpha-fp8-mi355x-sglng", LINK + "3")));
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("config key 'alpha-fp8-mi355x-sglng' not found in master configs; did you mean "
                + "alpha-fp8-mi355x-sglang?"), r.err());
        fx.repo.write("configs/runners.yaml", "labels: {}\nextra: 1\n");
        fx.repo.write("perf-changelog.yaml", appended(entry("alpha-fp8-mi355x-sglang", LINK + "3")));
        assertEquals(1, validate(null).exit());
    }

    @Test
    void writesAMarkdownTableToTheJobSummary() throws IOException {
        Path summary = dir.resolve("summary.md");
        Files.writeString(summary, "earlier step\n");
        String head = fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3"), entry("beta-*", LINK + "3",
                "scenario-type: [agentic-coding]"));
        ChangelogFixture.Run r = fx.run(Map.of("GITHUB_STEP_SUMMARY", summary.toString(), "GITHUB_ACTIONS", "true"),
                "validate-changelog", "--base-ref", fx.base, "--head-ref", head);
        assertEquals(0, r.exit(), r.err());
        String md = Files.readString(summary);
        assertTrue(md.startsWith("earlier step\n### perf-changelog.yaml: what this change will run"), md);
        assertTrue(md.contains("| entry 4 (line 20) | agentic-coding | beta-fp4-b200-vllm-agentic |"), md);
        assertTrue(md.contains("| single_node/agentic | 3 |"), md);
        assertTrue(md.contains("| **total** | **13** |"), md);
    }

    @Test
    void refsAreCheckedBeforeGitSeesThem() {
        ChangelogFixture.Run dash = fx.run("validate-changelog", "--base-ref=--output=/tmp/x");
        assertEquals(2, dash.exit());
        assertTrue(dash.err().contains("cannot start with '-'"), dash.err());
        ChangelogFixture.Run unknown = fx.run("validate-changelog", "--base-ref", "no-such-branch");
        assertEquals(3, unknown.exit());
        assertTrue(unknown.err().contains("--base-ref no-such-branch: git cannot resolve this ref"), unknown.err());
        ChangelogFixture.Run origin = fx.run("validate-changelog", "--base-ref", "origin/main");
        assertEquals(3, origin.exit());
        assertTrue(origin.err().contains("git fetch origin main"), origin.err());
    }

    @Test
    void outsideARepositoryIsAnEnvironmentFailure(@TempDir Path elsewhere) {
        ChangelogFixture.Run r = ChangelogFixture.runIn(elsewhere, Map.of(), "validate-changelog", "--base-ref", "main");
        assertEquals(3, r.exit());
        assertTrue(r.err().contains("not inside a git work tree"), r.err());
    }

    @Test
    void aMissingChangelogIsAnEnvironmentFailure() {
        ChangelogFixture.Run r = validate(fx.base, "--changelog-file", "nope.yaml");
        assertEquals(3, r.exit());
        assertTrue(r.err().contains("nope.yaml does not exist at"), r.err());
        // named by the ref the user typed, not by a commit id (issue 23); a merge base that is not the ref says so
        assertEquals("sweepgate: nope.yaml does not exist at main\n",
                fx.run("validate-changelog", "--base-ref", "main", "--changelog-file", "nope.yaml").err());
        String head = fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3"));
        assertEquals("sweepgate: nope.yaml does not exist at main~1\n", fx.run("validate-changelog", "--base-ref", "main~1",
                "--head-ref", "main", "--changelog-file", "nope.yaml").err());
        fx.repo.git("checkout", "-q", "-b", "side", fx.base);
        fx.repo.write("x", "x").commit("side");
        String label = fx.run("validate-changelog", "--base-ref", "side", "--head-ref", head, "--changelog-file",
                "nope.yaml").err();
        assertEquals("sweepgate: nope.yaml does not exist at " + fx.base.substring(0, 12) + " (the merge base of side and "
                + head + ")\n", label);
    }

    /** Issue 34 item 2: a directory named as the changelog is bad usage that says so, not a missing file. */
    @Test
    void aDirectoryGivenAsTheChangelogIsBadUsageThatSaysSo() {
        fx.repo.write("configs/x.yaml", "{}\n").commit("a directory");
        ChangelogFixture.Run atRef = fx.run("validate-changelog", "--base-ref", "main", "--head-ref", "main",
                "--changelog-file", "configs");
        assertEquals(2, atRef.exit(), atRef.err());
        assertEquals("sweepgate: configs is a directory at main, not a file\n", atRef.err());
        ChangelogFixture.Run workingTree = fx.run("plan", "--base-ref", "main", "--changelog-file", "configs");
        assertEquals(2, workingTree.exit(), workingTree.err());
        assertTrue(workingTree.err().contains("configs") && workingTree.err().contains("is a directory"), workingTree.err());
    }

    /**
     * Issue 34 item 3: a changelog whose editor wrote CRLF line ends (the whole file, or only the new entry) is
     * offered fix-changelog, and fix-changelog repairs it: LF ends, history restored, the entry kept.
     */
    @Test
    void aCrlfChangelogIsRepairedByTheFixValidateChangelogOffers() throws IOException {
        String entry = entry("alpha-fp8-mi355x-sglang", "XXX");
        for (String text : List.of(appended(entry).replace("\n", "\r\n"), appended(entry.replace("\n", "\r\n")))) {
            fx.repo.write("perf-changelog.yaml", text);
            ChangelogFixture.Run checked = fx.run("validate-changelog", "--base-ref", fx.base);
            assertEquals(1, checked.exit(), checked.err());
            assertTrue(checked.err().contains("[changelog.cr]") && checked.err().contains("sed -i 's/\\r$//' FILE"), checked.err());
            ChangelogFixture.Run fix = fx.run("fix-changelog", "--base-ref", fx.base);
            assertEquals(0, fix.exit(), fix.err() + fix.out());
            assertTrue((fix.out() + fix.err()).contains("CRLF line end"), fix.out() + fix.err());
            assertEquals(appended(entry), Files.readString(fx.repo.dir().resolve("perf-changelog.yaml")));
            assertEquals(0, fx.run("validate-changelog", "--base-ref", fx.base).exit());
        }
    }

    @Test
    void problemsCanBeWrittenAsJson() {
        ChangelogFixture.Run r = validate(fx.append(entry("alpha-fp8-mi355x-sglang", "XXX")), "--format", "json");
        assertEquals(1, r.exit());
        assertTrue(r.out().contains("\"rule\" : \"changelog.new-link\""), r.out());
    }

    @Test
    void badUsageExitsTwo() {
        assertEquals(2, fx.run("validate-changelog").exit());
        assertEquals(2, validate(fx.base, "--pr-number", "-4").exit());
        assertEquals(2, validate(fx.base, "--pr-number", "twelve").exit());
        assertEquals(2, validate(fx.base, "--repo", "not a repo").exit());
        assertEquals(2, validate(fx.base, "--format", "xml").exit());
        assertEquals(2, fx.run("process-changelog", "--base-ref", fx.base).exit());
    }

    @Test
    void pathsAreRelativeToTheDirectoryGiven() throws IOException {
        fx.repo.write("docs/perf-changelog.yaml", HISTORY);
        String base = fx.repo.commit("a changelog elsewhere");
        fx.repo.write("docs/perf-changelog.yaml", appended(entry("alpha-fp8-mi355x-sglang", LINK + "3")));
        Files.createDirectories(dir.resolve("docs"));
        ChangelogFixture.Run fromRoot = fx.run("validate-changelog", "--base-ref", base,
                "--changelog-file", "docs/perf-changelog.yaml");
        assertEquals(0, fromRoot.exit(), fromRoot.err());
        ChangelogFixture.Run fromDocs = ChangelogFixture.runIn(dir.resolve("docs"), Map.of(), "validate-changelog",
                "--base-ref", base, "--changelog-file", "perf-changelog.yaml",
                "--config-files", "../configs/amd-master.yaml", "../configs/nvidia-master.yaml",
                "--runner-config", "../configs/runners.yaml");
        assertEquals(0, fromDocs.exit(), fromDocs.err());
    }

    @Test
    void anUnknownConfigKeyIsReportedAtItsOwnLineOfTheHeadFile() {
        String head = fx.append(entry("alpha-fp8-mi355x-sglang", "XXX").replace("    - alpha-fp8-mi355x-sglang\n",
                "    - alpha-fp8-mi355x-sglang\n    - no-such-config\n"));
        int line = (int) appended().lines().count() + 4;   // the empty line, `- config-keys:`, alpha, then this key
        ChangelogFixture.Run r = fx.run("validate-changelog", "--base-ref", fx.base, "--head-ref", head, "--pull-request",
                "--format=text");
        assertEquals(1, r.exit(), r.err());
        // entries are numbered by their place in the file, with their line
        assertTrue(r.err().startsWith("perf-changelog.yaml:" + line + ":7: error: entry 3 (line " + (line - 2)
                + "): config key 'no-such-config'"), r.err());
    }
}
