package dev.sweepgate.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The help of a command, in the usual layout: a usage line, the description,
 * the options and positionals with their descriptions, the subcommands, the exit status.
 */
public final class HelpText {
    private static final int WIDTH = 80;
    /** The widest name column before a description moves to a line of its own. */
    private static final int MAX_COLUMN = 26;

    private HelpText() {
    }

    public static String of(CommandSpec command, String commandName) {
        StringBuilder text = new StringBuilder();
        text.append(wrap("Usage: " + commandName + " ", synopsis(command)));
        command.description().forEach(paragraph -> text.append(wrap("", paragraph)));
        List<String[]> rows = new ArrayList<>();
        command.positionals().forEach(p -> rows.add(new String[] {"      " + p.label(), p.description()}));
        command.allOptions().stream().filter(option -> !option.hidden())
                .sorted(Comparator.comparing(HelpText::sortKey))
                .forEach(option -> rows.add(new String[] {optionColumn(option), option.helpText()}));
        text.append(table(rows, 2));
        if (command.hasSubcommands()) {
            text.append("Commands:\n");
            List<String[]> commands = new ArrayList<>();
            command.subcommands().forEach(sub -> commands.add(new String[] {"  " + sub.name(), sub.description().get(0)}));
            text.append(table(commands, 2));
        }
        if (!command.exitCodes().isEmpty()) {
            text.append("Exit status:\n");
            for (String line : command.exitCodes()) {
                String[] codeAndMeaning = line.split(":", 2);
                text.append(wrap("  " + codeAndMeaning[0] + "   ", codeAndMeaning[1]));
            }
        }
        return text.toString();
    }

    /** {@code [-hV] [--flag] [--opt=X] --required=X [--list=X...]... POSITIONAL [COMMAND]}. */
    private static String synopsis(CommandSpec command) {
        List<String> parts = new ArrayList<>(List.of("[-hV]"));
        for (OptionSpec option : command.options()) {
            if (!option.hidden()) {
                String part = option.isRequired() ? option.synopsis() : "[" + option.synopsis() + "]";
                parts.add(option.kind() == OptionSpec.Kind.VALUES ? part + "..." : part);
            }
        }
        command.positionals().forEach(p -> parts.add(p.label()));
        if (command.hasSubcommands()) {
            parts.add("COMMAND");
        }
        return String.join(" ", parts);
    }

    /** Options sort by their long name without dashes: -h, --help among the h's. */
    private static String sortKey(OptionSpec option) {
        return option.names().get(option.names().size() - 1).replaceFirst("^-+", "").toLowerCase(Locale.ROOT);
    }

    /** {@code -h, --help}; a long name alone is indented past the short names' column, a short one is not. */
    private static String optionColumn(OptionSpec option) {
        String first = option.names().get(0);
        if (option.names().size() > 1) {
            return "  " + first + ", " + option.synopsis();
        }
        return (first.startsWith("--") ? "      " : "  ") + option.synopsis();
    }

    /** Rows of a name and its description; descriptions start in one column and wrap below it, indented. */
    private static String table(List<String[]> rows, int indent) {
        int column = Math.min(MAX_COLUMN, rows.stream().mapToInt(row -> row[0].length()).max().orElse(0)) + 1;
        StringBuilder text = new StringBuilder();
        for (String[] row : rows) {
            String name = row[0];
            if (name.length() >= column) {
                text.append(name).append('\n');
                name = "";
            }
            String lead = name + " ".repeat(column - name.length());
            text.append(wrap(lead, " ".repeat(indent), row[1]));
        }
        return text.toString();
    }

    private static String wrap(String lead, String text) {
        return wrap(lead, "", text);
    }

    /**
     * {@code text} in lines of at most 80 characters: the first after {@code lead}, the rest as
     * far in as {@code lead} plus {@code extraIndent}.
     */
    private static String wrap(String lead, String extraIndent, String text) {
        StringBuilder out = new StringBuilder(lead);
        String indent = " ".repeat(lead.length()) + extraIndent;
        int lineStart = 0;
        boolean first = true;
        for (String word : text.split(" ")) {
            int lineLength = out.length() - lineStart;
            if (!first && lineLength + 1 + word.length() > WIDTH) {
                out.append('\n');
                lineStart = out.length();
                out.append(indent);
            } else if (!first) {
                out.append(' ');
            }
            out.append(word);
            first = false;
        }
        return out.append('\n').toString();
    }
}
