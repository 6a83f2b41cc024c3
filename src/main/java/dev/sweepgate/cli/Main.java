package dev.sweepgate.cli;

import dev.sweepgate.cli.CommandSpec.Subcommand;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.UsageException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The sweepgate command line. Exit codes: 0 ok, 1 input breaks a rule, 2 bad usage, 3 environment failure.
 *
 * <p>The options are parsed by sweepgate's own small parser ({@link ArgsParser}) from the
 * commands' specs, without reflection: a command-line library spent about 75 ms of each start
 * loading converters and help machinery, a fifth of the time budget of a short command.
 */
public final class Main {
    public static final int OK = 0;
    public static final int RULE_BROKEN = 1;
    public static final int USAGE = 2;
    public static final int ENVIRONMENT = 3;

    static final OptionSpec DIRECTORY = OptionSpec.value("-C", "DIR",
            "Run as if started in DIR: relative paths and git calls resolve from it.").converted(Converters.PATH);

    /** The root command and its subcommands, in the order help lists them. */
    static final CommandSpec ROOT = CommandSpec.of("sweepgate", null,
                    "Guards the performance changelog of an LLM-inference benchmark repository and turns it into the "
                            + "benchmark sweep matrix.")
            .withOptions(DIRECTORY)
            // Lambdas, not the specs themselves: a run loads only the command it runs.
            .withSubcommands(
                    new Subcommand("validate-configs", () -> ValidateConfigsCommand.SPEC),
                    new Subcommand("check-golden-al", () -> CheckGoldenAlCommand.SPEC),
                    new Subcommand("full-sweep", () -> FullSweepCommand.SPEC),
                    new Subcommand("test-config", () -> TestConfigCommand.SPEC),
                    new Subcommand("validate-changelog", () -> ValidateChangelogCommand.SPEC),
                    new Subcommand("process-changelog", () -> ProcessChangelogCommand.SPEC),
                    new Subcommand("check-coverage", () -> CheckCoverageCommand.SPEC),
                    new Subcommand("plan", () -> PlanCommand.SPEC),
                    new Subcommand("fix-changelog", () -> FixChangelogCommand.SPEC),
                    new Subcommand("prepare-merge", () -> PrepareMergeCommand.SPEC),
                    new Subcommand("merge-driver", () -> MergeDriverCommand.SPEC),
                    new Subcommand("install-hooks", () -> InstallHooksCommand.SPEC),
                    new Subcommand("schema", () -> SchemaCommand.SPEC));

    private Main() {
    }

    public static void main(String[] args) {
        Env env = Env.system();
        int status = run(args, env);
        // System.exit does not flush: output printed without a final newline would be lost.
        env.out().flush();
        env.err().flush();
        System.exit(status);
    }

    /** Runs one command line in process; what it prints goes to the streams of {@code env}. */
    public static int run(String[] args, Env env) {
        return run(ROOT, args, env);
    }

    /** Runs {@code args} against {@code root} (tests add commands of their own to it). */
    static int run(CommandSpec root, String[] args, Env env) {
        try {
            ParsedArgs line = ArgsParser.parse(root, args);
            ParsedArgs command = line.leaf();
            switch (command.request()) {
                case HELP -> {
                    env.out().print(HelpText.of(command.command(), command.commandName()));
                    return OK;
                }
                case VERSION -> {
                    env.out().println(version());
                    return OK;
                }
                default -> {
                }
            }
            if (command.command().action() == null) {
                // A group (sweepgate itself, prepare-merge) only holds commands.
                String who = command == line ? "sweepgate:" : command.commandName() + ":";
                env.err().println(who + " a command is required. Run '" + command.commandName() + " --help' for the list.");
                return USAGE;
            }
            return command.command().action().run(command, context(line.path(DIRECTORY.name()), env));
        } catch (ArgsException e) {
            env.err().println("sweepgate: " + e.getMessage());
            env.err().println("Run '" + e.command() + " --help' for usage.");
            return USAGE;
        } catch (RuntimeException | Error e) {
            // Errors too: a StackOverflowError or OutOfMemoryError would otherwise reach the JVM,
            // which prints a stack trace.
            return handle(e, env);
        }
    }

    static String version() {
        String version = Main.class.getPackage().getImplementationVersion();
        return "sweepgate " + (version == null ? "dev" : version);
    }

    private static String oneLine(String message) {
        return String.valueOf(message).strip().replaceAll("\\s*\\R\\s*", " ");
    }

    private static int handle(Throwable e, Env env) {
        if (e instanceof ProblemException p) {
            // Commands render their own problems; this is the fallback for ones that escaped.
            p.problems().forEach(problem -> env.err().println(dev.sweepgate.output.ProblemRenderer.text(problem)));
            return RULE_BROKEN;
        }
        if (e instanceof UsageException) {
            env.err().println("sweepgate: " + e.getMessage());
            return USAGE;
        }
        if (e instanceof EnvironmentException) {
            env.err().println("sweepgate: " + e.getMessage());
            return ENVIRONMENT;
        }
        // A bug of ours: say so plainly, without a stack trace (set SWEEPGATE_DEBUG=1 for one).
        env.err().println("sweepgate: internal error: " + oneLine(e.toString()));
        if (env.variable("SWEEPGATE_DEBUG") != null) {
            e.printStackTrace(env.err());
        }
        return ENVIRONMENT;
    }

    /** The context every subcommand runs in: -C DIR applied, environment and streams. */
    static Context context(Path directory, Env env) {
        Path base = env.workingDir();
        if (directory != null) {
            base = base.resolve(directory).normalize();
            if (!Files.isDirectory(base)) {
                throw new UsageException("-C " + directory + ": no such directory");
            }
        }
        return new Context(base, env);
    }
}
