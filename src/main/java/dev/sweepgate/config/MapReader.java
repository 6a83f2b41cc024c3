package dev.sweepgate.config;

import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YSeq;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Reads typed fields out of one mapping, reporting every type or presence problem with its
 * position and a fix. Types are strict: an integer field takes a YAML integer only, never a
 * quoted number or a boolean, and explicit nulls are refused.
 */
final class MapReader {
    private final YMap map;
    private final String what;
    private final Problems problems;

    /**
     * @param what how messages name the mapping, e.g. {@code config 'dsr1-fp8-h200-sglang'}
     */
    MapReader(YMap map, String what, Problems problems) {
        this.map = map;
        this.what = what;
        this.problems = problems;
    }

    YMap map() {
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

    /** Reports every key that is not one of {@code allowed}, suggesting the dashed spelling. */
    void rejectUnknown(Collection<String> allowed) {
        for (YMap.Entry e : map.entries()) {
            Object key = e.key().value();
            if (key instanceof String s && allowed.contains(s)) {
                continue;
            }
            String name = String.valueOf(e.key().text());
            String dashed = name.replace('_', '-');
            String hint = !dashed.equals(name) && allowed.contains(dashed)
                    ? "write `" + dashed + "` (field names use dashes)"
                    : "remove it; allowed here: " + String.join(", ", allowed);
            problems.error(e.key().pos(), "config.unknown-field",
                    "unknown field `" + name + "` in " + what + ": " + hint);
        }
    }

    /** The node under a field, or null when absent; reports an explicit null. */
    YNode node(String field) {
        YNode node = map.get(field);
        if (node instanceof YScalar s && s.isNull()) {
            problems.error(s.pos(), "config.null", "`" + field + "` in " + what
                    + " is null: give it a value, or remove the line to use the default");
            return null;
        }
        return node;
    }

    /** True when the field is present (even as an explicit null, which node() reports). */
    private boolean missing(String field, boolean required) {
        if (map.has(field)) {
            return false;
        }
        if (required) {
            problems.error(map.pos(), "config.missing-field", what + " lacks the required field `" + field + "`");
        }
        return true;
    }

    String string(String field, boolean required) {
        if (missing(field, required)) {
            return null;
        }
        YNode node = node(field);
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
        if (missing(field, required)) {
            return null;
        }
        YNode node = node(field);
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
        if (missing(field, required)) {
            return null;
        }
        YNode node = node(field);
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
        if (missing(field, required)) {
            return null;
        }
        YNode node = node(field);
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
        if (missing(field, required)) {
            return null;
        }
        YNode node = node(field);
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
        if (missing(field, required)) {
            return null;
        }
        YNode node = node(field);
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
