package dev.sweepgate.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The engine's last guard: what a malformed row is told. */
class RowShapeTest {
    private static Row multiNode(Object conc) {
        Map<String, Object> worker = Map.of("tp", 4, "num-worker", 1);
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("prefill", worker);
        fields.put("decode", worker);
        fields.put("conc", conc);
        return new Row(fields);
    }

    @Test
    void aMultiNodeRowNeedsANonEmptyListOfPositiveIntegers() {
        assertEquals(List.of(), RowShape.check(multiNode(List.of(1, 16, 64))));
        String finding = "conc is not a non-empty list of positive integers: ";
        assertEquals(List.of(finding + "[]"), RowShape.check(multiNode(List.of())));
        assertEquals(List.of(finding + "[4, 0]"), RowShape.check(multiNode(List.of(4, 0))));
        assertEquals(List.of(finding + "[4, 8]"), RowShape.check(multiNode(List.of(4, 8L))));
    }
}
