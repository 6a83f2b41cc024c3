package dev.sweepgate.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.git.Git;
import dev.sweepgate.git.TestRepo;
import dev.sweepgate.problem.Problem;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate's checks each read the head commit's files through a view of their own, and share what is
 * read and parsed: each check still reports exactly the files it read, whichever check read them first.
 */
class SharedRepoFilesTest {
    @TempDir
    Path dir;

    @Test
    void viewsOfOneCommitParseOnceAndEachReportsWhatItRead() {
        TestRepo repo = TestRepo.init(dir);
        repo.write("benchmarks/single_node/a.sh", "#!/usr/bin/env bash\nsource ../../../outside.sh\nexport X=1\n");
        String commit = repo.commit("a script that sources a file outside the repository");
        Git git = new Git(dir);

        try (RepoFiles first = RepoFiles.commit(git, commit);
             RepoFiles second = RepoFiles.commit(git, commit);
             RepoFiles idle = RepoFiles.commit(git, commit)) {
            Scripts.Loaded loaded = first.loaded("benchmarks/single_node/a.sh");
            List<Problem> refused = first.problems();
            assertEquals(1, refused.size(), refused.toString());
            assertEquals(RepoFiles.OUTSIDE, refused.get(0).rule());
            assertEquals("benchmarks/single_node/a.sh", refused.get(0).file());
            assertEquals(2, refused.get(0).line());

            // the second view gets the script parsed once, and the reads that took, as its own
            assertSame(loaded, second.loaded("benchmarks/single_node/a.sh"));
            assertEquals(refused, second.problems());
            assertTrue(second.sources().containsKey("benchmarks/single_node/a.sh"), second.sources().keySet().toString());

            // a view that read nothing reports nothing
            assertEquals(List.of(), idle.problems());
            assertEquals(0, idle.sources().size());
        }
    }

    /** The gate's checks close their views at different times: the git process ends with the last, not the first. */
    @Test
    void theReadingProcessEndsWhenTheLastViewClosesNotBefore() throws Exception {
        TestRepo repo = TestRepo.init(dir);
        repo.write("benchmarks/a.sh", "a\n").write("benchmarks/b.sh", "b\n").write("benchmarks/c.sh", "c\n");
        String commit = repo.commit("three scripts");
        Path trace = dir.resolve("git-trace.log");
        Git git = new Git(dir, java.util.Map.of("GIT_TRACE", trace.toString()), new dev.sweepgate.concurrent.Memo());
        RepoFiles first = RepoFiles.commit(git, commit);
        RepoFiles second = RepoFiles.commit(git, commit);
        assertEquals("a\n", new String(first.read("benchmarks/a.sh")));
        first.close();
        first.close(); // twice: still one holder less, not two
        assertEquals("b\n", new String(second.read("benchmarks/b.sh")));
        assertEquals(1, readers(trace), "the second view reads through the process the first started");
        second.close();
        try (RepoFiles third = RepoFiles.commit(git, commit)) {
            assertEquals("c\n", new String(third.read("benchmarks/c.sh")));
        }
        assertEquals(2, readers(trace), "all closed: reading again starts it anew");
    }

    private static long readers(Path trace) throws java.io.IOException {
        return java.nio.file.Files.readAllLines(trace).stream().filter(l -> l.contains("built-in: git cat-file --batch")).count();
    }

    @Test
    void anotherRunParsesAgain() {
        TestRepo repo = TestRepo.init(dir);
        repo.write("benchmarks/single_node/a.sh", "export X=1\n");
        String commit = repo.commit("a script");
        try (RepoFiles one = RepoFiles.commit(new Git(dir), commit); RepoFiles other = RepoFiles.commit(new Git(dir), commit)) {
            assertTrue(one.loaded("benchmarks/single_node/a.sh") != other.loaded("benchmarks/single_node/a.sh"));
        }
    }
}
