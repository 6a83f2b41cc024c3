package dev.sweepgate.git;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.concurrent.Memo;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.UsageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitTest {
    @TempDir
    Path dir;

    @Test
    void readsBlobsAtARefAndTheDiffToTheWorkingTree() {
        TestRepo repo = TestRepo.init(dir);
        String first = repo.write("a.yaml", "one\n").commit("one");
        repo.write("a.yaml", "one\ntwo\n").commit("two");
        Git git = new Git(dir);
        assertArrayEquals("one\n".getBytes(StandardCharsets.UTF_8), git.show(first, "a.yaml"));
        assertTrue(git.diff(first, "HEAD", "a.yaml").contains("\n+two\n"));
        repo.write("a.yaml", "one\ntwo\nthree\n");
        String diff = git.diff(first, null, "a.yaml");
        assertTrue(diff.contains("\n+two\n+three\n"), diff);
        assertTrue(git.exists(first, "a.yaml"));
        assertFalse(git.exists(first, "b.yaml"));
        EnvironmentException missing = assertThrows(EnvironmentException.class, () -> git.show(first, "b.yaml"));
        assertTrue(missing.getMessage().startsWith("b.yaml does not exist at"), missing.getMessage());
    }

    @Test
    void aMissingFileWhoseNameHoldsSpacesIsMissingNotAnInternalError() {
        TestRepo repo = TestRepo.init(dir);
        String commit = repo.write("a b.yaml", "one\n").commit("one");
        Git git = new Git(dir);
        assertArrayEquals("one\n".getBytes(StandardCharsets.UTF_8), git.show(commit, "a b.yaml"));
        assertFalse(git.exists(commit, "x y.yaml"));
        EnvironmentException missing = assertThrows(EnvironmentException.class, () -> git.show(commit, "x y.yaml"));
        assertTrue(missing.getMessage().startsWith("x y.yaml does not exist at"), missing.getMessage());
    }

    @Test
    void oneBlobReaderServesReadsOneAfterAnother() {
        TestRepo repo = TestRepo.init(dir);
        String commit = repo.write("a.yaml", "one\n").write("dir/b.sh", "").commit("one");
        repo.write("a.yaml", "two\n").commit("two");
        try (Git.BlobReader reader = new Git(dir).blobReader()) {
            assertArrayEquals("one\n".getBytes(StandardCharsets.UTF_8), reader.read(commit, "a.yaml").bytes());
            assertEquals("blob", reader.read(commit, "dir/b.sh").type());
            assertEquals(0, reader.read(commit, "dir/b.sh").bytes().length);
            assertEquals("tree", reader.read(commit, "dir").type());
            assertEquals(null, reader.read(commit, "missing.yaml"));
            assertEquals(null, reader.read(commit, "a b c.yaml")); // "<name> missing" with spaces in the name
            assertArrayEquals("two\n".getBytes(StandardCharsets.UTF_8), reader.read("HEAD", "a.yaml").bytes());
        }
    }

    @Test
    void refsAreCheckedAndResolved() {
        TestRepo repo = TestRepo.init(dir);
        String commit = repo.write("a", "x").commit("x");
        Git git = new Git(dir);
        assertEquals(commit, git.resolveCommit("main", "--base-ref"));
        assertEquals(commit, git.resolveCommit(commit.substring(0, 10), "--base-ref"));
        assertThrows(UsageException.class, () -> git.resolveCommit("--upload-pack=evil", "--base-ref"));
        assertThrows(UsageException.class, () -> git.resolveCommit("", "--base-ref"));
        EnvironmentException unknown = assertThrows(EnvironmentException.class, () -> git.resolveCommit("nope", "--head-ref"));
        assertTrue(unknown.getMessage().startsWith("--head-ref nope: git cannot resolve this ref"), unknown.getMessage());
        EnvironmentException origin = assertThrows(EnvironmentException.class, () -> git.resolveCommit("origin/main", "--base-ref"));
        assertTrue(origin.getMessage().contains("git fetch origin main"), origin.getMessage());
    }

    @Test
    void outsideARepositoryEveryCallSaysSo(@TempDir Path empty) {
        EnvironmentException e = assertThrows(EnvironmentException.class, () -> new Git(empty).resolveCommit("HEAD", "--base-ref"));
        assertTrue(e.getMessage().startsWith("not inside a git work tree"), e.getMessage());
    }

    @Test
    void listsTheIndexStagesOfAConflictedFile() {
        TestRepo repo = TestRepo.init(dir);
        repo.write("f.yaml", "base\n").commit("base");
        repo.git("checkout", "-q", "-b", "pr");
        repo.write("f.yaml", "pr\n").commit("pr");
        repo.git("checkout", "-q", "main");
        repo.write("f.yaml", "main\n").commit("main");
        repo.git("checkout", "-q", "pr");
        Git git = new Git(dir);
        assertFalse(git.run(List.of("-c", "user.name=t", "-c", "user.email=t@e", "merge", "-q", "main")).ok());
        List<Git.StageEntry> stages = git.stages("f.yaml");
        assertEquals(List.of(1, 2, 3), stages.stream().map(Git.StageEntry::stage).toList());
        assertEquals("base\n", new String(git.blob(stages.get(0).objectId()), StandardCharsets.UTF_8));
        assertEquals("pr\n", new String(git.blob(stages.get(1).objectId()), StandardCharsets.UTF_8));
        assertEquals("main\n", new String(git.blob(stages.get(2).objectId()), StandardCharsets.UTF_8));
        assertEquals("f.yaml", stages.get(0).path());
    }

    @Test
    void readsManyBlobsAndRefsWithOneCallEach() throws IOException {
        TestRepo repo = TestRepo.init(dir);
        String first = repo.write("a.yaml", "one\n").write("d/b.yaml", "").commit("one");
        String second = repo.write("a.yaml", "two\n").commit("two");
        // GIT_TRACE logs every git command git starts: both refs take one rev-parse, whatever git's version
        Path trace = dir.resolve("git-trace.log");
        Git traced = new Git(dir, Map.of("GIT_TRACE", trace.toString()));
        assertEquals(List.of(first, second), traced.resolveCommits(List.of("HEAD~1", "main"), List.of("--base-ref", "--head-ref")));
        assertEquals(1, Files.readAllLines(trace).stream().filter(line -> line.contains("git rev-parse")).count(),
                String.join("\n", Files.readAllLines(trace)));
        Git git = new Git(dir);
        EnvironmentException bad = assertThrows(EnvironmentException.class,
                () -> git.resolveCommits(List.of("main", "nope"), List.of("--base-ref", "--head-ref")));
        assertTrue(bad.getMessage().startsWith("--head-ref nope:"), bad.getMessage());
        List<Git.BlobContent> blobs = git.showAll(List.of(new Git.Blob(first, "a.yaml"), new Git.Blob(second, "a.yaml"),
                new Git.Blob(first, "missing.yaml"), new Git.Blob(first, "d"), new Git.Blob(first, "d/b.yaml")));
        assertEquals("one\n", new String(blobs.get(0).require(), StandardCharsets.UTF_8));
        assertEquals("two\n", new String(blobs.get(1).require(), StandardCharsets.UTF_8));
        EnvironmentException missing = assertThrows(EnvironmentException.class, () -> blobs.get(2).require());
        assertTrue(missing.getMessage().startsWith("missing.yaml does not exist at"), missing.getMessage());
        // a directory where a file was named is the caller's mistake, and says so
        UsageException directory = assertThrows(UsageException.class, () -> blobs.get(3).require());
        assertTrue(directory.getMessage().startsWith("d is a directory at "), directory.getMessage());
        assertEquals(0, blobs.get(4).require().length);
    }
    @Test
    void bothRefsAndTheirMergeBaseTakeOneGitCall() throws IOException {
        TestRepo repo = TestRepo.init(dir);
        String root = repo.write("a.yaml", "one\n").commit("root");
        String main = repo.write("a.yaml", "two\n").commit("main moves on");
        repo.git("checkout", "-q", "-b", "pr", root);
        String pr = repo.write("b.yaml", "pr\n").commit("pr");
        Path trace = dir.resolve("git-trace.log");
        Git traced = new Git(dir, Map.of("GIT_TRACE", trace.toString()));
        // a branch behind main: the change is measured from where it left main
        assertEquals(new Git.Commits(main, pr, root), traced.resolveWithMergeBase("main", "pr", "--base-ref", "--head-ref"));
        assertEquals(1, Files.readAllLines(trace).stream().filter(line -> line.contains("trace: built-in: git")).count(),
                String.join("\n", Files.readAllLines(trace)));
        assertEquals(new Git.Commits(root, main, root), traced.resolveWithMergeBase("main~1", "main", "--base-ref", "--head-ref"));
        assertEquals(new Git.Commits(main, main, main), traced.resolveWithMergeBase("main", "main", "--base-ref", "--head-ref"));
        EnvironmentException bad = assertThrows(EnvironmentException.class, () -> traced.resolveWithMergeBase("main", "nope", "--base-ref", "--head-ref"));
        assertTrue(bad.getMessage().startsWith("--head-ref nope: git cannot resolve this ref"), bad.getMessage());
        assertThrows(UsageException.class, () -> traced.resolveWithMergeBase("-x", "main", "--base-ref", "--head-ref"));
        // a ref that is itself a range is not mistaken for the pair
        assertThrows(EnvironmentException.class, () -> traced.resolveWithMergeBase("main..pr", "main", "--base-ref", "--head-ref"));
    }

    @Test
    void aFileIsNamedAtACommitHoweverItsPathIsWritten() {
        TestRepo repo = TestRepo.init(dir);
        String commit = repo.write("configs/a.yaml", "one\n").write(".github/b.yaml", "two\n").commit("root");
        Git git = new Git(dir);
        for (String path : List.of("configs/a.yaml", "./configs/a.yaml", dir.resolve("configs/a.yaml").toString())) {
            assertEquals("one\n", new String(git.show(commit, path), StandardCharsets.UTF_8), path);
        }
        assertEquals("two\n", new String(git.show(commit, ".github/b.yaml"), StandardCharsets.UTF_8));
        // from a subdirectory a plain path is that directory's file, as the user meant it
        Git fromConfigs = new Git(dir.resolve("configs"));
        assertEquals("one\n", new String(fromConfigs.show(commit, "a.yaml"), StandardCharsets.UTF_8));
        assertEquals("two\n", new String(fromConfigs.show(commit, "../.github/b.yaml"), StandardCharsets.UTF_8));
    }

    /** The gate resolves its refs once and its checks measure those commits, even when a ref moves meanwhile. */
    @Test
    void pinnedCommitsHoldForTheRunAndOnlyForIt() {
        TestRepo repo = TestRepo.init(dir);
        String root = repo.write("a.yaml", "one\n").commit("root");
        String first = repo.write("a.yaml", "two\n").commit("first");
        Memo run = new Memo();
        Git git = new Git(dir, Map.of(), run);
        assertEquals(new Git.Commits(root, first, root), git.pinCommits("HEAD~1", "HEAD", "--base-ref", "--head-ref"));
        String second = repo.write("a.yaml", "three\n").commit("second");
        assertEquals(new Git.Commits(root, first, root), git.resolveWithMergeBase("HEAD~1", "HEAD", "--base-ref", "--head-ref"));
        // other refs, and any other run, read the repository as it is now
        assertEquals(new Git.Commits(first, second, first), git.resolveWithMergeBase("HEAD^", "HEAD", "--base-ref", "--head-ref"));
        assertEquals(new Git.Commits(first, second, first),
                new Git(dir, Map.of(), new Memo()).resolveWithMergeBase("HEAD~1", "HEAD", "--base-ref", "--head-ref"));
    }

    @Test
    void theFilesAChangeTouchesAreListedOncePerRunUnquoted() throws IOException {
        TestRepo repo = TestRepo.init(dir);
        String base = repo.write("configs/a.yaml", "one\n").write("benchmarks/old.sh", "x\n").commit("base");
        repo.write("configs/a.yaml", "two\n").write("benchmarks/caf\u00e9.sh", "y\n");
        repo.git("rm", "-q", "benchmarks/old.sh");
        String head = repo.commit("head");
        Path trace = dir.resolve("git-trace.log");
        Git git = new Git(dir, Map.of("GIT_TRACE", trace.toString()), new Memo());
        List<Git.Change> changes = git.changes(base, head);
        assertEquals(List.of(new Git.Change("A", "benchmarks/caf\u00e9.sh"), new Git.Change("D", "benchmarks/old.sh"),
                new Git.Change("M", "configs/a.yaml")), changes);
        assertEquals(List.of(false, true, false), changes.stream().map(Git.Change::deleted).toList());
        assertEquals(changes, git.changes(base, head));
        assertEquals(1, Files.readAllLines(trace).stream().filter(line -> line.contains("trace: built-in: git")).count());
    }

    @Test
    void checksSharingARunReadEachFileOfACommitOnce() throws IOException {
        TestRepo repo = TestRepo.init(dir);
        String commit = repo.write("a.yaml", "one\n").write("b.yaml", "two\n").commit("root");
        Path trace = dir.resolve("git-trace.log");
        Memo run = new Memo();
        Git review = new Git(dir, Map.of("GIT_TRACE", trace.toString()), run);
        Git coverage = new Git(dir, Map.of("GIT_TRACE", trace.toString()), run);
        assertEquals("one\n", new String(review.showAll(List.of(new Git.Blob(commit, "a.yaml"))).get(0).require(),
                StandardCharsets.UTF_8));
        List<Git.BlobContent> both = coverage.showAll(List.of(new Git.Blob(commit, "a.yaml", "base"),
                new Git.Blob(commit, "b.yaml", "base")));
        assertEquals("one\n", new String(both.get(0).require(), StandardCharsets.UTF_8));
        assertEquals("base", both.get(0).blob().at());
        assertEquals("two\n", new String(both.get(1).require(), StandardCharsets.UTF_8));
        assertEquals(2, Files.readAllLines(trace).stream().filter(line -> line.contains("trace: built-in: git cat-file")).count(),
                "b.yaml alone is read the second time");
        assertEquals(2, coverage.showAll(List.of(new Git.Blob(commit, "b.yaml"), new Git.Blob(commit, "a.yaml"))).size());
        assertEquals(2, Files.readAllLines(trace).stream().filter(line -> line.contains("trace: built-in: git cat-file")).count());
    }

    @Test
    void aMisspeltBranchIsAnsweredWithTheNearestRefNotAFetchOfTheTypo(@TempDir Path clone) {
        TestRepo origin = TestRepo.init(dir);
        origin.write("a.yaml", "one\n").commit("root");
        TestRepo.init(clone).git("remote", "add", "origin", dir.toString());
        new Git(clone).run(List.of("fetch", "-q", "origin"));
        EnvironmentException typo = assertThrows(EnvironmentException.class,
                () -> new Git(clone).resolveCommit("origin/mian", "--base-ref"));
        assertTrue(typo.getMessage().contains("did you mean origin/main?"), typo.getMessage());
        assertFalse(typo.getMessage().contains("git fetch origin mian;"), typo.getMessage());
        EnvironmentException unknown = assertThrows(EnvironmentException.class,
                () -> new Git(clone).resolveCommit("origin/feature-x", "--base-ref"));
        assertTrue(unknown.getMessage().endsWith("fetch it first: git fetch origin feature-x"), unknown.getMessage());
    }

    @Test
    void withoutOneMergeBaseGitIsAskedForItOnItsOwn() {
        TestRepo repo = TestRepo.init(dir);
        String a = repo.write("a", "a").commit("a");
        repo.git("checkout", "-q", "--orphan", "other");
        String b = repo.write("a", "b").commit("b");
        Git git = new Git(dir);
        // no shared history: no merge base, and mergeBase says why
        EnvironmentException none = assertThrows(EnvironmentException.class,
                () -> git.resolveWithMergeBase("main", "other", "--base-ref", "--head-ref"));
        assertTrue(none.getMessage().startsWith("main and other share no history"), none.getMessage());
        // one sentence, its parentheses balanced (it used to end "))")
        assertTrue(none.getMessage().endsWith("(git fetch REMOTE BRANCH)"), none.getMessage());
        assertThrows(EnvironmentException.class, () -> git.mergeBase(a, b, "main", "other"));
        // criss-cross merges: two merge bases, of which git merge-base picks one
        repo.git("checkout", "-q", "main");
        repo.git("checkout", "-q", "-b", "x");
        String x1 = repo.write("x", "1").commit("x1");
        repo.git("checkout", "-q", "-b", "y", a);
        String y1 = repo.write("y", "1").commit("y1");
        repo.git("-c", "user.name=t", "-c", "user.email=t@e", "merge", "-q", "--no-edit", x1);
        String y2 = repo.write("y", "2").commit("y2");
        repo.git("checkout", "-q", "x");
        repo.git("-c", "user.name=t", "-c", "user.email=t@e", "merge", "-q", "--no-edit", y1);
        String x2 = repo.write("x", "2").commit("x2");
        String picked = repo.git("merge-base", x2, y2).trim();
        assertEquals(2, repo.git("merge-base", "--all", x2, y2).trim().lines().count(), "two merge bases");
        assertEquals(new Git.Commits(x2, y2, picked), git.resolveWithMergeBase("x", "y", "--base-ref", "--head-ref"));
    }
}
