package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sweepgate.gate.PullRequestGate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The workflows, the pre-push hook and merge-pr.sh run sweepgate through the scripts under
 * .github/scripts/ (and the hook template); a renamed command or option would only show up when
 * they run. This checks every call they write against what {@link Main} registers.
 */
class WorkflowCommandsTest {
    private static final List<Path> SCRIPTS = List.of(Path.of(".github/scripts/pr-gate.sh"),
            Path.of(".github/scripts/sweep.sh"), Path.of("scripts/merge-pr.sh"),
            Path.of("src/main/resources/dev/sweepgate/hooks/pre-push"));
    /** Where a shell command ends: redirection, pipe, list operators, subshell end. */
    private static final Pattern COMMAND_END = Pattern.compile("[|;&<>)].*|\\d>.*");

    /** One sweepgate call: where it is written and its words. */
    record Call(String where, List<String> words) {
    }

    /**
     * Every {@code run_sweepgate ARGS} and {@code run_check NAME ARGS} of the scripts, continued
     * lines joined. A shell variable stands for one word; an array expansion (options given or not)
     * for none; a call that forwards {@code "$@"} is checked where its arguments are written.
     */
    private static List<Call> sweepgateCalls() throws IOException {
        List<Call> calls = new ArrayList<>();
        for (Path script : SCRIPTS) {
            List<String> lines = Files.readAllLines(script);
            for (int n = 0; n < lines.size(); n++) {
                StringBuilder joined = new StringBuilder(lines.get(n));
                int first = n + 1;
                while (joined.toString().endsWith("\\") && n + 1 < lines.size()) {
                    joined.setLength(joined.length() - 1);
                    joined.append(' ').append(lines.get(++n).strip());
                }
                List<String> words = List.of(joined.toString().trim().split("\\s+"));
                for (int i = 0; i < words.size(); i++) {
                    int from = words.get(i).equals("run_sweepgate") ? i + 1 : words.get(i).equals("run_check") ? i + 2 : -1;
                    if (from < 0 || words.get(0).startsWith("#")) {
                        continue;
                    }
                    List<String> call = new ArrayList<>();
                    boolean forwards = false;
                    for (int j = from; j < words.size() && !COMMAND_END.matcher(words.get(j)).matches(); j++) {
                        String word = words.get(j).replaceAll("^\"|\"$", "");
                        if (word.equals("$@")) {
                            forwards = true;
                        } else if (!word.matches("\\$\\{\\w+\\[@]}")) {
                            // a number stands for any value: a ref, a path, or a pull request number
                            call.add(word.contains("$") ? "1" : word);
                        }
                    }
                    if (!forwards && !call.equals(List.of("--version"))) {
                        calls.add(new Call(script + ":" + first, call));
                    }
                }
            }
        }
        return calls;
    }

    /** The subcommand a call runs: the first word that is neither a root option nor its value. */
    private static int commandIndex(List<String> words) {
        int i = 0;
        while (i < words.size() && words.get(i).startsWith("-")) {
            i += words.get(i).equals("-C") ? 2 : 1;
        }
        return i;
    }

    @Test
    void theScriptsRunTheGatesCommands() throws IOException {
        List<String> commands = new ArrayList<>();
        for (Call call : sweepgateCalls()) {
            commands.add(call.words().get(commandIndex(call.words())));
        }
        assertTrue(commands.containsAll(List.of("gate", "process-changelog", "prepare-merge")), commands.toString());
    }

    /** The gate's own checks run commands too: each of them parses, with every option the gate can pass. */
    @Test
    void everyCheckOfTheGateRunsACommandThatParses() {
        PullRequestGate.Request request = new PullRequestGate.Request("origin/main", "HEAD", "perf-changelog.yaml",
                List.of("--pr-number", "7"), "SemiAnalysisAI/InferenceX",
                List.of("--date", "2026-08-21", "--pr-body", "/tmp/body.md"));
        List<List<String>> commands = new ArrayList<>();
        PullRequestGate.CHECKS.forEach(check -> commands.add(check.command().apply(request)));
        commands.add(PullRequestGate.reviewMarkdown(request));
        commands.add(PullRequestGate.planMarkdown(request));
        List<String> names = new ArrayList<>();
        for (List<String> command : commands) {
            names.add(command.get(commandIndex(command)));
            Main.commandLine().parseArgs(command.toArray(String[]::new));
        }
        assertEquals(List.of("validate-changelog", "check-coverage", "validate-configs", "review", "review", "plan"), names);
    }

    @Test
    void everyCommandAndOptionAWorkflowUsesExists() throws IOException {
        Map<String, CommandLine> registered = Main.commandLine().getSubcommands();
        List<String> wrong = new ArrayList<>();
        for (Call call : sweepgateCalls()) {
            List<String> words = call.words();
            int at = commandIndex(words);
            if (at >= words.size()) {
                wrong.add(call.where() + ": sweepgate without a command");
                continue;
            }
            String command = words.get(at);
            CommandLine sub = registered.get(command);
            if (sub == null) {
                wrong.add(call.where() + ": `" + command + "` is not a sweepgate command (registered: "
                        + registered.keySet() + ")");
                continue;
            }
            // a command group (prepare-merge): its subcommand takes the options
            while (at + 1 < words.size() && sub.getSubcommands().containsKey(words.get(at + 1))) {
                sub = sub.getSubcommands().get(words.get(++at));
                command += " " + words.get(at);
            }
            for (String word : words.subList(at + 1, words.size())) {
                String option = word.split("=", 2)[0];
                if (option.startsWith("-") && sub.getCommandSpec().findOption(option) == null) {
                    wrong.add(call.where() + ": `" + command + "` has no option " + option);
                }
            }
            // The whole call must parse too: required options present, every option with its value.
            List<String> args = words;
            try {
                Main.commandLine().parseArgs(args.toArray(String[]::new));
            } catch (CommandLine.ParameterException e) {
                wrong.add(call.where() + ": `sweepgate " + String.join(" ", args) + "` does not parse: " + e.getMessage());
            }
        }
        if (!wrong.isEmpty()) {
            fail("the scripts call sweepgate in ways Main does not support:\n" + String.join("\n", wrong));
        }
    }
}
