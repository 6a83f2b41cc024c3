package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.UsageException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

class MainTest {
    @TempDir
    Path dir;

    /** What one in-process run left behind. */
    record Result(int status, String out, String err) {
        void assertNoStackTrace() {
            assertFalse(err.contains("\tat ") || err.contains("Exception"), "stack trace on stderr:\n" + err);
        }
    }

    /** Runs a command line in process, as {@code Main.main} would, in the temp directory. */
    private Result main(String... args) {
        return runWith(Map.of(), null, args);
    }

    /** Runs a command line with the given environment, optionally with one more (test) subcommand. */
    private Result runWith(Map<String, String> variables, Object extraCommand, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Env env = new Env(dir, variables, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int status;
        if (extraCommand == null) {
            status = Main.run(args, env);
        } else {
            CommandLine line = Main.commandLine();
            line.addSubcommand(((ContextCommand) extraCommand).spec());
            status = Main.run(line, args, env, CommandLine.Help.Ansi.OFF);
        }
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Stream<String> subcommands() {
        return Main.commandLine().getSubcommands().keySet().stream();
    }

    /** Every command but generate-completion and help, which print about the whole tree. */
    static Stream<String> lazilyBuiltCommands() {
        return subcommands().filter(name -> !name.equals("generate-completion") && !name.equals("help"));
    }

    /** Every command that does something itself: all but help, which answers like --help. */
    static Stream<String> workingCommands() {
        return subcommands().filter(name -> !name.equals("help"));
    }

    /** Issue 23: picocli's help command, {@code sweepgate help [COMMAND]}. */
    @Test
    void helpIsACommandThatPrintsTheHelpOfTheRootOrOfACommand() {
        assertEquals(main("--help").out(), main("help").out());
        assertEquals(0, main("help").status());
        for (String command : workingCommands().toList()) {
            Result help = main("help", command);
            assertEquals(0, help.status(), command);
            assertEquals(main(command, "--help").out(), help.out(), command);
        }
        Result unknown = main("help", "ful-sweep");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().startsWith("sweepgate: unknown subcommand 'ful-sweep'."), unknown.err());
        Result option = main("help", "--no-such-option");
        assertEquals(2, option.status(), option.out());
        assertTrue(option.err().startsWith("sweepgate: unknown option: '--no-such-option'"), option.err());
        assertTrue(main("help", "--help").out().contains("Usage: sweepgate help [-hV] [COMMAND]"));
        assertEquals(main("--version").out(), main("help", "--version").out());
        // like --help, it answers before -C DIR is looked at
        assertEquals(0, main("-C", "/nonexistent", "help").status());
    }

    /**
     * A command line that names a command gets a tree with only that command built: what it
     * accepts and the help it prints must be exactly the whole tree's.
     */
    @ParameterizedTest
    @MethodSource("lazilyBuiltCommands")
    void theTreeBuiltForOneCommandIsTheWholeTreesCommand(String name) {
        CommandLine whole = Main.commandLine().getSubcommands().get(name);
        CommandLine alone = Main.commandLine(new String[] {"-C", ".", name, "--help"});
        assertEquals(List.of(name), List.copyOf(alone.getSubcommands().keySet()));
        CommandLine lazy = alone.getSubcommands().get(name);
        assertEquals(whole.getUsageMessage(CommandLine.Help.Ansi.OFF), lazy.getUsageMessage(CommandLine.Help.Ansi.OFF));
        assertEquals(whole.getCommandSpec().helpCommand(), lazy.getCommandSpec().helpCommand());
    }

    @Test
    void aCommandLineThatNamesNoKnownCommandGetsTheWholeTree() {
        int all = Main.commandLine().getSubcommands().size();
        for (String[] args : List.of(new String[] {}, new String[] {"--help"}, new String[] {"-C", ".", "ful-sweep"},
                new String[] {"--", "full-sweep"}, new String[] {"-V", "full-sweep"},
                new String[] {"generate-completion"})) {
            assertEquals(all, Main.commandLine(args).getSubcommands().size(), List.of(args).toString());
        }
        Result typo = main("full-swep");
        assertEquals(2, typo.status());
        assertTrue(typo.err().contains("full-sweep"), "the suggestion needs the whole tree: " + typo.err());
    }

    @Test
    void aMistypedOptionGetsTheNearestOptionNamesEvenWhenItsFirstLettersAreSwapped() {
        for (String[] args : List.of(new String[] {"validate-changelog", "--fromat", "json"},
                new String[] {"plan", "--fromat=json"})) {
            Result typo = main(args);
            assertEquals(2, typo.status(), typo.err());
            assertTrue(typo.err().contains("Did you mean: --format?"), typo.err());
        }
        // picocli's own suggestions (same first letters) are printed as picocli prints them, once
        Result own = main("validate-changelog", "--forma", "json");
        assertEquals(2, own.status(), own.err());
        assertTrue(own.err().contains("--format"), own.err());
        assertFalse(own.err().contains("Did you mean"), own.err());
    }

    @Test
    void everyCommandOfTheReadmeIsRegistered() {
        assertTrue(subcommands().toList().containsAll(
                List.of("validate-configs", "full-sweep", "test-config", "validate-changelog", "process-changelog")));
    }

    @Test
    void aLoneVersionRequestGetsTheRootAloneAndPrintsWhatTheWholeTreePrints() {
        for (String[] args : List.of(new String[] {"--version"}, new String[] {"-V"}, new String[] {"-C", ".", "-V"})) {
            assertEquals(0, Main.commandLine(args).getSubcommands().size(), List.of(args).toString());
        }
        Result alone = main("--version");
        java.io.StringWriter out = new java.io.StringWriter();
        CommandLine whole = Main.commandLine();
        whole.setOut(new java.io.PrintWriter(out));
        assertEquals(0, whole.execute("--version"));
        assertEquals(out.toString(), alone.out());
    }

    @Test
    void versionPrintsTheVersion() {
        Result r = main("--version");
        assertEquals(0, r.status());
        assertTrue(r.out().matches("sweepgate \\S+\\R"), r.out());
        assertEquals("", r.err());
    }

    @ParameterizedTest
    @MethodSource("subcommands")
    void everyCommandPrintsTheVersion(String command) {
        Result r = main(command, "--version");
        assertEquals(0, r.status());
        assertEquals(main("--version").out(), r.out());
    }

    @Test
    void helpListsEveryCommand() {
        Result r = main("--help");
        assertEquals(0, r.status());
        assertTrue(r.out().startsWith("Usage: sweepgate"), r.out());
        subcommands().forEach(name -> assertTrue(r.out().contains(name), name + " missing from:\n" + r.out()));
        assertTrue(r.out().contains("-C=DIR"), r.out());
        assertEquals("", r.err());
    }

    @ParameterizedTest
    @MethodSource("workingCommands")
    void everyCommandHasHelp(String command) {
        Result r = main(command, "--help");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("Usage: sweepgate " + command), r.out());
        assertEquals("", r.err());
    }

