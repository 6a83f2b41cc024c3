package dev.sweepgate.schema;

import java.util.List;

/**
 * The type of a field's value: what the validator's reader for that field accepts, and what
 * the generated JSON Schema says. Values are the parsed shape (YAML 1.1 scalars already resolved).
 */
public sealed interface Kind {
    /** A string; {@code nonEmpty} refuses {@code ""}. */
    record Str(boolean nonEmpty) implements Kind {
    }

    /** A boolean. */
    record Bool() implements Kind {
    }

    /** An integer of at least {@code min}. */
    record Int(int min) implements Kind {
    }

    /** A number (integer or float) in ({@code exclusiveMin}, {@code max}]; null bounds are open. */
    record Num(Double exclusiveMin, Double max) implements Kind {
    }

    /** A string that must be one of {@code values}. */
    record Enum(List<String> values) implements Kind {
        public Enum {
            values = List.copyOf(values);
        }
    }

    /** A list whose items are of {@code item}; {@code nonEmpty} refuses {@code []}. */
    record ListOf(Kind item, boolean nonEmpty) implements Kind {
    }

    /** A mapping with the fields of {@code shape}. */
    record Obj(Shape shape) implements Kind {
    }

    /** A mapping of free names (matching {@code keyPattern} when not null) to values of {@code value}. */
    record MapOf(Kind value, String keyPattern, String keyRule) implements Kind {
    }

    /** A value of one of {@code kinds} (which one is decided by rules the schema cannot express). */
    record AnyOf(List<Kind> kinds) implements Kind {
        public AnyOf {
            kinds = List.copyOf(kinds);
        }
    }

    static Str string() {
        return new Str(false);
    }

    static Str nonEmptyString() {
        return new Str(true);
    }

    static Bool bool() {
        return new Bool();
    }

    static Int integer(int min) {
        return new Int(min);
    }

    static Enum oneOf(List<String> values) {
        return new Enum(values);
    }

    static ListOf listOf(Kind item) {
        return new ListOf(item, false);
    }

    static ListOf nonEmptyListOf(Kind item) {
        return new ListOf(item, true);
    }

    static Obj object(Shape shape) {
        return new Obj(shape);
    }
}
