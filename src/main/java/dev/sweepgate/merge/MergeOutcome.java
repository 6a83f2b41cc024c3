package dev.sweepgate.merge;

import dev.sweepgate.problem.Problem;
import java.util.List;

/**
 * What a changelog merge operation decided.
 *
 * @param result   the bytes to write; null when the file stays as it is
 * @param message  what was done, for people (empty on failure)
 * @param problems every problem found; an error means nothing may be written
 */
public record MergeOutcome(byte[] result, String message, List<Problem> problems) {
    public MergeOutcome {
        problems = List.copyOf(problems);
    }

    public boolean ok() {
        return problems.stream().noneMatch(Problem::isError);
    }

    static MergeOutcome failed(List<Problem> problems) {
        return new MergeOutcome(null, "", problems);
    }
}
