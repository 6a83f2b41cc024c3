package dev.sweepgate.cli;

import java.util.function.Function;

/** A required positional parameter; its value is read under its label. */
public record PositionalSpec(String label, String description, Function<String, ?> convert) {
    public PositionalSpec(String label, String description) {
        this(label, description, Converters.TEXT);
    }
}
