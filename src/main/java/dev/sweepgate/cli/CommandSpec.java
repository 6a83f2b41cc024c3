package dev.sweepgate.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * What a command accepts and what runs it: an immutable value that the parser, the help text
 * and the command itself read. Every command also takes {@link #HELP} and {@link #VERSION}.
 *
 * @param description paragraphs; the first one is the summary in the parent's command list
 * @param exitCodes   {@code "code:meaning"} lines for help, or none
 * @param action      what runs the command; null for a group that only holds subcommands
 */
public record CommandSpec(String name, List<String> description, List<OptionSpec> options,
        List<PositionalSpec> positionals, List<Subcommand> children, List<String> exitCodes, Action action) {

    public static final OptionSpec HELP = new OptionSpec(List.of("-h", "--help"), null,
            "Show this help message and exit.", OptionSpec.Kind.FLAG, false, null, false, Converters.TEXT);
    public static final OptionSpec VERSION = new OptionSpec(List.of("-V", "--version"), null,
            "Print version information and exit.", OptionSpec.Kind.FLAG, false, null, false, Converters.TEXT);

    /** Runs a parsed command line in its context and returns the exit status. */
    @FunctionalInterface
    public interface Action {
        int run(ParsedArgs args, Context context);
    }

    /**
     * A subcommand by name whose spec is made on first use: a run loads the classes of the
     * command it runs, not those of every command.
     */
    public record Subcommand(String name, Supplier<CommandSpec> spec) {
        static Subcommand of(CommandSpec spec) {
            return new Subcommand(spec.name(), () -> spec);
        }

        CommandSpec resolve() {
            CommandSpec resolved = spec.get();
            if (!resolved.name().equals(name)) {
                throw new IllegalStateException("the command listed as " + name + " is named " + resolved.name());
            }
            return resolved;
        }
    }

    public CommandSpec {
        description = List.copyOf(description);
        options = List.copyOf(options);
        positionals = List.copyOf(positionals);
        children = List.copyOf(children);
        exitCodes = List.copyOf(exitCodes);
        Set<String> names = new HashSet<>(HELP.names());
        names.addAll(VERSION.names());
        for (OptionSpec option : options) {
            for (String optionName : option.names()) {
                if (!names.add(optionName)) {
                    // A bug of ours: two fragments of one command declare the same option.
                    throw new IllegalArgumentException(name + " declares " + optionName + " twice");
                }
            }
        }
    }

    /** A command without options yet. */
    public static CommandSpec of(String name, Action action, String... description) {
        return new CommandSpec(name, Arrays.asList(description), List.of(), List.of(), List.of(), List.of(), action);
    }

    /** This command with more options: single ones and the lists of shared fragments. */
    @SafeVarargs
    public final CommandSpec withOptions(List<OptionSpec>... fragments) {
        List<OptionSpec> all = new ArrayList<>(options);
        Stream.of(fragments).forEach(all::addAll);
        return new CommandSpec(name, description, all, positionals, children, exitCodes, action);
    }

    public CommandSpec withOptions(OptionSpec... more) {
        return withOptions(List.of(more));
    }

    public CommandSpec withPositionals(PositionalSpec... more) {
        return new CommandSpec(name, description, options, List.of(more), children, exitCodes, action);
    }

    public CommandSpec withSubcommands(CommandSpec... more) {
        return withSubcommands(Stream.of(more).map(Subcommand::of).toArray(Subcommand[]::new));
    }

    public CommandSpec withSubcommands(Subcommand... more) {
        List<Subcommand> all = new ArrayList<>(children);
        all.addAll(List.of(more));
        return new CommandSpec(name, description, options, positionals, all, exitCodes, action);
    }

    /** Whether this command is a group of subcommands. */
    public boolean hasSubcommands() {
        return !children.isEmpty();
    }

    /** Every subcommand's spec, in the order help lists them (each one made now). */
    public List<CommandSpec> subcommands() {
        List<CommandSpec> all = new ArrayList<>();
        for (Subcommand child : children) {
            all.add(child.resolve());
        }
        return all;
    }

    public CommandSpec withExitCodes(String... lines) {
        return new CommandSpec(name, description, options, positionals, children, List.of(lines), action);
    }

    /** Every option, the standard -h and -V included. */
    public List<OptionSpec> allOptions() {
        List<OptionSpec> all = new ArrayList<>(options);
        all.add(HELP);
        all.add(VERSION);
        return all;
    }

    /** The option one of whose names is {@code name}, -h and -V included. */
    public Optional<OptionSpec> option(String name) {
        return allOptions().stream().filter(option -> option.names().contains(name)).findFirst();
    }

    /** The subcommand called {@code name}; only its spec is made. */
    public Optional<CommandSpec> subcommand(String name) {
        for (Subcommand child : children) {
            if (child.name().equals(name)) {
                return Optional.of(child.resolve());
            }
        }
        return Optional.empty();
    }
}
