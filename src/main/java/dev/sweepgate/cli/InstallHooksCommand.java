package dev.sweepgate.cli;

import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.git.Git;
import dev.sweepgate.hooks.HookInstaller;
import dev.sweepgate.hooks.Tool;
import dev.sweepgate.problem.UsageException;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class InstallHooksCommand implements ContextCommand {
    private final FormatOption format = new FormatOption();

    private final OptionSpec command = Specs.value("--command", "CMD", String.class,
            "How git and the hook run sweepgate (default: this sweepgate: the checkout's launcher or this jar, as "
                    + "found on PATH; for instance 'java -jar /opt/sweepgate.jar').").build();

    private final ChangelogFileOption changelogOption = new ChangelogFileOption();

    private final RepoOption repoOption = new RepoOption();

    private final OptionSpec force = Specs.flag("--force",
            "Replace a pre-push hook that sweepgate did not write.").build();

    @Override
    public CommandSpec spec() {
        return Specs.exitCodes(Specs.with(Specs.command(this, "Sets up a clone for changelog work: the attribute (in "
                                + ".git/info/attributes) and the git config that make git resolve changelog conflicts "
                                + "with `sweepgate merge-driver`, and a pre-push hook that runs the pull request gate "
                                + "CI runs.",
                        "Safe to run again. A pre-push hook sweepgate did not write is never replaced without --force. "
                                + "The hook runs sweepgate as recorded here and blocks a push it cannot check "
                                + "(git push --no-verify skips it)."),
                List.of(format.spec(), changelogOption.spec(), repoOption.spec()), command, force),
                "0:installed (or already up to date)",
                "1:a pre-push hook of your own is in the way (use --force)", "2:bad usage",
                "3:environment failure (not a git repository, files)");
    }

    @Override
    public int call(Context context) {
        String changelogFile = changelogOption.changelogFile();
        String repo = repoOption.repo(context);
        String command = this.command.getValue();
        if (command != null && command.isBlank()) {
            throw new UsageException("--command must name how to run sweepgate");
        }
        Tool tool = command != null ? Tool.given(command) : Tool.find(context.env().variable("PATH"));
        HookInstaller.Outcome outcome = new HookInstaller(context.git())
                .install(new HookInstaller.Settings(tool, context.resolve(context.located(changelogFile)), repo,
                        Specs.given(force)));
        if (outcome.refusal() != null) {
            context.report(List.of(outcome.refusal()), format.chosen(), false);
            return Main.RULE_BROKEN;
        }
        outcome.report().forEach(line -> context.out().println(line));
        return Main.OK;
    }
}
