package dev.sweepgate.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * docs/commands.md, generated from the picocli model that parses the command line, so the
 * reference cannot drift from what sweepgate accepts (CommandReferenceTest compares the two).
 * Run: {@code java -cp target/sweepgate.jar dev.sweepgate.cli.CommandReference > docs/commands.md}.
 */
public final class CommandReference {
    static final String REGENERATE = "mvn -B -q package -DskipTests && "
            + "java -cp target/sweepgate.jar dev.sweepgate.cli.CommandReference > docs/commands.md";

    private CommandReference() {
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.print(markdown());
        out.flush();
    }

    /** The whole reference: every command, depth first in the order help lists them. */
    static String markdown() {
        StringBuilder text = new StringBuilder();
        text.append("# Command reference\n\n")
                .append("<!-- Generated from the command-line model by dev.sweepgate.cli.CommandReference; do not edit.\n")
                .append("     Regenerate: ").append(REGENERATE).append(" -->\n\n")
                .append("Every command takes `-h`/`--help` (its usage) and `-V`/`--version`. Options take their value as "
                        + "`--opt value` or `--opt=value`; an option marked `...` takes one or more values and may be "
                        + "repeated; `--` ends the options. `-C DIR` goes before the command.\n\n")
                .append("Exit status of every command: 0 ok, 1 the input breaks a rule, 2 bad usage, "
                        + "3 environment failure (a file, git) or an internal error.\n");
        command(Main.commandLine(), text);
        return text.toString();
    }

    private static void command(CommandLine line, StringBuilder text) {
        CommandSpec spec = line.getCommandSpec();
        text.append("\n## `").append(spec.qualifiedName()).append("`\n\n");
        for (String paragraph : format(String.join("\n", spec.usageMessage().description())).split("\n")) {
            if (paragraph.startsWith("  ")) {
                // An example command line of the help: code in Markdown.
                text.append("    ").append(paragraph.strip()).append("\n\n");
            } else if (!paragraph.isBlank()) {
                text.append(paragraph.strip()).append("\n\n");
            }
        }
        Help help = new Help(spec, Help.defaultColorScheme(Help.Ansi.OFF));
        text.append("```\n").append(help.synopsis(0).stripTrailing()).append("\n```\n");
        List<String[]> rows = new ArrayList<>();
        for (PositionalParamSpec positional : spec.positionalParameters()) {
            rows.add(new String[] {positional.paramLabel(), description(positional)});
        }
        // Sorted by name as help sorts them: the order of reflected mixin fields differs from run to run.
        List<OptionSpec> options = new ArrayList<>(spec.options());
        options.sort(java.util.Comparator.comparing(option -> option.longestName().replaceFirst("^-+", "")));
        for (OptionSpec option : options) {
            if (!option.hidden() && !option.usageHelp() && !option.versionHelp()) {
                rows.add(new String[] {synopsis(option), description(option)});
            }
        }
        if (!rows.isEmpty()) {
            // Defaults are in the descriptions, as help shows them (CommandReferenceTest checks that).
            text.append("\n| Option | Description |\n| --- | --- |\n");
            for (String[] row : rows) {
                text.append("| `").append(row[0]).append("` | ").append(cell(row[1])).append(" |\n");
            }
        }
        Map<String, String> exitCodes = spec.usageMessage().exitCodeList();
        if (!exitCodes.isEmpty()) {
            text.append("\nExit status:\n\n");
            exitCodes.forEach((code, meaning) -> text.append("- ").append(code.strip()).append(": ")
                    .append(cell(format(meaning))).append('\n'));
        }
        if (!line.getSubcommands().isEmpty()) {
            text.append("\nCommands: ");
            List<String> names = new ArrayList<>();
            line.getSubcommands().values().forEach(sub -> names.add("`" + sub.getCommandSpec().qualifiedName() + "`"));
            text.append(String.join(", ", names)).append(".\n");
        }
        line.getSubcommands().values().forEach(sub -> command(sub, text));
    }

    /** {@code -C=DIR}, {@code --config-files=FILE...}, {@code --force}; "(required)" when it is. */
    private static String synopsis(OptionSpec option) {
        String names = String.join(", ", option.names());
        if (option.typedValues().isEmpty() && option.arity().max() == 0) {
            return names;
        }
        return names + "=" + option.paramLabel() + (option.isMultiValue() ? "..." : "");
    }

    // renderedDescription is how picocli itself fills in ${DEFAULT-VALUE} and the like; it has no successor
    @SuppressWarnings("deprecation")
    static String description(ArgSpec arg) {
        String text = format(String.join(" ", arg.renderedDescription()));
        return arg.required() && arg instanceof OptionSpec ? text + " Required." : text;
    }

    /** A description as picocli prints it: its format string applied ({@code %%} is a percent sign). */
    private static String format(String text) {
        return text.replace("%n", "\n").replace("%%", "%");
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
