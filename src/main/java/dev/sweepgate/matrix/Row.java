package dev.sweepgate.matrix;

import java.util.Map;

/**
 * One matrix row: an ordered mapping of field name to a JSON-compatible value (String,
 * Long or Integer, Boolean, List, Map). Field order is the reference's writing order.
 */
public record Row(Map<String, Object> fields) {
    public Object get(String field) {
        return fields.get(field);
    }
}
