package dev.sweepgate.cli;

import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.UsageException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The sweepgate command line. Exit codes: 0 ok, 1 input breaks a rule, 2 bad usage, 3 environment failure. */
@Command(name = "sweepgate", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Guards the performance changelog of an LLM-inference benchmark repository and turns it into the benchmark sweep matrix.")
public final class Main implements Callable<Integer> {
    public static final int OK = 0;
    public static final int RULE_BROKEN = 1;
    public static final int USAGE = 2;
    public static final int ENVIRONMENT = 3;

    /**
     * The subcommands by name, in the order help lists them. picocli reads the annotations of
     * every registered command up front, which cost more than a short command's own work; so a
     * command line that names its command registers that one only (see {@link #commandLine(Env, String...)}).
     */
    static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

    private static Map<String, Supplier<Object>> subcommands() {
        Map<String, Supplier<Object>> commands = new LinkedHashMap<>();
        commands.put("validate-configs", ValidateConfigsCommand::new);
        commands.put("check-golden-al", CheckGoldenAlCommand::new);
        commands.put("full-sweep", FullSweepCommand::new);
        commands.put("test-config", TestConfigCommand::new);
        commands.put("validate-changelog", ValidateChangelogCommand::new);
        commands.put("process-changelog", ProcessChangelogCommand::new);
        commands.put("check-coverage", CheckCoverageCommand::new);
        commands.put("fix-changelog", FixChangelogCommand::new);
        commands.put("prepare-merge", PrepareMergeCommand::new);
        commands.put("merge-driver", MergeDriverCommand::new);
        commands.put("install-hooks", InstallHooksCommand::new);
        commands.put("schema", SchemaCommand::new);
        return Collections.unmodifiableMap(commands);
    }

    @Option(names = "-C", paramLabel = "DIR",
            description = "Run as if started in DIR: relative paths and git calls resolve from it.")
    Path directory;

    private Env env;

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
        return execute(commandLine(env, args), env, args);
    }

    /** The command line with every subcommand, sweepgate's streams and error handling, before it runs. */
    static CommandLine commandLine(Env env) {
        return commandLine(env, new String[0]);
    }

    /**
     * The command line for {@code args}: when they name a subcommand (after any {@code -C DIR}),
     * only that one is registered, which parses and runs exactly as with all of them; a lone
     * {@code --version} needs none; anything else (root help, a mistyped command) gets every subcommand.
     */
    static CommandLine commandLine(Env env, String... args) {
        Main root = new Main();
        root.env = env;
        CommandLine cli = new CommandLine(root);
        int at = 0;
        while (at + 1 < args.length && args[at].equals("-C")) {
            at += 2;
        }
        Supplier<Object> named = at < args.length ? SUBCOMMANDS.get(args[at]) : null;
        if (named != null) {
            cli.addSubcommand(named.get());
        } else if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // The version alone needs no subcommand.
        } else {
            SUBCOMMANDS.values().forEach(command -> cli.addSubcommand(command.get()));
        }
        // --format json, --format JSON: enum options read in any case.
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        // `sweepgate COMMAND --version` printed nothing: subcommands do not inherit the provider.
        cli.getSubcommands().values().forEach(sub -> sub.getCommandSpec().versionProvider(new Version()));
        cli.setOut(new PrintWriter(env.out(), true));
        cli.setErr(new PrintWriter(env.err(), true));
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> handle(e, env));
        cli.setParameterExceptionHandler((e, args1) -> {
            env.err().println("sweepgate: " + e.getMessage());
            env.err().println("Run '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help' for usage.");
            return USAGE;
        });
        return cli;
    }

    static int execute(CommandLine cli, Env env, String... args) {
        try {
            return cli.execute(args);
        } catch (Error e) {
            // picocli hands only Exceptions to the handler; a StackOverflowError or OutOfMemoryError
            // would otherwise reach the JVM, which prints a stack trace.
            return handle(e, env);
        }
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
    public Context context() {
        Path base = env.workingDir();
        if (directory != null) {
            base = base.resolve(directory).normalize();
            if (!Files.isDirectory(base)) {
                throw new UsageException("-C " + directory + ": no such directory");
            }
        }
        return new Context(base, env);
    }

    @Override
    public Integer call() {
        env.err().println("sweepgate: a command is required. Run 'sweepgate --help' for the list.");
        return USAGE;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = Main.class.getPackage().getImplementationVersion();
            return new String[] {"sweepgate " + (version == null ? "dev" : version)};
        }
    }
}
