package dev.sweepgate.changelog;

import static dev.sweepgate.changelog.Changelogs.BASE;
import static dev.sweepgate.changelog.Changelogs.file;
import static dev.sweepgate.changelog.Changelogs.rules;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.yaml.YamlLoader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The byte-level file rules: what their messages count and name. */
class FileByteRulesTest {
    @Test
    void loadThrowsTheProblemsOfABrokenFile() {
        ProblemException e = assertThrows(ProblemException.class,
                () -> ChangelogFile.load(BASE.replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8), "f"));
        assertEquals(List.of("changelog.cr"), rules(e.problems()));
        ChangelogFile ok = ChangelogFile.load(BASE.getBytes(StandardCharsets.UTF_8), "f");
        assertEquals(2, ok.entries().size());
        assertEquals("f", ok.name());
    }

    @Test
    void aRepeatedForbiddenByteIsCountedAndTheFirstNamed() {
        Problem crs = file(BASE.replace("\n", "\r\n")).problems().get(0);
        long lines = BASE.chars().filter(c -> c == '\n').count();
        assertEquals("the file contains a carriage return (CR): the file must use LF line ends only; convert it (for instance "
                + "`sed -i 's/\\r$//' FILE`, or set your editor to LF) (" + lines + " occurrences, the first here)", crs.message());
        assertEquals(1, crs.line());
        assertEquals(15, crs.column());
        Problem tab = file(BASE.replace("    - \"Change alpha", "\t- \"Change alpha")).problems().get(0);
        assertEquals("the file contains a tab: indent with spaces only", tab.message());
        assertEquals(4, tab.line());
        assertEquals(1, tab.column());
        List<Problem> all = file(BASE.replace("    - \"Change alpha", "\t- \"Change alpha") + "\0\r\n").problems();
        assertEquals(List.of("changelog.cr", "changelog.tab", "changelog.nul"), rules(all));
    }

    @Test
    void aFileThatIsNotUtf8NamesTheByte() {
        byte[] latin1 = (BASE + "# caf\u00e9\n").getBytes(StandardCharsets.ISO_8859_1);
        Problem p = ChangelogFile.check(latin1, "f").problems().get(0);
        assertEquals(String.format("the file is not valid UTF-8 (byte 0xe9 at offset %d); save it as UTF-8", latin1.length - 2),
                p.message());
        assertEquals(13, p.line());
        assertEquals(6, p.column());
    }

    @Test
    void aFileOverTheYamlLimitIsNotRead() {
        byte[] huge = new byte[YamlLoader.MAX_BYTES + 1];
        List<Problem> problems = ChangelogFile.check(huge, "f").problems();
        assertEquals(List.of("yaml.too-large"), rules(problems));
        assertTrue(problems.get(0).message().startsWith("the file is " + huge.length + " bytes"), problems.get(0).message());
    }

    @Test
    void theFinalNewlineIsAskedForAfterTheLastLine() {
        String text = BASE.substring(0, BASE.length() - 1);
        Problem p = file(text).problems().get(0);
        assertEquals("changelog.final-newline", p.rule());
        assertEquals(text.split("\n").length, p.line());
        assertEquals(text.length() - text.lastIndexOf('\n'), p.column());
    }

    @Test
    void anEntryStartIsALineThatBeginsWithIt() {
        assertEquals(1, ChangelogFile.countEntryStarts("- config-keys:"));
        assertEquals(0, ChangelogFile.countEntryStarts("- config-key"));
        assertEquals(0, ChangelogFile.countEntryStarts(" - config-keys:\n"));
        assertEquals(2, ChangelogFile.countEntryStarts("- config-keys:\r\n- config-keys:\r\n"));
        assertEquals(2, ChangelogFile.countEntryStarts("- config-keys:\u2029- config-keys: [a]\n"));
        assertEquals(3, ChangelogFile.countEntryStarts("- config-keys:\n\n- config-keys:\r- config-keys:\n"));
        assertEquals(0, ChangelogFile.countEntryStarts(""));
    }
}
