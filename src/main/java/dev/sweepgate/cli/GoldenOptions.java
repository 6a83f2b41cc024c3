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
public record GoldenOptions(String goldenDir) {
    public static final String DEFAULT_DIR = "golden_al_distribution";

    static final List<OptionSpec> OPTIONS = List.of(OptionSpec.value("--golden-dir", "DIR",
            "Directory of golden acceptance-length curves (default: ${DEFAULT}).").withDefault(DEFAULT_DIR));

    static GoldenOptions from(ParsedArgs args) {
        return new GoldenOptions(args.string("--golden-dir"));
    }

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
