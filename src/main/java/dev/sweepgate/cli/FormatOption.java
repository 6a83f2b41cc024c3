package dev.sweepgate.cli;

import dev.sweepgate.output.Format;
import java.util.List;

/** {@code --format} (null when not given) and {@code --strict} for every command that reports problems. */
public record FormatOption(Format format, boolean strict) {
    static final List<OptionSpec> OPTIONS = List.of(OptionSpec.value("--format", "FORMAT",
            "How problems are printed: " + Converters.names(Format.values())
                    + " (default: text at a terminal, github inside GitHub Actions, else text).")
            .converted(Converters.choice(Format.values())),
            OptionSpec.flag("--strict", "Warnings fail too (exit 1)."));

    static FormatOption from(ParsedArgs args) {
        return new FormatOption(args.value("--format"), args.flag("--strict"));
    }

    /** The problems as this run judges them: with --strict, every warning is an error. */
    public List<dev.sweepgate.problem.Problem> judge(List<dev.sweepgate.problem.Problem> problems) {
        return strict ? problems.stream().map(dev.sweepgate.problem.Problem::asError).toList() : problems;
    }

    public Format chosen() {
        return format;
    }
}
