package dev.sweepgate.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.changelog.Changelogs;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.cli.ChangelogFixture;
import dev.sweepgate.git.Git;
import dev.sweepgate.git.TestRepo;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.sweep.Sweep;
import dev.sweepgate.sweep.SweepJson;
import dev.sweepgate.sweep.SweepOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** validate-changelog's and process-changelog's gate over a small repository, in process. */
class ChangelogGateTest {
    private static final String FILE = "perf-changelog.yaml";
    private static final String ALPHA = "alpha-fp8-mi355x-sglang";
    private static final String HISTORY = Changelogs.entry(ALPHA, Changelogs.LINK + "1") + "  \n\n"
            + Changelogs.entry("beta-fp4-b200-vllm-agentic", Changelogs.LINK + "2");
    private static final PrLinkPolicy MAIN = new PrLinkPolicy(PrLinkPolicy.DEFAULT_REPO, null);

    @TempDir
    Path dir;
    private TestRepo repo;
    private String base;
    private ChangelogGate gate;

    @BeforeEach
    void history() {
        repo = TestRepo.init(dir);
        repo.write("configs/amd-master.yaml", ChangelogFixture.AMD).write("configs/nvidia-master.yaml", ChangelogFixture.NVIDIA)
                .write("configs/runners.yaml", ChangelogFixture.RUNNERS).write(FILE, HISTORY);
        base = repo.commit("history");
        gate = gateOver(new Git(dir));
    }

