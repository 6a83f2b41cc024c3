package dev.sweepgate.cli;

import dev.sweepgate.output.Format;
import java.util.List;

/** {@code --format} for every command that reports problems; null when not given. */
public record FormatOption(Format format) {
    static final List<OptionSpec> OPTIONS = List.of(OptionSpec.value("--format", "FORMAT",
            "How problems are printed: " + Converters.names(Format.values())
                    + " (default: github inside GitHub Actions, else text).")
            .converted(Converters.choice(Format.values())));

    static FormatOption from(ParsedArgs args) {
        return new FormatOption(args.value("--format"));
    }

    public Format chosen() {
        return format;
    }
}
