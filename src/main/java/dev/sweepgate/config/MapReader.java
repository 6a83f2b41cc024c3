package dev.sweepgate.config;

import dev.sweepgate.hints.Nearest;
import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.schema.Field;
import dev.sweepgate.schema.Kind;
import dev.sweepgate.schema.Shape;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YSeq;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads typed fields out of one mapping, reporting every type or presence problem with its
 * position and a fix. Types are strict: an integer field takes a YAML integer only, never a
 * quoted number or a boolean, and explicit nulls are refused. Public for the other files of
 * {@code configs/} that are read the same way (the CI priority policy).
 */
public final class MapReader {
    private final YMap map;
    private final String what;
    private final Problems problems;
    /** Fields an unknown key was probably meant to be (its "did you mean"). */
    private final java.util.Set<String> meant = new java.util.HashSet<>();

    /**
     * @param what how messages name the mapping, e.g. {@code config 'dsr1-fp8-h200-sglang'}
     */
    public MapReader(YMap map, String what, Problems problems) {
        this.map = map;
        this.what = what;
        this.problems = problems;
    }

    public YMap map() {
        return map;
    }

    String what() {
        return what;
    }

    Problems problems() {
        return problems;
    }

    Position pos() {
        return map.pos();
    }

    boolean has(String field) {
        return map.has(field);
    }

    void error(Position at, String rule, String message) {
        problems.error(at, rule, message);
    }

    /** Reports every key that is not a field of {@code shape}. */
    public void rejectUnknown(Shape shape) {
        rejectUnknown(shape, List.of());
    }

    /**
     * Reports every key that is neither a field of {@code shape} nor one of {@code misplaced}
     * (fields of another kind of mapping that the caller reports with a message of its own).
     */
    void rejectUnknown(Shape shape, List<String> misplaced) {
        for (YMap.Entry e : map.entries()) {
            Object key = e.key().value();
            if (!(key instanceof String s && (shape.has(s) || misplaced.contains(s)))) {
                // The allowed keys only for a message: most mappings have no unknown key.
                List<String> allowed = new ArrayList<>(shape.names());
                allowed.addAll(misplaced);
                reportUnknown(e, allowed);
            }
        }
    }

    // Readers by field definition: required-ness and type come from the definition, so the
    // validator and the generated schema cannot drift apart.

    /** A string field, non-empty when its definition says so. */
    public String string(Field f) {
        return f.kind(Kind.Str.class).nonEmpty() ? nonEmptyString(f.name(), f.required()) : string(f.name(), f.required());
    }

    /** The text of an enum field; whether it is one of the values is the caller's check (its message names the fix). */
    String enumText(Field f) {
        f.kind(Kind.Enum.class);
        return string(f.name(), f.required());
    }

    Boolean bool(Field f) {
        f.kind(Kind.Bool.class);
        return bool(f.name(), f.required());
    }

    public Integer integer(Field f) {
        return integer(f.name(), f.required(), f.kind(Kind.Int.class).min());
    }

    /** One item of a list-of-integers field. */
    Integer integerItem(YNode item, Field f) {
        Kind.ListOf list = f.kind(Kind.ListOf.class);
        if (!(list.item() instanceof Kind.Int k)) {
            throw new IllegalStateException("items of `" + f.name() + "` are not integers");
        }
        return integerValue(item, f.name(), k.min());
    }

    public Double number(Field f) {
        f.kind(Kind.Num.class);
        return number(f.name(), f.required());
    }

    YSeq list(Field f) {
        f.kind(Kind.ListOf.class);
        return list(f.name(), f.required());
    }

    /** A nested object or a map of named values. */
    public YMap mapping(Field f) {
        if (!(f.kind() instanceof Kind.Obj || f.kind() instanceof Kind.MapOf)) {
            throw new IllegalStateException("field `" + f.name() + "` is declared as " + f.kind() + ", not a mapping");
        }
        return mapping(f.name(), f.required());
    }

    public List<String> stringList(Field f) {
        if (!(f.kind(Kind.ListOf.class).item() instanceof Kind.Str)) {
            throw new IllegalStateException("items of `" + f.name() + "` are not strings");
        }
        return stringList(f.name(), f.required());
    }

    /** Reports an unknown key, suggesting the dashed spelling or the nearest of {@code allowed}. */
    private void reportUnknown(YMap.Entry e, List<String> allowed) {
        String name = String.valueOf(e.key().text());
        String dashed = name.replace('_', '-');
        List<String> absent = allowed.stream().filter(f -> !map.has(f)).toList();
        java.util.Optional<String> near = Nearest.one(name, absent);
        String hint;
        if (!dashed.equals(name) && allowed.contains(dashed)) {
            hint = "write `" + dashed + "` (field names use dashes)";
            meant.add(dashed);
        } else if (near.isPresent()) {
            hint = "did you mean `" + near.get() + "`?";
            meant.add(near.get());
        } else {
            hint = "remove it; allowed here: " + String.join(", ", allowed);
        }
        problems.error(e.key().pos(), "config.unknown-field",
                "unknown field `" + name + "` in " + what + ": " + hint);
    }

