package dev.sweepgate.sweep;

import dev.sweepgate.changelog.PyValues;
import dev.sweepgate.matrix.Row;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * --trim-conc: one concurrency per curve, for a quick smoke run. A multi-node row keeps the
 * lowest value of its list; among single-node rows that differ only in conc and exp-name,
 * the first with the lowest conc survives. Survivors keep their positions.
 */
public final class TrimConc {
    private TrimConc() {
    }

    public static List<Row> apply(List<Row> rows) {
        Map<Object, Integer> survivorOfCurve = new HashMap<>();
        Map<Object, BigDecimal> lowest = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (isMultiNode(row)) {
                continue;
            }
            Object curve = curveKey(row);
            BigDecimal conc = number(row.get("conc"));
            BigDecimal best = lowest.get(curve);
            if (best == null || conc.compareTo(best) < 0) {
                lowest.put(curve, conc);
                survivorOfCurve.put(curve, i);
            }
        }
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (isMultiNode(row)) {
                out.add(trimList(row));
            } else if (survivorOfCurve.get(curveKey(row)) == i) {
                out.add(row);
            }
        }
        return out;
    }

    private static Row trimList(Row row) {
        if (!(row.get("conc") instanceof List<?> values) || values.size() <= 1) {
            return row;
        }
        Object min = values.get(0);
        for (Object v : values) {
            if (number(v).compareTo(number(min)) < 0) {
                min = v;
            }
        }
        Map<String, Object> fields = new LinkedHashMap<>(row.fields());
        fields.put("conc", List.of(min));
        return new Row(fields);
    }

    static boolean isMultiNode(Row row) {
        return row.fields().containsKey("prefill");
    }

    /** Every field but conc and exp-name, compared as values. */
    private static Object curveKey(Row row) {
        Map<String, Object> key = new LinkedHashMap<>(row.fields());
        key.remove("conc");
        key.remove("exp-name");
        return PyValues.normalize(key);
    }

    static BigDecimal number(Object value) {
        return (BigDecimal) PyValues.normalize(value);
    }
}
