package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogGate;
import dev.sweepgate.output.Format;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** Options both changelog commands share. */
final class ChangelogOptions {
    @Option(names = "--base-ref", required = true, paramLabel = "REF",
            description = "The ref the change is compared against (for a pull request: origin/main).")
    String baseRef;

    @Option(names = "--changelog-file", paramLabel = "FILE", defaultValue = ChangelogGate.DEFAULT_CHANGELOG,
            description = "The changelog, relative to the directory (default: ${DEFAULT-VALUE}).")
    String changelogFile;

    @Option(names = "--all-evals", description = "Expand every eval of the selected configs.")
    boolean allEvals;

    @Option(names = "--evals-only", description = "Only evals: no throughput rows.")
    boolean evalsOnly;

    @Option(names = "--format", paramLabel = "FORMAT", converter = FormatConverter.class,
            description = "How problems are written: text, json, github or sarif (default: github inside GitHub Actions, else text).")
    Format format;

    static final class FormatConverter implements CommandLine.ITypeConverter<Format> {
        @Override
        public Format convert(String value) {
            try {
                return Format.valueOf(value.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a format; use text, json, github or sarif");
            }
        }
    }
}
