package dev.sweepgate.cli;

import java.nio.file.Path;
import java.util.List;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ScopeType;

/**
 * The root of the command line: {@code -h}, {@code -V}, {@code -C DIR} and the subcommands, in the
 * order help lists them.
 *
 * <p>The pattern every command follows (the model is picocli's, built in code: see {@link Specs}):
 * <ul>
 * <li>A command is a class that implements {@link ContextCommand}: {@code spec()} returns its
 *     model ({@code Specs.command(this, description...)}, with {@code Specs.exitCodes} for its exit
 *     statuses), {@code int call(Context)} is the body, run with {@code -C DIR} applied; it returns
 *     the exit status or throws a {@code ProblemException} (1), {@code UsageException} (2) or
 *     {@code EnvironmentException} (3). Add it to {@code SUBCOMMANDS} below (or to its group's, as
 *     prepare-merge does).</li>
 * <li>An option of one command is an {@code OptionSpec} field of the command ({@code Specs.flag},
 *     {@code Specs.value}, {@code Specs.values} for a list: {@code --opt a b}, repeatable), a
 *     positional a {@code PositionalParamSpec} one; the body reads {@code field.getValue()}. A
 *     {@code defaultValue} goes with {@code ${DEFAULT-VALUE}} in the description. Values are
 *     converted while parsing, so a bad one is bad usage (2) before anything runs.</li>
 * <li>Options several commands share live in an option-group class ({@code ConfigFileOptions},
 *     {@code FormatOption}, ...): its option fields, a {@code spec()} that picocli adds to a command
 *     as a mixin, and accessors the bodies call; a group may hold groups itself.</li>
 * <li>{@code -h/--help} and {@code -V/--version} come to every command from {@code Specs.command};
 *     exit codes and error printing are {@link Main}'s.</li>
 * </ul>
 * After changing a command, regenerate docs/commands.md ({@link CommandReference}).
 */
final class SweepgateCommand {
    /** The command whose script describes every command: it always gets the whole tree. */
    static final String COMPLETION = "generate-completion";
    /** {@code help [COMMAND]}: picocli's help command, which prints a sibling's usage, so it gets the whole tree too. */
    static final String HELP = "help";

    /**
     * The subcommands, in the order help lists them. {@link Main#commandLine(String[])} adds the one a
     * command line names, or all: building every command's model on every run would cost a short run
     * time for commands it does not call.
     */
    static final List<String> SUBCOMMANDS = List.of("validate-configs", "check-golden-al", "full-sweep",
            "test-config", "validate-changelog", "process-changelog", "prioritize", "check-coverage", "fix-changelog",
            "plan", "review", "gate", "reuse-check", "prepare-merge", "merge-driver", "install-hooks", "schema", COMPLETION,
            HELP);

    /** The model of the subcommand called {@code name}, built now. */
    static Object subcommand(String name) {
        // A switch rather than a table of lambdas: linking fourteen lambdas took a short run ~10 ms.
        return switch (name) {
            case "validate-configs" -> new ValidateConfigsCommand().spec();
            case "check-golden-al" -> new CheckGoldenAlCommand().spec();
            case "full-sweep" -> new FullSweepCommand().spec();
            case "test-config" -> new TestConfigCommand().spec();
            case "validate-changelog" -> new ValidateChangelogCommand().spec();
            case "process-changelog" -> new ProcessChangelogCommand().spec();
            case "prioritize" -> new PrioritizeCommand().spec();
            case "check-coverage" -> new CheckCoverageCommand().spec();
            case "fix-changelog" -> new FixChangelogCommand().spec();
            case "plan" -> new PlanCommand().spec();
            case "review" -> new ReviewCommand().spec();
            case "gate" -> new GateCommand().spec();
            case "reuse-check" -> new ReuseCheckCommand().spec();
            case "prepare-merge" -> PrepareMergeCommand.spec();
            case "merge-driver" -> new MergeDriverCommand().spec();
            case "install-hooks" -> new InstallHooksCommand().spec();
            case "schema" -> new SchemaCommand().spec();
            // picocli's own commands, declared with annotations; only help and completion build them
            case COMPLETION -> new AutoComplete.GenerateCompletion();
            case HELP -> helpCommand();
            default -> throw new IllegalArgumentException("no subcommand " + name);
        };
    }

    /**
     * picocli's {@link CommandLine.HelpCommand} ({@code sweepgate help [COMMAND]}), with the
     * {@code -V/--version} every command takes ({@link Specs#command}). Like {@code --help}, it answers
     * before {@code -C DIR} is looked at.
     */
    private static CommandSpec helpCommand() {
        CommandSpec spec = CommandSpec.forAnnotatedObject(new CommandLine.HelpCommand()).versionProvider(new Main.ManifestVersion());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
        return spec;
    }

    // Converted by Path.of itself: picocli's built-in Path converter calls it through reflection,
    // whose first use costs a short run ~5 ms of method-accessor set-up (docs/speed.md).
    private final OptionSpec directory = Specs.value("-C", "DIR", Path.class,
            "Run as if started in DIR: relative paths and git calls resolve from it.")
            .converters(new PathConverter()).build();

    private static final class PathConverter implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            return Path.of(value);
        }
    }

    CommandSpec spec() {
        CommandSpec spec = Specs.command(this, "Guards the performance changelog of an LLM-inference benchmark "
                + "repository and turns it into the benchmark sweep matrix.").name("sweepgate");
        // INHERIT: picocli's completion command, declared with annotations, prints the same version.
        spec.scopeType(ScopeType.INHERIT).addOption(directory);
        return spec;
    }

    /** {@code -C DIR}, or null. */
    Path directory() {
        return directory.getValue();
    }
}
