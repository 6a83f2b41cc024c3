package dev.sweepgate.cli;

import dev.sweepgate.output.Format;
import dev.sweepgate.problem.Problem;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.TypeConversionException;

/** {@code --format} (null when not given) and {@code --strict} for every command that reports problems. */
public final class FormatOption {
    private final OptionSpec format = Specs.value("--format", "FORMAT", Format.class,
                    "How problems are printed: text, json, github, sarif (default: text at a terminal, github "
                    + "inside GitHub Actions, else text).")
            .converters(new Name()).completionCandidates(new Name()).build();

    private final OptionSpec strict = Specs.flag("--strict", "Warnings fail too (exit 1).").build();

    CommandSpec spec() {
        return Specs.group(format, strict);
    }

    public Format chosen() {
        return format.getValue();
    }

    /** The problems as this run judges them: with --strict, every warning is an error. */
    public List<Problem> judge(List<Problem> problems) {
        return Specs.given(strict) ? problems.stream().map(Problem::asError).toList() : problems;
    }

    /** A format by the name users write, in any case ({@code json}, {@code JSON}). */
    static final class Name implements ITypeConverter<Format>, Iterable<String> {
        @Override
        public Format convert(String value) {
            for (Format candidate : Format.values()) {
                if (candidate.name().equalsIgnoreCase(value)) {
                    return candidate;
                }
            }
            throw new TypeConversionException("'" + value + "' is not one of " + String.join(", ", this));
        }

        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(Format.values()).map(f -> f.name().toLowerCase(Locale.ROOT)).iterator();
        }
    }
}
