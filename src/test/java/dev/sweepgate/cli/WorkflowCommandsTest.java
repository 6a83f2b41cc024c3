package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YSeq;
import dev.sweepgate.yaml.YamlLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The GitHub workflows call {@code ./sweepgate}; a renamed command or option would only show up
 * when the workflow runs on GitHub. This checks every call against what {@link Main} registers.
 */
class WorkflowCommandsTest {
    private static final Path WORKFLOWS = Path.of(".github", "workflows");
    /** `${{ expr }}` holds spaces; it stands for one shell word (or part of one) in a call. */
    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{\\{.*?}}");
    /** Where a shell command ends: redirection, pipe, list operators, subshell end. */
    private static final Pattern COMMAND_END = Pattern.compile("[|;&<>)]|\\d?>.*");

    /** One `./sweepgate ...` call: where it is written and its words. */
    record Call(String where, List<String> words) {
    }

    private static YMap load(Path file) throws IOException {
        YamlLoader.Document doc = YamlLoader.standard().load(Files.readAllBytes(file), file.toString());
        assertEquals(List.of(), doc.problems(), file + " has YAML problems");
        return (YMap) doc.root();
    }

    private static List<Path> workflowFiles() throws IOException {
        try (Stream<Path> files = Files.list(WORKFLOWS)) {
            return files.filter(f -> f.toString().endsWith(".yml") || f.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    /** Every `run:` script of every step, with a label saying where it is. */
    private static List<Map.Entry<String, String>> runScripts() throws IOException {
        List<Map.Entry<String, String>> scripts = new ArrayList<>();
        for (Path file : workflowFiles()) {
            YMap jobs = (YMap) load(file).get("jobs");
            assertNotNull(jobs, file + " has no jobs");
            for (YMap.Entry job : jobs.entries()) {
                YNode steps = ((YMap) job.value()).get("steps");
                if (!(steps instanceof YSeq list)) {
                    continue;
                }
                for (YNode step : list.items()) {
                    if (((YMap) step).get("run") instanceof YScalar run) {
                        scripts.add(Map.entry(file.getFileName() + " job " + job.key().value() + " line "
                                + run.pos().line(), (String) run.value()));
                    }
                }
            }
        }
        return scripts;
    }

    private static List<Call> sweepgateCalls() throws IOException {
        List<Call> calls = new ArrayList<>();
        for (Map.Entry<String, String> script : runScripts()) {
            for (String line : script.getValue().split("\n")) {
                String flat = EXPRESSION.matcher(line).replaceAll("EXPR");
                List<String> words = List.of(flat.trim().split("\\s+"));
                for (int i = 0; i < words.size(); i++) {
                    if (!words.get(i).equals("./sweepgate")) {
                        continue;
                    }
                    List<String> call = new ArrayList<>();
                    for (int j = i + 1; j < words.size() && !COMMAND_END.matcher(words.get(j)).matches(); j++) {
                        call.add(words.get(j));
                    }
                    calls.add(new Call(script.getKey(), call));
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
    void theWorkflowsRunTheChangelogCommands() throws IOException {
        List<String> commands = new ArrayList<>();
        for (Call call : sweepgateCalls()) {
            commands.add(call.words().get(commandIndex(call.words())));
        }
        assertTrue(commands.contains("validate-changelog"), commands.toString());
        assertTrue(commands.contains("process-changelog"), commands.toString());
    }

    @Test
    void everyCommandAndOptionAWorkflowUsesExists() throws IOException {
        Map<String, CommandLine> registered = Main.commandLine().getSubcommands();
        List<String> wrong = new ArrayList<>();
        for (Call call : sweepgateCalls()) {
            List<String> words = call.words();
            int at = commandIndex(words);
            if (at >= words.size()) {
                wrong.add(call.where() + ": `./sweepgate` without a command");
                continue;
            }
            String command = words.get(at);
            CommandLine sub = registered.get(command);
            if (sub == null) {
                wrong.add(call.where() + ": `" + command + "` is not a sweepgate command (registered: "
                        + registered.keySet() + ")");
                continue;
            }
            for (String word : words.subList(at + 1, words.size())) {
                String option = word.split("=", 2)[0];
                if (option.startsWith("-") && sub.getCommandSpec().findOption(option) == null) {
                    wrong.add(call.where() + ": `" + command + "` has no option " + option);
                }
            }
            // The whole call must parse too: required options present, every option with its value.
            List<String> args = words.stream().map(w -> w.replace("EXPR", "x")).toList();
            try {
                Main.commandLine().parseArgs(args.toArray(String[]::new));
            } catch (CommandLine.ParameterException e) {
                wrong.add(call.where() + ": `sweepgate " + String.join(" ", args) + "` does not parse: " + e.getMessage());
            }
        }
        if (!wrong.isEmpty()) {
            fail("the workflows call sweepgate in ways Main does not support:\n" + String.join("\n", wrong));
        }
    }

    @Test
    void theChangelogWorkflowIsWiredAsCiMdDescribes() throws IOException {
        YMap workflow = load(WORKFLOWS.resolve("changelog.yml"));
        // `on` is a YAML 1.1 boolean key; GitHub reads it as the string "on".
        YMap on = (YMap) (workflow.has("on") ? workflow.get("on") : workflow.get(Boolean.TRUE));
        YMap pullRequest = (YMap) on.get("pull_request");
        assertEquals(List.of("perf-changelog.yaml", "configs/**"), pullRequest.get("paths").toPlain());
        YMap push = (YMap) on.get("push");
        assertEquals(List.of("main"), push.get("branches").toPlain());
        assertEquals(List.of("perf-changelog.yaml"), push.get("paths").toPlain());

        YMap jobs = (YMap) workflow.get("jobs");
        for (String job : List.of("validate", "sweep")) {
            YMap checkout = (YMap) ((YSeq) ((YMap) jobs.get(job)).get("steps")).get(0);
            assertTrue(((String) checkout.get("uses").toPlain()).startsWith("actions/checkout@"), job);
            assertEquals(0L, ((YMap) checkout.get("with")).get("fetch-depth").toPlain(), job + " needs full history");
        }
        YMap sweep = (YMap) jobs.get("sweep");
        String output = (String) ((YMap) sweep.get("outputs")).get("search-space-config").toPlain();
        assertEquals("${{ steps.process.outputs.search-space-config }}", output);

        String downstream = jobs.entries().stream()
                .filter(e -> "sweep".equals(((YMap) e.value()).has("needs") ? ((YMap) e.value()).get("needs").toPlain() : null))
                .map(e -> e.value().toPlain().toString())
                .findFirst().orElseThrow(() -> new AssertionError("no job needs `sweep`"));
        assertTrue(downstream.contains("fromJson(needs.sweep.outputs.search-space-config)"), downstream);

        // every pull request is checked for coverage: with the gate when the changelog changed, alone otherwise
        String validate = jobs.get("validate").toPlain().toString();
        assertTrue(validate.contains("./sweepgate validate-changelog --base-ref origin/${{ github.base_ref }} "
                + "--head-ref ${{ github.event.pull_request.head.sha }} --check-coverage"), validate);
        assertTrue(validate.contains("if=steps.changelog.outputs.changed == 'true'"), validate);
        assertTrue(validate.contains("./sweepgate check-coverage --base-ref origin/${{ github.base_ref }}"), validate);
        assertTrue(validate.contains("if=steps.changelog.outputs.changed != 'true'"), validate);
    }

    @Test
    void ciRunsTheReadmesTestCommandOnJava17() throws IOException {
        YMap ci = load(WORKFLOWS.resolve("ci.yml"));
        String text = ci.toPlain().toString();
        assertTrue(text.contains("run=mvn -B verify"), text);
        assertTrue(text.contains("java-version=17"), text);
        assertTrue(text.contains("distribution=temurin"), text);
        assertTrue(text.contains("cache=maven"), text);
        String readme = Files.readString(Path.of("README.md"));
        assertTrue(readme.contains("mvn -B verify"), "README.md must give the test command ci.yml runs");
        assertFalse(runScripts().isEmpty());
    }
}
