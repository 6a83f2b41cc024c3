package dev.sweepgate.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One command's part of a parsed command line: its values, converted and with defaults filled
 * in, keyed by the option's canonical name or the positional's label; then the subcommand's part.
 *
 * @param commandName the full name, {@code sweepgate prepare-merge canonicalize}
 * @param request     whether to run, or to print help or the version instead
 * @param subcommand  the named subcommand's part, or null
 */
public record ParsedArgs(CommandSpec command, String commandName, Map<String, List<Object>> values,
        Request request, ParsedArgs subcommand) {

    public enum Request { RUN, HELP, VERSION }

    public ParsedArgs {
        values = Map.copyOf(values);
    }

    /** The part of the innermost command named. */
    public ParsedArgs leaf() {
        return subcommand == null ? this : subcommand.leaf();
    }

    public boolean flag(String name) {
        Boolean set = value(name);
        return set != null && set;
    }

    public String string(String name) {
        return value(name);
    }

    /** The values of a list option, or null when it was not given. */
    public List<String> strings(String name) {
        return values(name);
    }

    public Integer integer(String name) {
        return value(name);
    }

    public Long longInteger(String name) {
        return value(name);
    }

    public Path path(String name) {
        return value(name);
    }

    /**
     * The value of an option or positional as its converter made it, or null when it was not
     * given and has no default. The type is the converter's: the spec and the reader are
     * declared side by side.
     */
    @SuppressWarnings("unchecked")
    public <T> T value(String name) {
        List<Object> given = declared(name);
        return given == null ? null : (T) given.get(given.size() - 1);
    }

    /** All values of a list option as its converter made them, or null when it was not given. */
    @SuppressWarnings("unchecked")
    public <T> List<T> values(String name) {
        List<Object> given = declared(name);
        return given == null ? null : (List<T>) List.copyOf(given);
    }

    private List<Object> declared(String name) {
        Optional<OptionSpec> option = command.option(name);
        if (option.isPresent()) {
            return values.get(option.get().name());
        }
        if (command.positionals().stream().noneMatch(p -> p.label().equals(name))) {
            // A bug of ours: the command reads a value its spec does not declare.
            throw new IllegalArgumentException(commandName + " declares no option or parameter " + name);
        }
        return values.get(name);
    }
}
