package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.cli.ParsedArgs.Request;
import dev.sweepgate.output.Format;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command-line parser on a small command of its own, then on sweepgate's commands. */
class ArgsParserTest {
    private static final CommandSpec TOOL = CommandSpec.of("tool", null, "A tool.")
            .withOptions(OptionSpec.value("-C", "DIR", "Directory.").converted(Converters.PATH))
            .withSubcommands(CommandSpec.of("run", (args, context) -> 0, "A tool.")
                    .withOptions(FormatOption.OPTIONS, List.of(
                            OptionSpec.value("--ref", "REF", "A ref.").required(),
                            OptionSpec.values("--keys", "KEY", "Keys."),
                            OptionSpec.value("--size", "N", "Size (default: ${DEFAULT}).").withDefault("2")
                                    .converted(Converters.INTEGER),
                            OptionSpec.flag("--force", "Force.")))
                    .withPositionals(new PositionalSpec("FILE", "A file.")));

    private static ParsedArgs run(String... args) {
        ParsedArgs root = ArgsParser.parse(TOOL, args);
        assertEquals("tool run", root.subcommand().commandName());
        return root.subcommand();
    }

    private static ArgsException refused(String... args) {
        return assertThrows(ArgsException.class, () -> ArgsParser.parse(TOOL, args));
    }

    @Test
    void valuesComeSeparateOrAfterAnEqualsSign() {
        ParsedArgs args = run("run", "--ref", "main", "--size=8", "f");
        assertEquals("main", args.string("--ref"));
        assertEquals(8, args.integer("--size"));
        assertEquals("f", args.string("FILE"));
        assertEquals("=x", run("run", "--ref==x", "f").string("--ref"));
    }

    @Test
    void defaultsFillInAndAbsentOptionsAreNull() {
        ParsedArgs args = run("run", "--ref", "main", "f");
        assertEquals(2, args.integer("--size"));
        assertNull(args.strings("--keys"));
        assertNull(args.value("--format"));
        assertFalse(args.flag("--force"));
    }

    @Test
    void aListTakesArgumentsUpToTheNextOptionAndRepeatsAdd() {
        ParsedArgs args = run("run", "--keys", "a", "-b", "--ref", "main", "--keys=c", "d", "--force", "--", "f");
        assertEquals(List.of("a", "-b", "c", "d"), args.strings("--keys"));
        assertTrue(args.flag("--force"));
        assertEquals("f", args.string("FILE"));
    }

    @Test
    void afterDoubleDashEverythingIsPositional() {
        assertEquals("--force", run("run", "--ref", "main", "--", "--force").string("FILE"));
    }

    @Test
    void aValueMayStartWithADashUnlessItNamesAnOption() {
        assertEquals("-x", run("run", "--ref", "-x", "f").string("--ref"));
        assertEquals("option '--ref' needs a value (REF), not '--force'",
                refused("run", "--ref", "--force", "f").getMessage());
        assertEquals("option '--ref' needs a value (REF)", refused("run", "f", "--ref").getMessage());
        assertEquals("option '--keys' needs a value (KEY), not '--'", refused("run", "--keys", "--").getMessage());
    }

    @Test
    void enumValuesAreReadInAnyCaseAndABadOneListsTheChoices() {
        assertEquals(Format.JSON, run("run", "--ref", "m", "--format", "JSON", "f").value("--format"));
        assertEquals(Format.SARIF, run("run", "--ref", "m", "--format=sarif", "f").value("--format"));
        assertEquals("invalid value for option '--format': 'xml' is not one of text, json, github, sarif",
                refused("run", "--ref", "m", "--format", "xml", "f").getMessage());
    }

    @Test
    void anIntegerThatIsNotOneIsRefused() {
        ArgsException e = refused("run", "--ref", "m", "--size", "0x3", "f");
        assertEquals("invalid value for option '--size': '0x3' is not an integer", e.getMessage());
        assertEquals("tool run", e.command());
    }

    @Test
    void requiredOptionsAndPositionalsAreNamedWhenMissing() {
        assertEquals("missing required option '--ref=REF'", refused("run", "f").getMessage());
        assertEquals("missing required parameter 'FILE'", refused("run", "--ref", "m").getMessage());
        assertEquals("unexpected argument 'g'", refused("run", "--ref", "m", "f", "g").getMessage());
    }

    @Test
    void unknownOptionsAndCommandsAreRefused() {
        ArgsException option = refused("run", "--nope", "--ref", "m", "f");
        assertEquals("unknown option '--nope'", option.getMessage());
        assertEquals("tool run", option.command());
        ArgsException command = refused("walk");
        assertEquals("unknown command 'walk'", command.getMessage());
        assertEquals("tool", command.command());
        assertEquals("unknown option '--ref'", refused("--ref", "m", "run").getMessage());
    }

