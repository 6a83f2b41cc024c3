package dev.sweepgate.cli;

import dev.sweepgate.output.Format;
import java.util.Locale;
import picocli.CommandLine;

/** Accepts {@code text|json|github|sarif} in any case. */
final class FormatConverter implements CommandLine.ITypeConverter<Format> {
    @Override
    public Format convert(String value) {
        try {
            return Format.valueOf(value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a format; choose text, json, github or sarif");
        }
    }
}
