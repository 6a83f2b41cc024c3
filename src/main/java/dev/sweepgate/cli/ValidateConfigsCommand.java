package dev.sweepgate.cli;

import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.git.RepoRoot;
import dev.sweepgate.golden.LaunchScope;
import dev.sweepgate.launch.RepoFiles;
import dev.sweepgate.output.Format;
import dev.sweepgate.output.Plural;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.problem.UsageException;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class ValidateConfigsCommand implements ContextCommand {
    private final ConfigFileOptions files = new ConfigFileOptions();

    private final GoldenOptions golden = new GoldenOptions();

    private final FormatOption format = new FormatOption();

    private final OptionSpec headRef = Specs.value("--head-ref", "REF", String.class,
            "Validate the files of this commit (configs, runners, golden curves and the launch files they run), "
                    + "as the gate does; omitted: the working tree.").build();

    private final OptionSpec baseRef = Specs.value("--base-ref", "REF", String.class,
            "With --head-ref, a change: the golden check reads the launch files of only the configs the change "
                    + "since REF can affect (their entries, or a file they run, changed), as the gate does.").build();

    @Override
    public CommandSpec spec() {
        return Specs.with(Specs.command(this, "Check the master configs, the runner config and the golden acceptance "
                        + "lengths against every rule, and report all problems found.",
                "Exit 0 when valid, 1 when a rule is broken, 3 when a file cannot be read."),
                List.of(files.spec(), golden.spec(), format.spec()), headRef, baseRef);
    }

    @Override
    public int call(Context context) {
        try {
            String ref = headRef.getValue();
            if (ref == null && baseRef.getValue() != null) {
                throw new UsageException("--base-ref names the start of a change: give its end with --head-ref too");
            }
            List<Problem> lint;
            ConfigSet configs;
            if (ref == null) {
                configs = files.load(context);
                // The golden-AL lint belongs to config validation; a --golden-dir that is missing is exit 3, as in
                // check-golden-al, the default directory missing skips it with a note.
                lint = format.judge(golden.check(context, configs));
            } else {
                Git git = context.git();
                ChangelogGate gate = new ChangelogGate(git, context::read, files.configFiles(), files.runnerConfig());
                String base = baseRef.getValue();
                String commit = base == null ? git.resolveCommit(ref, "--head-ref") : null;
                ChangelogGate.Refs refs = base == null ? new ChangelogGate.Refs(ref, commit, ref, commit) : gate.refs(base, ref);
                // The base's configs first (when they differ from the head's): meanwhile the gate's other checks
                // parse the head's, once between them.
                Optional<ConfigSet> changedBase = Optional.empty();
                boolean baseRead = base != null;
                if (baseRead) {
                    try {
                        changedBase = gate.configsAtBaseIfChanged(refs);
                    } catch (ProblemException e) {
                        baseRead = false; // nothing to compare with: every config's launch files are read
                    }
                }
                configs = gate.headConfigs(refs);
                LaunchScope scope = baseRead ? scope(context, git, gate, refs, changedBase.orElse(configs), configs)
                        : LaunchScope.ALL;
                lint = format.judge(golden.check(context, configs, git, refs.headCommit(), ref, scope));
            }
            context.report(lint, format.chosen(), false);
            if (lint.stream().anyMatch(Problem::isError)) {
                return Main.RULE_BROKEN;
            }
            // the text report of the notes and warnings above ends with their count already
            boolean counted = !lint.isEmpty() && context.format(format.chosen()) == Format.TEXT;
            context.summary(format.chosen()).println("ok: " + Plural.count(configs.configs().size(), "config") + " in "
                    + Plural.count(files.configFiles().size(), "file") + ", "
                    + Plural.count(configs.runners().labels().size(), "runner label")
                    + (counted ? "" : "; " + Problems.count(lint)));
            return Main.OK;
        } catch (ProblemException e) {
            // the text format ends with the count of errors and warnings
            context.report(e.problems(), format.chosen(), false);
            return Main.RULE_BROKEN;
        }
    }

    /** The configs the change from {@code base} to {@code head} can affect. */
    private LaunchScope scope(Context context, Git git, ChangelogGate gate, ChangelogGate.Refs refs, ConfigSet base,
                              ConfigSet head) {
        List<String> changed = git.changes(refs.baseCommit(), refs.headCommit()).stream().map(Git.Change::path).toList();
        // git names the changed files from the work tree's top; the options name them from here
        List<String> masterFiles = files.configFiles().stream().map(f -> RepoRoot.fromTop(context.dir(), gate.located(f)))
                .toList();
        String goldenDir = RepoRoot.fromTop(context.dir(), RepoRoot.locate(context.dir(), golden.dir()));
        return LaunchScope.of(changed, masterFiles, goldenDir, base, head, () -> {
            try (RepoFiles launchFiles = RepoFiles.commit(git, refs.headCommit())) {
                return launchFiles.index(head);
            }
        });
    }
}
