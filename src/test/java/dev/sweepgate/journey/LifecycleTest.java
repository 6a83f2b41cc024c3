package dev.sweepgate.journey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sweepgate.cli.Launcher;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pull request journey end to end, on real repositories: a bare "origin", a contributor's
 * clone with the installed pre-push hook, a maintainer's clone, and a CI checkout where the
 * workflow's steps run exactly as .github/workflows/changelog.yml writes them. The benchmark
 * data are the project's own configs/, golden_al_distribution/ and a short changelog made from
 * the real one's first entries (and the first entry followed by a two-space separator line).
 */
class LifecycleTest {
    private static final String LINK = "https://github.com/SemiAnalysisAI/InferenceX/pull/";
    private static final String CHANGELOG = "perf-changelog.yaml";
    /** Configs of amd-master.yaml with a handful of rows each. */
    private static final String FIRST = "dsr1-fp4-mi355x-sglang";
    private static final String OTHER = "dsr1-fp8-mi300x-sglang";
    private static final String THIRD = "dsr1-fp4-mi355x-atom";
    private static final Workflow WORKFLOW = Workflow.load(Path.of(".github/workflows/changelog.yml"));
    private static final Workflow CHUNK_WORKFLOW = Workflow.load(Path.of(".github/workflows/sweep-chunk.yml"));

    @TempDir
    static Path shared;
    static Path tools;
    static String history;
    /** The 1-based line of the history's two-space separator line. */
    static int separatorLine;

    @TempDir
    Path root;
    Path origin;
    Path contributor;
    Path maintainer;
    Path ci;
    Map<String, String> env;
    int runs;

    record Run(int exit, String out, String err) {
        String all() {
            return out + err;
        }
    }

