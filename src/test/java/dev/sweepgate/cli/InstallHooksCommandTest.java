package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.appended;
import static dev.sweepgate.cli.MergeFixture.FILE;
import static dev.sweepgate.cli.ResolveConflictCommandTest.A;
import static dev.sweepgate.cli.ResolveConflictCommandTest.B;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.git.Git;
import dev.sweepgate.hooks.HookInstaller;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstallHooksCommandTest {
    @TempDir
    Path dir;

    @TempDir
    Path tools;

    MergeFixture m;
    Path hook;
    String command;

    @BeforeEach
    void setUp() {
        m = new MergeFixture(dir);
        hook = dir.resolve(".git/hooks/pre-push");
        command = "'" + Launcher.write(tools) + "'";
    }

    private ChangelogFixture.Run install(String... more) {
        String[] args = new String[3 + more.length];
        System.arraycopy(new String[] {"install-hooks", "--command", command}, 0, args, 0, 3);
        System.arraycopy(more, 0, args, 3, more.length);
        return m.sweepgate(args);
    }

    private String config(String key) {
        return m.run("config", "--get", key).stdoutText().strip();
    }

    @Test
    void writesTheAttributesTheDriverConfigAndTheHookAndIsIdempotent() throws IOException {
        ChangelogFixture.Run first = install();
        assertEquals(0, first.exit(), first.err());
        assertEquals(FILE + " merge=perf-changelog\n", Files.readString(dir.resolve(".git/info/attributes")));
        assertEquals(command + " merge-driver %O %A %B --upstream auto --path %P", config("merge.perf-changelog.driver"));
        assertTrue(Files.isExecutable(hook));
        String hookText = Files.readString(hook);
        assertTrue(hookText.contains(HookInstaller.HOOK_MARKER));
        assertTrue(hookText.contains(".git/hooks/sweepgate/pr-gate.sh"), hookText);
        assertTrue(Files.isExecutable(dir.resolve(".git/hooks/sweepgate/pr-gate.sh")));
        assertFalse(Files.exists(dir.resolve(".gitattributes")), "no untracked file that could slip into a pull request");

        ChangelogFixture.Run second = install();
        assertEquals(0, second.exit(), second.err());
        assertTrue(second.out().contains("already has"), second.out());
        assertTrue(second.out().contains("already installed"), second.out());
        assertEquals(FILE + " merge=perf-changelog\n", Files.readString(dir.resolve(".git/info/attributes")));
        assertEquals(hookText, Files.readString(hook));
    }

    @Test
    void keepsExistingAttributes() throws IOException {
        Files.writeString(dir.resolve(".git/info/attributes"), "*.sh text eol=lf");
        assertEquals(0, install().exit());
        assertEquals("*.sh text eol=lf\n" + FILE + " merge=perf-changelog\n", Files.readString(dir.resolve(".git/info/attributes")));
    }

    @Test
    void neverReplacesAHookItDidNotWriteWithoutForce() throws IOException {
        Files.createDirectories(hook.getParent());
        Files.writeString(hook, "#!/bin/sh\necho mine\n");
        ChangelogFixture.Run refused = install();
        assertEquals(1, refused.exit());
        assertTrue(refused.err().contains("--force"), refused.err());
        assertEquals("#!/bin/sh\necho mine\n", Files.readString(hook));
        assertFalse(Files.exists(dir.resolve(".git/info/attributes")), "a refusal changes nothing at all");
        assertEquals("", config("merge.perf-changelog.driver"));

        ChangelogFixture.Run forced = install("--force");
        assertEquals(0, forced.exit(), forced.err());
        assertTrue(Files.readString(hook).contains(HookInstaller.HOOK_MARKER));
    }

    @Test
    void theInstalledDriverResolvesAMergeOfMain() {
        assertEquals(0, install().exit());
        m.fx.repo.commit("attributes");
        m.commitOn("main", m.fx.repo.git("rev-parse", "main").strip(), appended(B));
        m.commitOn("pr", m.fx.repo.git("rev-parse", "main~1").strip(), appended(A));
        Git.Result merge = m.run("merge", "--no-edit", "main");
        assertEquals(0, merge.exitCode(), merge.stdoutText() + merge.stderr());
        assertEquals(appended(B, A), m.fx.repo.read(FILE));
    }

    @Test
    void theHookRefusesAPushWhoseChangelogBreaksTheRules(@TempDir Path remote) {
        assertEquals(0, install().exit());
        m.run("init", "-q", "--bare", remote.toString());
        m.fx.repo.git("remote", "add", "origin", remote.toString());
        Git.Result pushMain = m.run("push", "-q", "origin", "main");
        assertEquals(0, pushMain.exitCode(), pushMain.stderr());
        m.fx.repo.git("fetch", "-q", "origin");

        m.commitOn("pr", appended(A).replace("  \n\n", "\n\n"));
        Git.Result bad = m.run("push", "-q", "origin", "pr");
        assertEquals(1, bad.exitCode(), "the hook must stop this push");
        assertTrue(bad.stderr().contains("changed historical"), "STDERR:" + bad.stderr() + "STDOUT:" + bad.stdoutText());

        m.fx.repo.write(FILE, appended(A));
        m.fx.repo.commit("fix the history");
        Git.Result good = m.run("push", "-q", "origin", "pr");
        assertEquals(0, good.exitCode(), good.stderr());

        m.commitOn("pr", appended(A.replace("XXX", LINK + "41")));
        m.fx.repo.git("config", "branch.pr.sweepgate-pr", "42");
        Git.Result otherPr = m.run("push", "-q", "origin", "pr");
        assertEquals(1, otherPr.exitCode(), "a link to another pull request is refused");
    }

    @Test
    void withoutCommandItRecordsTheSweepgateFoundOnPathAndSaysSo() {
        m.environment.put("PATH", tools + ":/usr/bin:/bin");
        ChangelogFixture.Run r = m.sweepgate("install-hooks");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("sweepgate: '" + tools.resolve("sweepgate") + "' (sweepgate on PATH)\n"), r.out());
        assertTrue(config("merge.perf-changelog.driver").startsWith("'" + tools.resolve("sweepgate") + "' merge-driver"));
    }

    @Test
    void withoutCommandOrAToolToRecordItSaysWhatToPass() {
        ChangelogFixture.Run r = m.sweepgate("install-hooks");
        assertEquals(3, r.exit(), r.err());
        assertTrue(r.err().contains("pass --command 'java -jar /path/to/sweepgate.jar'"), r.err());
    }

    @Test
    void theHookBlocksAPushWhenTheRecordedToolIsGone(@TempDir Path remote) throws IOException {
        assertEquals(0, install().exit());
        m.run("init", "-q", "--bare", remote.toString());
        m.fx.repo.git("remote", "add", "origin", remote.toString());
        assertEquals(0, m.run("push", "-q", "origin", "main").exitCode());
        m.fx.repo.git("fetch", "-q", "origin");
        Files.delete(tools.resolve("sweepgate"));
        m.commitOn("pr", appended(A));
        Git.Result blocked = m.run("push", "-q", "origin", "pr");
        assertEquals(1, blocked.exitCode(), "a hook that cannot check must not let the push through");
        assertTrue(blocked.stderr().contains("cannot run sweepgate as " + command + " (recorded by install-hooks); "
                + "fix: run install-hooks again"), blocked.stderr());
        assertTrue(blocked.stderr().contains("git push --no-verify"), blocked.stderr());
        assertEquals(0, m.run("push", "-q", "--no-verify", "origin", "pr").exitCode());
    }
}
