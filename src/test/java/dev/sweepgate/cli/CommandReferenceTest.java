package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** docs/commands.md is what the command-line model generates today. */
class CommandReferenceTest {
    @Test
    void theCommittedReferenceIsCurrent() throws IOException {
        String committed = Files.readString(Path.of("docs/commands.md"), StandardCharsets.UTF_8);
        assertEquals(CommandReference.markdown(), committed,
                "docs/commands.md is stale; regenerate it with: " + CommandReference.REGENERATE);
    }

    @Test
    void everyCommandIsInTheReference() {
        String reference = CommandReference.markdown();
        List<CommandLine> all = new ArrayList<>(List.of(Main.commandLine()));
        for (int i = 0; i < all.size(); i++) {
            all.addAll(all.get(i).getSubcommands().values());
        }
        assertTrue(all.size() > 13, all.toString());
        for (CommandLine command : all) {
            String name = command.getCommandSpec().qualifiedName();
            assertTrue(reference.contains("\n## `" + name + "`\n"), name + " missing from the reference");
        }
    }

    /**
     * Issue 23: help says what a command or option does, for the user who never saw the benchmark
     * repository's scripts, not how it compares with "the reference".
     */
    @Test
    void noDescriptionSpeaksOfTheReference() {
        List<CommandLine> all = new ArrayList<>(List.of(Main.commandLine()));
        for (int i = 0; i < all.size(); i++) {
            all.addAll(all.get(i).getSubcommands().values());
        }
        for (CommandLine command : all) {
            List<String> texts = new ArrayList<>(List.of(command.getCommandSpec().usageMessage().description()));
            texts.addAll(command.getCommandSpec().usageMessage().exitCodeList().values());
            command.getCommandSpec().args().forEach(arg -> texts.addAll(List.of(arg.description())));
            for (String text : texts) {
                assertTrue(!text.toLowerCase(java.util.Locale.ROOT).contains("reference"),
                        command.getCommandSpec().qualifiedName() + ": " + text);
            }
        }
    }

    @Test
    void everyDefaultIsNamedInItsDescription() {
        List<String> silent = new ArrayList<>();
        List<CommandLine> all = new ArrayList<>(List.of(Main.commandLine()));
        for (int i = 0; i < all.size(); i++) {
            CommandLine command = all.get(i);
            all.addAll(command.getSubcommands().values());
            for (OptionSpec option : command.getCommandSpec().options()) {
                if (option.defaultValue() != null && !CommandReference.description(option).contains(option.defaultValue())) {
                    silent.add(command.getCommandSpec().qualifiedName() + " " + option.longestName());
                }
            }
        }
        assertEquals(List.of(), silent, "options whose help does not say their default");
    }
}
