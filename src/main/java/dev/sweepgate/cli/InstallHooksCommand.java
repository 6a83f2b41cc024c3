package dev.sweepgate.cli;

import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.git.Git;
import dev.sweepgate.hooks.HookInstaller;
import dev.sweepgate.hooks.Tool;
import dev.sweepgate.problem.UsageException;
import java.util.List;

record InstallHooksCommand(FormatOption format, String command, String changelogFile, String repo, boolean force) {
    static final CommandSpec SPEC = CommandSpec.of("install-hooks",
                    (args, context) -> from(args).call(context),
                    "Sets up a clone for changelog work: the attribute (in .git/info/attributes) and the git config "
                            + "that make git resolve changelog conflicts with `sweepgate merge-driver`, and a pre-push hook "
                            + "that runs the pull request gate CI runs.",
                    "Safe to run again. A pre-push hook sweepgate did not write is never replaced without --force. "
                            + "The hook runs sweepgate as recorded here and blocks a push it cannot check "
                            + "(git push --no-verify skips it).")
            .withOptions(FormatOption.OPTIONS, List.of(
                    OptionSpec.value("--command", "CMD", "How git and the hook run sweepgate (default: this sweepgate: "
                            + "the checkout's launcher or this jar; for instance 'java -jar /opt/sweepgate.jar')."),
                    ChangeOptions.CHANGELOG_FILE,
                    OptionSpec.value("--repo", "OWNER/NAME",
                            "The repository pr-links point to, for the hook (default: ${DEFAULT}).")
                            .withDefault(PrLinkPolicy.DEFAULT_REPO),
                    OptionSpec.flag("--force", "Replace a pre-push hook that sweepgate did not write.")))
            .withExitCodes("0:installed (or already up to date)",
                    "1:a pre-push hook of your own is in the way (use --force)", "2:bad usage",
                    "3:environment failure (not a git repository, files)");

    static InstallHooksCommand from(ParsedArgs args) {
        return new InstallHooksCommand(FormatOption.from(args), args.string("--command"),
                args.string("--changelog-file"), args.string("--repo"), args.flag("--force"));
    }

    int call(Context context) {
        MergeOptions.checkRepo(repo);
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
