package dev.sweepgate.cli;

import dev.sweepgate.git.Git;
import dev.sweepgate.git.RepoRoot;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.golden.GoldenAlCheck;
import dev.sweepgate.golden.GoldenCurves;
import dev.sweepgate.golden.LaunchScope;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.launch.RepoFiles;
import dev.sweepgate.yaml.SourceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** Where the golden acceptance-length curves live, and how unpinned configs are reported. */
public final class GoldenOptions {
    public static final String DEFAULT_DIR = "golden_al_distribution";

    private final OptionSpec goldenDir = Specs.value("--golden-dir", "DIR", String.class,
                    "Directory of golden acceptance-length curves (default: ${DEFAULT-VALUE}).")
            .defaultValue(DEFAULT_DIR).build();

    private final OptionSpec listUnpinned = Specs.flag("--list-unpinned", "List every config whose agentic "
            + "speculative-decoding entries do not pin a synthetic acceptance length, as warnings (default: one "
            + "summary note, which fails nothing).").build();

    CommandSpec spec() {
        return Specs.group(goldenDir, listUnpinned);
    }

    public String dir() {
        String given = goldenDir.getValue();
        return given == null ? DEFAULT_DIR : given;
    }

    public boolean listUnpinned() {
        return Specs.given(listUnpinned);
    }

    /** The directory as read from the context's directory (the repository's, from a subdirectory). */
    private String located(Context context) {
        return RepoRoot.locate(context.dir(), dir());
    }

    /**
     * The benchmark repository's files in the working tree, where an unpinned config's launch
     * script or recipe is read: the top of the work tree the directory is in.
     */
    public RepoFiles launchFiles(Context context) {
        return RepoFiles.workingTree(RepoRoot.of(context.dir()));
    }

    /**
     * Whether the golden check cannot run because the default directory is absent (configs
     * checked outside a full checkout of the benchmark repository): it is then skipped with
     * {@link #skipped}. A {@code --golden-dir} the user gave must exist ({@link #load}).
     */
    public boolean absentByDefault(Context context) {
        return goldenDir.originalStringValues().isEmpty() && !Files.isDirectory(context.resolve(located(context)));
    }

    /** The one note that says the golden check was skipped, and how to run it. */
    public Problem skipped(Context context) {
        return new Problem(Problem.Severity.NOTE, DEFAULT_DIR, 0, 0, "golden.skipped", "no " + DEFAULT_DIR
                + "/ directory (looked in " + context.dir() + " and at the top of its work tree), so the golden "
                + "acceptance-length check was skipped; run it with --golden-dir DIR, or in a full checkout");
    }

    /**
     * The golden check's problems: the curves' check (an unpinned config's acceptance length read
     * from its launch files in the working tree), or the note that it was skipped when the default
     * directory is absent.
     */
    public List<Problem> check(Context context, ConfigSet configs) {
        if (absentByDefault(context)) {
            return List.of(skipped(context));
        }
        try (RepoFiles launchFiles = launchFiles(context)) {
            return GoldenAlCheck.check(configs, load(context), listUnpinned(), launchFiles);
        }
    }

    /**
     * {@link #check(Context, ConfigSet)} on the files of {@code commit}: its golden curves and the launch
     * files its configs run (those of the configs in {@code scope}). The default directory absent at the
     * commit skips the check with a note.
     */
    public List<Problem> check(Context context, ConfigSet configs, Git git, String commit, String ref, LaunchScope scope) {
        GoldenCurves curves = loadAt(git, commit, ref, dir());
        if (curves == null) {
            if (goldenDir.originalStringValues().isEmpty()) {
                return List.of(skipped(context));
            }
            throw new EnvironmentException("cannot read " + dir() + ": no such directory at " + ref);
        }
        try (RepoFiles launchFiles = RepoFiles.commit(git, commit)) {
            return GoldenAlCheck.check(configs, curves, listUnpinned(), launchFiles, scope);
        }
    }

    /**
     * The curves of {@code directory} (as named from {@code git}'s directory) at {@code commit}: every
     * *.yaml file of it, in name order; null when the commit has no such directory. Read and parsed once
     * per run (validate-configs and review in one gate): a commit's files never change.
     */
    static GoldenCurves loadAt(Git git, String commit, String ref, String directory) {
        return git.memo().once(List.of("golden-curves", git.dir(), commit, directory),
                () -> Optional.ofNullable(readAt(git, commit, ref, directory))).orElse(null);
    }

    /** A curve's file name. */
    private static final Pattern YAML_NAME = Pattern.compile(".*\\.ya?ml");

    private static GoldenCurves readAt(Git git, String commit, String ref, String directory) {
        String name = RepoRoot.locate(git.dir(), directory);
        Git.Result listed = git.run(List.of("ls-tree", "-z", "--name-only", commit, "--", name + "/"));
        if (!listed.ok()) {
            throw new EnvironmentException("cannot list " + name + "/ at " + ref + ": " + listed.stderr().strip());
        }
        List<Git.Blob> curves = Stream.of(listed.stdoutText().split("\0")).filter(p -> YAML_NAME.matcher(p).matches())
                .sorted().map(p -> new Git.Blob(commit, p, ref)).toList();
        if (curves.isEmpty() && !git.exists(commit, name)) {
            return null;
        }
        List<SourceFile> files = git.showAll(curves).stream().map(b -> new SourceFile(b.blob().path(), b.require())).toList();
        return GoldenCurves.load(files);
    }

    /** Reads every *.yaml file of the directory, in name order; a missing directory is an environment failure. */
    public GoldenCurves load(Context context) {
        return load(context, dir());
    }

    /** {@link #load(Context)} for a directory named elsewhere (review's own option). */
    static GoldenCurves load(Context context, String directory) {
        String name = RepoRoot.locate(context.dir(), directory);
        Path dir = context.resolve(name);
        if (!Files.isDirectory(dir)) {
            throw new EnvironmentException("cannot read " + directory + ": no such directory (looked in " + context.dir() + ")");
        }
        List<SourceFile> files = new ArrayList<>();
        try (Stream<Path> list = Files.list(dir)) {
            for (Path p : list.filter(p -> YAML_NAME.matcher(p.getFileName().toString()).matches()).sorted().toList()) {
                files.add(new SourceFile(name + "/" + p.getFileName(), context.read(name + "/" + p.getFileName())));
            }
        } catch (IOException e) {
            throw new EnvironmentException("cannot list " + name + ": " + e.getMessage());
        }
        return GoldenCurves.load(files);
    }
}
