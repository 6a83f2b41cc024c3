package dev.sweepgate.cli;

import dev.sweepgate.golden.GoldenCurves;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.yaml.SourceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Where the golden acceptance-length curves live. */
public record GoldenOptions(String goldenDir, boolean listUnpinned) {
    public static final String DEFAULT_DIR = "golden_al_distribution";

    static final List<OptionSpec> OPTIONS = List.of(OptionSpec.value("--golden-dir", "DIR",
            "Directory of golden acceptance-length curves (default: ${DEFAULT}).").withDefault(DEFAULT_DIR),
            OptionSpec.flag("--list-unpinned", "List every config whose agentic speculative-decoding entries do not pin "
                    + "a synthetic acceptance length (default: one summary warning)."));

    static GoldenOptions from(ParsedArgs args) {
        return new GoldenOptions(args.string("--golden-dir"), args.flag("--list-unpinned"));
    }

    public String dir() {
        return goldenDir == null ? DEFAULT_DIR : goldenDir;
    }

    /** The directory as read from the context's directory (the repository's, from a subdirectory). */
    private String located(Context context) {
        return dev.sweepgate.git.RepoRoot.locate(context.dir(), dir());
    }

    /** Reads every *.yaml file of the directory, in name order. */
    public GoldenCurves load(Context context) {
        String name = located(context);
        Path dir = context.resolve(name);
        if (!Files.isDirectory(dir)) {
            throw new EnvironmentException("cannot read " + dir() + ": no such directory (looked in " + context.dir() + ")");
        }
        List<SourceFile> files = new ArrayList<>();
        try (Stream<Path> list = Files.list(dir)) {
            for (Path p : list.filter(p -> p.getFileName().toString().matches(".*\\.ya?ml")).sorted().toList()) {
                files.add(new SourceFile(name + "/" + p.getFileName(), context.read(name + "/" + p.getFileName())));
            }
        } catch (IOException e) {
            throw new EnvironmentException("cannot list " + name + ": " + e.getMessage());
        }
        return GoldenCurves.load(files);
    }
}
