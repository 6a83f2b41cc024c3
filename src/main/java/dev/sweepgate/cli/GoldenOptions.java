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
import picocli.CommandLine.Option;

/** Where the golden acceptance-length curves live. */
public final class GoldenOptions {
    public static final String DEFAULT_DIR = "golden_al_distribution";

    @Option(names = "--golden-dir", paramLabel = "DIR", defaultValue = DEFAULT_DIR,
            description = "Directory of golden acceptance-length curves (default: ${DEFAULT-VALUE}).")
    private String goldenDir;

    public String dir() {
        return goldenDir == null ? DEFAULT_DIR : goldenDir;
    }

    public boolean exists(Context context) {
        return Files.isDirectory(context.resolve(dir()));
    }

    /** Reads every *.yaml file of the directory, in name order. */
    public GoldenCurves load(Context context) {
        Path dir = context.resolve(dir());
        if (!Files.isDirectory(dir)) {
            throw new EnvironmentException("cannot read " + dir() + ": no such directory (looked in " + context.dir() + ")");
        }
        List<SourceFile> files = new ArrayList<>();
        try (Stream<Path> list = Files.list(dir)) {
            for (Path p : list.filter(p -> p.getFileName().toString().matches(".*\\.ya?ml")).sorted().toList()) {
                files.add(new SourceFile(dir() + "/" + p.getFileName(), context.read(dir() + "/" + p.getFileName())));
            }
        } catch (IOException e) {
            throw new EnvironmentException("cannot list " + dir() + ": " + e.getMessage());
        }
        return GoldenCurves.load(files);
    }
}
