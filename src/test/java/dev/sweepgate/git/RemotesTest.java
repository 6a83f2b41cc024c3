package dev.sweepgate.git;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RemotesTest {
    private static final String FALLBACK = "SemiAnalysisAI/InferenceX";

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({
            "https://github.com/someone/InferenceX, someone/InferenceX",
            "https://github.com/someone/InferenceX.git, someone/InferenceX",
            "https://github.com/someone/InferenceX/, someone/InferenceX",
            "https://x-access-token@github.com/org.name/repo_1.git, org.name/repo_1",
            "git@github.com:someone/InferenceX.git, someone/InferenceX",
            "git@github.com:someone/InferenceX, someone/InferenceX",
            "ssh://git@github.com/someone/InferenceX, someone/InferenceX",
            "ssh://git@github.com:22/someone/InferenceX.git, someone/InferenceX",
            "https://GitHub.com/Someone/InferenceX, Someone/InferenceX",
    })
    void readsOwnerAndNameOfAGithubUrl(String url, String repo) {
        assertEquals(Optional.of(repo), Remotes.parseGithubUrl(url));
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://gitlab.com/someone/InferenceX.git", "git@example.com:someone/InferenceX.git",
            "https://github.com/someone", "https://github.com/someone/InferenceX/tree/main", "/srv/git/InferenceX.git",
            "https://github.com.evil.example/someone/InferenceX", "https://github.com/a b/c"})
    void anythingElseIsNotAGithubRepository(String url) {
        assertEquals(Optional.empty(), Remotes.parseGithubUrl(url));
    }

    @Test
    void aForkWithAGithubOriginIsItsOwnRepository() {
        TestRepo repo = TestRepo.init(dir);
        repo.git("remote", "add", "origin", "git@github.com:fork-owner/InferenceX.git");
        assertEquals("fork-owner/InferenceX", Remotes.githubRepoOr(new Git(dir), FALLBACK));
    }

    @Test
    void insteadOfRewritingIsApplied() {
        TestRepo repo = TestRepo.init(dir);
        repo.git("config", "url.https://github.com/.insteadOf", "gh:");
        repo.git("remote", "add", "origin", "gh:fork-owner/InferenceX");
        assertEquals("fork-owner/InferenceX", Remotes.githubRepoOr(new Git(dir), FALLBACK));
    }

    @Test
    void aRepositoryWithoutAGithubOriginUsesTheFallback() {
        TestRepo repo = TestRepo.init(dir);
        assertEquals(FALLBACK, Remotes.githubRepoOr(new Git(dir), FALLBACK));
        repo.git("remote", "add", "origin", "https://gitlab.com/someone/InferenceX.git");
        assertEquals(FALLBACK, Remotes.githubRepoOr(new Git(dir), FALLBACK));
    }

    @Test
    void outsideARepositoryTheFallbackIsUsed() throws Exception {
        Path plain = Files.createDirectories(dir.resolve("plain"));
        assertEquals(FALLBACK, Remotes.githubRepoOr(new Git(plain, java.util.Map.of("GIT_CEILING_DIRECTORIES",
                dir.toString())), FALLBACK));
    }
}
