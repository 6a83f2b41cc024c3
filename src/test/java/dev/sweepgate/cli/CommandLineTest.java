package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.output.Format;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/** What sweepgate's command line accepts and how it refuses the rest, on the real commands. */
class CommandLineTest {
    /** The innermost command's part of a parsed line. */
    private static ParseResult parse(String... args) {
        ParseResult result = Main.commandLine().parseArgs(args);
        while (result.hasSubcommand()) {
            result = result.subcommand();
        }
        return result;
    }

    private static <T> T value(ParseResult result, String option) {
        return result.matchedOptionValue(option, null);
    }

    record Run(int status, String out, String err) {
    }

    /** Runs sweepgate in process from a directory that does not exist (nothing here reads files). */
    private static Run sweepgate(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Env env = new Env(Path.of("/nonexistent"), Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int status = Main.run(args, env);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A bad command line: exit 2, nothing on stdout, {@code firstLine} then the hint at {@code command}'s help. */
    private static void refused(String firstLine, String command, String... args) {
        Run run = sweepgate(args);
        assertEquals(2, run.status(), run.err());
        assertEquals("", run.out());
        List<String> lines = run.err().lines().toList();
        assertEquals("sweepgate: " + firstLine, lines.get(0), run.err());
        assertEquals("Run '" + command + " --help' for usage.", lines.get(lines.size() - 1), run.err());
    }

    @Test
    void valuesComeSeparateOrAfterAnEqualsSign() {
        ParseResult args = parse("full-sweep", "--runner-config", "r.yaml", "--step-size=8");
        assertEquals("r.yaml", value(args, "--runner-config"));
        assertEquals(8, (int) value(args, "--step-size"));
        assertEquals("=x", value(parse("validate-changelog", "--base-ref==x"), "--base-ref"));
    }

    @Test
    void absentOptionsAreNotMatched() {
        ParseResult args = parse("full-sweep");
        assertNull(value(args, "--config-files"));
        assertNull(value(args, "--format"));
        assertFalse(args.hasMatchedOption("--single-node"));
    }

    @Test
    void aListTakesArgumentsUpToTheNextOptionAndRepeatsAdd() {
        ParseResult args = parse("full-sweep", "--model-prefix", "a", "-b", "--precision", "fp8", "--model-prefix=c", "d",
                "--single-node");
        assertEquals(List.of("a", "-b", "c", "d"), value(args, "--model-prefix"));
        assertEquals(List.of("fp8"), value(args, "--precision"));
        assertTrue(args.hasMatchedOption("--single-node"));
        assertEquals(List.of("a.yaml", "b.yaml"), value(parse("full-sweep", "--config-files", "a.yaml", "b.yaml"),
                "--config-files"));
    }

    @Test
    void afterDoubleDashEverythingIsPositional() {
        ParseResult args = parse("merge-driver", "--path", "p", "--", "--format", "o", "t");
        assertEquals(List.of("--format", "o", "t"), args.matchedPositionals().stream()
                .map(p -> (String) p.getValue()).toList());
    }

    @Test
    void aValueMayStartWithADashUnlessItNamesAnOption() {
        assertEquals("-x", value(parse("validate-changelog", "--base-ref", "-x"), "--base-ref"));
        refused("expected parameter for option '--base-ref' but found '--all-evals'", "sweepgate validate-changelog",
                "validate-changelog", "--base-ref", "--all-evals");
        refused("missing required parameter for option '--head-ref' (REF)", "sweepgate process-changelog",
                "process-changelog", "--base-ref", "m", "--head-ref");
    }

    @Test
    void anAtSignIsNotAFileOfArguments() {
        assertEquals(List.of("@keys.txt"), value(parse("test-config", "--config-keys", "@keys.txt"), "--config-keys"));
    }

    @Test
    void formatsAreReadInAnyCaseAndABadOneListsTheChoices() {
        assertEquals(Format.JSON, value(parse("validate-configs", "--format", "JSON"), "--format"));
        assertEquals(Format.SARIF, value(parse("validate-configs", "--format=sarif"), "--format"));
        refused("invalid value for option '--format': 'xml' is not one of text, json, github, sarif",
                "sweepgate validate-configs", "validate-configs", "--format", "xml");
    }

    @Test
    void aBadValueInAListIsNamedWithWhatIsWrongWithIt() {
        refused("invalid value for option '--seq-lens': '2k1k' is not a sequence length; choose 1k1k or 8k1k",
                "sweepgate full-sweep", "full-sweep", "--seq-lens", "1k1k", "2k1k");
        refused("invalid value for option '--scenario-type': 'agentic' is not a scenario type; choose fixed-seq-len "
                + "or agentic-coding", "sweepgate test-config", "test-config", "--config-keys", "k",
                "--scenario-type", "agentic");
    }

    @Test
    void anIntegerThatIsNotOneIsRefused() {
        refused("invalid value for option '--step-size': '0x3' is not an int", "sweepgate full-sweep",
                "full-sweep", "--step-size", "0x3");
    }

    @Test
    void requiredOptionsAndPositionalsAreNamedWhenMissing() {
        refused("missing required options: '--base-ref=REF', '--head-ref=REF'", "sweepgate process-changelog",
                "process-changelog");
        refused("missing required parameter: 'THEIRS'", "sweepgate merge-driver", "merge-driver", "b", "o");
        refused("unmatched argument at index 2: 'extra'", "sweepgate schema", "schema", "master", "extra");
    }

    @Test
    void unknownOptionsAndCommandsAreRefusedWithSuggestions() {
        Run option = sweepgate("full-sweep", "--formt", "json");
        assertEquals(2, option.status());
        assertEquals(List.of("sweepgate: unknown options: '--formt', 'json'", "Possible solutions: --format",
                "Run 'sweepgate full-sweep --help' for usage."), option.err().lines().toList());
        Run command = sweepgate("ful-sweep");
        assertEquals(2, command.status());
        assertTrue(command.err().startsWith("sweepgate: unmatched argument at index 0: 'ful-sweep'\n"
                + "Did you mean: sweepgate full-sweep"), command.err());
        // An option of a command given before it belongs to sweepgate itself, which has none such.
        refused("unknown options: '--base-ref', 'm'", "sweepgate", "--base-ref", "m", "validate-changelog");
    }

    @Test
    void aMistypedOptionIsNamedRatherThanTheRequiredOneItMissed() {
        Run run = sweepgate("validate-changelog", "--base-reff", "main");
        assertEquals(2, run.status());
        assertEquals(List.of("sweepgate: unknown options: '--base-reff', 'main'", "Possible solutions: --base-ref",
                "Run 'sweepgate validate-changelog --help' for usage."), run.err().lines().toList());
    }

    @Test
    void aSingleValueOptionOrFlagIsGivenOnce() {
        refused("option '--step-size' (N) should be specified only once", "sweepgate full-sweep",
                "full-sweep", "--step-size", "1", "--step-size", "2");
        refused("option '--single-node' should be specified only once", "sweepgate full-sweep",
                "full-sweep", "--single-node", "--single-node");
        refused("option '-C' (DIR) should be specified only once", "sweepgate", "-C", "a", "-C", "b", "schema", "master");
    }

    @Test
    void helpAndVersionWinOverMissingRequiredOptionsOnEveryLevel() {
        for (String help : List.of("-h", "--help")) {
            Run run = sweepgate("process-changelog", help);
            assertEquals(0, run.status(), run.err());
            assertTrue(run.out().startsWith("Usage: sweepgate process-changelog [-hV]"), run.out());
        }
        assertEquals(new Run(0, Main.version() + "\n", ""), sweepgate("process-changelog", "-V"));
        assertEquals(new Run(0, Main.version() + "\n", ""), sweepgate("--version"));
        assertTrue(parse("-C", "x", "process-changelog", "--help").isUsageHelpRequested());
    }

    @Test
    void helpListsEveryOptionWithItsDescriptionAndDefault() {
        String help = sweepgate("full-sweep", "--help").out();
        for (String line : List.of("  -h, --help ", "  -V, --version ", "      --config-files=FILE... ",
                "      --step-size=N ", "(default: 2).", "      --single-node ")) {
            assertTrue(help.contains(line), line + " missing from:\n" + help);
        }
        String driver = sweepgate("merge-driver", "--help").out();
        assertTrue(driver.contains("BASE OURS THEIRS"), driver);
        assertTrue(driver.contains("Exit status:\n  0   resolved (%A holds the result)"), driver);
        assertFalse(driver.contains("\u001b["), "no colours outside a terminal:\n" + driver);
    }

    @Test
    void nestedCommandsHaveHelpAndVersion() {
        Run help = sweepgate("prepare-merge", "canonicalize", "--help");
        assertEquals(0, help.status());
        assertTrue(help.out().startsWith("Usage: sweepgate prepare-merge canonicalize [-hV]"), help.out());
        assertTrue(help.out().contains("--pr-number=N"), help.out());
        assertEquals(new Run(0, Main.version() + "\n", ""), sweepgate("prepare-merge", "resolve-conflict", "-V"));
        Run group = sweepgate("prepare-merge", "--help");
        assertTrue(group.out().contains("Commands:\n  canonicalize "), group.out());
    }

    @Test
    void aGroupWithoutItsCommandIsBadUsage() {
        refused("missing required subcommand", "sweepgate prepare-merge", "prepare-merge");
        refused("missing required subcommand", "sweepgate");
        refused("unmatched argument at index 1: 'nope'", "sweepgate prepare-merge", "prepare-merge", "nope");
    }

    @Test
    void aDirectoryOptionWithoutItsValueIsBadUsage() {
        refused("missing required parameter for option '-C' (DIR)", "sweepgate", "-C");
    }

    @Test
    void theModelDeclaresEveryOptionOnce() {
        // picocli refuses a command whose option groups declare one option twice, when the tree is built.
        CommandLine line = Main.commandLine();
        assertEquals(Main.commandLine().getSubcommands().keySet(), line.getSubcommands().keySet());
        assertThrows(CommandLine.DuplicateOptionAnnotationsException.class, () -> Specs.with(
                Specs.command(new Object(), "twice"), List.of(new FormatOption().spec(), new FormatOption().spec())));
    }
}
