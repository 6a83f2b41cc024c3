package dev.sweepgate.coverage;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.concurrent.SideBySide;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.git.RepoRoot;
import dev.sweepgate.launch.LaunchChanges;
import dev.sweepgate.launch.RepoFiles;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.sweep.SweepComputation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * check-coverage over git: reads the configs at both sides and the appended entries the way
 * validate-changelog reads them (through {@link ChangelogGate}), then runs {@link CoverageCheck}.
 */
public final class CoverageGate {
    public static final String BASE_INVALID = "coverage.base-invalid";

    private final ChangelogGate gate;
    private final CoverageCheck check = new CoverageCheck(new SweepComputation());

    public CoverageGate(ChangelogGate gate) {
        this.gate = gate;
    }

    /** How messages name the head side. */
    public static String headLabel(ChangelogGate.Refs refs) {
        return refs.headIsWorkingTree() ? "the working tree" : refs.headRef();
    }

    /** check-coverage: the entries appended to {@code changelog} between the refs cover every config change. */
    public CoverageResult check(ChangelogGate.Refs refs, String changelog) {
        List<ChangelogEntry> entries;
        try {
            entries = gate.appendedEntries(refs, changelog);
        } catch (ProblemException e) {
            // Without readable entries nothing can be judged covered; the changelog's own problems say why.
            return CoverageResult.failed(e.problems());
        }
        return check(refs, entries, changelog);
    }

    /** The check for entries already read (validate-changelog --check-coverage has them). */
    public CoverageResult check(ChangelogGate.Refs refs, List<ChangelogEntry> entries, String changelog) {
        List<Problem> problems = new ArrayList<>();
        ConfigSet base = null;
        ConfigSet head = null;
        // The two sides are independent; parsing them side by side halves the wait on a cold JVM.
        ExecutorService pool = SideBySide.pool(1, "sweepgate-head-configs");
        Future<ConfigSet> headConfigs = pool.submit(() -> gate.headConfigs(refs));
        pool.shutdown();
        Optional<ConfigSet> changedBase = Optional.empty();
        boolean baseRead = false;
        try {
            // unchanged config files: the head's configs stand for both sides (a launch-only change parses them once)
            changedBase = gate.configsAtBaseIfChanged(refs);
            baseRead = true;
        } catch (ProblemException e) {
            problems.add(Problem.fileError(e.problems().get(0).file(), BASE_INVALID, "check-coverage compares the "
                    + "generated rows with those of " + refs.baseRef() + ", whose configs break these rules; "
                    + "fix them on " + refs.baseRef() + " first (or compare with a base whose configs are valid)"));
            problems.addAll(e.problems());
        }
        try {
            head = SideBySide.join(headConfigs);
        } catch (ProblemException e) {
            problems.addAll(e.problems());
        }
        if (baseRead) {
            base = changedBase.orElse(head);
        }
        if (base == null || head == null) {
            return CoverageResult.failed(problems);
        }
        CoverageResult configs = check.check(base, head, entries, changelog, refs.baseRef(), headLabel(refs));
        return withLaunchFiles(gate, refs, configs, base, head, entries, changelog);
    }

    /**
     * {@code configs} with the coverage of the change's files under benchmarks/: each resolved to
     * the configs that run it, at the head (a deleted file at the base).
     */
    public static CoverageResult withLaunchFiles(ChangelogGate gate, ChangelogGate.Refs refs, CoverageResult configs,
                                                 ConfigSet base, ConfigSet head, List<ChangelogEntry> entries, String changelog) {
        Git git = gate.git();
        List<Git.Change> changed = LaunchChanges.between(git, refs.baseCommit(), refs.headCommit());
        if (changed.isEmpty()) {
            return configs;
        }
        try (RepoFiles headFiles = refs.headIsWorkingTree() ? RepoFiles.workingTree(RepoRoot.of(git.dir()))
                : RepoFiles.commit(git, refs.headCommit());
             RepoFiles baseFiles = RepoFiles.commit(git, refs.baseCommit())) {
            return LaunchCoverage.check(configs, changed, head, () -> headFiles.index(head),
                    () -> baseFiles.index(base), entries, changelog, refs.baseRef(), headLabel(refs));
        }
    }
}
