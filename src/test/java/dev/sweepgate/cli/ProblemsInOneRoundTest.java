package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.HISTORY;
import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Issue 13: every problem of a change in one run, at its real place, with a hint that does the thinking. */
class ProblemsInOneRoundTest {
    @TempDir
    Path dir;
    ChangelogFixture fx;

    @BeforeEach
    void setUp() {
        fx = new ChangelogFixture(dir);
    }

    /** The seed's mistake: the two-space separator line turned into an empty line, plus an appended entry. */
    private String separatorMistake(String link) {
        String head = ChangelogFixture.appended(entry("alpha-fp8-mi355x-sglang", link)).replace("  \n\n", "\n\n");
        fx.repo.write("perf-changelog.yaml", head);
        return fx.repo.commit("append, editor trimmed the separator");
    }

    private ChangelogFixture.Run validate(String head) {
        return fx.run("validate-changelog", "--base-ref", fx.base, "--head-ref", head, "--format", "text");
    }

    @Test
    void theSeparatorMistakeAsPrinted() {
        ChangelogFixture.Run r = validate(separatorMistake(LINK + "3"));
        assertEquals(1, r.exit());
        assertEquals("""
                perf-changelog.yaml:6:1: error: appended entries changed historical perf-changelog.yaml bytes; the first \
                differing byte is at line 6, column 1 of the base and line 6, column 1 of the head:
                  base line 6: "  \\n" (2 spaces and nothing else)
                  head line 6: "\\n" (an empty line)
                  fix: this historical line holds 2 spaces and must keep them (an editor that trims trailing whitespace \
                removes them): restore the base file byte for byte and add new entries only after its last line
                  `sweepgate fix-changelog --base-ref %s` makes this repair when the new entries themselves are right \
                [changelog.history-bytes]
                 6 | ⏎
                   | ^
                1 error, 0 warnings
                """.formatted(fx.base), r.err());
    }

