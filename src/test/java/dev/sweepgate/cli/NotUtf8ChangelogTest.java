package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A changelog saved in Latin-1 is one {@code changelog.encoding} problem for every command that
 * reads its entries, on the working tree exactly as committed, and no coverage is judged from it
 * (issue 34, item 1: plan on the working tree swept it, check-coverage and review judged it).
 */
class NotUtf8ChangelogTest {
    @TempDir
    Path dir;

    ChangelogFixture fx;
    byte[] latin1;

    @BeforeEach
    void setUp() {
        fx = new ChangelogFixture(dir);
        // alpha's rows change and the entry that would cover them is not UTF-8
        latin1 = ChangelogFixture.appended(entry("alpha-fp8-mi355x-sglang", LINK + "3", "# caf\u00e9"))
                .getBytes(StandardCharsets.ISO_8859_1);
        fx.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("conc-list: [4, 8] }", "conc-list: [4, 8, 16] }"));
    }

    @ParameterizedTest(name = "{0}, committed {1}")
    @CsvSource({"plan, false", "plan, true", "check-coverage, false", "check-coverage, true",
            "review, false", "review, true", "validate-changelog, false", "validate-changelog, true"})
    void isOneEncodingProblemAndNoCoverageVerdict(String command, boolean committed) {
        fx.repo.write("perf-changelog.yaml", latin1);
        String head = committed ? fx.repo.commit("latin-1") : null;
        ChangelogFixture.Run run = head == null ? fx.run(command, "--base-ref", fx.base)
                : fx.run(command, "--base-ref", fx.base, "--head-ref", head);

        assertEquals(1, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("not valid UTF-8 (byte 0xe9") && run.err().contains("[changelog.encoding]"), run.err());
        assertFalse(run.err().contains("[coverage.uncovered]"), run.err());
        assertFalse(run.out().contains("\"sweep_computed\" : true"), run.out());
    }
}
