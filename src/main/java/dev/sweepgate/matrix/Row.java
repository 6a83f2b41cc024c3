package dev.sweepgate.matrix;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One matrix row: an ordered mapping of field name to a JSON-compatible value (String,
 * Long or Integer, Boolean, List, Map). Field order is the reference's writing order.
 * Rows are values: the "with" methods return changed copies.
 */
public record Row(Map<String, Object> fields) {
    public Row {
        fields = Collections.unmodifiableMap(fields instanceof Fresh ? fields : new LinkedHashMap<>(fields));
    }

    /**
     * A copy made by this class for a new row and never touched again: the constructor keeps it
     * without copying it once more (rows are copied field by field for every change, in the
     * expansion's innermost loop).
     */
    private static final class Fresh extends LinkedHashMap<String, Object> {
        private static final long serialVersionUID = 1L;

        Fresh() {
        }

        Fresh(Map<String, Object> fields) {
            super(fields);
        }
    }

    /**
     * An empty field map for a new row, which {@code new Row(map)} then keeps without copying:
     * the builder must not touch it after making the row.
     */
    static Map<String, Object> newFields() {
        return new Fresh();
    }

    public Object get(String field) {
        return fields.get(field);
    }

    public boolean has(String field) {
        return fields.containsKey(field);
    }

    /** A copy with {@code field} set; an existing field keeps its place, a new one goes last. */
    public Row with(String field, Object value) {
        Map<String, Object> copy = new Fresh(fields);
        copy.put(field, value);
        return new Row(copy);
    }

    /** A copy with both fields set, in this order: one copy where two calls of with would make two. */
    public Row with(String field, Object value, String next, Object nextValue) {
        Map<String, Object> copy = new Fresh(fields);
        copy.put(field, value);
        copy.put(next, nextValue);
        return new Row(copy);
    }

    /** A copy without {@code field}. */
    public Row without(String field) {
        if (!fields.containsKey(field)) {
            return this;
        }
        Map<String, Object> copy = new Fresh(fields);
        copy.remove(field);
        return new Row(copy);
    }

    /** The row's fields minus the given ones, for grouping rows that differ only there. */
    Map<String, Object> except(Set<String> excluded) {
        Map<String, Object> copy = new LinkedHashMap<>(fields);
        copy.keySet().removeAll(excluded);
        return copy;
    }

    public boolean isAgentic() {
        return "agentic-coding".equals(fields.get("scenario-type"));
    }

    /** Multi-node rows carry prefill/decode workers and a list of concurrencies. */
    public boolean isMultiNode() {
        return fields.containsKey("prefill");
    }
}