    @Test
    void aSingleValueOptionOrFlagIsGivenOnce() {
        assertEquals("option '--size' is given more than once; give it once",
                refused("run", "--ref", "m", "--size", "1", "--size", "2", "f").getMessage());
        assertEquals("option '--force' is given more than once; give it once",
                refused("run", "--ref", "m", "--force", "--force", "f").getMessage());
    }

    @Test
    void helpAndVersionWinOverMissingRequiredOptionsOnEveryLevel() {
        assertEquals(Request.HELP, run("run", "--help").request());
        assertEquals(Request.HELP, run("run", "-h").request());
        assertEquals(Request.VERSION, run("run", "-V").request());
        assertEquals(Request.VERSION, ArgsParser.parse(TOOL, "--version").request());
        assertEquals(Path.of("x"), ArgsParser.parse(TOOL, "-C", "x", "run", "--help").path("-C"));
    }

    @Test
    void helpListsEveryOptionWithItsDescriptionAndDefault() {
        String help = HelpText.of(TOOL.subcommand("run").orElseThrow(), "tool run");
        // The usage line wraps at 80 columns.
        assertTrue(help.replaceAll("\\s+", " ").startsWith("Usage: tool run [-hV] [--format=FORMAT] [--strict] --ref=REF "
                + "[--keys=KEY...]... [--size=N] [--force] FILE A tool."), help);
        for (String line : List.of("      FILE ", "      --force ", "  -h, --help ", "      --keys=KEY... ",
                "      --ref=REF ", "      --size=N ", "  -V, --version ", "Size (default: 2).")) {
            assertTrue(help.contains(line), line + " missing from:\n" + help);
        }
    }

    @Test
    void aCommandCannotDeclareAnOptionTwice() {
        CommandSpec run = CommandSpec.of("run", null, "Runs.").withOptions(FormatOption.OPTIONS);
        assertThrows(IllegalArgumentException.class, () -> run.withOptions(FormatOption.OPTIONS));
        assertThrows(IllegalArgumentException.class, () -> run.withOptions(OptionSpec.flag("--help", "Help.")));
    }

    /** Runs sweepgate in process; returns exit status, stdout and stderr. */
    private static List<Object> sweepgate(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Env env = new Env(Path.of("/nonexistent"), Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int status = Main.run(args, env);
        return List.of(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void nestedCommandsHaveHelpAndVersion() {
        List<Object> help = sweepgate("prepare-merge", "canonicalize", "--help");
        assertEquals(0, help.get(0));
        assertTrue(((String) help.get(1)).startsWith("Usage: sweepgate prepare-merge canonicalize [-hV]"), help.toString());
        assertTrue(((String) help.get(1)).contains("--pr-number=N"), help.toString());
        assertEquals(List.of(0, Main.version() + "\n", ""), sweepgate("prepare-merge", "resolve-conflict", "-V"));
        List<Object> group = sweepgate("prepare-merge", "--help");
        assertTrue(((String) group.get(1)).contains("Commands:\n  canonicalize "), group.toString());
    }

    @Test
    void aGroupWithoutItsCommandIsBadUsage() {
        assertEquals(List.of(2, "", "sweepgate prepare-merge: a command is required. "
                + "Run 'sweepgate prepare-merge --help' for the list.\n"), sweepgate("prepare-merge"));
        assertEquals(List.of(2, "", "sweepgate: unknown command 'nope'\nRun 'sweepgate prepare-merge --help' for usage.\n"),
                sweepgate("prepare-merge", "nope"));
    }

    @Test
    void usageErrorsOfSweepgateCommandsNameTheCommandWhoseHelpToRead() {
        assertEquals(List.of(2, "", "sweepgate: invalid value for option '--seq-lens': '2k1k' is not a sequence "
                + "length; choose 1k1k or 8k1k\nRun 'sweepgate full-sweep --help' for usage.\n"),
                sweepgate("full-sweep", "--seq-lens", "1k1k", "2k1k"));
        assertEquals(List.of(2, "", "sweepgate: missing required options '--base-ref=REF', '--head-ref=REF'\n"
                + "Run 'sweepgate process-changelog --help' for usage.\n"), sweepgate("process-changelog"));
        assertEquals(List.of(2, "", "sweepgate: option '-C' needs a value (DIR)\nRun 'sweepgate --help' for usage.\n"),
                sweepgate("-C"));
    }
}
