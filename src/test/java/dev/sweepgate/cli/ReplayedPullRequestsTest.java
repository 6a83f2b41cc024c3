package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shapes of real pull requests of the benchmark repository that the gate judged wrongly or
 * vaguely (docs/changelog.md, "Real pull requests replayed"): their changelog text, trimmed to a few
 * entries, with configs for the keys the new entries name, in a real git repository.
 */
class ReplayedPullRequestsTest {
    private static final String LINK = ChangelogFixture.LINK;
    private static final String FILE = "perf-changelog.yaml";
    /** One config of the fixture, agentic only (as the real configs below are), whose shape the configs of the real keys take. */
    private static final String BETA = ChangelogFixture.NVIDIA.substring(0, ChangelogFixture.NVIDIA.indexOf("    fixed-seq-len:"));

    @TempDir
    Path dir;

    // Entries of InferenceX's perf-changelog.yaml (August 2026), descriptions shortened.
    private static final String E2550 = """
            - config-keys:
                - qwen3.5-fp4-b200-sglang-mtp
              scenario-type:
                - fixed-seq-len
              description:
                - "Add a TEP2 arm (tp 2, ep 2) to the qwen3.5-fp4-b200-sglang-mtp 8k/1k sweep at concurrency 16, 32, and 64"
                - "Rides on the NVFP4-V2 checkpoint switch from #2205"
              pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/2550
            """;
    /** What c5f3f82b2 (#2601) inserted after E2550 instead of appending it. */
    private static final String E2601 = """
            - config-keys:
                - qwen3.5-fp8-b300-sglang-agentic-power-ab
                - qwen3.5-fp4-b300-sglang-agentic-power-ab
              scenario-type:
                - agentic-coding
              description:
                - "Add a controlled Qwen3.5 B300 AgentX power matrix across FP8/FP4, HBM-only/HiCache, and concurrency 16/32."
                - "新增受控的 Qwen3.5 B300 AgentX 功耗矩阵。"
              pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/2601
            """;
    /** What def9a650d (#2507) inserted after E2550 in turn. */
    private static final String E2507 = """
            - config-keys:
                - dsv4-fp4-gb300-dynamo-sglang
              scenario-type:
                - fixed-seq-len
              description:
                - "Extend official DCGM power collection to the recipe-gated FP4 GB200 and GB300 Dynamo-SGLang lanes."
              pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/2507
            """;
    private static final String E2600 = """
            - config-keys:
                - dsv4-fp4-mi355x-sglang-agentic-mtp
              description:
                - "Add DeepSeek-V4-Pro FP4 single-node SGLang AgentX recipe on MI355X with EAGLE/MTP"
                - "Image: lmsysorg/sglang-rocm:v0.5.17-rocm720-mi35x-20260813"
              pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/2600
            """;
    /** 5caeb6be2 (#2619) and 9ddcc1fe5 (#2636) appended the same entry twice: they differ in pr-link only. */
    private static final String E2619 = """
            - config-keys:
                - dsv4-fp4-gb200-dynamo-vllm-agentic-mtp2-agg
              scenario-type:
                - agentic-coding
              description:
                - "Add GB200 DeepSeek-V4-Pro FP4 Dynamo-vLLM AgentX mirroring the GB300 PR #2571 MTP tuning"
              pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/2619
            """;
    private static final String E2636 = E2619.replace("/pull/2619", "/pull/2636");
    private static final String E2611 = """
            - config-keys:
                - minimaxm3-fp4-b200-vllm-agentic-mtp
              scenario-type:
                - agentic-coding
              description:
                - "Refresh the MiniMax-M3 B200 AgentX submission: no-offload TP8 C1 and TP4 C1/C5/C10/C15/C20."
              pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/2611
            """;
    /** cb8a603a7 (#2616) appended it with a line of two spaces after it. */
    private static final String E2616 = """
            - config-keys:
                - kimik3-fp4-b300-vllm-agentic-dspark
              scenario-type:
                - agentic-coding
              description:
                - "Move the B300 Kimi K3 recipe to TP8 x DCP8 with Mooncake as the external KV tier"
              pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/2616
            """;
    /** de871da96 (#2676) appended it right after the base's two-space last line. */
    private static final String E2676 = """
            - config-keys:
                - dsv4-fp4-gb300-dynamo-vllm-agentic-mtp-agg
              scenario-type:
                - agentic-coding
              description:
                - "Expand the GB300 AgentX aggregate TP4 sweep to concurrency 1, 2, 4, 6, and 8."
              pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/2676
            """;
    /** e944302e8 (#2643): three description items. */
    private static final String E2643 = """
            - config-keys:
                - dsv4-fp4-mi355x-sglang-disagg-agentic-hicache-mtp
              scenario-type:
                - agentic-coding
              description:
                - "Bump the SGLang image from lmsysorg/sglang-rocm:v0.5.15.post1-rocm720-mi35x-20260719 to v0.5.17."
                - "Add concurrency 48 and 64 to the TP8/EP1 sweep, and 64 and 192 to the TP8/EP8 DP-attention sweep."
                - "Increase prefill mem_fraction_static from 0.72 to 0.85 and reduce HICACHE_RATIO from 4 to 3."
              pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/2643
            """;
    /** What 38fbc472e (#2670) inserted before the last entry. */
    private static final String E2670 = """
            - config-keys:
                - kimik3-fp4-mi355x-atom-agentic-mtp
              scenario-type:
                - agentic-coding
              description:
                - "Add the MI355X Kimi-K3 FP4 ATOM AgentX submission with DSpark speculative decoding (2 draft tokens)."
              pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/2670
            """;

