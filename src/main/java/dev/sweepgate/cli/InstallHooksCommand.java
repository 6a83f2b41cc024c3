package dev.sweepgate.cli;

import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.git.Git;
import dev.sweepgate.hooks.HookInstaller;
import dev.sweepgate.hooks.Tool;
import dev.sweepgate.problem.UsageException;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "install-hooks",
        description = {"Sets up a clone for changelog work: the attribute (in .git/info/attributes) and the git config "
                + "that make git resolve changelog conflicts with `sweepgate merge-driver`, and a pre-push hook that "
                + "runs the pull request gate CI runs.",
                "Safe to run again. A pre-push hook sweepgate did not write is never replaced without --force. "
                        + "The hook runs sweepgate as recorded here and blocks a push it cannot check "
                        + "(git push --no-verify skips it)."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:installed (or already up to date)",
                "1:a pre-push hook of your own is in the way (use --force)", "2:bad usage",
                "3:environment failure (not a git repository, files)"})
final class InstallHooksCommand implements ContextCommand {
    @Mixin
    private FormatOption format;

    @Option(names = "--command", paramLabel = "CMD",
            description = "How git and the hook run sweepgate (default: this sweepgate: the checkout's launcher or "
                    + "this jar, as found on PATH; for instance 'java -jar /opt/sweepgate.jar').")
    private String command;

    @Mixin
    private ChangelogFileOption changelogOption;

    @Mixin
    private RepoOption repoOption;

    @Option(names = "--force", description = "Replace a pre-push hook that sweepgate did not write.")
    private boolean force;

    @Override
    public int call(Context context) {
        String changelogFile = changelogOption.changelogFile();
        String repo = repoOption.repo(context);
        if (command != null && command.isBlank()) {
            throw new UsageException("--command must name how to run sweepgate");
        }
        Tool tool = command != null ? Tool.given(command) : Tool.find(context.env().variable("PATH"));
        HookInstaller.Outcome outcome = new HookInstaller(new Git(context.dir()))
                .install(new HookInstaller.Settings(tool, context.resolve(changelogFile), repo, force));
        if (outcome.refusal() != null) {
            context.report(List.of(outcome.refusal()), format.chosen(), false);
            return Main.RULE_BROKEN;
        }
        outcome.report().forEach(line -> context.out().println(line));
        return Main.OK;
    }
}
