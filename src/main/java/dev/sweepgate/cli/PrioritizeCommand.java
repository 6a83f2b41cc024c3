package dev.sweepgate.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sweepgate.json.JsonInput;
import dev.sweepgate.json.PythonJson;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.sweep.SweepLimits;
import dev.sweepgate.sweep.SweepOutput;
import dev.sweepgate.sweep.priority.Prioritizer;
import dev.sweepgate.yaml.SourceFile;
import dev.sweepgate.yaml.YamlLoader;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class PrioritizeCommand implements ContextCommand {
    /** How problems name standard input. */
    static final String STDIN = "<stdin>";

    private final OptionSpec policy = Specs.value("--policy", "FILE", String.class,
            "The CI priority policy (default: ${DEFAULT-VALUE}).").defaultValue(PriorityOptions.DEFAULT_POLICY).build();

    private final OptionSpec input = Specs.value("--input", "FILE", String.class,
            "The JSON to annotate, such as a sweep (default: standard input).").build();

    private final PriorityOptions priority = new PriorityOptions();

    private final FormatOption format = new FormatOption();

    @Override
    public CommandSpec spec() {
        return Specs.exitCodes(Specs.with(Specs.command(this, "Adds CI priorities to a sweep (or any JSON): every "
                                + "object with both runner and framework gains priority, queue-token and, when the "
                                + "pull request asks to skip the queue, skip-queue-pr, scored by the CI priority "
                                + "policy. The output is what the benchmark repository's utils/ci_priority.py prints, "
                                + "byte for byte: compact JSON and a newline.",
                        "A sweep over GitHub's limits (256 jobs a matrix, 1 MB a job output) is printed with a "
                                + "warning on stderr."),
                List.of(priority.spec(), format.spec()), policy, input),
                "0:the annotated JSON is on stdout", "1:the policy or the input breaks a rule", "2:bad usage",
                "3:environment failure (a file cannot be read)");
    }

    @Override
    public int call(Context context) {
        String inputName = input.getValue() == null ? STDIN : input.getValue();
        JsonNode tree;
        Prioritizer prioritizer;
        try {
            prioritizer = priority.prioritizer(context, policy.getValue());
            tree = prioritizer.annotate(JsonInput.read(new SourceFile(inputName, read(context))), inputName);
        } catch (ProblemException e) {
            context.report(format.judge(e.problems()), format.chosen(), true);
            return Main.RULE_BROKEN;
        }
        SweepOutput output = new SweepOutput(tree, PythonJson.write(tree), true);
        context.out().println(output.text());
        context.out().flush();
        List<Problem> warnings = List.of();
        if (tree.has("changelog_metadata")) {
            // a sweep: this output is what goes into the job output, so GitHub's limits apply to it
            warnings = format.judge(SweepLimits.check(SweepLimits.measure(output), inputName));
        }
        context.report(warnings, format.chosen(), true);
        return warnings.stream().anyMatch(Problem::isError) ? Main.RULE_BROKEN : Main.OK;
    }

    private byte[] read(Context context) {
        if (input.getValue() != null) {
            return context.read(input.getValue());
        }
        try {
            InputStream in = context.env().in();
            byte[] bytes = in.readNBytes(YamlLoader.MAX_BYTES + 1);
            if (bytes.length > YamlLoader.MAX_BYTES) {
                throw new ProblemException(Problem.fileError(STDIN, "json.too-large", "standard input holds more than "
                        + YamlLoader.MAX_BYTES + " bytes; inputs are limited to 64 MiB"));
            }
            return bytes;
        } catch (IOException e) {
            throw new EnvironmentException("cannot read standard input: " + e.getMessage());
        }
    }
}
