package dev.sweepgate.cli;

import dev.sweepgate.hints.Nearest;
import dev.sweepgate.output.ProblemRenderer;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.UsageException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.ExecutionException;
import picocli.CommandLine.Help;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The sweepgate command line, parsed by picocli from the commands' models (the tree is
 * {@link SweepgateCommand}). Exit codes: 0 ok, 1 input breaks a rule, 2 bad usage, 3 environment
 * failure; any other failure is an internal error (3), reported in one line.
 */
public final class Main {
    public static final int OK = 0;
    public static final int RULE_BROKEN = 1;
    public static final int USAGE = 2;
    public static final int ENVIRONMENT = 3;

    private Main() {
    }

    public static void main(String[] args) {
        Env env = Env.system();
        // Colours only on a terminal (and with NO_COLOR unset): picocli decides, for help and diagnostics.
        int status = run(commandLine(args), args, env, Help.Ansi.AUTO);
        // System.exit does not flush: output printed without a final newline would be lost.
        env.out().flush();
        env.err().flush();
        System.exit(status);
    }

    /** Runs one command line in process; what it prints goes to the streams of {@code env}, never in colour. */
    public static int run(String[] args, Env env) {
        return run(commandLine(args), args, env, Help.Ansi.OFF);
    }

    /** The whole command tree, not yet bound to streams (tests add commands of their own to it). */
    static CommandLine commandLine() {
        return commandLine(SweepgateCommand.SUBCOMMANDS);
    }