    /** The fixture's repository with a config of {@link #BETA}'s shape under each key, and this changelog committed. */
    private ChangelogFixture repository(String changelog, String... keys) {
        ChangelogFixture fx = new ChangelogFixture(dir, ChangelogFixture.AMD, ChangelogFixture.NVIDIA + configs(keys));
        fx.repo.write(FILE, changelog);
        return fx;
    }

    private static String configs(String... keys) {
        StringBuilder sb = new StringBuilder();
        for (String key : keys) {
            sb.append('\n').append(BETA.replace("beta-fp4-b200-vllm-agentic:", key + ":"));
        }
        return sb.toString();
    }

    private static String joined(String... entries) {
        return String.join("\n", entries);
    }

    private static List<String> errors(String output) {
        return output.lines().filter(l -> l.matches("\\S+:\\d+:\\d+: error: .*") || l.matches("\\S+: error: .*")).toList();
    }

    private static String ruleIds(String output) {
        StringBuilder sb = new StringBuilder();
        Matcher m = Pattern.compile("\\[([a-z0-9-]+\\.[a-z0-9.-]+)\\]$", Pattern.MULTILINE).matcher(output);
        while (m.find()) {
            sb.append(m.group(1)).append(' ');
        }
        return sb.toString().trim();
    }

    /** #31 item 3, c5f3f82b2: a new entry written mid-file is one error, and the configs it names count as covered. */
    @Test
    void anEntryInsertedMidFileIsOneErrorThatSaysMoveItAndItsConfigsAreCovered() {
        ChangelogFixture fx = repository(joined(E2550, E2600, E2619));
        String base = fx.repo.commit("base");
        String power = configs("qwen3.5-fp8-b300-sglang-agentic-power-ab", "qwen3.5-fp4-b300-sglang-agentic-power-ab");
        fx.repo.write("configs/nvidia-master.yaml", ChangelogFixture.NVIDIA + power)
                .write(FILE, joined(E2550, E2601, E2600, E2619));
        String head = fx.repo.commit("#2601: power matrix, its entry after #2550's");

        ChangelogFixture.Run r = fx.run("validate-changelog", "--base-ref", base, "--head-ref", head, "--pull-request",
                "--check-coverage", "--format=text");

        assertEquals(1, r.exit(), r.err());
        assertEquals(List.of("perf-changelog.yaml:10:3: error: entry 2 (line 10) is new but was inserted in the middle of the "
                + "file (lines 10-19), before the last 2 entries instead of after them; history is append-only"),
                errors(r.err()), r.err());
        assertTrue(r.err().contains("\n  fix: move this entry to the end of the file, after one empty line (the entries "
                + "after it are then unchanged)\n  `sweepgate fix-changelog --base-ref " + base + "` makes this move "
                + "[changelog.history-changed]"), r.err());
        assertEquals("changelog.history-changed", ruleIds(r.err()), r.err());

        ChangelogFixture.Run coverage = fx.run("check-coverage", "--base-ref", base, "--head-ref", head, "--format=text");
        assertEquals(0, coverage.exit(), coverage.out() + coverage.err());
        ChangelogFixture.Run gate = fx.run("gate", "--base-ref", base, "--head-ref", head, "--pull-request");
        assertEquals(1, gate.exit(), gate.err());
        assertTrue(gate.err().contains("[changelog.history-changed]"), gate.err());
        assertFalse(gate.err().contains("coverage.uncovered"), gate.err());

        // without its entry the same configs are uncovered: the coverage check above ran
        fx.repo.write(FILE, joined(E2550, E2600, E2619));
        String bare = fx.repo.commit("the configs alone");
        ChangelogFixture.Run uncovered = fx.run("validate-changelog", "--base-ref", base, "--head-ref", bare,
                "--pull-request", "--check-coverage", "--format=text");
        assertTrue(uncovered.err().contains("qwen3.5-fp8-b300-sglang-agentic-power-ab")
                && uncovered.err().contains("[coverage.uncovered]"), uncovered.err());
    }

