package dev.sweepgate.cli;

import dev.sweepgate.cli.ParsedArgs.Request;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Parses a command line against a {@link CommandSpec}: {@code --opt value}, {@code --opt=value},
 * {@code --} (what follows is positional), lists, subcommands. Every value is converted here,
 * so a bad one is reported before anything runs. -h or -V stops parsing: help or the version
 * of the command it was given to is asked for, whatever else the line holds after it.
 */
public final class ArgsParser {
    private ArgsParser() {
    }

    /** Parses {@code args} for {@code root}; throws ArgsException when they do not fit. */
    public static ParsedArgs parse(CommandSpec root, String... args) {
        return parse(root, root.name(), args, 0);
    }

    private static ParsedArgs parse(CommandSpec command, String commandName, String[] args, int start) {
        Map<String, List<Object>> values = new LinkedHashMap<>();
        int positionals = 0;
        boolean optionsEnded = false;
        for (int i = start; i < args.length; i++) {
            String arg = args[i];
            if (!optionsEnded && arg.equals("--")) {
                optionsEnded = true;
            } else if (!optionsEnded && arg.startsWith("-") && arg.length() > 1) {
                int equals = arg.indexOf('=');
                String name = equals < 0 ? arg : arg.substring(0, equals);
                String attached = equals < 0 ? null : arg.substring(equals + 1);
                OptionSpec option = command.option(name)
                        .orElseThrow(() -> new ArgsException(commandName, "unknown option '" + name + "'"));
                if (option == CommandSpec.HELP || option == CommandSpec.VERSION) {
                    return new ParsedArgs(command, commandName, values,
                            option == CommandSpec.HELP ? Request.HELP : Request.VERSION, null);
                }
                if (option.kind() != OptionSpec.Kind.VALUES && values.containsKey(option.name())) {
                    throw new ArgsException(commandName, "option '" + name + "' is given more than once; give it once");
                }
                i = take(command, commandName, option, name, attached, args, i, values);
            } else if (command.hasSubcommands()) {
                CommandSpec sub = command.subcommand(arg)
                        .orElseThrow(() -> new ArgsException(commandName, "unknown command '" + arg + "'"));
                return new ParsedArgs(command, commandName, values, Request.RUN,
                        parse(sub, commandName + " " + sub.name(), args, i + 1));
            } else if (positionals < command.positionals().size()) {
                PositionalSpec positional = command.positionals().get(positionals++);
                add(values, positional.label(), convert(commandName, positional.label(), positional.convert(), arg));
            } else {
                throw new ArgsException(commandName, "unexpected argument '" + arg + "'");
            }
        }
        requireAll(command, commandName, values);
        for (OptionSpec option : command.options()) {
            if (option.defaultValue() != null && !values.containsKey(option.name())) {
                add(values, option.name(), convert(commandName, "option '" + option.name() + "'", option.convert(),
                        option.defaultValue()));
            }
        }
        return new ParsedArgs(command, commandName, values, Request.RUN, null);
    }

    /** Reads the value(s) of {@code option} given at {@code args[at]}; returns the index of the last argument used. */
    private static int take(CommandSpec command, String commandName, OptionSpec option, String name, String attached,
            String[] args, int at, Map<String, List<Object>> values) {
        String what = "option '" + name + "'";
        if (option.kind() == OptionSpec.Kind.FLAG) {
            if (attached != null && !attached.equalsIgnoreCase("true") && !attached.equalsIgnoreCase("false")) {
                throw new ArgsException(commandName, what + " takes no value (or true or false), not '" + attached + "'");
            }
            add(values, option.name(), attached == null || attached.equalsIgnoreCase("true"));
            return at;
        }
        int next = at;
        if (attached != null) {
            add(values, option.name(), convert(commandName, what, option.convert(), attached));
        } else {
            if (next + 1 >= args.length || isOption(command, args[next + 1])) {
                throw new ArgsException(commandName, what + " needs a value (" + option.label() + ")"
                        + (next + 1 < args.length ? ", not '" + args[next + 1] + "'" : ""));
            }
            next++;
            add(values, option.name(), convert(commandName, what, option.convert(), args[next]));
        }
        while (option.kind() == OptionSpec.Kind.VALUES && next + 1 < args.length && !isOption(command, args[next + 1])) {
            next++;
            add(values, option.name(), convert(commandName, what, option.convert(), args[next]));
        }
        return next;
    }

    /** Whether {@code arg} ends a list of values: {@code --} or an option of the command (with or without =value). */
    private static boolean isOption(CommandSpec command, String arg) {
        return arg.equals("--") || arg.startsWith("-") && command.option(arg.split("=", 2)[0]).isPresent();
    }

    private static void requireAll(CommandSpec command, String commandName, Map<String, List<Object>> values) {
        List<String> options = new ArrayList<>();
        for (OptionSpec option : command.options()) {
            if (option.isRequired() && !values.containsKey(option.name())) {
                options.add("'" + option.synopsis() + "'");
            }
        }
        if (!options.isEmpty()) {
            throw new ArgsException(commandName, "missing required " + (options.size() == 1 ? "option " : "options ")
                    + String.join(", ", options));
        }
        List<String> parameters = new ArrayList<>();
        for (PositionalSpec positional : command.positionals()) {
            if (!values.containsKey(positional.label())) {
                parameters.add("'" + positional.label() + "'");
            }
        }
        if (!parameters.isEmpty()) {
            throw new ArgsException(commandName, "missing required " + (parameters.size() == 1 ? "parameter " : "parameters ")
                    + String.join(", ", parameters));
        }
    }

    private static Object convert(String commandName, String what, Function<String, ?> converter, String value) {
        try {
            return converter.apply(value);
        } catch (IllegalArgumentException e) {
            throw new ArgsException(commandName, "invalid value for " + what + ": " + e.getMessage());
        }
    }

    private static void add(Map<String, List<Object>> values, String key, Object value) {
        values.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
    }
}
