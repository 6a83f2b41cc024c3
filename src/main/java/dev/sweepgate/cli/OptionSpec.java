package dev.sweepgate.cli;

import java.util.List;
import java.util.function.Function;

/**
 * One option a command accepts.
 *
 * @param names        its spellings, the first one canonical (values are read under it)
 * @param label        what the value stands for in help ({@code FILE}); null for a flag
 * @param description  help text; {@code ${DEFAULT}} stands for the default value
 * @param kind         flag, one value, or one or more values
 * @param isRequired   whether a command line without it is bad usage
 * @param defaultValue the value when the option is not given (converted like a given one); null for none
 * @param hidden       left out of help
 * @param convert      turns a value as written into the value the command reads; throws
 *                     IllegalArgumentException with a message that names what is wrong with it
 */
public record OptionSpec(List<String> names, String label, String description, Kind kind, boolean isRequired,
        String defaultValue, boolean hidden, Function<String, ?> convert) {

    /** How many values an option takes. */
    public enum Kind {
        /** No value: present or not. */
        FLAG,
        /** Exactly one value; the option may be given once. */
        VALUE,
        /**
         * One or more: the following arguments up to the next one that names an option of the
         * command, or {@code --}; the option may be repeated, which adds to the list.
         */
        VALUES
    }

    public OptionSpec {
        names = List.copyOf(names);
    }

    public static OptionSpec flag(String name, String description) {
        return new OptionSpec(List.of(name), null, description, Kind.FLAG, false, null, false, Converters.TEXT);
    }

    public static OptionSpec value(String name, String label, String description) {
        return new OptionSpec(List.of(name), label, description, Kind.VALUE, false, null, false, Converters.TEXT);
    }

    public static OptionSpec values(String name, String label, String description) {
        return new OptionSpec(List.of(name), label, description, Kind.VALUES, false, null, false, Converters.TEXT);
    }

    /** The canonical name, under which the value is read. */
    public String name() {
        return names.get(0);
    }

    public OptionSpec required() {
        return new OptionSpec(names, label, description, kind, true, defaultValue, hidden, convert);
    }

    public OptionSpec withDefault(String value) {
        return new OptionSpec(names, label, description, kind, isRequired, value, hidden, convert);
    }

    public OptionSpec hide() {
        return new OptionSpec(names, label, description, kind, isRequired, defaultValue, true, convert);
    }

    public OptionSpec converted(Function<String, ?> converter) {
        return new OptionSpec(names, label, description, kind, isRequired, defaultValue, hidden, converter);
    }

    /** {@code --name=LABEL} (with {@code ...} for a list), as help and error messages show it. */
    public String synopsis() {
        String longest = names.get(names.size() - 1);
        return kind == Kind.FLAG ? longest : longest + "=" + label + (kind == Kind.VALUES ? "..." : "");
    }

    /** The help text, the default filled in. */
    public String helpText() {
        return defaultValue == null ? description : description.replace("${DEFAULT}", defaultValue);
    }
}