    /**
     * 056876ec1: an entry inserted before the last one, and the line of two spaces an earlier change
     * (e944302e8) left at the end removed; still the one insertion, not an edit of every entry after it.
     */
    @Test
    void anInsertionThatAlsoRemovesTheLineOfSpacesAnEarlierChangeLeftIsStillOneError() {
        ChangelogFixture fx = repository(joined(E2550, E2643) + "  \n", "kimik3-fp4-mi355x-atom-agentic-mtp");
        String base = fx.repo.commit("#2643 left a two-space line");
        fx.repo.write(FILE, joined(E2550, E2670, E2643));
        String head = fx.repo.commit("an entry before #2643's, the line removed");

        ChangelogFixture.Run r = fx.run("validate-changelog", "--base-ref", base, "--head-ref", head, "--pull-request",
                "--check-coverage", "--format=text");

        assertEquals(1, r.exit(), r.err());
        assertEquals(List.of("perf-changelog.yaml:10:3: error: entry 2 (line 10) is new but was inserted in the middle of the "
                + "file (lines 10-17), before the last entry instead of after it; history is append-only"), errors(r.err()),
                r.err());
        assertEquals("changelog.history-changed", ruleIds(r.err()), r.err());

        fx.repo.write(FILE, joined(E2550, E2670, E2643));
        ChangelogFixture.Run fix = fx.run("fix-changelog", "--base-ref", base, "--format=text");
        assertEquals(0, fix.exit(), fix.err());
        assertEquals(joined(E2550, E2643) + "  \n\n" + E2670, fx.repo.read(FILE));
    }