    @Test
    void aPlaceholderDoesNotHideTheSeparatorMistake() {
        ChangelogFixture.Run r = validate(separatorMistake("XXX"));
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("perf-changelog.yaml:6:1: error: appended entries changed historical"), r.err());
        // entry 3 starts at line 14 of the head; its pr-link value at line 18, column 12
        assertTrue(r.err().contains("perf-changelog.yaml:18:12: error: entry 3 (line 14), a new entry, has the pr-link \"XXX\""), r.err());
        assertTrue(r.err().contains("2 errors, 0 warnings"), r.err());
    }

    /** Issue 23: a trailing space on a history line and a new entry's type error, both in the first run. */
    private String historyByteAndATypeError() {
        String head = ChangelogFixture.appended(entry("alpha-fp8-mi355x-sglang", LINK + "3", "evals-only: \"yes\""))
                .replace("\"Tune alpha-fp8-mi355x-sglang\"\n", "\"Tune alpha-fp8-mi355x-sglang\" \n");
        fx.repo.write("perf-changelog.yaml", head);
        return fx.repo.commit("append, and a trailing space in history");
    }

    @Test
    void theByteRulesRunWhateverTheFileRulesFound() {
        String head = historyByteAndATypeError();
        ChangelogFixture.Run r = validate(head);
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("perf-changelog.yaml:4:37: error: appended entries changed historical "
                + "perf-changelog.yaml bytes; the first differing byte is at line 4, column 37"), r.err());
        assertTrue(r.err().contains("only trailing whitespace differs on this line"), r.err());
        assertTrue(r.err().contains("perf-changelog.yaml:19:15: error: entry 3 (line 14): evals-only must be true or "
                + "false (unquoted), not the string \"yes\" [changelog.type]"), r.err());
        assertTrue(r.err().endsWith("2 errors, 0 warnings\n"), r.err());
        // the working tree as well: the pre-push hook's and the contributor's run
        assertTrue(fx.run("validate-changelog", "--base-ref", fx.base, "--format", "text").err()
                .contains("[changelog.history-bytes]"));
    }

    @Test
    void fixChangelogsRefusalDoesNotPointAboveAtProblemsPrintedAfterIt() {
        historyByteAndATypeError();
        ChangelogFixture.Run r = fx.run("fix-changelog", "--base-ref", fx.base, "--format", "text");
        assertEquals(1, r.exit());
        // the refusal is about the whole file, so it is printed first: it cannot say "above"
        assertTrue(r.err().startsWith("perf-changelog.yaml: error: the working-tree changelog breaks the file rules "
                + "(reported with this one), so its entries cannot be found"), r.err());
        assertTrue(r.err().indexOf("[fix.refused]") < r.err().indexOf("[changelog.type]"), r.err());
    }

    @Test
    void problemsInAppendedTextPointIntoTheHeadFileInEveryFormat() {
        String head = fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3", "evals-onlly: true"));
        ChangelogFixture.Run text = validate(head);
        assertEquals(1, text.exit());
        assertTrue(text.err().contains("perf-changelog.yaml:19:3: error: entry 3 (line 14) has the unknown field "
                + "\"evals-onlly\" (did you mean evals-only?)"), text.err());
        assertTrue(text.err().contains(" 19 |   evals-onlly: true\n    |   ^~~~~~~~~~~\n"), text.err());
        ChangelogFixture.Run github = fx.run("validate-changelog", "--base-ref", fx.base, "--head-ref", head,
                "--format", "github");
        assertTrue(github.err().startsWith("::error file=perf-changelog.yaml,line=19,col=3,title=changelog.unknown-field::"),
                github.err());
    }

    /** The separator mistake (a history edit git diff shows) plus an entry whose keys name no config. */
    private String separatorMistakeWithUnknownKeys() {
        String entry = "- config-keys:\n    - alpha-fp8-mi355x-sglng\n    - nothing-*\n  description:\n    - \"x\"\n"
                + "  pr-link: " + LINK + "3\n";
        fx.repo.write("perf-changelog.yaml", ChangelogFixture.appended(entry).replace("  \n\n", "\n\n"));
        return fx.repo.commit("append, editor trimmed the separator");
    }

    @Test
    void keyProblemsOfAChangeThatAlsoEditsHistoryPointIntoTheHeadFileInEveryFormat() throws Exception {
        String head = separatorMistakeWithUnknownKeys();
        // entry 3 starts at line 14 of the head; its keys are at lines 15 and 16, column 7
        String unknown = "perf-changelog.yaml:15:7: error: entry 3 (line 14): config key 'alpha-fp8-mi355x-sglng' not "
                + "found in master configs; did you mean alpha-fp8-mi355x-sglang?";
        String wildcard = "perf-changelog.yaml:16:7: error: entry 3 (line 14): the pattern 'nothing-*' matches no config key";
        for (String command : List.of("process-changelog", "validate-changelog")) {
            ChangelogFixture.Run text = fx.run(command, "--base-ref", fx.base, "--head-ref", head, "--format", "text");
            assertEquals(1, text.exit(), command);
            assertTrue(text.err().contains(unknown + " [changelog.unknown-config-key]\n 15 |     - alpha-fp8-mi355x-sglng\n"
                    + "    |       ^~~~~~~~~~~~~~~~~~~~~~\n"), command + ": " + text.err());
            assertTrue(text.err().contains(wildcard), command + ": " + text.err());
            assertFalse(text.err().contains("text added"), command + ": " + text.err());
        }
        assertTrue(validate(head).err().contains("perf-changelog.yaml:6:1: error: appended entries changed historical"));

        ChangelogFixture.Run github = fx.run("process-changelog", "--base-ref", fx.base, "--head-ref", head,
                "--format", "github");
        assertEquals(List.of("::error file=perf-changelog.yaml,line=15,col=7,title=changelog.unknown-config-key::entry 3 "
                        + "(line 14): config key 'alpha-fp8-mi355x-sglng' not found in master configs; did you mean "
                        + "alpha-fp8-mi355x-sglang?",
                "::error file=perf-changelog.yaml,line=16,col=7,title=changelog.unknown-config-key::entry 3 (line 14): "
                        + "the pattern 'nothing-*' matches no config key; add the config to a master config file or fix "
                        + "the key"), github.err().lines().toList());

        ObjectMapper json = new ObjectMapper();
        JsonNode problems = json.readTree(jsonOutput(fx.run("process-changelog", "--base-ref", fx.base, "--head-ref", head,
                "--format", "json"))).get("problems");
        assertEquals(2, problems.size(), problems.toString());
        assertEquals("perf-changelog.yaml", problems.get(1).get("file").asText());
        assertEquals(16, problems.get(1).get("line").asInt());
        assertEquals(7, problems.get(1).get("column").asInt());
        JsonNode location = json.readTree(jsonOutput(fx.run("process-changelog", "--base-ref", fx.base, "--head-ref", head,
                "--format", "sarif"))).at("/runs/0/results/0/locations/0/physicalLocation");
        assertEquals("perf-changelog.yaml", location.at("/artifactLocation/uri").asText());
        assertEquals(15, location.at("/region/startLine").asInt());
        assertEquals(7, location.at("/region/startColumn").asInt());
    }

    /** The JSON or SARIF document of a run, on whichever stream carried it. */
    private static String jsonOutput(ChangelogFixture.Run run) {
        return run.out().isBlank() ? run.err() : run.out();
    }

    @Test
    void aSyntaxErrorInTextAddedAroundAHistoryEditNamesTheHeadLines() {
        String entry = "- config-keys:\n    - alpha-fp8-mi355x-sglang\n  description:\n    - \"x\"\n   pr-link: " + LINK + "3\n";
        fx.repo.write("perf-changelog.yaml", ChangelogFixture.appended(entry).replace("  \n\n", "\n\n"));
        String head = fx.repo.commit("append, editor trimmed the separator");
        ChangelogFixture.Run r = fx.run("process-changelog", "--base-ref", fx.base, "--head-ref", head, "--format", "text");
        assertEquals(1, r.exit());
        // the pr-link line is line 18 of the head (line 7 of the added text on its own)
        assertTrue(r.err().startsWith("perf-changelog.yaml:18:"), r.err());
        // its siblings are the entry's keys (description at line 16), not the list item under description
        assertTrue(r.err().contains("line 18 is indented by 3 spaces, its siblings (line 16) by 2 spaces"), r.err());
    }

    @Test
    void aMixedChangeStillChecksTheNewEntriesConfigKeys() {
        fx.repo.write("perf-changelog.yaml", ChangelogFixture.appended(entry("alpha-fp8-mi355x-sglng", LINK + "3"))
                .replace(LINK + "2\n", LINK + "22\n"));
        ChangelogFixture.Run r = validate(fx.repo.commit("correct and append"));
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("perf-changelog.yaml:14:3: error: this change corrects the pr-link of 1 existing entry"),
                r.err());
        assertTrue(r.err().contains("perf-changelog.yaml:15:7: error: entry 3 (line 14): config key 'alpha-fp8-mi355x-sglng' "
                + "not found in master configs; did you mean alpha-fp8-mi355x-sglang?"), r.err());
    }

    @Test
    void aDeletedHistoryLineIsReportedWhereItWasInTheHead() {
        fx.repo.write("perf-changelog.yaml", ChangelogFixture.appended(entry("alpha-fp8-mi355x-sglang", LINK + "3"))
                .replace("\"Tune beta-fp4-b200-vllm-agentic\"", "\"Tuned beta\""));
        String head = fx.repo.commit("edit history and append");
        ChangelogFixture.Run r = fx.run("process-changelog", "--base-ref", fx.base, "--head-ref", head, "--format", "github");
        assertEquals(1, r.exit());
        assertTrue(r.err().startsWith("::error file=perf-changelog.yaml,line=11,col=1,title=changelog.deleted-line::"
                + "deletions are not allowed in perf-changelog.yaml"), r.err());
        assertTrue(r.err().contains("fix: restore this line (line 11 of the base)"), r.err());
    }

    @Test
    void entryFieldErrorsDoNotHideUnknownConfigKeys() {
        String head = fx.append(entry("alpha-fp8-mi355x-sglng", LINK + "3", "evals-only: maybe"));
        ChangelogFixture.Run r = validate(head);
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("perf-changelog.yaml:19:15: error: entry 3 (line 14): evals-only must be true or false"),
                r.err());
        assertTrue(r.err().contains("perf-changelog.yaml:15:7: error: entry 3 (line 14): config key "
                + "'alpha-fp8-mi355x-sglng' not found in master configs; did you mean alpha-fp8-mi355x-sglang?"), r.err());
    }

    @Test
    void aMixedChangeIsReportedAtTheFirstAppendedEntry() {
        fx.repo.write("perf-changelog.yaml", ChangelogFixture.appended(entry("beta-fp4-b200-vllm-agentic", LINK + "3"))
                .replace(LINK + "2\n", LINK + "22\n"));
        String mixed = fx.repo.commit("correct and append");
        ChangelogFixture.Run r = fx.run("validate-changelog", "--base-ref", fx.base, "--head-ref", mixed, "--format", "github");
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("::error file=perf-changelog.yaml,line=14,col=3,title=changelog.mixed-change::"), r.err());
    }

    @Test
    void worksFromASubdirectoryAndSaysWhatIsMissingWithoutOrigin() {
        String head = fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3"));
        ChangelogFixture.Run r = ChangelogFixture.runIn(dir.resolve("configs"), Map.of(), "validate-changelog",
                "--base-ref", fx.base, "--head-ref", head);
        assertEquals(0, r.exit(), r.err());
        ChangelogFixture.Run noOrigin = fx.run("validate-changelog", "--base-ref", "origin/main");
        assertEquals(3, noOrigin.exit());
        assertTrue(noOrigin.err().contains("this clone has no remote named origin: add it (git remote add origin URL), "
                + "then git fetch origin main"), noOrigin.err());
    }

    /** Two agentic configs with speculative decoding and no pinned acceptance length: two golden.unpinned warnings. */
    private void twoUnpinnedConfigs(String comment) {
        String beta = ChangelogFixture.NVIDIA.substring(0, ChangelogFixture.NVIDIA.indexOf("\ngamma"))
                .replace("{ tp: 4, kv-offloading: none,", "{ tp: 4, spec-decoding: mtp, kv-offloading: none,");
        String second = beta.replace("beta-fp4-b200-vllm-agentic:", "beta2-fp4-b200-vllm-agentic:")
                .replace("conc-list: [1, 2, 4] }", "conc-list: [1, 2, 4] }" + comment);
        fx.repo.write("configs/nvidia-master.yaml", beta + "\n" + second);
    }

    @Test
    void unpinnedConfigsAreOneNoteUnlessListedAndOnlyListedOnesFailWithStrict() {
        twoUnpinnedConfigs("");
        ChangelogFixture.Run r = fx.run("check-golden-al", "--format", "text");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("configs/nvidia-master.yaml:12:9: note: 2 configs have agentic entries with "
                + "speculative decoding and no SYNTHETIC_ACCEPTANCE_LENGTH (the first here)"), r.err());
        assertTrue(r.err().contains("--list-unpinned"), r.err());
        assertTrue(r.err().endsWith("0 errors, 0 warnings, 1 note\n"), r.err());
        ChangelogFixture.Run github = fx.run("check-golden-al", "--format", "github");
        assertTrue(github.err().startsWith("::notice file=configs/nvidia-master.yaml,line=12,col=9,title=golden.unpinned::"
                + "2 configs have"), github.err());
        ChangelogFixture.Run listed = fx.run("check-golden-al", "--list-unpinned", "--format", "github");
        assertEquals(2, listed.err().lines().filter(l -> l.startsWith("::warning")).count(), listed.err());
        // what fires on clean data fails nothing, not even with --strict; listed, the warnings do
        assertEquals(0, fx.run("check-golden-al", "--strict").exit());
        assertEquals(0, fx.run("validate-configs", "--strict").exit());
        assertEquals(1, fx.run("check-golden-al", "--strict", "--list-unpinned").exit());
        assertEquals(1, fx.run("validate-configs", "--strict", "--list-unpinned").exit());
        ChangelogFixture.Run configs = fx.run("validate-configs");
        assertEquals(0, configs.exit());
        // the count once: the report's last line, then the ok line
        // issue 34: the summary on stdout, as validate-changelog's; the problems and their count on stderr
        assertTrue(configs.err().endsWith("0 errors, 0 warnings, 1 note\n"), configs.err());
        assertEquals("ok: 3 configs in 2 files, 3 runner labels\n", configs.out());
        ChangelogFixture.Run annotated = fx.run("validate-configs", "--format", "github");
        assertEquals("ok: 3 configs in 2 files, 3 runner labels; 0 errors, 0 warnings, 1 note\n", annotated.out());
        // a JSON document on stdout stays one document: the summary goes to stderr then
        ChangelogFixture.Run json = fx.run("validate-configs", "--format", "json");
        assertTrue(json.out().startsWith("{"), json.out());
        assertTrue(json.err().startsWith("ok: 3 configs in 2 files, 3 runner labels"), json.err());
    }

    @Test
    void aDisableCommentSilencesTheProblemOnItsLine() {
        twoUnpinnedConfigs("  # sweepgate: disable=golden.unpinned");
        ChangelogFixture.Run listed = fx.run("check-golden-al", "--list-unpinned", "--format", "github");
        assertEquals(1, listed.err().lines().filter(l -> l.startsWith("::warning")).count(), listed.err());
        assertTrue(listed.err().contains("beta-fp4-b200-vllm-agentic"), listed.err());
        assertFalse(listed.err().contains("beta2-fp4"), listed.err());
    }

    @Test
    void testConfigSuggestsTheNearestKeysAndBadOptionValuesAreUsageErrors() {
        ChangelogFixture.Run r = fx.run("test-config", "--config-keys", "alpha-fp8-mi355x-sglag");
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("did you mean alpha-fp8-mi355x-sglang?"), r.err());
        ChangelogFixture.Run runner = fx.run("full-sweep", "--runner-type", "mi35x");
        assertEquals(2, runner.exit());
        assertTrue(runner.err().contains("--runner-type mi35x: not a label of the runner config; did you mean mi355x?"),
                runner.err());
        assertEquals(2, fx.run("full-sweep", "--min-conc", "8", "--max-conc", "4").exit());
    }

    /** Issue 23: as in the reference, whose tests rely on it, a limit at or below zero selects nothing; it is no usage error. */
    @ParameterizedTest
    @ValueSource(strings = {"-1", "0"})
    void aMaxConcAtOrBelowZeroSelectsNothing(String max) {
        ChangelogFixture.Run r = fx.run("full-sweep", "--max-conc", max);
        assertEquals(0, r.exit(), r.err());
        assertEquals("[ ]", r.out().strip());
        assertTrue(r.err().contains("no matrix row is left after the filters --max-conc " + max), r.err());
        // fixed-seq-len entries are skipped; an agentic entry keeps its values within [min, max]: none here either
        assertEquals("[ ]", fx.run("full-sweep", "--max-conc", max, "--scenario-type", "agentic-coding").out().strip());
        for (String limit : List.of("--max-tp", "--max-ep", "--min-conc")) {
            // max-tp and max-ep apply to single-node fixed-seq-len entries only
            ChangelogFixture.Run other = fx.run("full-sweep", limit, max, "--scenario-type", "fixed-seq-len", "--single-node");
            assertEquals(0, other.exit(), limit + ": " + other.err());
            assertEquals("[ ]", other.out().strip(), limit);
        }
    }

    @Test
    void filtersThatLeaveNoRowPrintAnEmptyListAndSayWhich() {
        ChangelogFixture.Run r = fx.run("full-sweep", "--precision", "fp16");
        assertEquals(0, r.exit(), r.err());
        assertEquals("[ ]", r.out().strip());
        assertTrue(r.err().contains("no matrix row is left after the filters --precision fp16"), r.err());
        ChangelogFixture.Run t = fx.run("test-config", "--config-keys", "alpha-fp8-mi355x-sglang", "--conc", "3");
        assertEquals(0, t.exit(), t.err());
        assertTrue(t.err().contains("--config-keys alpha-fp8-mi355x-sglang --conc 3"), t.err());
    }

    @Test
    void aMissingGoldenDirThatWasGivenIsAnEnvironmentFailureEverywhere() {
        assertEquals(3, fx.run("validate-configs", "--golden-dir", "nowhere").exit());
        assertEquals(3, fx.run("check-golden-al", "--golden-dir", "nowhere").exit());
    }

    /** Issue 23: configs outside a full checkout can be validated, as with the reference; the golden check says it was skipped. */
    @Test
    void withoutTheDefaultGoldenDirectoryTheGoldenCheckIsSkippedWithOneNote() throws Exception {
        java.nio.file.Files.delete(dir.resolve("golden_al_distribution"));
        ChangelogFixture.Run r = fx.run("validate-configs", "--format", "text");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().startsWith("golden_al_distribution: note: no golden_al_distribution/ directory (looked in "
                + dir + " and at the top of its work tree), so the golden acceptance-length check was skipped; run it "
                + "with --golden-dir DIR, or in a full checkout [golden.skipped]"), r.err());
        assertTrue(r.err().endsWith("0 errors, 0 warnings, 1 note\n"), r.err());
        assertEquals("ok: 3 configs in 2 files, 3 runner labels\n", r.out());
        assertEquals(0, fx.run("validate-configs", "--strict").exit(), "a note fails nothing");
        ChangelogFixture.Run golden = fx.run("check-golden-al", "--format", "github");
        assertEquals(0, golden.exit(), golden.err());
        assertTrue(golden.err().startsWith("::notice file=golden_al_distribution,title=golden.skipped::"), golden.err());
        assertEquals(3, fx.run("validate-configs", "--golden-dir", "golden_al_distribution").exit(),
                "a directory the user names must exist");
        // a rule of the configs themselves still fails
        fx.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("  precision: fp8", "  precison: fp8"));
        assertEquals(1, fx.run("validate-configs").exit());
    }

    @Test
    void aMisspeltConfigFieldIsOneProblemWithItsFix() {
        fx.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("  precision: fp8", "  precison: fp8"));
        ChangelogFixture.Run r = fx.run("validate-configs", "--format", "text");
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("configs/amd-master.yaml:6:3: error: unknown field `precison` in config "
                + "'alpha-fp8-mi355x-sglang': did you mean `precision`?"), r.err());
        assertFalse(r.err().contains("lacks the required field"), r.err());
    }

    @Test
    void oneYamlSyntaxErrorLetsTheOtherFilesBeCheckedAndNamesTheIndentation() {
        fx.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("  model: org/alpha", "   model: org/alpha"));
        fx.repo.write("configs/runners.yaml", ChangelogFixture.RUNNERS + "extra: 1\n");
        ChangelogFixture.Run r = fx.run("validate-configs", "--format", "text");
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("configs/amd-master.yaml:3:9: error: invalid YAML: mapping values are not allowed here; "
                + "line 3 is indented by 3 spaces, its siblings (line 2) by 2 spaces"), r.err());
        assertTrue(r.err().contains("configs/runners.yaml:5:1: error:"), r.err());
        assertTrue(r.err().indexOf("amd-master") < r.err().indexOf("runners.yaml"), "sorted by file");
    }

    @Test
    void theHistoryFixtureHasTheTwoSpaceSeparator() {
        assertTrue(HISTORY.contains("\n  \n\n"));
    }
}
