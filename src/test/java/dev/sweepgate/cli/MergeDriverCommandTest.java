package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.appended;
import static dev.sweepgate.cli.MergeFixture.FILE;
import static dev.sweepgate.cli.ResolveConflictCommandTest.A;
import static dev.sweepgate.cli.ResolveConflictCommandTest.B;
import static dev.sweepgate.cli.ResolveConflictCommandTest.C;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.git.Git;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** git itself resolving changelog conflicts through {@code sweepgate merge-driver}. */
class MergeDriverCommandTest {
    @TempDir
    Path dir;

    @TempDir
    Path tools;

    MergeFixture m;

    @BeforeEach
    void setUp() {
        m = new MergeFixture(dir);
    }

    private static String linked(String entry, String link) {
        return entry.replaceFirst("pr-link: .*\n", "pr-link: " + link + "\n");
    }

    private void mergeMainIntoPr() {
        m.fx.repo.git("checkout", "-q", "pr");
        Git.Result merge = m.run("merge", "--no-edit", "main");
        assertEquals(0, merge.exitCode(), "git should have merged with the driver: " + merge.stdoutText() + merge.stderr());
    }

    @Test
    void gitMergesMainIntoAPullRequestBranchKeepingLinksAsWritten() {
        m.configureDriver(tools, "");
        m.commitOn("main", appended(B));
        m.commitOn("pr", appended(A, C));
        mergeMainIntoPr();
        assertEquals(appended(B, A, C), m.fx.repo.read(FILE));
        assertEquals("", m.run("status", "--porcelain").stdoutText(), "the merge is committed and the tree clean");
    }

    @Test
    void withAPullRequestNumberTheLinksAreCanonicalised() {
        m.configureDriver(tools, "--pr-number 42");
        m.commitOn("main", appended(B));
        m.commitOn("pr", appended(A));
        mergeMainIntoPr();
        assertEquals(appended(B, linked(A, LINK + "42")), m.fx.repo.read(FILE));
    }

    @Test
    void aRebaseOntoMainKeepsMainAndReplaysThePullRequest() {
        m.configureDriver(tools, "--upstream ours");
        m.commitOn("main", appended(B));
        m.commitOn("pr", appended(A));
        m.commitOn("pr", appended(A, C));
        Git.Result rebase = m.run("rebase", "main");
        assertEquals(0, rebase.exitCode(), rebase.stdoutText() + rebase.stderr());
        assertEquals(appended(B, A, C), m.fx.repo.read(FILE));
        assertEquals(appended(B, A), new String(m.git.show("HEAD~1", FILE), StandardCharsets.UTF_8),
                "each replayed commit is resolved on its own");
    }

    @Test
    void autoTellsARebaseFromAMerge() {
        m.configureDriver(tools, "--upstream auto");
        m.commitOn("main", appended(B));
        m.commitOn("pr", appended(A));
        m.fx.repo.git("branch", "pr-copy", "pr");
        Git.Result rebase = m.run("rebase", "main");
        assertEquals(0, rebase.exitCode(), rebase.stdoutText() + rebase.stderr());
        assertEquals(appended(B, A), m.fx.repo.read(FILE));

        m.fx.repo.git("checkout", "-q", "pr-copy");
        Git.Result merge = m.run("merge", "--no-edit", "main");
        assertEquals(0, merge.exitCode(), merge.stderr());
        assertEquals(appended(B, A), m.fx.repo.read(FILE));
    }

    @Test
    void aResolutionThatFailsLeavesGitsNormalConflict() {
        m.configureDriver(tools, "--pr-number 42");
        m.commitOn("main", appended(B));
        m.commitOn("pr", appended(A).replace("  \n\n", "\n\n"));
        m.fx.repo.git("checkout", "-q", "pr");
        Git.Result merge = m.run("merge", "--no-edit", "main");
        assertEquals(1, merge.exitCode());
        assertTrue(merge.stderr().contains("changed historical") || merge.stdoutText().contains("changed historical"),
                merge.stdoutText() + merge.stderr());
        assertTrue(m.run("diff", "--name-only", "--diff-filter=U").stdoutText().contains(FILE));
    }

    @Test
    void inProcessTheOursFileIsReplacedOnlyOnSuccess() throws IOException {
        Path base = write("base.yaml", ChangelogFixture.HISTORY);
        Path ours = write("ours.yaml", appended(A));
        Path theirs = write("theirs.yaml", appended(B));
        ChangelogFixture.Run ok = m.sweepgate("merge-driver", base.toString(), ours.toString(), theirs.toString(),
                "--pr-number", "42");
        assertEquals(0, ok.exit(), ok.err());
        assertEquals(appended(B, linked(A, LINK + "42")), Files.readString(ours));

        byte[] broken = appended(A).replace("  \n\n", "\n\n").getBytes(StandardCharsets.UTF_8);
        Files.write(ours, broken);
        ChangelogFixture.Run failed = m.sweepgate("merge-driver", base.toString(), ours.toString(), theirs.toString());
        assertEquals(1, failed.exit());
        assertArrayEquals(broken, Files.readAllBytes(ours), "%A must be untouched when the driver fails");

        Files.writeString(ours, appended(A));
        ChangelogFixture.Run upstreamOurs = m.sweepgate("merge-driver", base.toString(), ours.toString(),
                theirs.toString(), "--upstream", "ours");
        assertEquals(0, upstreamOurs.exit(), upstreamOurs.err());
        assertEquals(appended(A, B), Files.readString(ours));

        assertEquals(2, m.sweepgate("merge-driver", base.toString(), ours.toString()).exit());
        assertEquals(3, m.sweepgate("merge-driver", base.toString(), ours.toString(), "missing.yaml").exit());
    }

    private Path write(String name, String content) throws IOException {
        Path file = tools.resolve(name);
        Files.writeString(file, content);
        return file;
    }
}
