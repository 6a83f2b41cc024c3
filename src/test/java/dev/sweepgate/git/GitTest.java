package dev.sweepgate.git;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.UsageException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
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
}