    /**
     * The tree {@code args} need: the root with only the subcommand they name, when they name one
     * after nothing but {@code -C DIR}, and the root alone for a lone {@code --version}; otherwise
     * (help, a version request with more arguments, a mistyped command that picocli should suggest
     * a name for, the completion script) the whole tree. Parsing stays picocli's; this only spares
     * a run the models of the commands it does not call.
     */
    static CommandLine commandLine(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("-C")) {
                i++; // its value
            } else if (arg.startsWith("-C")) {
                continue; // -CDIR, -C=DIR
            } else if (arg.startsWith("-")) {
                if (i == args.length - 1 && (arg.equals("--version") || arg.equals("-V"))) {
                    // The version alone is the root's answer; the other commands' models (picocli
                    // reads the completion command's annotations) would double the run.
                    return commandLine(List.of());
                }
                break;
            } else {
                // the completion script describes the whole tree, and help prints the usage of any command
                if (SweepgateCommand.SUBCOMMANDS.contains(arg) && !arg.equals(SweepgateCommand.COMPLETION)
                        && !arg.equals(SweepgateCommand.HELP)) {
                    return commandLine(List.of(arg));
                }
                break;
            }
        }
        return commandLine();
    }

    private static CommandLine commandLine(List<String> subcommands) {
        CommandLine line = new CommandLine(new SweepgateCommand().spec());
        for (String name : subcommands) {
            line.addSubcommand(name, SweepgateCommand.subcommand(name));
        }
        // After the subcommands: picocli applies these to the commands the tree holds at the call.
        line.setCaseInsensitiveEnumValuesAllowed(true)
                // An argument is what it says: @file is not read as a file of more arguments.
                .setExpandAtFiles(false);
        CommandLine completion = line.getSubcommands().get(SweepgateCommand.COMPLETION);
        if (completion != null) {
            // picocli marks its completion command a help command, which would run even with a bad -C;
            // as an ordinary command it runs after -C DIR is checked, like every other.
            completion.getCommandSpec().helpCommand(false);
        }
        return line;
    }

    /** Runs {@code args} against {@code line}, whose whole tree is bound to {@code env} first. */
    static int run(CommandLine line, String[] args, Env env, Help.Ansi ansi) {
        PrintWriter out = writer(env.out());
        PrintWriter err = writer(env.err());
        line.setOut(out)
                .setErr(err)
                .setColorScheme(Help.defaultColorScheme(ansi))
                .setExecutionStrategy(parsed -> execute(parsed, env))
                .setParameterExceptionHandler(Main::badUsage)
                .setExitCodeExceptionMapper(Main::exitCode)
                .setExecutionExceptionHandler((e, command, parsed) -> failed(e, command, env));
        try {
            return line.execute(args);
        } catch (Error e) {
            // A StackOverflowError or OutOfMemoryError while parsing would otherwise reach the
            // JVM, which prints a stack trace.
            return failed(e, line, env);
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** Runs the command named last, in its context; help and version requests are answered instead. */
    private static int execute(ParseResult parsed, Env env) {
        for (ParseResult level = parsed; level != null; level = level.subcommand()) {
            if (!level.unmatched().isEmpty()) {
                // picocli's parser forgives a help command what it does not know; sweepgate does not
                throw new UnmatchedArgumentException(level.commandSpec().commandLine(), level.unmatched());
            }
        }
        Integer helpStatus = CommandLine.executeHelpRequest(parsed);
        if (helpStatus != null) {
            return helpStatus;
        }
        ParseResult leaf = parsed;
        while (leaf.hasSubcommand()) {
            leaf = leaf.subcommand();
        }
        CommandLine command = leaf.commandSpec().commandLine();
        Object body = command.getCommand();
        if (!(body instanceof ContextCommand) && !(body instanceof Runnable)) {
            // A group (sweepgate itself, prepare-merge) only holds commands.
            throw new ParameterException(command, "Missing required subcommand");
        }
        try {
            Context context = context(((SweepgateCommand) parsed.commandSpec().userObject()).directory(), env,
                    command.getColorScheme().ansi());
            if (body instanceof ContextCommand contextCommand) {
                return contextCommand.call(context);
            }
            ((Runnable) body).run();
            return OK;
        } catch (ParameterException e) {
            throw e; // a value a command checks itself: bad usage, reported as picocli reports its own
        } catch (RuntimeException | Error e) {
            throw new ExecutionException(command, String.valueOf(e.getMessage()), e);
        }
    }

    /** A command line picocli cannot accept: the reason, picocli's suggestions, and where to read more. */
    private static int badUsage(ParameterException reported, String[] args) {
        ParameterException e = reported;
        if (e instanceof MissingParameterException) {
            // picocli checks required options before unknown ones, but a mistyped option (here or
            // before the command's name) is the likelier cause of a missing one: name it, with suggestions.
            for (CommandLine c = e.getCommandLine(); c != null; c = c.getParent()) {
                if (!c.getUnmatchedArguments().isEmpty()) {
                    e = new UnmatchedArgumentException(c, c.getUnmatchedArguments());
                }
            }
        }
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        err.println("sweepgate: " + lowerFirst(e.getMessage()) + acceptedValues(e));
        if (!UnmatchedArgumentException.printSuggestions(e, err) && e instanceof UnmatchedArgumentException unmatched) {
            // picocli suggests options that share the typed one's first two letters; a swapped or
            // dropped letter there (--fromat) gets the nearest of the command's option names instead.
            List<String> near = unmatched.getUnmatched().stream()
                    .filter(arg -> arg.startsWith("-"))
                    .map(arg -> arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg)
                    .flatMap(arg -> Nearest.to(arg, command.getCommandSpec().optionsMap().keySet(), 3).stream())
                    .distinct()
                    .toList();
            if (!near.isEmpty()) {
                err.println("Did you mean: " + String.join(", ", near) + "?");
            }
        }
        err.println("Run '" + command.getCommandSpec().qualifiedName() + " --help' for usage.");
        return USAGE;
    }

    /** For a missing positional that takes a fixed set of values (schema's KIND): those values, so the fix is in the message. */
    private static String acceptedValues(ParameterException e) {
        if (!(e instanceof MissingParameterException missing)) {
            return "";
        }
        List<String> values = missing.getMissing().stream()
                .filter(arg -> arg.isPositional() && arg.type().isEnum())
                .flatMap(arg -> java.util.Arrays.stream(arg.type().getEnumConstants()).map(String::valueOf))
                .toList();
        return values.isEmpty() ? "" : " (one of: " + String.join(", ", values) + ")";
    }

    /** The exit status for what a command threw. */
    static int exitCode(Throwable e) {
        if (e instanceof ProblemException) {
            return RULE_BROKEN;
        }
        if (e instanceof UsageException || e instanceof ParameterException) {
            return USAGE;
        }
        return ENVIRONMENT;
    }

    /** Reports what a command threw, without a stack trace (set SWEEPGATE_DEBUG=1 for one), and returns the exit status. */
    private static int failed(Throwable thrown, CommandLine command, Env env) {
        Throwable e = thrown instanceof ExecutionException && thrown.getCause() != null ? thrown.getCause() : thrown;
        PrintWriter err = command.getErr();
        if (e instanceof ParameterException usage) {
            // picocli's help command asked for a command that does not exist
            return badUsage(usage, new String[0]);
        }
        if (e instanceof ProblemException p) {
            // Commands render their own problems; this is the fallback for ones that escaped.
            p.problems().forEach(problem -> err.println(ProblemRenderer.text(problem)));
        } else if (e instanceof UsageException || e instanceof EnvironmentException) {
            err.println("sweepgate: " + e.getMessage());
        } else {
            // A bug of ours: say so plainly.
            err.println("sweepgate: internal error: " + oneLine(e.toString()));
            if (env.variable("SWEEPGATE_DEBUG") != null) {
                e.printStackTrace(err);
            }
        }
        return command.getExitCodeExceptionMapper().getExitCode(e);
    }

    static String version() {
        String version = Main.class.getPackage().getImplementationVersion();
        return "sweepgate " + (version == null ? "dev" : version);
    }

    /** The version of every command's -V: the jar manifest's. */
    static final class ManifestVersion implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {version()};
        }
    }

    private static String oneLine(String message) {
        return String.valueOf(message).strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /** picocli's messages as the rest of a {@code sweepgate: } line: "Unknown option" reads "unknown option". */
    private static String lowerFirst(String message) {
        String text = oneLine(message);
        return text.isEmpty() ? text : text.substring(0, 1).toLowerCase(Locale.ROOT) + text.substring(1);
    }

    private static PrintWriter writer(PrintStream stream) {
        return new PrintWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), true);
    }

    /** The context every subcommand runs in: -C DIR applied, environment and streams, whether to colour. */
    static Context context(Path directory, Env env, Help.Ansi ansi) {
        Path base = env.workingDir();
        if (directory != null) {
            base = base.resolve(directory).normalize();
            if (!Files.isDirectory(base)) {
                throw new UsageException("-C " + directory + ": no such directory");
            }
        }
        return new Context(base, env, ansi);
    }
}
