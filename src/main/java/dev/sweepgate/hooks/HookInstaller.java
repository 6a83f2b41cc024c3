package dev.sweepgate.hooks;

import dev.sweepgate.git.Git;
import dev.sweepgate.output.AtomicFiles;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * install-hooks: sets a clone up for changelog work. The merge driver's attribute goes to the
 * clone's own {@code info/attributes} (a top-level .gitattributes would be an untracked file that
 * slips into pull requests), its command to the clone's git config, and the pre-push hook runs
 * the pull request gate ({@code pr-gate.sh}, installed beside it from this jar) with the tool
 * recorded at install time, so that it fails closed instead of skipping a check it cannot run.
 */
public final class HookInstaller {
    public static final String DRIVER_NAME = "perf-changelog";
    public static final String HOOK_MARKER = "# sweepgate install-hooks: pre-push";
    /** Installed beside the hook: the gate CI runs, and the helper it sources. */
    static final List<String> GATE_FILES = List.of("pr-gate.sh", "sweepgate-command.sh");
    /** The directory beside the hook they go to. */
    private static final String GATE_DIR = "sweepgate";

    /**
     * @param tool      how git and the hook run sweepgate, and where it was found
     * @param changelog the changelog as the user named it (relative to the working directory)
     */
    public record Settings(Tool tool, Path changelog, String repo, boolean force) {
    }

    /** What install-hooks did: one line per thing installed, or the refusal that changed nothing. */
    public record Outcome(List<String> report, Problem refusal) {
        public Outcome {
            report = List.copyOf(report);
        }
    }

    private final Git git;

    public HookInstaller(Git git) {
        this.git = git;
    }

    public Outcome install(Settings settings) {
        git.requireRepository();
        Path top = Path.of(gitOutput("rev-parse", "--show-toplevel"));
        String changelog = top.relativize(settings.changelog().toAbsolutePath().normalize()).toString()
                .replace('\\', '/');
        if (changelog.startsWith("../")) {
            throw new UsageException("--changelog-file " + settings.changelog() + " is outside the repository " + top);
        }
        Path hooks = gitPath("hooks");
        Path hook = hooks.resolve("pre-push");
        // Check the hook first: a refusal must leave the whole clone as it was.
        byte[] hookText = hookScript(settings, changelog, hooks);
        boolean hookCurrent = false;
        if (Files.exists(hook)) {
            byte[] existing = read(hook);
            hookCurrent = Arrays.equals(existing, hookText) && Files.isExecutable(hook);
            if (!new String(existing, StandardCharsets.UTF_8).contains(HOOK_MARKER) && !settings.force()) {
                return new Outcome(List.of(), Problem.fileError(hook.toString(), "install-hooks.foreign-hook",
                        "a pre-push hook that sweepgate did not write is installed; nothing was changed. Call "
                                + hooks.resolve(GATE_DIR).resolve("pr-gate.sh") + " from it yourself, or pass --force "
                                + "to replace it"));
            }
        }
        Path attributes = gitPath("info/attributes");
        String attributeLine = changelog + " merge=" + DRIVER_NAME;
        // Every file written below must be writable before anything changes: a clone is set up whole or not at all.
        if (!hasLine(attributes, attributeLine)) {
            requireWritable(attributes);
        }
        requireWritable(gitPath("config"));
        requireWritable(hook);

        List<String> report = new ArrayList<>();
        report.add("sweepgate: " + settings.tool().command() + " (" + settings.tool().foundBy() + ")");
        report.add(installAttributes(attributes, attributeLine));
        report.add(installDriver(settings.tool().command()));
        for (String name : GATE_FILES) {
            Path target = hooks.resolve(GATE_DIR).resolve(name);
            byte[] text = resource(name);
            if (Files.exists(target) && Arrays.equals(read(target), text)) {
                report.add("pull request gate " + target + ": already installed");
            } else {
                write(target, text);
                report.add("pull request gate " + target + ": written");
            }
        }
        if (hookCurrent) {
            report.add("pre-push hook " + hook + ": already installed");
        } else {
            write(hook, hookText);
            report.add("pre-push hook " + hook + ": written (skip it once with git push --no-verify)");
        }
        return new Outcome(report, null);
    }

    private String installAttributes(Path attributes, String line) {
        if (hasLine(attributes, line)) {
            return attributes + ": already has `" + line + "`";
        }
        String text = Files.exists(attributes) ? new String(read(attributes), StandardCharsets.UTF_8) : "";
        String updated = text + (text.isEmpty() || text.endsWith("\n") ? "" : "\n") + line + "\n";
        createParent(attributes);
        AtomicFiles.write(attributes, updated.getBytes(StandardCharsets.UTF_8));
        return attributes + ": added `" + line + "`";
    }

    private String installDriver(String command) {
        String driver = command + " merge-driver %O %A %B --upstream auto --path %P";
        setConfig("merge." + DRIVER_NAME + ".name", "sweepgate: keep upstream's changelog, append the other side's entries");
        setConfig("merge." + DRIVER_NAME + ".driver", driver);
        return "git config merge." + DRIVER_NAME + ".driver: " + driver;
    }

    private byte[] hookScript(Settings settings, String changelog, Path hooks) {
        return new String(resource("pre-push"), StandardCharsets.UTF_8)
                .replace("@SWEEPGATE@", shellQuote(settings.tool().command()))
                .replace("@GATE@", shellQuote(hooks.resolve(GATE_DIR).resolve("pr-gate.sh").toString()))
                .replace("@CHANGELOG@", shellQuote(changelog))
                .replace("@REPO@", shellQuote(settings.repo()))
                .getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] resource(String name) {
        try (InputStream in = HookInstaller.class.getResourceAsStream("/dev/sweepgate/hooks/" + name)) {
            if (in == null) {
                throw new EnvironmentException("the hook file " + name + " is missing from the sweepgate jar; rebuild it");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new EnvironmentException("cannot read the hook file " + name + ": " + e.getMessage());
        }
    }

    public static String shellQuote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }

    private static boolean hasLine(Path file, String line) {
        return Files.exists(file) && new String(read(file), StandardCharsets.UTF_8).lines().map(String::strip)
                .anyMatch(line::equals);
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

    private static void write(Path file, byte[] text) {
        createParent(file);
        AtomicFiles.write(file, text, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static void createParent(Path file) {
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw new EnvironmentException("cannot create " + file.getParent() + ": " + e.getMessage());
        }
    }

    private void setConfig(String key, String value) {
        Git.Result r = git.run(List.of("config", "--local", key, value));
        if (!r.ok()) {
            throw new EnvironmentException("git config " + key + " failed: " + r.stderr().strip());
        }
    }

    /** A path inside the git directory (worktrees and GIT_DIR respected), absolute. */
    private Path gitPath(String name) {
        return git.dir().resolve(gitOutput("rev-parse", "--git-path", name)).toAbsolutePath().normalize();
    }

    private String gitOutput(String... args) {
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
