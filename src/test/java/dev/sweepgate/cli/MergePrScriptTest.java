package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.appended;
import static dev.sweepgate.cli.MergeFixture.FILE;
import static dev.sweepgate.cli.ResolveConflictCommandTest.A;
import static dev.sweepgate.cli.ResolveConflictCommandTest.B;
import static dev.sweepgate.cli.ResolveConflictCommandTest.C;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.git.Git;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** scripts/merge-pr.sh --no-github against a local bare repository acting as origin. */
class MergePrScriptTest {
    private static final Path SCRIPT = Path.of("scripts/merge-pr.sh").toAbsolutePath();

    @TempDir
    Path contributor;

    @TempDir
    Path origin;

    @TempDir
    Path maintainer;

    @TempDir
    Path tools;

    MergeFixture m;
    Git clone;
    Path sweepgate;

    record Script(int exit, String output) {
    }

    @BeforeEach
    void setUp() {
        m = new MergeFixture(contributor);
        sweepgate = Launcher.write(tools);
        m.run("init", "-q", "--bare", "-b", "main", origin.toString());
        m.fx.repo.git("remote", "add", "origin", origin.toString());
        clone = new Git(maintainer, m.environment);
    }

    private void publish(String mainChangelog, String prChangelog) {
        m.commitOn("main", mainChangelog);
        m.commitOn("pr", prChangelog);
        m.fx.repo.git("push", "-q", "origin", "main", "pr");
        Git.Result cloned = m.run("clone", "-q", origin.toString(), maintainer.toString());
        assertEquals(0, cloned.exitCode(), cloned.stderr());
    }

    /** How merge-pr.sh finds sweepgate. */
    enum Finding {
        /** SWEEPGATE names the command. */
        VARIABLE,
        /** sweepgate on PATH (its shell function once called itself here: exit 139). */
        PATH,
        /** the launcher of the checkout the script is in. */
        LAUNCHER
    }

    private Script mergePr(String... args) throws IOException, InterruptedException {
        return mergePr(Finding.VARIABLE, args);
    }

    /** Runs a copy of the scripts in a scratch checkout, so that its launcher is one the test controls. */
    private Script mergePr(Finding finding, String... args) throws IOException, InterruptedException {
        Path checkout = Files.createDirectories(tools.resolve("checkout"));
        Files.createDirectories(checkout.resolve("scripts"));
        Files.createDirectories(checkout.resolve(".github/scripts"));
        Files.copy(SCRIPT, checkout.resolve("scripts/merge-pr.sh"), StandardCopyOption.REPLACE_EXISTING);
        for (String name : new String[] {"pr-gate.sh", "sweepgate-command.sh"}) {
            Files.copy(Path.of(".github/scripts", name), checkout.resolve(".github/scripts").resolve(name),
                    StandardCopyOption.REPLACE_EXISTING);
        }
        Path bin = Files.createDirectories(tools.resolve("bin"));
        Files.deleteIfExists(bin.resolve("sweepgate"));
        Files.deleteIfExists(checkout.resolve("sweepgate"));
        Map<String, String> environment = new java.util.HashMap<>();
        switch (finding) {
            case VARIABLE -> environment.put("SWEEPGATE", "'" + sweepgate + "'");
            case PATH -> Files.copy(sweepgate, bin.resolve("sweepgate"));
            case LAUNCHER -> Files.copy(sweepgate, checkout.resolve("sweepgate"));
        }
        return run(checkout.resolve("scripts/merge-pr.sh"), environment, args);
    }