    /**
     * #31 item 4, def9a650d: inserting an entry shifts two old entries that differ in pr-link only
     * (#2619 and #2636) one place down; that is no pr-link correction, so no changelog.mixed-change.
     */
    @Test
    void aPureInsertionIsNeverAPrLinkCorrectionMixedWithNewEntries() {
        ChangelogFixture fx = repository(joined(E2550, E2619, E2636), "dsv4-fp4-gb300-dynamo-sglang");
        String base = fx.repo.commit("base");
        fx.repo.write(FILE, joined(E2550, E2507, E2619, E2636));
        String head = fx.repo.commit("#2507, its entry after #2550's");

        ChangelogFixture.Run r = fx.run("validate-changelog", "--base-ref", base, "--head-ref", head, "--pull-request",
                "--format=text");

        assertEquals(1, r.exit(), r.err());
        assertEquals("changelog.history-changed", ruleIds(r.err()), r.err());
        assertEquals(1, errors(r.err()).size(), r.err());
        assertTrue(errors(r.err()).get(0).startsWith("perf-changelog.yaml:10:3: error: entry 2 (line 10) is new but was "
                + "inserted in the middle of the file (lines 10-17), before the last 2 entries"), r.err());
    }

    /**
     * #31 item 5, cb8a603a7: the change that leaves a line of spaces at the end of the file fails itself
     * in a pull request; on a push to main (the reference accepts it) it is a warning.
     */
    @Test
    void aPullRequestThatLeavesALineOfSpacesAtTheEndFailsForItAPushIsWarned() {
        ChangelogFixture fx = repository(E2611, "kimik3-fp4-b300-vllm-agentic-dspark");
        String base = fx.repo.commit("base");
        fx.repo.write(FILE, joined(E2611, E2616) + "  \n");
        String head = fx.repo.commit("#2616 with a two-space line after its entry");

        ChangelogFixture.Run pr = fx.run("validate-changelog", "--base-ref", base, "--head-ref", head, "--pull-request",
                "--format=text");
        assertEquals(1, pr.exit(), pr.err());
        assertEquals(List.of("perf-changelog.yaml:16:1: error: the file must end with the last entry's last line, but it "
                + "ends with a line of 2 spaces after it"), errors(pr.err()), pr.err());
        assertTrue(pr.err().contains("fix: delete the trailing line of 2 spaces\n  `sweepgate fix-changelog --base-ref "
                + base + "` makes this repair when the new entries themselves are right [changelog.trailing-spaces]"),
                pr.err());

        ChangelogFixture.Run push = fx.run("validate-changelog", "--base-ref", base, "--head-ref", head, "--format=text");
        assertEquals(0, push.exit(), push.err());
        assertTrue(push.err().contains("perf-changelog.yaml:16:1: warning: the file must end with the last entry's last "
                + "line"), push.err());
        assertTrue(push.err().contains("[changelog.trailing-spaces]"), push.err());

        // fix-changelog deletes the line, and then the pull request passes
        fx.repo.write(FILE, joined(E2611, E2616) + "  \n");
        ChangelogFixture.Run fix = fx.run("fix-changelog", "--base-ref", base, "--format=text");
        assertEquals(0, fix.exit(), fix.err());
        assertEquals(joined(E2611, E2616), fx.repo.read(FILE));
        ChangelogFixture.Run fixed = fx.run("validate-changelog", "--base-ref", base, "--format=text");
        assertEquals(0, fixed.exit(), fixed.err());
    }

