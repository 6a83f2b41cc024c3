package dev.sweepgate.cli;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Conversions of option values; each failure says what is wrong with the value as written. */
public final class Converters {
    private Converters() {
    }

    public static final Function<String, String> TEXT = value -> value;

    public static final Function<String, Integer> INTEGER = value -> {
        try {
            return Integer.valueOf(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + value + "' is not an integer");
        }
    };

    public static final Function<String, Long> LONG = value -> {
        try {
            return Long.valueOf(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + value + "' is not an integer");
        }
    };

    /** A path; only a name the file system cannot hold (a NUL byte) fails. */
    public static final Function<String, Path> PATH = Path::of;

    /** One of {@code values} by name, in any case ({@code json}, {@code JSON}). */
    public static <E extends Enum<E>> Function<String, E> choice(E[] values) {
        return value -> {
            for (E candidate : values) {
                if (candidate.name().equalsIgnoreCase(value)) {
                    return candidate;
                }
            }
            throw new IllegalArgumentException("'" + value + "' is not one of " + names(values));
        };
    }

    /** The names of {@code values} as the user writes them: {@code text, json, github, sarif}. */
    public static String names(Enum<?>[] values) {
        return Arrays.stream(values).map(v -> v.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "));
    }
}
