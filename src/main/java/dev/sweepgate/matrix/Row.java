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

    /**
     * What tells the curves of one exp-name apart, for people reading a list of points: how the row
     * splits the model over GPUs ({@code tp8}, {@code tp8 ep8 dpa}, {@code tp4 pp2}; for a multi-node
     * row its workers, {@code p1x4ep4dpa d2x8}: count x tp, then ep when not 1, and dpa with DP
     * attention, as exp-names write them), then its speculative decoding unless none ({@code mtp}).
     */
    public String curve() {
        StringBuilder label = new StringBuilder();
        if (isMultiNode()) {
            label.append(worker("p", fields.get("prefill"))).append(' ').append(worker("d", fields.get("decode")));
        } else {
            label.append("tp").append(fields.get("tp"));
            appendIfNotOne(label, " ep", fields.get("ep"));
            appendIfNotOne(label, " pp", fields.get("pp"));
            if (Boolean.TRUE.equals(fields.get("dp-attn"))) {
                label.append(" dpa");
            }
        }
        Object spec = fields.get("spec-decoding");
        if (spec != null && !"none".equals(spec)) {
            label.append(' ').append(spec);
        }
        return label.toString();
    }

    private static String worker(String role, Object worker) {
        if (!(worker instanceof Map<?, ?> w)) {
            return role + "?";
        }
        StringBuilder label = new StringBuilder(role).append(w.get("num-worker")).append('x').append(w.get("tp"));
        appendIfNotOne(label, "ep", w.get("ep"));
        if (Boolean.TRUE.equals(w.get("dp-attn"))) {
            label.append("dpa");
        }
        return label.toString();
    }

    private static void appendIfNotOne(StringBuilder label, String name, Object value) {
        if (value != null && !"1".equals(String.valueOf(value))) {
            label.append(name).append(value);
        }
    }

    /** Multi-node rows carry prefill/decode workers and a list of concurrencies. */
    public boolean isMultiNode() {
        return fields.containsKey("prefill");
    }
}
