package dev.sweepgate.cli;

import java.nio.file.Path;
import java.util.List;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The root of the command line: {@code -C DIR} and the subcommands, in the order help lists them.
 *
 * <p>The pattern every command follows (picocli reads it all from the annotations):
 * <ul>
 * <li>A command is a class annotated {@code @Command(name = ..., description = ..., exitCodeList = ...)}
 *     that implements {@link ContextCommand}: its {@code int call(Context)} is the body, run with
 *     {@code -C DIR} applied; it returns the exit status or throws a {@code ProblemException} (1),
 *     {@code UsageException} (2) or {@code EnvironmentException} (3). Add the class to
 *     {@code SUBCOMMANDS} below (or to its group's, as prepare-merge does).</li>
 * <li>An option of one command is an {@code @Option} field of the command, a positional a
 *     {@code @Parameters} field; {@code arity = "1..*"} for a list ({@code --opt a b}, repeatable),
 *     {@code defaultValue} with {@code ${DEFAULT-VALUE}} in the description for a default.
 *     Values are converted while parsing, so a bad one is bad usage (2) before anything runs.</li>
 * <li>Options several commands share live in a mixin class ({@code ConfigFileOptions},
 *     {@code FormatOption}, ...): {@code @Option} fields and accessors the bodies call; a command
 *     takes one with an {@code @Mixin} field, and a mixin may hold mixins itself.</li>
 * <li>{@code -h/--help} and {@code -V/--version} come to every command from {@code scope = INHERIT}
 *     below; exit codes and error printing are {@link Main}'s.</li>
 * </ul>
 * After changing a command, regenerate docs/commands.md ({@link CommandReference}).
 */
@Command(name = "sweepgate", scope = ScopeType.INHERIT, mixinStandardHelpOptions = true,
        versionProvider = Main.ManifestVersion.class,
        description = "Guards the performance changelog of an LLM-inference benchmark repository and turns it into the "
                + "benchmark sweep matrix.")
final class SweepgateCommand {
    /**
     * The subcommands, in the order help lists them. Not in the annotation's {@code subcommands}:
     * picocli would then build every command's model from its annotations on every run, a third of a
     * short run's time; {@link Main#commandLine(String[])} adds the one a command line names, or all.
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(
            ValidateConfigsCommand.class,
            CheckGoldenAlCommand.class,
            FullSweepCommand.class,
            TestConfigCommand.class,
            ValidateChangelogCommand.class,
            ProcessChangelogCommand.class,
            CheckCoverageCommand.class,
            FixChangelogCommand.class,
            PlanCommand.class,
            PrepareMergeCommand.class,
            MergeDriverCommand.class,
            InstallHooksCommand.class,
            SchemaCommand.class,
            AutoComplete.GenerateCompletion.class);

    @Option(names = "-C", paramLabel = "DIR",
            description = "Run as if started in DIR: relative paths and git calls resolve from it.")
    Path directory;
}