    /** Runs {@code script} in the maintainer's clone, with sweepgate neither on PATH nor in SWEEPGATE unless given. */
    private Script run(Path script, Map<String, String> environment, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", script.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(maintainer.toFile()).redirectErrorStream(true);
        pb.environment().putAll(m.environment);
        pb.environment().remove("SWEEPGATE");
        pb.environment().put("PATH", tools.resolve("bin") + ":/usr/local/bin:/usr/bin:/bin");
        pb.environment().putAll(environment);
        Path output = tools.resolve("output");
        pb.redirectOutput(output.toFile());
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process process = pb.start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("merge-pr.sh did not finish in 120 s:\n" + Files.readString(output));
        }
        return new Script(process.exitValue(), Files.readString(output));
    }

    private String git(String... args) {
        Git.Result r = clone.run(List.of(args));
        assertEquals(0, r.exitCode(), "git " + String.join(" ", args) + ": " + r.stderr());
        return r.stdoutText().strip();
    }

    private void assertBackWhereItStarted() {
        assertEquals("main", git("symbolic-ref", "--short", "HEAD"));
        assertEquals("", git("status", "--porcelain"));
        assertFalse(clone.run(List.of("rev-parse", "-q", "--verify", "MERGE_HEAD")).ok());
        assertEquals("", git("branch", "--list", "sweepgate/*"));
        assertEquals(1, git("worktree", "list", "--porcelain").lines().filter(l -> l.startsWith("worktree ")).count(),
                "the scratch worktree is gone: " + git("worktree", "list"));
        assertEquals("", git("for-each-ref", "refs/sweepgate/"));
    }

    @Test
    void mergesMainResolvesTheChangelogAndPushesAResultTheGateAccepts() throws Exception {
        publish(appended(B), appended(A, C));
        git("checkout", "-q", "main");
        Script run = mergePr("--no-github", "--branch", "pr", "42");
        assertEquals(0, run.exit(), run.output());
        // main moved on by one entry: the pull request's entries 3 and 4 are now 4 and 5, and the script says so
        // (issue 23: it said "its entries [3, 4]"), numbered as validate-changelog numbers them on the result
        assertTrue(run.output().contains("appended 2 entries of the pull request (ours) as entries 4 (line 20) and "
                + "5 (line 26) linking " + LINK + "42"), run.output());
        assertFalse(run.output().contains("[3, 4]"), run.output());

        git("fetch", "-q", "origin");
        String pushed = new String(clone.show("origin/pr", FILE), StandardCharsets.UTF_8);
        String canonical = LINK + "42";
        assertEquals(appended(B, A.replace("pr-link: XXX", "pr-link: " + canonical),
                C.replace("pr-link: " + LINK + "XXX", "pr-link: " + canonical)), pushed);
        assertFalse(git("log", "-1", "--format=%B", "origin/pr").contains("[skip-sweep]"), "a marker nothing reads");
        assertEquals(git("rev-parse", "origin/main"), git("rev-parse", "origin/pr^2"), "main is merged in");

        ChangelogFixture.Run gate = ChangelogFixture.runIn(maintainer, Map.of(), "validate-changelog",
                "--base-ref", "origin/main", "--head-ref", "origin/pr", "--pr-number", "42");
        assertEquals(0, gate.exit(), gate.err());
        assertBackWhereItStarted();
    }

    @ParameterizedTest
    @EnumSource(Finding.class)
    void aPullRequestAlreadyUpToDateOnlyGetsItsLinksCanonicalised(Finding finding) throws Exception {
        publish(ChangelogFixture.HISTORY, appended(A));
        Script run = mergePr(finding, "--no-github", "--branch", "pr", "42");
        assertEquals(0, run.exit(), run.output());
        git("fetch", "-q", "origin");
        assertEquals(appended(A.replace("pr-link: XXX", "pr-link: " + LINK + "42")),
                new String(clone.show("origin/pr", FILE), StandardCharsets.UTF_8));
        assertFalse(git("log", "-1", "--format=%B", "origin/pr").contains("[skip-sweep]"), "a marker nothing reads");
        assertBackWhereItStarted();
    }

    @Test
    void aChangelogItCannotResolveStopsBeforeAnythingIsPushed() throws Exception {
        publish(appended(B), appended(A).replace("  \n\n", "\n\n"));
        String before = git("rev-parse", "origin/pr");
        git("checkout", "-q", "-b", "elsewhere");
        git("checkout", "-q", "main");
        Script run = mergePr("--no-github", "--branch", "pr", "42");
        assertNotEquals(0, run.exit());
        assertTrue(run.output().contains("could not resolve the conflict"), run.output());
        assertTrue(run.output().contains("changed historical"), run.output());
        git("fetch", "-q", "origin");
        assertEquals(before, git("rev-parse", "origin/pr"), "nothing was pushed");
        assertBackWhereItStarted();
    }

    @Test
    void refusesToStartWithoutAPullRequestNumberOrABranch() throws Exception {
        publish(appended(B), appended(A));
        Script missing = mergePr("--no-github", "--branch", "pr");
        assertEquals(1, missing.exit());
        assertTrue(missing.output().contains("number is missing"), missing.output());

        Script noBranch = mergePr("--no-github", "42");
        assertEquals(1, noBranch.exit());
        assertTrue(noBranch.output().contains("--branch"), noBranch.output());

    }

    @Test
    void mergesInAScratchWorktreeAndLeavesTheCheckoutItRunsInAsItIs() throws Exception {
        publish(appended(B), appended(A));
        Files.writeString(maintainer.resolve(FILE), "dirty\n");
        Script run = mergePr("--no-github", "--branch", "pr", "42");
        assertEquals(0, run.exit(), run.output());
        git("fetch", "-q", "origin");
        assertEquals(git("rev-parse", "origin/main"), git("rev-parse", "origin/pr^2"), "main is merged in");
        assertEquals("dirty\n", Files.readString(maintainer.resolve(FILE)), "the checkout's own change is kept");
        assertEquals("main", git("symbolic-ref", "--short", "HEAD"));
        git("checkout", "-q", "--", FILE);
        assertBackWhereItStarted();
    }

    /**
     * Issue 33: a branch that rewrites the gate, the launcher and the hooks a hook manager points git at
     * (husky's {@code core.hooksPath}) to print "passed" and leave a file behind. merge-pr.sh runs the gate
     * and the launcher of its own checkout, with hooks off in the scratch worktree: none of the branch's
     * code runs, and the real gate refuses the branch's uncovered config change.
     */
    @Test
    void runsTheGateAndTheLauncherOfItsOwnCheckoutNeverTheBranchsOwn() throws Exception {
        Path pwned = tools.resolve("PWNED");
        TestRepoFiles trusted = new TestRepoFiles(m.dir());
        trusted.write("scripts/merge-pr.sh", Files.readString(SCRIPT), true);
        for (String name : new String[] {"pr-gate.sh", "sweepgate-command.sh"}) {
            trusted.write(".github/scripts/" + name, Files.readString(Path.of(".github/scripts", name)), true);
        }
        trusted.write("sweepgate", Files.readString(sweepgate), true);
        trusted.write("pom.xml", "<project/>\n", false);
        m.commitOn("main", appended(B));

        String hostile = "#!/bin/sh\ntouch '" + pwned + "'\necho 'pr-gate: passed' >&2\nexit 0\n";
        m.fx.repo.git("checkout", "-q", "-b", "pr", "main");
        trusted.write(".github/scripts/pr-gate.sh", hostile, true);
        trusted.write(".github/scripts/sweepgate-command.sh", "touch '" + pwned + "'\n" + hostile, true);
        trusted.write("sweepgate", hostile, true);
        trusted.write("pom.xml", "<project><!-- touch " + pwned + " --></project>\n", false);
        for (String hook : new String[] {"post-checkout", "pre-commit", "commit-msg", "post-commit", "post-merge",
                "pre-merge-commit", "pre-push", "reference-transaction"}) {
            trusted.write(".githooks/" + hook, hostile, true);
        }
        trusted.write("configs/amd-master.yaml",
                Files.readString(m.dir().resolve("configs/amd-master.yaml")).replace("sglang:alpha-1", "sglang:alpha-2"),
                false);
        m.fx.repo.commit("a config change, and a gate that passes everything");
        m.fx.repo.git("push", "-q", "origin", "main", "pr");
        Git.Result cloned = m.run("clone", "-q", origin.toString(), maintainer.toString());
        assertEquals(0, cloned.exitCode(), cloned.stderr());
        git("config", "core.hooksPath", ".githooks");
        String before = git("rev-parse", "origin/pr");

        Script run = run(maintainer.resolve("scripts/merge-pr.sh"), Map.of(), "--no-github", "--branch", "pr", "42");
        assertFalse(Files.exists(pwned), "the branch's code ran:\n" + run.output());
        assertEquals(1, run.exit(), run.output());
        assertTrue(run.output().contains("sweepgate gate: check-coverage: sweepgate check-coverage"), run.output());
        assertTrue(run.output().contains("FAILED"), run.output());
        assertTrue(run.output().contains("fails the gate"), run.output());
        assertFalse(run.output().contains("pr-gate: passed"), run.output());
        git("fetch", "-q", "origin");
        assertEquals(before, git("rev-parse", "origin/pr"), "nothing was pushed");
        assertBackWhereItStarted();
    }

    /** A stand-in for the GitHub CLI: an open pull request on branch pr whose checks pass; merge keeps its message. */
    private Path fakeGh() throws IOException {
        Path squash = tools.resolve("squash-message");
        new TestRepoFiles(tools).write("bin/gh", """
                #!/usr/bin/env bash
                case "$1 $2" in
                    "pr view") if [ "$5" = body ]; then echo "Signed: maintainer"; else printf 'OPEN\\tpr\\tfalse\\towner\\tname\\n'; fi ;;
                    "pr checks") echo "all checks passed" ;;
                    "pr merge") while [ $# -gt 0 ]; do [ "$1" = --body-file ] && cp "$2" '%s'; shift; done ;;
                esac
                """.formatted(squash), true);
        return squash;
    }

    @Test
    void theSquashMessageKeepsNoReuseTrailerAContributorWroteAndGetsOnlyTheOneTheMaintainerNamed() throws Exception {
        publish(appended(B), appended(A, C));
        String ran = git("rev-parse", "origin/pr");
        // the contributor's own commit claims a run for the push job to reuse
        m.fx.repo.git("checkout", "-q", "pr");
        m.fx.repo.git("commit", "-q", "--allow-empty", "-m", "tune\n\nSweep-Reuse-Source: " + ran
                + "\nsweep-reuse-pr-head: " + ran);
        m.fx.repo.git("push", "-q", "origin", "pr");
        Path squash = fakeGh();

        Script plain = mergePr("--branch", "pr", "42");
        assertEquals(0, plain.exit(), plain.output());
        // the gate's review reads the pull request's body, as in CI
        assertTrue(plain.output().lines().anyMatch(l -> l.startsWith("sweepgate gate: review: sweepgate review ")
                && l.contains(" --pr-body ") && l.endsWith("pr-body.txt")), plain.output());
        String message = Files.readString(squash);
        assertTrue(message.contains("tune"), message);
        assertFalse(message.toLowerCase(java.util.Locale.ROOT).contains("sweep-reuse-"), message);

        Files.delete(squash);
        Script reusing = mergePr("--branch", "pr", "--reuse-source", ran, "42");
        assertEquals(0, reusing.exit(), reusing.output());
        git("fetch", "-q", "origin");
        String head = git("rev-parse", "origin/pr");
        assertTrue(Files.readString(squash).endsWith("\nSweep-Reuse-Source: " + ran + "\nSweep-Reuse-PR-Head: " + head
                + "\n"), Files.readString(squash));

        Files.delete(squash);
        String elsewhere = git("commit-tree", git("rev-parse", "origin/main^{tree}"), "-m", "a run of something else");
        Script refused = mergePr("--branch", "pr", "--reuse-source", elsewhere, "42");
        assertEquals(1, refused.exit(), refused.output());
        assertTrue(refused.output().contains("--reuse-source " + elsewhere + " is not the pull request's head or one of "
                + "its ancestors"), refused.output());
        assertFalse(Files.exists(squash), "nothing was merged");
        assertBackWhereItStarted();
    }

    /** Writes files into a repository's working tree, executable or not. */
    private record TestRepoFiles(Path dir) {
        void write(String path, String content, boolean executable) throws IOException {
            Path file = dir.resolve(path);
            Files.createDirectories(file.getParent());
            Files.writeString(file, content);
            Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString(
                    executable ? "rwxr-xr-x" : "rw-r--r--"));
        }
    }
}
