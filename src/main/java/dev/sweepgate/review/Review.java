package dev.sweepgate.review;

import dev.sweepgate.problem.Problem;
import java.util.List;

/**
 * The outcome of {@code sweepgate review}.
 *
 * @param configs     the configs reviewed (added or changed, or selected by a new entry)
 * @param files       the changed files under benchmarks/, runners/, docs/waiver/
 * @param owners      check 0: each changed file and its code owners
 * @param forReviewer what a person decides, with the evidence found (check 8's flags)
 * @param problems    the FAILs (errors) and what could not be read (warnings), for the problem formats
 * @param inputProblems what kept part of the change from being read (configs that break their rules): a review
 *                      that could not see a config does not pass
 */
public record Review(String baseRef, String headLabel, List<String> configs, List<String> files, List<CheckResult> checks,
                     List<Owner> owners, List<String> forReviewer, List<Problem> problems, List<Problem> inputProblems) {
    public Review {
        configs = List.copyOf(configs);
        files = List.copyOf(files);
        checks = List.copyOf(checks);
        owners = List.copyOf(owners);
        forReviewer = List.copyOf(forReviewer);
        problems = List.copyOf(problems);
        inputProblems = List.copyOf(inputProblems);
    }

    /** A changed file's owners; {@code rule} is the CODEOWNERS line that decides them (null: none). */
    public record Owner(String file, List<String> owners, String rule) {
        public Owner {
            owners = List.copyOf(owners);
        }
    }

    public boolean failed() {
        return checks.stream().anyMatch(c -> c.verdict() == Verdict.FAIL) || inputProblems.stream().anyMatch(Problem::isError);
    }
}
