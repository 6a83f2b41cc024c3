package dev.sweepgate.cli;

import dev.sweepgate.output.Format;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** {@code --format} for every command that reports problems; null when not given. */
public final class FormatOption {
    @Option(names = "--format", paramLabel = "FORMAT", converter = Name.class, completionCandidates = Name.class,
            description = "How problems are printed: text, json, github, sarif (default: github inside GitHub Actions, "
                    + "else text).")
    private Format format;

    public Format chosen() {
        return format;
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
