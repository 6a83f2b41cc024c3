package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.appended;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 23: every command finds the repository's files from any subdirectory, as git does,
 * reads them there, shows them at the base ref there and writes them back there (fix-changelog
 * and canonicalize failed with "does not exist at SHA" from a subdirectory).
 */
class EveryCommandFromASubdirectoryTest {
    private static final String FILE = MergeFixture.FILE;
    private static final String THIRD = entry("alpha-fp8-mi355x-sglang", LINK + "3").replace("Tune", "Retune");
    private static final String FOURTH = entry("beta-fp4-b200-vllm-agentic", "XXX").replace("Tune", "Retune");

    @TempDir
    Path dir;

    @TempDir
    Path tools;

    MergeFixture m;
    Path sub;

    @BeforeEach
    void setUp() throws IOException {
        m = new MergeFixture(dir);
        sub = Files.createDirectories(dir.resolve("docs/notes"));
    }

    private ChangelogFixture.Run at(Path where, String command) {
        return ChangelogFixture.runIn(where, m.environment, command.split(" "));
    }

    /** A committed entry on main (for the commands that compare two refs) and one more in the working tree. */
    private void aChange() {
        m.fx.append(THIRD);
        m.fx.repo.write(FILE, appended(THIRD, FOURTH));
    }

    @ParameterizedTest
    @ValueSource(strings = {"validate-configs", "check-golden-al", "full-sweep",
            "test-config --config-keys alpha-fp8-mi355x-sglang", "validate-changelog --base-ref main",
            "validate-changelog --base-ref main~1 --head-ref main", "process-changelog --base-ref main~1 --head-ref main",
            "check-coverage --base-ref main", "plan --base-ref main", "plan --base-ref main --format json",
            "reuse-check --source main --merge main"})
    void aCommandThatReadsSeesWhatItSeesAtTheTop(String command) {
        aChange();
        ChangelogFixture.Run top = at(dir, command);
        ChangelogFixture.Run below = at(sub, command);
        assertEquals(0, top.exit(), top.err());
        assertEquals(0, below.exit(), below.err());
        // the same files, named as seen from the subdirectory
        assertEquals(top.out(), below.out().replace("../../", ""));
        assertEquals(top.err(), below.err().replace("../../", "").replace(sub.toString(), dir.toString()));
    }

    @Test
    void fixChangelogRepairsTheRepositorysChangelog() {
        m.fx.repo.write(FILE, appended(THIRD).replace("  \n\n", "\n\n"));
        ChangelogFixture.Run r = at(sub, "fix-changelog --base-ref main");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("../../" + FILE + ": repaired against main:"), r.out());
        assertEquals(appended(THIRD), m.fx.repo.read(FILE));
        assertFalse(Files.exists(sub.resolve(FILE)), "nothing is written where the file is not");
    }

    @Test
    void canonicalizeRewritesTheRepositorysChangelog() {
        m.fx.repo.write(FILE, appended(FOURTH));
        ChangelogFixture.Run r = at(sub, "prepare-merge canonicalize --base-ref main --pr-number 7");
        assertEquals(0, r.exit(), r.err());
        assertEquals(appended(FOURTH.replace("pr-link: XXX", "pr-link: " + LINK + "7")), m.fx.repo.read(FILE));
        assertFalse(Files.exists(sub.resolve(FILE)));
    }

    @Test
    void resolveConflictResolvesTheRepositorysChangelog() {
        m.commitOn("main", appended(THIRD));
        m.commitOn("pr", appended(FOURTH));
        m.conflictedMerge();
        ChangelogFixture.Run r = at(sub, "prepare-merge resolve-conflict --pr-number 7");
        assertEquals(0, r.exit(), r.err());
        assertEquals(appended(THIRD, FOURTH.replace("pr-link: XXX", "pr-link: " + LINK + "7")), m.fx.repo.read(FILE));
        assertFalse(Files.exists(sub.resolve(FILE)));
    }

    @Test
    void installHooksNamesTheRepositorysChangelog() throws IOException {
        ChangelogFixture.Run r = at(sub, "install-hooks --command " + Launcher.write(tools));
        assertEquals(0, r.exit(), r.err());
        assertEquals(FILE + " merge=perf-changelog\n", Files.readString(dir.resolve(".git/info/attributes")));
        assertTrue(Files.readString(dir.resolve(".git/hooks/pre-push")).contains("changelog='" + FILE + "'"));
    }
}
