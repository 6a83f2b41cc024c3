package dev.sweepgate.cli;

import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.git.Git;
import dev.sweepgate.output.AtomicFiles;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.Problem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "install-hooks",
        description = {"Sets up a clone for changelog work: the .gitattributes line and the git config that make git "
                + "resolve changelog conflicts with `sweepgate merge-driver`, and a pre-push hook that runs "
                + "validate-changelog against the upstream branch.",
                "Safe to run again. A pre-push hook sweepgate did not write is never replaced without --force."},
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:installed (or already up to date)",
                "1:a pre-push hook of your own is in the way (use --force)", "2:bad usage",
                "3:environment failure (not a git repository, files)"})
final class InstallHooksCommand implements ContextCommand {
    static final String DRIVER_NAME = "perf-changelog";
    static final String HOOK_MARKER = "# sweepgate install-hooks: pre-push";

    @Mixin
    private FormatOption format;

    @Option(names = "--command", paramLabel = "CMD", defaultValue = "sweepgate",
            description = "How git and the hook run sweepgate (default: ${DEFAULT-VALUE}; for instance "
                    + "'java -jar /opt/sweepgate.jar').")
    private String command;

    @Mixin
    private ChangelogFileOption changelogOption;

    @Option(names = "--repo", paramLabel = "OWNER/NAME", defaultValue = PrLinkPolicy.DEFAULT_REPO,
            description = "The repository pr-links point to, for the hook (default: ${DEFAULT-VALUE}).")
    private String repo;

    @Option(names = "--force", description = "Replace a pre-push hook that sweepgate did not write.")
    private boolean force;

    @Override
    public int call(Context context) {
        String changelogFile = changelogOption.changelogFile();
        MergeOptions.checkRepo(repo);
        if (command.isBlank()) {
            throw new dev.sweepgate.problem.UsageException("--command must name how to run sweepgate");
        }
        Git git = new Git(context.dir());
        git.requireRepository();
        Path top = Path.of(gitOutput(git, "rev-parse", "--show-toplevel"));
        String changelog = top.relativize(context.resolve(changelogFile).toAbsolutePath()).toString().replace('\\', '/');
        if (changelog.startsWith("../")) {
            throw new dev.sweepgate.problem.UsageException("--changelog-file " + changelogFile + " is outside the repository " + top);
        }
        Path hook = context.resolve(gitOutput(git, "rev-parse", "--git-path", "hooks/pre-push"));
        // Check the hook first: a refusal must leave the whole clone as it was.
        byte[] hookText = hookScript(changelog);
        boolean hookCurrent = false;
        if (Files.exists(hook)) {
            byte[] existing = read(hook);
            hookCurrent = java.util.Arrays.equals(existing, hookText) && Files.isExecutable(hook);
            if (!new String(existing, StandardCharsets.UTF_8).contains(HOOK_MARKER) && !force) {
                context.report(List.of(Problem.fileError(hook.toString(), "install-hooks.foreign-hook",
                        "a pre-push hook that sweepgate did not write is installed; nothing was changed. Call `"
                                + command + " validate-changelog` from it yourself, or pass --force to replace it")),
                        format.chosen(), false);
                return Main.RULE_BROKEN;
            }
        }
        // Every directory written below must be writable before anything changes: a clone is set up whole or not at all.
        Path attributes = top.resolve(".gitattributes");
        if (!hasAttributeLine(attributes, changelog)) {
            requireWritable(attributes);
        }
        requireWritable(context.resolve(gitOutput(git, "rev-parse", "--git-path", "config")));
        if (!hookCurrent) {
            requireWritable(hook);
        }
        List<String> done = new ArrayList<>();
        done.add(installAttributes(attributes, changelog));
        done.add(installDriver(git));
        if (hookCurrent) {
            done.add("pre-push hook " + hook + ": already installed");
        } else {
            try {
                Files.createDirectories(hook.getParent());
            } catch (IOException e) {
                throw new EnvironmentException("cannot create " + hook.getParent() + ": " + e.getMessage());
            }
            AtomicFiles.write(hook, hookText, PosixFilePermissions.fromString("rwxr-xr-x"));
            done.add("pre-push hook " + hook + ": written");
        }
        done.forEach(line -> context.out().println(line));
        return Main.OK;
    }

    /** Fails unless {@code file} can be created or replaced: its directory (or the nearest that exists) is writable. */
    private static void requireWritable(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        while (dir != null && !Files.exists(dir)) {
            dir = dir.getParent();
        }
        if (dir != null && !Files.isWritable(dir)) {
            throw new EnvironmentException("cannot write " + file + ": permission denied: the directory " + dir
                    + " is not writable; nothing was changed");
        }
    }

    private static boolean hasAttributeLine(Path attributes, String changelog) {
        String line = attributePattern(changelog) + " merge=" + DRIVER_NAME;
        String text = Files.exists(attributes) ? new String(read(attributes), StandardCharsets.UTF_8) : "";
        return text.lines().map(String::strip).anyMatch(line::equals);
    }

    private String installAttributes(Path attributes, String changelog) {
        String line = attributePattern(changelog) + " merge=" + DRIVER_NAME;
        String text = Files.exists(attributes) ? new String(read(attributes), StandardCharsets.UTF_8) : "";
        if (hasAttributeLine(attributes, changelog)) {
            return ".gitattributes: already has `" + line + "`";
        }
        String updated = text + (text.isEmpty() || text.endsWith("\n") ? "" : "\n") + line + "\n";
        AtomicFiles.write(attributes, updated.getBytes(StandardCharsets.UTF_8));
        return ".gitattributes: added `" + line + "`";
    }

    private String installDriver(Git git) {
        String driver = command + " merge-driver %O %A %B --upstream auto --path %P";
        setConfig(git, "merge." + DRIVER_NAME + ".name", "sweepgate: keep upstream's changelog, append the other side's entries");
        setConfig(git, "merge." + DRIVER_NAME + ".driver", driver);
        return "git config merge." + DRIVER_NAME + ".driver: " + driver;
    }

    private static void setConfig(Git git, String key, String value) {
        Git.Result r = git.run(List.of("config", "--local", key, value));
        if (!r.ok()) {
            throw new EnvironmentException("git config " + key + " failed: " + r.stderr().strip());
        }
    }

    /** The changelog's path as a .gitattributes pattern (a path with a slash is relative to the top level). */
    static String attributePattern(String path) {
        return path;
    }

    private byte[] hookScript(String changelog) {
        String template;
        try (InputStream in = InstallHooksCommand.class.getResourceAsStream("/dev/sweepgate/hooks/pre-push")) {
            if (in == null) {
                throw new EnvironmentException("the pre-push hook template is missing from the sweepgate jar");
            }
            template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new EnvironmentException("cannot read the pre-push hook template: " + e.getMessage());
        }
        return template.replace("@SWEEPGATE@", shellQuote(command))
                .replace("@CHANGELOG@", shellQuote(changelog))
                .replace("@REPO@", shellQuote(repo))
                .getBytes(StandardCharsets.UTF_8);
    }

    static String shellQuote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }

    private static String gitOutput(Git git, String... args) {
        Git.Result r = git.run(List.of(args));
        if (!r.ok()) {
            throw new EnvironmentException("git " + String.join(" ", args) + " failed: " + r.stderr().strip());
        }
        return r.stdoutText().strip();
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new EnvironmentException("cannot read " + file + ": " + e.getMessage());
        }
    }
}
