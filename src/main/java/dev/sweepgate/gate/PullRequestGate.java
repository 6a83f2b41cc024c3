package dev.sweepgate.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The pull request gate's checks (docs/ci.md): which sweepgate command each one runs, and for
 * which changes. A check is one entry of {@link #CHECKS}; {@code sweepgate gate} runs, in this
 * order, every one whose {@link Check#applies} says the change concerns it.
 */
public final class PullRequestGate {
    private PullRequestGate() {
    }

    /** The paths the gate looks at, as git pathspecs of the work tree's top (besides the changelog). */
    public static final List<String> WATCHED = List.of("configs/", "golden_al_distribution/", "benchmarks/", "runners/",
            "docs/waiver/", "MODELS.md");

    /**
     * Which of the watched paths a change touches.
     *
     * @param review what {@code review} reads beyond the changelog and the configs
     */
    public record Touched(boolean changelog, boolean configs, boolean golden, boolean launch, boolean review) {
        /** From the paths {@code git diff --name-only} lists. */
        public static Touched of(List<String> changed, String changelog) {
            boolean log = false, configs = false, golden = false, launch = false, review = false;
            for (String path : changed) {
                if (path.equals(changelog)) {
                    log = true;
                } else if (path.startsWith("configs/")) {
                    configs = true;
                } else if (path.startsWith("golden_al_distribution/")) {
                    golden = true;
                } else if (path.startsWith("benchmarks/")) {
                    // launch scripts and recipes: what configs run, held to the changelog rule too
                    launch = true;
                    review = true;
                } else if (path.startsWith("runners/") || path.startsWith("docs/waiver/") || path.equals("MODELS.md")) {
                    review = true;
                }
            }
            return new Touched(log, configs, golden, launch, review);
        }

        /** Whether {@code review} and the plan have anything to look at. */
        public boolean reviewable() {
            return changelog || configs || review;
        }
    }

    /**
     * What every check is told: the change and the policy for its links.
     *
     * @param policy   {@code --pr-number N}, {@code --pull-request} or nothing (a push to the base branch)
     * @param repo     {@code --repo OWNER/NAME}, or null
     * @param review   what only review reads: {@code --date D} and {@code --pr-body FILE}, when given
     */
    public record Request(String baseRef, String headRef, String changelog, List<String> policy, String repo,
                          List<String> review) {
        public Request {
            policy = List.copyOf(policy);
            review = List.copyOf(review);
        }

        /** The pull request's number as review takes it ({@code --pull-request} alone names no waiver), its date and body. */
        List<String> reviewPolicy() {
            return join(!policy.isEmpty() && policy.get(0).equals("--pr-number") ? policy : List.of(), review);
        }
    }

    /**
     * One check: its name (in the verdict table, the job summary and the SARIF file's name), when it
     * runs, and the sweepgate command line it runs (what a person types to run it alone).
     */
    public record Check(String name, Predicate<Touched> applies, Function<Request, List<String>> command) {
    }

    public static final List<Check> CHECKS = List.of(
            // the changelog rules, the sweep and the coverage of every config change, in one run
            new Check("validate-changelog", Touched::changelog, r -> join(List.of("validate-changelog", "--base-ref",
                    r.baseRef(), "--head-ref", r.headRef(), "--changelog-file", r.changelog()),
                    r.repo() == null ? List.of() : List.of("--repo", r.repo()), r.policy(), List.of("--check-coverage"))),
            // configs or launch files only: validate-changelog would refuse a change that appends nothing
            new Check("check-coverage", t -> !t.changelog() && (t.configs() || t.launch()), r -> List.of("check-coverage", "--base-ref",
                    r.baseRef(), "--head-ref", r.headRef(), "--changelog-file", r.changelog())),
            // The configs' rules and the golden acceptance lengths, on the files at the head (not the
            // working tree: CI checks out a merge commit, a hook's working tree may differ from what is pushed),
            // with the launch scripts and recipes the configs run: an acceptance length lives in them too (those
            // of the configs the change can affect: a mistake already on the base is not this change's).
            new Check("validate-configs", t -> t.configs() || t.golden() || t.launch(),
                    r -> List.of("validate-configs", "--base-ref", r.baseRef(), "--head-ref", r.headRef())),
            // the sign-off checklist's machine-checkable items (docs/review.md)
            new Check("review", Touched::reviewable, r -> join(List.of("review", "--base-ref", r.baseRef(), "--head-ref",
                    r.headRef(), "--changelog-file", r.changelog()), r.reviewPolicy())));

    /** The command line of {@code review} for the job summary, in Markdown. */
    public static List<String> reviewMarkdown(Request r) {
        return join(List.of("review", "--base-ref", r.baseRef(), "--head-ref", r.headRef(), "--changelog-file",
                r.changelog()), r.reviewPolicy(), List.of("--format", "markdown"));
    }

    /** The command line of {@code plan} for the job summary: what the change will run. */
    public static List<String> planMarkdown(Request r) {
        return List.of("plan", "--base-ref", r.baseRef(), "--head-ref", r.headRef(), "--changelog-file", r.changelog(),
                "--format", "markdown");
    }

    @SafeVarargs
    private static List<String> join(List<String>... parts) {
        List<String> all = new ArrayList<>();
        for (List<String> part : parts) {
            all.addAll(part);
        }
        return List.copyOf(all);
    }
}