    private ChangelogGate gateOver(Git git) {
        return new ChangelogGate(git, path -> {
            try {
                return Files.readAllBytes(dir.resolve(path));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, List.of("configs/amd-master.yaml", "configs/nvidia-master.yaml"), "configs/runners.yaml");
    }

    private String commit(String changelog) {
        repo.write(FILE, changelog);
        return repo.commit("change");
    }

    private static String appended(String... entries) {
        return Changelogs.appended(HISTORY, entries);
    }

    private static String gamma(String... extra) {
        StringBuilder sb = new StringBuilder(Changelogs.entry(ALPHA, Changelogs.LINK + "3"));
        for (String line : extra) {
            sb.append("  ").append(line).append('\n');
        }
        return sb.toString();
    }

    private Sweep process(String head) {
        return gate.process(gate.refs(base, head), FILE, SweepOptions.DEFAULT);
    }

    private ChangelogGate.Validation validate(String head) {
        return gate.validate(gate.refs(base, head), FILE, MAIN, SweepOptions.DEFAULT);
    }

    @Test
    void processSweepsTheAppendedEntry() {
        Sweep sweep = process(commit(appended(gamma())));
        assertEquals(7, sweep.throughput().size());
        assertEquals("entry 3 (line 14)", sweep.entries().get(0).label());
        assertEquals(64, ((String) sweep.throughput().get(0).get(SweepJson.FINGERPRINT)).length());
    }

    @Test
    void processReadsAChangeThatIsNoPureAppendFromTheDiff() {
        // an empty line added inside history, and the entry at the end: git diff adds both
        Sweep sweep = process(commit(appended(gamma()).replace("  \n\n", "  \n\n\n")));
        assertEquals(1, sweep.entries().size());
        assertEquals("entry 3 (line 15)", sweep.entries().get(0).label());
    }

    @Test
    void processHasNothingToSweepForALinkCorrection() {
        repo.write(FILE, HISTORY.replace(Changelogs.LINK + "2", "XXX"));
        base = repo.commit("placeholder");
        Sweep sweep = process(commit(HISTORY));
        assertEquals(List.of(), sweep.entries());
        assertEquals(List.of(), sweep.throughput());
    }

    @Test
    void processRefusesAHeadThatIsNotUtf8() {
        repo.write(FILE, (appended(gamma()) + "# caf\u00e9\n").getBytes(StandardCharsets.ISO_8859_1));
        String head = repo.commit("latin-1");
        List<Problem> problems = assertThrows(ProblemException.class, () -> process(head)).problems();
        assertEquals(List.of("changelog.encoding"), Changelogs.rules(problems));
    }

    @Test
    void processRefusesADeletedLine() {
        List<Problem> problems = assertThrows(ProblemException.class,
                () -> process(commit(appended(gamma()).replace("    - \"Change " + ALPHA + "\"\n", "")))).problems();
        assertEquals(List.of("changelog.deleted-line"), Changelogs.rules(problems));
    }

    @Test
    void processComputesAnAppendOnlyDeltaAgainstTheBaseConfigs() {
        repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("conc-list: [4, 8]", "conc-list: [4, 8, 16]"));
        Sweep sweep = process(commit(appended(gamma("append-only: true"))));
        assertEquals(1, sweep.throughput().size());
        assertEquals(16, sweep.throughput().get(0).get("conc"));
    }

    @Test
    void processReadsAWorkingTreeHeadThroughGitDiff() {
        repo.write(FILE, appended(gamma()));
        Sweep sweep = gate.process(gate.refs(base, null), FILE, SweepOptions.DEFAULT);
        assertEquals(7, sweep.throughput().size());
        assertTrue(gate.refs(base, null).headIsWorkingTree());
        assertFalse(gate.refs(base, base).headIsWorkingTree());
    }

    @Test
    void validateAcceptsAnAppendAndCountsItsRows() {
        ChangelogGate.Validation v = validate(commit(appended(gamma())));
        assertTrue(v.ok(), v.problems()::toString);
        assertEquals(1, v.change().additions().size());
        assertEquals(7, v.sweep().throughput().size());
        assertNull(v.sweep().throughput().get(0).get(SweepJson.FINGERPRINT));
        repo.write(FILE, appended(gamma()));
        ChangelogGate.Validation tree = gate.validate(gate.refs(base, null), FILE, MAIN, SweepOptions.DEFAULT);
        assertTrue(tree.ok(), tree.problems()::toString);
        assertEquals(7, tree.sweep().throughput().size());
    }

    @Test
    void validateHasNoSweepForACorrection() {
        repo.write(FILE, HISTORY.replace(Changelogs.LINK + "2", "XXX"));
        base = repo.commit("placeholder");
        ChangelogGate.Validation v = validate(commit(HISTORY));
        assertTrue(v.ok(), v.problems()::toString);
        assertTrue(v.change().correctionsOnly());
        assertNull(v.sweep());
    }

    @Test
    void validateStillChecksTheKeysOfANewItemThatBreaksAFileRule() {
        ChangelogGate.Validation v = validate(commit(appended(gamma("evals-only: maybe").replace(ALPHA, "nope-key"))));
        assertFalse(v.ok());
        assertEquals(List.of("changelog.type", "changelog.unknown-config-key"), Changelogs.rules(v.problems()));
        assertNull(v.change());
        assertEquals(15, v.problems().get(1).line());
    }

    @Test
    void validateReportsAHistoryByteChangeOnceAndStillSweeps() {
        String quoted = appended(gamma()).replace("    - \"Change " + ALPHA + "\"", "    - 'Change " + ALPHA + "'");
        ChangelogGate.Validation v = validate(commit(quoted));
        assertEquals(List.of("changelog.history-bytes"), Changelogs.rules(v.problems()));
        assertFalse(v.ok());
    }

    @Test
    void validateReportsTheSweepsProblems() {
        ChangelogGate.Validation v = validate(commit(appended(gamma().replace(ALPHA, "nope-key"))));
        assertEquals(List.of("changelog.unknown-config-key"), Changelogs.rules(v.problems()));
        assertEquals(FILE, v.problems().get(0).file());
        assertNull(v.sweep());
    }

    /** A gate asks for the appended entries from coverage and from review: one run works them out once. */
    @Test
    void appendedEntriesAreWorkedOutOncePerRunAndAnUntouchedChangelogNeedsNoDiff() throws IOException {
        Path trace = dir.resolve("git-trace.log");
        ChangelogGate traced = gateOver(new Git(dir, java.util.Map.of("GIT_TRACE", trace.toString()),
                new dev.sweepgate.concurrent.Memo()));
        String head = commit(appended(gamma()).replace("  \n\n", "  \n\n\n")); // read from git's diff
        ChangelogGate.Refs refs = traced.refs(base, head);
        List<dev.sweepgate.changelog.ChangelogEntry> first = traced.appendedEntries(refs, FILE);
        assertEquals("entry 3 (line 15)", first.get(0).label());
        assertTrue(first == traced.appendedEntries(refs, FILE), "the second ask gets the first answer");
        assertEquals(1, diffsOf(trace));

        // a later commit that leaves the changelog alone (a launch script): nothing appended, and no diff asked
        repo.write("benchmarks/a.sh", "export X=1\n");
        String launchOnly = repo.commit("a launch script alone");
        assertEquals(List.of(), traced.appendedEntries(traced.refs(head, launchOnly), FILE));
        assertEquals(1, diffsOf(trace));
    }

    private static long diffsOf(Path trace) throws IOException {
        return Files.readAllLines(trace).stream().filter(l -> l.contains("built-in: git") && l.contains(" diff --no-color")).count();
    }
}
