package dev.sweepgate.cli;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * picocli's programmatic model, in the few shapes sweepgate's commands use.
 *
 * <p>Why not picocli's annotations: the JDK reads annotations through proxy classes it generates
 * on every run, and no class-data-sharing archive or AOT cache holds those; building a command's
 * model from its annotations (proxies, reflection, bytecode generation, and compiling all of it)
 * was a third of a short run's time. The model built here is the one picocli would build from
 * the annotations: the same parser, conversions, help, suggestions and completion.
 *
 * <p>A command or an option group keeps the {@link OptionSpec}s it declares in fields and reads
 * the parsed values back from them ({@link OptionSpec#getValue()}).
 */
final class Specs {
    private Specs() {
    }

    /**
     * A command with {@code -h/--help} and {@code -V/--version}: {@code body} is what picocli hands
     * back as the command object; each description string is a paragraph of its help.
     */
    static CommandSpec command(Object body, String... description) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(body).versionProvider(new Main.ManifestVersion());
        spec.usageMessage().description(description);
        // picocli's own standard help options (mixinStandardHelpOptions) are declared with annotations
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
        return spec;
    }

    /** A group of options that several commands take, added with {@link CommandSpec#addMixin}. */
    static CommandSpec group(OptionSpec... options) {
        return with(CommandSpec.create(), List.of(), options);
    }

    /** Adds each group as a mixin (named after its position) and each option to {@code command}. */
    static CommandSpec with(CommandSpec command, List<CommandSpec> groups, OptionSpec... options) {
        for (CommandSpec group : groups) {
            command.addMixin("group" + command.mixins().size(), group);
        }
        for (OptionSpec option : options) {
            command.addOption(option);
        }
        return command;
    }

    /** The help's exit-status section, from {@code "code:meaning"} lines. */
    static CommandSpec exitCodes(CommandSpec command, String... codes) {
        command.usageMessage().exitCodeListHeading("Exit status:%n")
                .exitCodeList(UsageMessageSpec.keyValuesMap(codes));
        return command;
    }

    /** An option without a value: true when given. */
    static OptionSpec.Builder flag(String name, String description) {
        return OptionSpec.builder(name).type(boolean.class).initialValue(false).description(description);
    }

    /** An option with one value of {@code type}, converted (and so checked) while parsing. */
    static OptionSpec.Builder value(String name, String label, Class<?> type, String description) {
        return OptionSpec.builder(name).paramLabel(label).type(type).description(description);
    }

    /** An option with one or more values ({@code --opt a b}, repeatable), collected in a list. */
    static OptionSpec.Builder values(String name, String label, Class<?> type, String description) {
        return OptionSpec.builder(name).paramLabel(label).arity("1..*").type(List.class).auxiliaryTypes(type)
                .description(description);
    }

    /** A positional parameter with one value of {@code type}, required. */
    static PositionalParamSpec.Builder positional(String label, Class<?> type, String description) {
        return PositionalParamSpec.builder().paramLabel(label).type(type).required(true).description(description);
    }

    /** Whether a {@link #flag} was given. */
    static boolean given(OptionSpec flag) {
        return Boolean.TRUE.equals(flag.getValue());
    }
}
