package dev.sweepgate.changelog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.sweepgate.git.Git;
import dev.sweepgate.git.TestRepo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The appended text read from both sides must be what the added lines of git diff say. */
class AppendedTextTest {
    private static final String FILE = "perf-changelog.yaml";

    @TempDir
    Path dir;

    private String fromGitDiff(String base, String head) {
        TestRepo repo = TestRepo.init(dir);
        repo.write(FILE, base.getBytes(StandardCharsets.UTF_8));
        String baseCommit = repo.commit("base");
        repo.write(FILE, head.getBytes(StandardCharsets.UTF_8));
        String headCommit = repo.commit("head");
        return AddedText.addedText(new Git(dir).diff(baseCommit, headCommit, FILE), FILE);
    }

    private static String appended(String base, String head) {
        return AddedText.appendedText(base.getBytes(StandardCharsets.UTF_8), head.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void anAppendedEntryReadsAsGitDiffAddsIt() {
        String base = "- config-keys: [a]\n  description: [x]\n  pr-link: XXX\n";
        String head = base + "  \n- config-keys: [b]\n  description: [\"y — ü\"]\n  pr-link: XXX\n";
        assertEquals(fromGitDiff(base, head), appended(base, head));
    }

    @Test
    void linesThatLookLikeADiffHeaderAndAMissingFinalNewlineReadAsInGitDiff() {
        String base = "- config-keys: [a]\n";
        String head = base + "++ not an entry\n\n- config-keys: [b]\n  pr-link: XXX";
        assertEquals(fromGitDiff(base, head), appended(base, head));
    }

    @Test
    void anythingButAPureAppendIsLeftToGitDiff() {
        String base = "- config-keys: [a]\n  pr-link: XXX\n";
        assertNull(appended(base, base), "nothing added");
        assertNull(appended(base, "- config-keys: [z]\n  pr-link: XXX\n- config-keys: [b]\n"), "history edited");
        assertNull(appended("- config-keys: [a]", "- config-keys: [a]\n- config-keys: [b]\n"), "base without a final newline");
        assertNull(appended(base, base + "- config-keys: [b]\u0000\n"), "a NUL: git may call the file binary");
    }
}