    @ParameterizedTest
    @MethodSource("subcommands")
    void anUnknownOptionIsBadUsage(String command) {
        Result r = main(command, "--no-such-option");
        assertEquals(2, r.status());
        // picocli's message, then its suggestions (if any come close), then where to read more.
        assertTrue(r.err().startsWith("sweepgate: unknown option: '--no-such-option'" + System.lineSeparator()), r.err());
        assertTrue(r.err().endsWith("Run 'sweepgate " + command + " --help' for usage." + System.lineSeparator()), r.err());
        assertEquals("", r.out());
        r.assertNoStackTrace();
    }

    @Test
    void anUnknownRootOptionIsBadUsage() {
        Result r = main("--no-such-option", "validate-configs");
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("sweepgate: "), r.err());
        assertTrue(r.err().contains("--no-such-option"), r.err());
        r.assertNoStackTrace();
    }

    @Test
    void anUnknownCommandIsBadUsage() {
        Result r = main("frobnicate");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("frobnicate"), r.err());
        r.assertNoStackTrace();
    }

    @Test
    void noCommandIsBadUsage() {
        Result r = main();
        assertEquals(2, r.status());
        assertTrue(r.err().contains("missing required subcommand"), r.err());
        assertEquals("", r.out());
    }

    @ParameterizedTest
    @MethodSource("workingCommands")
    void aMissingDirectoryIsBadUsage(String command) {
        Result r = main("-C", "/nonexistent", command);
        assertEquals(2, r.status(), r.err());
        assertEquals("", r.out());
        r.assertNoStackTrace();
    }

    @Test
    void aMissingDirectoryIsNamed() {
        Result r = main("-C", "/nonexistent", "validate-configs");
        assertEquals(2, r.status());
        assertEquals("sweepgate: -C /nonexistent: no such directory" + System.lineSeparator(), r.err());
    }

    @Test
    void aFileIsNotADirectory() throws IOException {
        Files.writeString(dir.resolve("plain-file"), "x");
        assertEquals(2, main("-C", "plain-file", "validate-configs").status());
    }

    @Test
    void directoryOptionResolvesInputsFromThere() throws IOException {
        writeConfigs(dir.resolve("repo"), "tp: 8");
        Result r = main("-C", "repo", "validate-configs");
        assertEquals(0, r.status(), r.err());
        r.assertNoStackTrace();
    }

    @Test
    void missingInputFilesAreAnEnvironmentFailure() {
        Result r = main("validate-configs");
        assertEquals(3, r.status(), r.err());
        assertTrue(r.err().contains("configs/amd-master.yaml"), r.err());
        r.assertNoStackTrace();
    }

    @Test
    void aDirectoryGivenAsAFileIsBadUsage() throws IOException {
        writeConfigs(dir, "tp: 8");
        Result r = main("validate-configs", "--runner-config", "configs");
        assertEquals(2, r.status(), r.err());
        assertEquals("sweepgate: cannot read configs: it is a directory, not a file" + System.lineSeparator(), r.err());
    }

    @Test
    void aFileOverSixtyFourMebibytesIsRefusedWithoutReadingIt() throws IOException {
        writeConfigs(dir, "tp: 8");
        // Sparse: costs no disk space, but reading it would cost 65 MiB of heap.
        try (java.io.RandomAccessFile huge = new java.io.RandomAccessFile(dir.resolve("configs/huge.yaml").toFile(), "rw")) {
            huge.setLength(65L * 1024 * 1024);
        }
        Result r = main("validate-configs", "--runner-config", "configs/huge.yaml");
        assertEquals(1, r.status(), r.err());
        assertTrue(r.err().contains("configs/huge.yaml: error: the file is 68157440 bytes"), r.err());
        assertTrue(r.err().contains("64 MiB"), r.err());
        r.assertNoStackTrace();
    }

    @Test
    void problemsGoToStderrAsTextByDefault() throws IOException {
        writeConfigs(dir, "tpp: 8");
        Result r = main("validate-configs");
        assertEquals(1, r.status());
        assertEquals("", r.out());
        assertTrue(r.err().contains("configs/amd-master.yaml:"), r.err());
        assertTrue(r.err().contains("error: "), r.err());
        r.assertNoStackTrace();
    }

    @Test
    void insideGitHubActionsProblemsAreAnnotations() throws IOException {
        writeConfigs(dir, "tpp: 8");
        Result r = runWith(Map.of("GITHUB_ACTIONS", "true"), null, "validate-configs");
        assertEquals(1, r.status());
        assertTrue(r.err().contains("::error file=configs/amd-master.yaml,line="), r.err());
    }

    @Test
    void jsonProblemsGoToStdout() throws IOException {
        writeConfigs(dir, "tpp: 8");
        for (String spelling : List.of("json", "JSON")) {
            Result r = main("validate-configs", "--format", spelling);
            assertEquals(1, r.status(), r.err());
            JsonNode problems = new ObjectMapper().readTree(r.out()).get("problems");
            assertTrue(problems.size() >= 1, r.out());
            assertEquals("configs/amd-master.yaml", problems.get(0).get("file").asText());
        }
    }

    @Test
    void structuredFormatsPrintADocumentEvenWithoutProblems() throws IOException {
        writeConfigs(dir, "tp: 8");
        Result json = main("validate-configs", "--format", "json");
        assertEquals(0, json.status(), json.err());
        assertEquals(0, new ObjectMapper().readTree(json.out()).get("problems").size());
        Result sarif = main("validate-configs", "--format", "sarif");
        assertEquals(0, sarif.status(), sarif.err());
        assertEquals(0, new ObjectMapper().readTree(sarif.out()).get("runs").get(0).get("results").size());
        Result text = main("validate-configs", "--format", "text");
        assertEquals(0, text.status(), text.err());
        // the text format's summary is on stdout, as validate-changelog's is (#34); nothing else is printed
        assertTrue(text.out().startsWith("ok: 2 configs in 2 files"), text.out());
        assertEquals("", text.err());
    }

    @Test
    void sarifProblemsGoToStdout() throws IOException {
        writeConfigs(dir, "tpp: 8");
        Result r = main("validate-configs", "--format", "sarif");
        assertEquals(1, r.status(), r.err());
        assertEquals("2.1.0", new ObjectMapper().readTree(r.out()).get("version").asText());
    }

    @Test
    void anUnknownFormatIsBadUsage() {
        Result r = main("validate-configs", "--format", "xml");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("xml"), r.err());
    }

    /** A command that fails with {@code failure} or, when given, {@code error}. */
    private static Object boom(RuntimeException failure, Error error) {
        return new Boom(failure, error);
    }

    record Boom(RuntimeException failure, Error error) implements ContextCommand {
        @Override
        public CommandSpec spec() {
            return Specs.command(this, "Fails as told.").name("boom");
        }

        @Override
        public int call(Context context) {
            if (error != null) {
                throw error;
            }
            throw failure;
        }
    }

    @Test
    void anInternalErrorIsOneLineWithoutStackTrace() {
        Result r = runWith(Map.of(), boom(new IllegalStateException("broken\ninvariant"), null), "boom");
        assertEquals(3, r.status());
        assertEquals("sweepgate: internal error: java.lang.IllegalStateException: broken invariant"
                + System.lineSeparator(), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void debugModeAddsTheStackTrace() {
        Result r = runWith(Map.of("SWEEPGATE_DEBUG", "1"), boom(new IllegalStateException("x"), null), "boom");
        assertEquals(3, r.status());
        assertTrue(r.err().startsWith("sweepgate: internal error: "), r.err());
        assertTrue(r.err().contains("\tat "), r.err());
    }

    @Test
    void anErrorOfTheJvmIsReportedLikeAnInternalError() {
        Result r = runWith(Map.of(), boom(null, new StackOverflowError()), "boom");
        assertEquals(3, r.status());
        assertEquals("sweepgate: internal error: java.lang.StackOverflowError" + System.lineSeparator(), r.err());
    }

    @Test
    void exceptionsThatEscapeACommandKeepTheirExitCode() {
        Problem problem = Problem.error(new Position("f.yaml", 2, 3), "rule.id", "fix it");
        Result broken = runWith(Map.of(), boom(new ProblemException(problem), null), "boom");
        assertEquals(1, broken.status());
        assertEquals("f.yaml:2:3: error: fix it [rule.id]" + System.lineSeparator(), broken.err());
        Result usage = runWith(Map.of(), boom(new UsageException("--a and --b exclude each other"), null), "boom");
        assertEquals(2, usage.status());
        assertEquals("sweepgate: --a and --b exclude each other" + System.lineSeparator(), usage.err());
        Result environment = runWith(Map.of(), boom(new EnvironmentException("git is not installed"), null), "boom");
        assertEquals(3, environment.status());
        assertEquals("sweepgate: git is not installed" + System.lineSeparator(), environment.err());
    }

    /** A minimal valid pair of master configs and a runner config; {@code entry} is one search-space field. */
    private static void writeConfigs(Path root, String entry) throws IOException {
        Files.createDirectories(root.resolve("configs"));
        // validate-configs also checks the golden curves: a directory without any is fine, a missing one is exit 3
        Files.createDirectories(root.resolve("golden_al_distribution"));
        Files.writeString(root.resolve("configs/amd-master.yaml"), master("m1-fp8-mi300x-vllm", "mi300x", entry));
        Files.writeString(root.resolve("configs/nvidia-master.yaml"), master("m2-fp8-h100-vllm", "h100", "tp: 8"));
        Files.writeString(root.resolve("configs/runners.yaml"),
                "labels:\n  mi300x: [mi300x-node-0]\n  h100: [h100-node-0]\n");
    }

    private static String master(String key, String runner, String entry) {
        return key + ":\n"
                + "  image: vllm/vllm-openai:v1\n"
                + "  model: org/model\n"
                + "  model-prefix: m\n"
                + "  precision: fp8\n"
                + "  framework: vllm\n"
                + "  runner: " + runner + "\n"
                + "  multinode: false\n"
                + "  scenarios:\n"
                + "    fixed-seq-len:\n"
                + "      - isl: 1024\n"
                + "        osl: 1024\n"
                + "        search-space:\n"
                + "          - { " + entry + ", conc-start: 4, conc-end: 64 }\n";
    }
}