    /**
     * The node under a field, or null when it is absent (reported when required) or an explicit
     * null (reported). One look-up for both: every field of every mapping is read this way.
     */
    private YNode present(String field, boolean required) {
        YNode node = map.get(field);
        if (node == null) {
            // A misspelt field is reported once, as the unknown field with its fix.
            if (required && !meant.contains(field)) {
                problems.error(map.pos(), "config.missing-field", what + " lacks the required field `" + field + "`");
            }
            return null;
        }
        if (node instanceof YScalar s && s.isNull()) {
            problems.error(s.pos(), "config.null", "`" + field + "` in " + what
                    + " is null: give it a value, or remove the line to use the default");
            return null;
        }
        return node;
    }

    String string(String field, boolean required) {
        YNode node = present(field, required);
        if (node == null) {
            return null;
        }
        if (node instanceof YScalar s && s.value() instanceof String str) {
            return str;
        }
        typeError(field, node, "a string", "quote it: " + field + ": \"" + textOf(node) + "\"");
        return null;
    }

    String nonEmptyString(String field, boolean required) {
        String value = string(field, required);
        if (value != null && value.isEmpty()) {
            problems.error(map.get(field).pos(), "config.empty", "`" + field + "` in " + what + " must not be empty");
            return null;
        }
        return value;
    }

    Boolean bool(String field, boolean required) {
        YNode node = present(field, required);
        if (node == null) {
            return null;
        }
        if (node instanceof YScalar s && s.value() instanceof Boolean b) {
            return b;
        }
        typeError(field, node, "a boolean", "write " + field + ": true or " + field + ": false, without quotes");
        return null;
    }

    /** An integer that must be at least {@code min}. */
    Integer integer(String field, boolean required, int min) {
        YNode node = present(field, required);
        if (node == null) {
            return null;
        }
        return integerValue(node, field, min);
    }

    Integer integerValue(YNode node, String field, int min) {
        if (node instanceof YScalar s && s.value() instanceof Long l) {
            if (l < min || l > Integer.MAX_VALUE) {
                problems.error(s.pos(), "config.range", "`" + field + "` in " + what + " is " + l
                        + "; it must be an integer " + (min == 0 ? "≥ 0" : "≥ " + min));
                return null;
            }
            return l.intValue();
        }
        String fix = node instanceof YScalar s && s.value() instanceof String str && str.matches("[0-9]+")
                ? "write " + field + ": " + str + " without quotes"
                : "write a whole number";
        typeError(field, node, "an integer", fix);
        return null;
    }

    /** A number (integer or float) for fields such as dram-utilization. */
    Double number(String field, boolean required) {
        YNode node = present(field, required);
        if (node == null) {
            return null;
        }
        if (node instanceof YScalar s && s.value() instanceof Long l) {
            return l.doubleValue();
        }
        if (node instanceof YScalar s && s.value() instanceof Double d) {
            return d;
        }
        typeError(field, node, "a number", "write a number such as 0.9, without quotes");
        return null;
    }

    YSeq list(String field, boolean required) {
        YNode node = present(field, required);
        if (node == null) {
            return null;
        }
        if (node instanceof YSeq seq) {
            return seq;
        }
        typeError(field, node, "a list", "write it as a YAML list");
        return null;
    }

    YMap mapping(String field, boolean required) {
        YNode node = present(field, required);
        if (node == null) {
            return null;
        }
        if (node instanceof YMap m) {
            return m;
        }
        typeError(field, node, "a mapping", "write it as a YAML mapping of fields");
        return null;
    }

    List<String> stringList(String field, boolean required) {
        YSeq seq = list(field, required);
        if (seq == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        boolean ok = true;
        for (YNode item : seq.items()) {
            if (item instanceof YScalar s && s.value() instanceof String str) {
                out.add(str);
            } else {
                problems.error(item.pos(), "config.type", "items of `" + field + "` in " + what
                        + " must be strings, got " + item.describe() + ": quote it");
                ok = false;
            }
        }
        return ok ? out : null;
    }

    private void typeError(String field, YNode node, String expected, String fix) {
        problems.error(node.pos(), "config.type",
                "`" + field + "` in " + what + " must be " + expected + ", got " + node.describe() + ": " + fix);
    }

    private static String textOf(YNode node) {
        return node instanceof YScalar s ? s.text() : "...";
    }
}