    /**
     * #31 item 5, de871da96 and 3d5581562: a pull request after one that left "  \n" is not blamed
     * for it, whether it appends right after that line or empties it and appends after it; a push to
     * main keeps the reference's verdicts (the corpus: 195d47acf3, 3d5581562f).
     */
    @Test
    void aPullRequestIsNotBlamedForTheLineOfSpacesAnEarlierChangeLeft() {
        String previous = joined(E2611, E2616) + "  \n";
        ChangelogFixture fx = repository(previous, "dsv4-fp4-gb300-dynamo-vllm-agentic-mtp-agg");
        String base = fx.repo.commit("#2616 left a two-space line");
        fx.repo.write(FILE, previous + E2676);
        String rightAfter = fx.repo.commit("#2676 right after it");
        fx.repo.write(FILE, joined(E2611, E2616) + "\n" + E2676);
        String emptied = fx.repo.commit("#2676 after the line, emptied");

        for (String head : List.of(rightAfter, emptied)) {
            ChangelogFixture.Run pr = fx.run("validate-changelog", "--base-ref", base, "--head-ref", head, "--pull-request",
                    "--format=text");
            assertEquals(0, pr.exit(), pr.err());
            assertTrue(pr.out().contains("entry 3 (line 17) (agentic-coding): 1 config: dsv4-fp4-gb300-dynamo-vllm-agentic-mtp-agg"), pr.out());
        }
        ChangelogFixture.Run pushedRightAfter = fx.run("validate-changelog", "--base-ref", base, "--head-ref", rightAfter,
                "--format=text");
        assertEquals(1, pushedRightAfter.exit(), pushedRightAfter.err());
        assertEquals("changelog.separator", ruleIds(pushedRightAfter.err()), pushedRightAfter.err());
        ChangelogFixture.Run pushedEmptied = fx.run("validate-changelog", "--base-ref", base, "--head-ref", emptied,
                "--format=text");
        assertEquals(1, pushedEmptied.exit(), pushedEmptied.err());
        assertEquals("changelog.history-bytes", ruleIds(pushedEmptied.err()), pushedEmptied.err());
    }

    /** #34 item 6: an edited description item is reported at its own line and column, not at the entry's first line. */
    @Test
    void anEditedDescriptionItemIsReportedAtTheLineThatChanged() {
        ChangelogFixture fx = repository(joined(E2550, E2643, E2611), "minimaxm3-fp4-b200-vllm-agentic-mtp");
        String base = fx.repo.commit("base");
        // the entry of #2643 starts at line 10; its third description item is line 17
        fx.repo.write(FILE, joined(E2550, E2643.replace("from 4 to 3.", "from 4 to 2."), E2611));
        String head = fx.repo.commit("a historical description edited");

        ChangelogFixture.Run r = fx.run("validate-changelog", "--base-ref", base, "--head-ref", head, "--pull-request",
                "--format=text");

        assertEquals(1, r.exit(), r.err());
        assertEquals(List.of("perf-changelog.yaml:17:7: error: entry 2 (line 10) changed (description differs from the "
                + "base); existing entries are immutable except for pr-link-only corrections: restore the entry as it was "
                + "and describe the new change in a new entry at the end of the file [changelog.history-changed]"),
                errors(r.err()), r.err());
        assertTrue(r.err().contains("\n 17 |     - \"Increase prefill mem_fraction_static from 0.72 to 0.85 and reduce "
                + "HICACHE_RATIO from 4 to 2.\"\n    |       ^"), r.err());
    }

    /** The repair item 3's message promises, on 38fbc472e's shape: the entry moves to the end, and the gate passes. */
    @Test
    void fixChangelogMovesAnEntryInsertedMidFileToTheEndAndTheGateThenPasses() {
        ChangelogFixture fx = repository(joined(E2550, E2643, E2611), "kimik3-fp4-mi355x-atom-agentic-mtp");
        String base = fx.repo.commit("base");
        fx.repo.write(FILE, joined(E2550, E2643, E2670.replace(LINK + "2670", "XXX"), E2611));

        ChangelogFixture.Run fix = fx.run("fix-changelog", "--base-ref", base, "--format=text");

        assertEquals(0, fix.exit(), fix.err());
        assertTrue(fix.out().contains("moved new entry 3 (lines 20-27), which sat in the middle of the file, to its end, "
                + "after one empty line"), fix.out());
        assertEquals(joined(E2550, E2643, E2611, E2670.replace(LINK + "2670", "XXX")), fx.repo.read(FILE));
        String head = fx.repo.commit("#2670, moved");
        ChangelogFixture.Run gate = fx.run("gate", "--base-ref", base, "--head-ref", head, "--pull-request");
        assertTrue(gate.err().contains("\n  validate-changelog  passed\n"), gate.err());
    }
}
