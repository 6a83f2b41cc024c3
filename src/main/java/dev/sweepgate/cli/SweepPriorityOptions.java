package dev.sweepgate.cli;

import dev.sweepgate.problem.UsageException;
import dev.sweepgate.sweep.priority.Prioritizer;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code --priority-policy FILE} and the options that describe the run, for the commands that
 * print a sweep (process-changelog, reuse-check's rerun sweep): the priority step of the
 * benchmark workflow in the same JVM.
 */
final class SweepPriorityOptions {
    private final OptionSpec policy = Specs.value("--priority-policy", "FILE", String.class,
            "Add CI priorities scored by this policy (the benchmark repository's configs/ci-priority.yaml): every "
                    + "job gains priority and queue-token, and the sweep is printed as process_changelog.py | "
                    + "ci_priority.py prints it, compact. --event-name, --labels-json, --queue-namespace, "
                    + "--pr-number and --criteria-json describe the run.").build();

    private final PriorityOptions run = new PriorityOptions();

    CommandSpec spec() {
        return Specs.with(CommandSpec.create(), List.of(run.spec()), policy);
    }

    /**
     * The prioritizer the options ask for, or null without --priority-policy; the policy is read
     * here, so a broken one fails before any git work.
     *
     * @throws UsageException for a run option without --priority-policy
     */
    Prioritizer prioritizer(Context context) {
        String path = policy.getValue();
        if (path == null) {
            if (run.anyGiven()) {
                throw new UsageException(String.join(", ", run.given()) + " describe"
                        + (run.given().size() == 1 ? "s" : "") + " the run for priorities: give them with "
                        + "--priority-policy FILE");
            }
            return null;
        }
        return run.prioritizer(context, path);
    }
}