    @BeforeAll
    static void fixtures() throws IOException {
        tools = Files.createDirectories(shared.resolve("bin"));
        Launcher.write(tools);
        List<String> lines = List.of(Files.readString(Path.of(CHANGELOG)).split("\n", -1));
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("- config-keys:")) {
                starts.add(i);
            }
        }
        int separator = lines.indexOf("  ");
        int before = starts.stream().filter(s -> s < separator).reduce((a, b) -> b).orElseThrow();
        int after = starts.indexOf(before) + 1;
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < 3; k++) {
            sb.append(entryText(lines, starts.get(k), starts.get(k + 1))).append('\n');
        }
        // the entry the real history follows with "  \n\n", byte for byte, then the next one
        sb.append(String.join("\n", lines.subList(before, starts.get(after)))).append('\n');
        separatorLine = (int) sb.toString().lines().takeWhile(l -> !l.equals("  ")).count() + 1;
        sb.append(entryText(lines, starts.get(after), starts.get(after + 1)));
        history = sb.toString();
    }

    private static String entryText(List<String> lines, int from, int to) {
        List<String> entry = new ArrayList<>(lines.subList(from, to));
        while (entry.get(entry.size() - 1).isEmpty()) {
            entry.remove(entry.size() - 1);
        }
        return String.join("\n", entry) + "\n";
    }

    static String entry(String key, String link) {
        return "- config-keys:\n    - " + key + "\n  description:\n    - \"Tune " + key + "\"\n  pr-link: " + link + "\n";
    }

    /** The history with entries appended, one empty line apart. */
    static String appended(String changelog, String... entries) {
        StringBuilder sb = new StringBuilder(changelog);
        for (String e : entries) {
            sb.append('\n').append(e);
        }
        return sb.toString();
    }

    @BeforeEach
    void repositories() throws IOException {
        env = new HashMap<>(Map.of("GIT_CONFIG_NOSYSTEM", "1", "HOME", root.toString(),
                "GIT_AUTHOR_NAME", "test", "GIT_AUTHOR_EMAIL", "test@example.com",
                "GIT_COMMITTER_NAME", "test", "GIT_COMMITTER_EMAIL", "test@example.com",
                "PATH", tools + ":" + System.getenv("PATH")));
        origin = root.resolve("origin.git");
        maintainer = root.resolve("maintainer");
        contributor = root.resolve("contributor");
        ci = root.resolve("ci");
        ok(root, "git", "init", "-q", "--bare", "-b", "main", origin.toString());
        ok(root, "git", "init", "-q", "-b", "main", maintainer.toString());
        copyTree(Path.of("configs"), maintainer.resolve("configs"));
        copyTree(Path.of("golden_al_distribution"), maintainer.resolve("golden_al_distribution"));
        copyTree(Path.of(".github"), maintainer.resolve(".github"));
        copyTree(Path.of("scripts"), maintainer.resolve("scripts"));
        write(maintainer, CHANGELOG, history);
        commit(maintainer, "the benchmark repository");
        ok(maintainer, "git", "remote", "add", "origin", origin.toString());
        ok(maintainer, "git", "push", "-q", "-u", "origin", "main");
        ok(root, "git", "clone", "-q", origin.toString(), contributor.toString());
        Run installed = ok(contributor, "sweepgate", "install-hooks");
        assertTrue(installed.out().startsWith("sweepgate: '" + tools.resolve("sweepgate") + "' (sweepgate on PATH)"),
                installed.out());
        assertTrue(installed.out().contains(contributor.resolve(".git/info/attributes") + ": added `"
                + CHANGELOG + " merge=perf-changelog`"), installed.out());
        assertFalse(Files.exists(contributor.resolve(".gitattributes")));
        ok(root, "git", "clone", "-q", origin.toString(), ci.toString());
    }

    // --- the scenarios ------------------------------------------------------------------------

    @Test
    void aBranchBehindMainWithAPlaceholderLinkPassesTheHookAndThePullRequestJob() throws IOException {
        ok(contributor, "git", "checkout", "-q", "-b", "behind");
        // main moves on: a config change with its entry
        edit(maintainer, "configs/amd-master.yaml", s -> s.replaceFirst("conc-end: 64 }", "conc-end: 128 }"));
        write(maintainer, CHANGELOG, appended(history, entry(FIRST, LINK + "900")));
        commit(maintainer, "main moves on");
        ok(maintainer, "git", "push", "-q", "origin", "main");
        ok(contributor, "git", "fetch", "-q", "origin");

        write(contributor, CHANGELOG, appended(history, entry(OTHER, LINK + "XXX")));
        commit(contributor, "tune " + OTHER);
        Run hook = push("behind");
        assertEquals(0, hook.exit(), hook.all());
        assertTrue(hook.err().contains("checking refs/heads/behind against origin/main"), hook.err());
        assertTrue(hook.all().contains("the pull request's number is not known here, so the placeholders XXX"), hook.all());
        assertFalse(hook.all().contains("deleted"), hook.all());

        Run job = prJob("behind", 11);
        assertEquals(0, job.exit(), job.all());
        assertTrue(job.err().contains("sweepgate gate: origin/main..." + sha(ci, "origin/behind") + ": passed (2 of 2 checks)"),
                job.err());
        assertFalse(job.all().contains(FIRST), "a config the pull request never touched: " + job.all());
    }

    @Test
    void theSeedMistakeFailsAtTheSeparatorLineAndFixChangelogRepairsIt() throws IOException {
        ok(contributor, "git", "checkout", "-q", "-b", "seed");
        write(contributor, CHANGELOG, appended(history.replace("\n  \n", "\n\n"), entry(OTHER, "XXX")));
        commit(contributor, "an editor trimmed the separator");
        Run hook = push("seed");
        assertEquals(1, hook.exit(), hook.all());
        assertTrue(hook.err().contains(CHANGELOG + ":" + separatorLine + ":1: error: appended entries changed historical "
                + CHANGELOG + " bytes"), hook.err());
        // the hint quotes the ref the hook used, and the gate's last lines repeat the repair
        assertTrue(hook.err().contains("sweepgate fix-changelog --base-ref origin/main"), hook.err());
        assertTrue(hook.err().contains(": FAILED: validate-changelog (1 of 2 checks)\nsweepgate gate: fix: "
                + "`sweepgate fix-changelog --base-ref origin/main` repairs"), hook.err());

        ok(contributor, "git", "push", "-q", "--no-verify", "origin", "seed");
        Run job = prJob("seed", 12);
        assertEquals(1, job.exit(), job.all());
        assertTrue(job.err().contains("::error file=" + CHANGELOG + ",line=" + separatorLine + ",col=1,"), job.err());
        assertTrue(summary().contains("| validate-changelog | **failed** (exit 1) |"), summary());
        assertTrue(summary().contains(CHANGELOG + ":" + separatorLine + ":1: error:"), "the summary shows every problem");

        Run fix = ok(contributor, "sweepgate", "fix-changelog", "--base-ref", "origin/main");
        assertTrue(fix.all().contains(CHANGELOG), fix.all());
        assertEquals(appended(history, entry(OTHER, "XXX")), Files.readString(contributor.resolve(CHANGELOG)));
        commit(contributor, "fix-changelog");
        Run fixed = push("seed");
        assertEquals(0, fixed.exit(), fixed.all());
        Run again = prJob("seed", 12);
        assertEquals(0, again.exit(), again.all());
        assertTrue(summary().contains("### sweepgate gate: passed"), summary());
        // the reviewer's view: what the change will run
        assertTrue(summary().contains("### perf-changelog.yaml: the plan of this change"), summary());
        assertTrue(summary().contains(OTHER), summary());
        // the sign-off checklist passes too, and shows what it checked
        assertTrue(summary().contains("| review | passed |"), summary());
        assertTrue(summary().contains("## sweepgate review: ✅") && summary().contains("| 6a | upstream image | ✅ PASS |"), summary());
        // review is given the day the pull request was last updated and its body, as the workflow writes them
        assertTrue(again.err().lines().anyMatch(l -> l.startsWith("sweepgate gate: review: sweepgate review ")
                && l.contains(" --date 2026-08-21 --pr-body ") && l.endsWith("pr-body.txt")), again.err());
    }

    @Test
    void anEnginePatchWithoutItsWaiverFailsThePullRequestWithTheChecklistInTheSummary() throws IOException {
        ok(contributor, "git", "checkout", "-q", "-b", "patch");
        write(contributor, "benchmarks/single_node/fixed_seq_len/dsr1_fp8_mi300x.sh", "#!/usr/bin/env bash\ngit apply fix.patch\n");
        commit(contributor, "a quick engine fix");
        ok(contributor, "git", "push", "-q", "--no-verify", "origin", "patch");
        Run job = prJob("patch", 15);
        assertEquals(1, job.exit(), job.all());
        assertTrue(summary().contains("| review | **failed** (exit 1) |"), summary());
        assertTrue(summary().contains("| 10 | engine patch | ❌ FAIL |") && summary().contains("docs/waiver/15.md"), summary());
        // the script is what OTHER runs: changing it needs an entry as a config change does (#32)
        assertTrue(summary().contains("| check-coverage | **failed** (exit 1) |"), summary());
        assertTrue(job.all().contains("title=coverage.launch-uncovered::") && job.all().contains("  " + OTHER + "%0A"), job.all());

        write(contributor, "docs/waiver/15.md", "Why: the fix is upstream but not released.\n");
        write(contributor, CHANGELOG, appended(Files.readString(contributor.resolve(CHANGELOG)), entry(OTHER, "XXX")));
        commit(contributor, "the waiver, and the entry for the config that runs the script");
        ok(contributor, "git", "push", "-q", "--no-verify", "origin", "patch");
        Run again = prJob("patch", 15);
        assertEquals(0, again.exit(), again.all());
        assertTrue(summary().contains("| 10 | engine patch | ✅ PASS |"), summary());
    }

    @Test
    void aConfigChangeWithoutAnEntryFailsNamingTheConfigAndItsLine() throws IOException {
        ok(contributor, "git", "checkout", "-q", "-b", "config");
        edit(contributor, "configs/amd-master.yaml", s -> s.replaceFirst("conc-end: 64 }", "conc-end: 128 }"));
        commit(contributor, "more concurrency");
        Run hook = push("config");
        assertEquals(1, hook.exit(), hook.all());
        assertTrue(hook.err().contains("configs/amd-master.yaml:1:1: error: config " + FIRST + ": its generated rows changed"),
                hook.err());
        assertTrue(hook.err().contains("sweepgate gate: check-coverage: sweepgate check-coverage"), hook.err());
        // issue 34.5: the last lines name the check that failed, and no changelog repair is offered for it
        assertTrue(hook.err().matches("(?s).*\nsweepgate gate: origin/main\\.\\.\\.[0-9a-f]{40}: FAILED: check-coverage "
                + "\\(1 of 3 checks\\)\nsweepgate pre-push: refs/heads/config fails the gate.*"), hook.err());
        assertTrue(hook.err().contains("\n  check-coverage    FAILED (exit 1)\n"), hook.err());
        assertFalse(hook.err().contains("fix-changelog"), hook.err());

        ok(contributor, "git", "push", "-q", "--no-verify", "origin", "config");
        Run job = prJob("config", 13);
        assertEquals(1, job.exit(), job.all());
        assertTrue(job.err().contains("::error file=configs/amd-master.yaml,line=1,col=1,title=coverage.uncovered::config "
                + FIRST + ": its generated rows changed"), job.err());
        assertSarif("check-coverage", "configs/amd-master.yaml", 1);
    }

    @Test
    void anOffCurveSyntheticAcceptanceLengthFailsAtItsLine() throws IOException {
        List<String> nvidia = Files.readAllLines(contributor.resolve("configs/nvidia-master.yaml"));
        int line = 0;
        String key = null;
        for (int i = 0; i < nvidia.size() && line == 0; i++) {
            if (nvidia.get(i).matches("[a-z0-9].*:")) {
                key = nvidia.get(i).substring(0, nvidia.get(i).length() - 1);
            }
            if (nvidia.get(i).contains("SYNTHETIC_ACCEPTANCE_LENGTH=")) {
                line = i + 1;
            }
        }
        int column = nvidia.get(line - 1).indexOf("- ") + 3;   // where the list item's scalar starts
        nvidia.set(line - 1, nvidia.get(line - 1).replaceFirst("SYNTHETIC_ACCEPTANCE_LENGTH=[0-9.]+",
                "SYNTHETIC_ACCEPTANCE_LENGTH=2.99"));
        ok(contributor, "git", "checkout", "-q", "-b", "golden");
        write(contributor, "configs/nvidia-master.yaml", String.join("\n", nvidia) + "\n");
        write(contributor, CHANGELOG, appended(history, entry(key, "XXX")));
        commit(contributor, "a new acceptance length");
        Run hook = push("golden");
        assertEquals(1, hook.exit(), hook.all());
        String at = "configs/nvidia-master.yaml:" + line + ":" + column + ": error: SYNTHETIC_ACCEPTANCE_LENGTH=2.99 in config '"
                + key + "' is not the golden AL";
        assertTrue(hook.err().contains(at), hook.err());

        ok(contributor, "git", "push", "-q", "--no-verify", "origin", "golden");
        Run job = prJob("golden", 14);
        assertEquals(1, job.exit(), job.all());
        assertTrue(job.err().contains("::error file=configs/nvidia-master.yaml,line=" + line + ",col=" + column
                + ",title=golden.value::"), job.err());
        assertTrue(summary().contains("| validate-changelog | passed |"), summary());
        assertTrue(summary().contains("| validate-configs | **failed** (exit 1) |"), summary());
    }

    /**
     * Issue 23: the pre-commit hook runs the gate of the pre-push hook, so a branch with an entry
     * for one config, an uncovered search-space change of another and an off-curve golden
     * acceptance length fails before the commit as it fails before the push (validate-changelog
     * alone, which checks only the changelog, calls it valid).
     */
    @Test
    @SuppressWarnings("unchecked")
    void thePreCommitHookFailsWhatThePrePushHookFails() throws IOException {
        ok(contributor, "git", "checkout", "-q", "-b", "precommit");
        write(contributor, CHANGELOG, appended(history, entry(FIRST, "XXX")));
        edit(contributor, "configs/amd-master.yaml", s -> s.replaceFirst("(?s)(\n" + OTHER + ":.*?conc-end: )64 }", "$1128 }"));
        edit(contributor, "configs/nvidia-master.yaml",
                s -> s.replaceFirst("SYNTHETIC_ACCEPTANCE_LENGTH=[0-9.]+", "SYNTHETIC_ACCEPTANCE_LENGTH=2.99"));
        ok(contributor, "git", "add", "-A");
        Run alone = run(contributor, Map.of(), "sweepgate", "validate-changelog", "--base-ref", "origin/main");
        assertEquals(0, alone.exit(), "validate-changelog judges the changelog only: " + alone.all());

        List<Map<String, Object>> hooks = (List<Map<String, Object>>) new org.snakeyaml.engine.v2.api.Load(
                org.snakeyaml.engine.v2.api.LoadSettings.builder().build())
                .loadFromString(Files.readString(Path.of(".pre-commit-hooks.yaml")));
        Run preCommit = run(contributor, Map.of(), Path.of((String) hooks.get(0).get("entry")).toAbsolutePath().toString());
        assertEquals(1, preCommit.exit(), preCommit.all());
        assertTrue(preCommit.err().contains("error: config " + OTHER + ": its generated rows changed"), preCommit.err());
        assertTrue(preCommit.err().contains("[coverage.uncovered]"), preCommit.err());
        assertTrue(preCommit.err().contains("SYNTHETIC_ACCEPTANCE_LENGTH=2.99 in config"), preCommit.err());
        assertTrue(preCommit.err().contains("[golden.value]"), preCommit.err());
        assertTrue(preCommit.err().contains("(origin/main -> refs/sweepgate/staged)"), preCommit.err());

        commit(contributor, "an entry for one config, a change of another, a new acceptance length");
        Run prePush = push("precommit");
        assertEquals(1, prePush.exit(), prePush.all());
        assertEquals(errors(prePush), errors(preCommit), "the same problems, found by the same gate");
    }

    /** The problems a run printed, one line each, the head named alike (the staged change, or the pushed commit). */
    private static List<String> errors(Run run) {
        return run.err().lines().filter(line -> line.matches("[^ ]+:\\d+:\\d+: error: .*"))
                .map(line -> line.replaceAll("\\(origin/main -> [^)]+\\)", "(origin/main -> HEAD)")).sorted().toList();
    }

    /** Issue 34.4: the gate checks commits; with only uncommitted edits it says how to check those. */
    @Test
    void theGateOnUncommittedEditsSaysTheyAreNotPartOfTheChangeAndHowToCheckThem() throws IOException {
        edit(contributor, "configs/amd-master.yaml", s -> s.replaceFirst("conc-end: 64 }", "conc-end: 128 }"));
        Run gate = run(contributor, Map.of(), "bash", ".github/scripts/pr-gate.sh", "origin/main", "HEAD");
        assertEquals(0, gate.exit(), gate.all());
        assertTrue(gate.err().contains("HEAD: nothing to check: the change touches none of " + CHANGELOG), gate.err());
        assertTrue(gate.err().contains("note: uncommitted edits (configs/amd-master.yaml) are not part of the change: "
                + "the gate checks commits. To check them, stage them (git add) and run .github/scripts/pre-commit.sh, "
                + "or commit them and run the gate again"), gate.err());

        ok(contributor, "git", "checkout", "-q", "--", "configs/amd-master.yaml");
        Run clean = run(contributor, Map.of(), "bash", ".github/scripts/pr-gate.sh", "origin/main", "HEAD");
        assertEquals(0, clean.exit(), clean.all());
        assertFalse(clean.err().contains("uncommitted"), clean.err());
    }

    @Test
    void anUnknownConfigKeyFailsAtThatKeysLineOfTheChangelog() throws IOException {
        ok(contributor, "git", "checkout", "-q", "-b", "unknown");
        String added = entry(OTHER, "XXX").replace("    - " + OTHER + "\n", "    - " + OTHER + "\n    - no-such-config\n");
        write(contributor, CHANGELOG, appended(history, added));
        commit(contributor, "a typo");
        int line = (int) history.lines().count() + 4;   // the empty line, `- config-keys:`, the first key, this one
        Run hook = push("unknown");
        assertEquals(1, hook.exit(), hook.all());
        assertTrue(hook.err().contains(CHANGELOG + ":" + line + ":7: error: entry "), hook.err());
        assertTrue(hook.err().contains("config key 'no-such-config' not found"), hook.err());

        ok(contributor, "git", "push", "-q", "--no-verify", "origin", "unknown");
        Run job = prJob("unknown", 15);
        assertEquals(1, job.exit(), job.all());
        assertTrue(job.err().contains("::error file=" + CHANGELOG + ",line=" + line + ",col=7,title=changelog.unknown-config-key::"),
                job.err());
        assertSarif("validate-changelog", CHANGELOG, line);
    }

    @Test
    void aPrLinkCorrectionPassesMergesAndLeavesThePushJobGreenWithNothingToSweep() throws IOException {
        ok(contributor, "git", "checkout", "-q", "-b", "correction");
        String firstLink = history.lines().filter(l -> l.startsWith("  pr-link: ")).findFirst().orElseThrow();
        write(contributor, CHANGELOG, history.replaceFirst(Pattern.quote(firstLink), Matcher.quoteReplacement(firstLink + "0")));
        commit(contributor, "correct a pr-link");
        Run hook = push("correction");
        assertEquals(0, hook.exit(), hook.all());
        assertTrue(hook.all().contains("1 pr-link correction, nothing appended: nothing to sweep"), hook.all());
        Run job = prJob("correction", 16);
        assertEquals(0, job.exit(), job.all());

        String[] merged = squashMerge("correction");
        Run sweep = pushJob(merged[0], merged[1]);
        assertEquals(0, sweep.exit(), sweep.all());
        JsonNode published = publishedSweep();
        assertEquals(0, published.get("changelog_metadata").get("entries").size());
        assertTrue(published.get("single_node").isEmpty(), "the matrix job's bucket is empty: it is skipped");
    }

    @Test
    void twoPullRequestsThatBothAppendMergeThroughMergePrAndTheDriver() throws IOException {
        Run driver = ok(maintainer, "sweepgate", "install-hooks");
        assertTrue(driver.out().contains("git config merge.perf-changelog.driver: '" + tools.resolve("sweepgate")
                + "' merge-driver"), driver.out());
        String base = sha(contributor, "origin/main");
        ok(contributor, "git", "checkout", "-q", "-b", "first");
        write(contributor, CHANGELOG, appended(history, entry(OTHER, "XXX")));
        commit(contributor, "first");
        assertEquals(0, push("first").exit());
        ok(contributor, "git", "checkout", "-q", "-b", "second", base);
        write(contributor, CHANGELOG, appended(history, entry(THIRD, LINK + "XXX")));
        String second = commit(contributor, "second");
        assertEquals(0, push("second").exit());

        Run mergeFirst = ok(maintainer, "bash", "scripts/merge-pr.sh", "--no-github", "--branch", "first", "21");
        assertTrue(mergeFirst.err().contains("sweepgate gate: origin/main..."), mergeFirst.err());
        squashMerge("first");
        Run mergeSecond = ok(maintainer, "bash", "scripts/merge-pr.sh", "--no-github", "--branch", "second", "22");
        assertTrue(mergeSecond.err().contains("merging origin/main into second"), mergeSecond.err());
        String[] merged = squashMerge("second");

        assertEquals(appended(history, entry(OTHER, LINK + "21"), entry(THIRD, LINK + "22")),
                Files.readString(maintainer.resolve(CHANGELOG)));
        ok(maintainer, "sweepgate", "validate-changelog", "--base-ref", merged[0], "--head-ref", merged[1]);
        Run sweep = pushJob(merged[0], merged[1]);
        assertEquals(0, sweep.exit(), sweep.all());
        ObjectNode published = (ObjectNode) publishedSweep();
        JsonNode entries = published.get("changelog_metadata").get("entries");
        assertEquals(1, entries.size(), entries.toString());
        assertEquals(List.of(THIRD), List.of(entries.get(0).get("config-keys").get(0).asText()));
        assertEquals(LINK + "22", entries.get(0).get("pr-link").asText());
        // exactly the rows of the second pull request's own change, with the priorities a push gives them
        assertTrue(published.at("/single_node/8k1k/0/priority").isTextual(), published.toString());
        ObjectNode own = (ObjectNode) json(ok(contributor, "sweepgate", "process-changelog", "--base-ref", base,
                "--head-ref", second, "--priority-policy", "configs/ci-priority.yaml", "--event-name", "push",
                "--queue-namespace", "local:1").out());
        published.remove("changelog_metadata");
        own.remove("changelog_metadata");
        assertEquals(own, published);
    }

    @Test
    void aSweepOver256RowsIsPublishedAsAChunkIndexAndEachChunkJobGetsItsRows() throws IOException {
        ok(maintainer, "git", "pull", "-q", "--ff-only", "origin", "main");
        String before = sha(maintainer, "HEAD");
        write(maintainer, CHANGELOG, appended(history, entry("dsv4*", LINK + "13")));
        String after = commit(maintainer, "Every dsv4 config (#13)");
        ok(maintainer, "git", "push", "-q", "origin", "main");

        Run sweep = pushJob(before, after);

        assertEquals(0, sweep.exit(), sweep.all());
        int pushRun = runs;
        Map<String, String> published = outputs();
        assertEquals("false", published.get("fits"));
        assertFalse(published.containsKey("search-space-config"), "a sweep over the limits is not one job output");
        JsonNode index = json(published.get("chunk-index"));
        List<String> files = new ArrayList<>();
        index.forEach(chunk -> files.add(chunk.get("file").asText() + " " + chunk.get("rows").asInt()));
        assertEquals(List.of("single_node.8k1k-0.json 256", "single_node.8k1k-1.json 19", "single_node.agentic-0.json 104",
                "multi_node.8k1k-0.json 118", "multi_node.agentic-0.json 86", "evals-0.json 75", "agentic_evals-0.json 7",
                "multinode_evals-0.json 99", "multinode_agentic_evals-0.json 26"), files);
        JsonNode printed = json(sweep.out());
        assertEquals(275, printed.at("/single_node/8k1k").size(), "the sweep itself is still printed for the log");

        Run chunk = chunkJob(pushRun, "single_node.8k1k-1.json");

        assertEquals(0, chunk.exit(), chunk.all());
        JsonNode rows = json(outputs().get("rows"));
        assertEquals(19, rows.size());
        for (int i = 0; i < 19; i++) {
            assertEquals(printed.at("/single_node/8k1k/" + (256 + i)), rows.get(i), "row " + (256 + i));
        }
        Run stranger = chunkJob(pushRun, "../index.json");
        assertEquals(1, stranger.exit(), stranger.all());
        assertTrue(stranger.err().contains("chunk-rows: error: '../index.json' is not a chunk file name"), stranger.err());
    }

    @Test
    void aReusedRunOfThePullRequestLeavesThePushJobOnlyTheRowsItDidNotRun() throws IOException {
        ok(contributor, "git", "checkout", "-q", "-b", "reuse");
        write(contributor, CHANGELOG, appended(history, entry(FIRST, "XXX")));
        String run = commit(contributor, "tune " + FIRST);
        assertEquals(0, push("reuse").exit());
        // after the pull request's sweep run, another pull request adds conc 128 to one of its curves
        ok(maintainer, "git", "pull", "-q", "--ff-only", "origin", "main");
        edit(maintainer, "configs/amd-master.yaml", s -> s.replaceFirst("conc-end: 64 }", "conc-end: 128 }"));
        write(maintainer, CHANGELOG, appended(history, entry(FIRST, LINK + "30")));
        commit(maintainer, "conc 128 (#30)");
        ok(maintainer, "git", "push", "-q", "origin", "main");
        String before = sha(maintainer, "HEAD");
        // the squash of the pull request, its message naming the run to reuse and the head merged:
        // scripts/merge-pr.sh's merge of main into the branch, which the squash's tree is
        write(maintainer, CHANGELOG, appended(history, entry(FIRST, LINK + "30"), entry(FIRST, LINK + "31")));
        ok(maintainer, "git", "add", "-A");
        String tree = ok(maintainer, "git", "write-tree").out().strip();
        ok(maintainer, "git", "fetch", "-q", "origin", "reuse");
        String prHead = ok(maintainer, "git", "commit-tree", tree, "-p", run, "-p", before, "-m",
                "Merge main into reuse (#31)").out().strip();
        ok(maintainer, "git", "push", "-q", "--no-verify", "origin", prHead + ":refs/heads/reuse");
        ok(maintainer, "git", "commit", "-q", "-m", "Tune " + FIRST + " (#31)\n\nSweep-Reuse-Source: " + run
                + "\nSweep-Reuse-PR-Head: " + prHead);
        String after = sha(maintainer, "HEAD");
        ok(maintainer, "git", "push", "-q", "origin", "main");

        Run sweep = pushJob(before, after);

        assertEquals(0, sweep.exit(), sweep.all());
        assertTrue(sweep.err().contains("reuse-check: not sound: the run of " + run.substring(0, 12) + " did not run "),
                sweep.err());
        assertTrue(sweep.err().contains("config changed after the run: the source run swept this recipe at conc 4, 8, 16, "
                + "32, 64, not at 128"), sweep.all());
        JsonNode published = publishedSweep();
        assertEquals("true", outputs().get("fits"));
        JsonNode rows = published.at("/single_node/8k1k");
        assertEquals(1, rows.size(), rows.toString());
        assertEquals(128, rows.get(0).get("conc").asInt());
        assertEquals(4, rows.get(0).get("tp").asInt());
        published.get("evals").forEach(row -> assertEquals(128, row.get("conc").asInt(), "only evals of the new point"));
        ObjectNode full = (ObjectNode) json(ok(ci, "sweepgate", "process-changelog", "--base-ref", before, "--head-ref",
                after).out());
        assertTrue(full.at("/single_node/8k1k").size() > 10, "without reuse every row of " + FIRST + " would run");

        Run sound = pushJob(before, after, after, "");
        assertEquals(0, sound.exit(), sound.all());
        assertTrue(sound.err().contains("reuse-check: sound: the run of " + after.substring(0, 12)), sound.err());
        assertEquals(0, publishedSweep().at("/single_node/8k1k").size(), "nothing left to run");
        assertEquals("[]", outputs().get("chunk-index"));
    }

    @Test
    void aReuseTrailerThatDoesNotNameTheMergedHeadIsIgnoredAndEveryRowRuns() throws IOException {
        ok(contributor, "git", "checkout", "-q", "-b", "claims");
        write(contributor, CHANGELOG, appended(history, entry(FIRST, "XXX")));
        String run = commit(contributor, "tune " + FIRST);
        assertEquals(0, push("claims").exit());
        ok(maintainer, "git", "pull", "-q", "--ff-only", "origin", "main");
        String before = sha(maintainer, "HEAD");
        // a squash whose message still carries trailers from the contributor's commits: the head
        // they name is not what was merged (its tree has no canonical link), or is not named at all
        write(maintainer, CHANGELOG, appended(history, entry(FIRST, LINK + "32")));
        ok(maintainer, "git", "add", "-A");
        ok(maintainer, "git", "commit", "-q", "-m", "Tune " + FIRST + " (#32)\n\nSweep-Reuse-Source: " + run
                + "\nSweep-Reuse-PR-Head: " + run);
        String after = sha(maintainer, "HEAD");
        ok(maintainer, "git", "push", "-q", "origin", "main");

        Run sweep = pushJob(before, after);

        int everyRow = json(ok(ci, "sweepgate", "process-changelog", "--base-ref", before, "--head-ref", after).out())
                .at("/single_node/8k1k").size();
        assertTrue(everyRow >= 10, "the entry selects every point of a config: " + everyRow);

        assertEquals(0, sweep.exit(), sweep.all());
        assertTrue(sweep.err().contains("warning: the reuse pull-request head " + run + " is not the head merged as "
                + after + " (their trees differ); the trailers are ignored and every row runs"), sweep.err());
        assertFalse(sweep.err().contains("reuse-check"), "no run is reused: " + sweep.err());
        assertEquals(everyRow, publishedSweep().at("/single_node/8k1k").size());

        ok(maintainer, "git", "commit", "-q", "--amend", "-m", "Tune " + FIRST + " (#32)\n\nSweep-Reuse-Source: " + run);
        String sourceOnly = sha(maintainer, "HEAD");
        ok(maintainer, "git", "push", "-q", "-f", "origin", "main");
        Run noHead = pushJob(before, sourceOnly);
        assertEquals(0, noHead.exit(), noHead.all());
        assertTrue(noHead.err().contains("Sweep-Reuse-Source without Sweep-Reuse-PR-Head"), noHead.err());
        assertEquals(everyRow, publishedSweep().at("/single_node/8k1k").size());

        // given by hand (workflow_dispatch), a head that was not merged is a mistake, not a silent full sweep
        Run byHand = pushJob(before, sourceOnly, run, run);
        assertEquals(1, byHand.exit(), byHand.all());
        assertTrue(byHand.err().contains("is not the head merged as " + sourceOnly + " (their trees differ): no run is reused"),
                byHand.err());
    }

    @Test
    void aForkWithoutOriginMainGetsOneMessageWithTheFix() throws IOException {
        Path fork = root.resolve("fork.git");
        Path clone = root.resolve("fork-clone");
        ok(root, "git", "init", "-q", "--bare", "-b", "feature", fork.toString());
        ok(root, "git", "init", "-q", "-b", "feature", clone.toString());
        ok(clone, "git", "remote", "add", "origin", fork.toString());
        ok(clone, "git", "remote", "add", "upstream", origin.toString());
        ok(clone, "git", "fetch", "-q", "upstream");
        ok(clone, "git", "reset", "-q", "--hard", "upstream/main");
        ok(clone, "sweepgate", "install-hooks");
        write(clone, CHANGELOG, appended(history, entry(OTHER, "XXX")));
        commit(clone, "from a fork");
        Run blocked = run(clone, Map.of(), "git", "push", "-q", "origin", "feature");
        assertEquals(1, blocked.exit(), blocked.all());
        List<String> fixes = blocked.err().lines().filter(l -> l.contains("fix:")).toList();
        assertEquals(List.of("sweepgate pre-push: the upstream branch origin/main is unknown here; fix: git config "
                + "sweepgate.upstream upstream/main"), fixes);
        ok(clone, "git", "config", "sweepgate.upstream", "upstream/main");
        Run pushed = run(clone, Map.of(), "git", "push", "-q", "origin", "feature");
        assertEquals(0, pushed.exit(), pushed.all());
        assertTrue(pushed.err().contains("checking refs/heads/feature against upstream/main"), pushed.err());
    }

    // --- the three places, run as they are run ---------------------------------------------------

    /** A real git push from the contributor's clone: the installed pre-push hook runs. */
    private Run push(String branch) {
        return run(contributor, Map.of(), "git", "push", "-q", "origin", branch);
    }

    /** The pull request job's gate step, on a fresh fetch of the branch, with the event's values. */
    private Run prJob(String branch, int number) {
        ok(ci, "git", "fetch", "-q", "origin", "+refs/heads/*:refs/remotes/origin/*");
        String head = sha(ci, "origin/" + branch);
        ok(ci, "git", "checkout", "-q", "--detach", head);
        Workflow.Step step = WORKFLOW.step("gate", "gate");
        return runStep(step, step.env(Map.of("github.base_ref", "main", "github.event.pull_request.head.sha", head,
                "github.event.pull_request.number", String.valueOf(number), "github.event.pull_request.body",
                "Signed: `maintainer`", "github.event.pull_request.updated_at", "2026-08-21T09:30:00Z")));
    }

    /** The push job's sweep step for a push to main from {@code before} to {@code after}. */
    private Run pushJob(String before, String after) {
        return pushJob(before, after, "", "");
    }

    /** The same with the workflow_dispatch inputs reuse-source and reuse-pr-head (empty: not given). */
    private Run pushJob(String before, String after, String reuseSource, String reusePrHead) {
        ok(ci, "git", "fetch", "-q", "origin", "+refs/heads/*:refs/remotes/origin/*");
        ok(ci, "git", "checkout", "-q", "--detach", after);
        Workflow.Step step = WORKFLOW.step("sweep", "sweep");
        return runStep(step, step.env(Map.of("github.event.before || inputs.before", before,
                "github.sha", after, "inputs.reuse-source", reuseSource, "inputs.reuse-pr-head", reusePrHead)));
    }

    /** A chunk job of the reusable workflow, on the split directory the push job (run {@code pushRun}) wrote. */
    private Run chunkJob(int pushRun, String file) {
        Workflow.Step step = CHUNK_WORKFLOW.step("rows", "rows");
        return runStep(step, step.env(Map.of("runner.temp", root.resolve("runner-" + pushRun).toString(),
                "inputs.file", file)));
    }

    private Run runStep(Workflow.Step step, Map<String, String> stepEnv) {
        runs++;
        Map<String, String> variables = new HashMap<>(stepEnv);
        variables.put("GITHUB_ACTIONS", "true");
        Path runnerTemp = root.resolve("runner-" + runs);
        try {
            Files.createDirectories(runnerTemp); // GitHub's runner has it before the first step
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        variables.put("RUNNER_TEMP", runnerTemp.toString());
        variables.put("GITHUB_STEP_SUMMARY", root.resolve("summary-" + runs + ".md").toString());
        variables.put("GITHUB_OUTPUT", root.resolve("output-" + runs).toString());
        // GitHub runs a `shell: bash` step as `bash --noprofile --norc -eo pipefail FILE`
        return run(ci, variables, "bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step.run());
    }

    private String summary() {
        return readOrEmpty(root.resolve("summary-" + runs + ".md"));
    }

    private JsonNode publishedSweep() {
        String value = outputs().get("search-space-config");
        assertTrue(value != null, "search-space-config is not published: " + outputs().keySet());
        return json(value);
    }

    /** The step outputs the last step wrote to GITHUB_OUTPUT: NAME=VALUE lines and NAME<<DELIMITER blocks. */
    private Map<String, String> outputs() {
        Map<String, String> outputs = new java.util.LinkedHashMap<>();
        List<String> lines = readOrEmpty(root.resolve("output-" + runs)).lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int heredoc = line.indexOf("<<");
            if (heredoc > 0) {
                String delimiter = line.substring(heredoc + 2);
                int end = lines.subList(i + 1, lines.size()).indexOf(delimiter) + i + 1;
                outputs.put(line.substring(0, heredoc), String.join("\n", lines.subList(i + 1, end)));
                i = end;
            } else {
                outputs.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
            }
        }
        return outputs;
    }

    private void assertSarif(String check, String file, int line) {
        Path sarif = root.resolve("runner-" + runs).resolve("sarif").resolve(check + ".sarif");
        JsonNode location = json(readOrEmpty(sarif)).get("runs").get(0).get("results").get(0).get("locations").get(0)
                .get("physicalLocation");
        assertEquals(file, location.get("artifactLocation").get("uri").asText());
        assertEquals(line, location.get("region").get("startLine").asInt());
    }

    /** What GitHub's squash-merge does: one commit on main with the branch's tree. Returns main before and after. */
    private String[] squashMerge(String branch) {
        ok(maintainer, "git", "checkout", "-q", "main");
        ok(maintainer, "git", "pull", "-q", "--ff-only", "origin", "main");
        String before = sha(maintainer, "HEAD");
        ok(maintainer, "git", "fetch", "-q", "origin", branch);
        ok(maintainer, "git", "merge", "-q", "--squash", "FETCH_HEAD");
        String after = commit(maintainer, "Squash-merge " + branch);
        ok(maintainer, "git", "push", "-q", "origin", "main");
        return new String[] {before, after};
    }

    // --- plumbing ------------------------------------------------------------------------------

    private Run ok(Path dir, String... command) {
        Run r = run(dir, Map.of(), command);
        assertEquals(0, r.exit(), String.join(" ", command) + ":\n" + r.all());
        return r;
    }

    /** Runs a command with the test's git identity and PATH (sweepgate first), nothing of CI's own environment. */
    private Run run(Path dir, Map<String, String> variables, String... command) {
        try {
            List<String> argv = new ArrayList<>(List.of(command));
            if (argv.get(0).equals("sweepgate")) {
                // ProcessBuilder looks programs up on this JVM's PATH, not on the one given to the child
                argv.set(0, tools.resolve("sweepgate").toString());
            }
            ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile());
            Stream.of("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_OUTPUT", "SWEEPGATE", "GIT_DIR", "GIT_WORK_TREE")
                    .forEach(pb.environment()::remove);
            pb.environment().putAll(env);
            pb.environment().putAll(variables);
            Path out = Files.createTempFile(root, "out", ".txt");
            Path err = Files.createTempFile(root, "err", ".txt");
            pb.redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            Process process = pb.start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " did not finish in 120 s:\n" + Files.readString(err));
            }
            return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private String sha(Path dir, String ref) {
        return ok(dir, "git", "rev-parse", ref).out().strip();
    }

    private String commit(Path dir, String message) {
        ok(dir, "git", "add", "-A");
        ok(dir, "git", "commit", "-q", "-m", message);
        return sha(dir, "HEAD");
    }

    private static void write(Path dir, String path, String text) throws IOException {
        Path file = dir.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static void edit(Path dir, String path, java.util.function.UnaryOperator<String> change) throws IOException {
        write(dir, path, change.apply(Files.readString(dir.resolve(path))));
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path p : paths.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static String readOrEmpty(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode json(String text) {
        try {
            return new ObjectMapper().readTree(text);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }
}
