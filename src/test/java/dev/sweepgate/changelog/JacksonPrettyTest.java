package dev.sweepgate.changelog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The matrix JSON users diff against the reference must not change when Jackson is skipped. */
class JacksonPrettyTest {
    private static String jackson(Object value) throws Exception {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value);
    }

    @Test
    void writesRowsExactlyAsJacksonDoes() throws Exception {
        Map<String, Object> nested = new LinkedHashMap<>();
        nested.put("tp", 8);
        nested.put("list", List.of(1L, 2L, 3L));
        nested.put("empty-map", Map.of());
        nested.put("empty-list", List.of());
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("model", "quote\" back\\slash \n\t\r\b\f \u0001\u001f \u007f é 😀 / <>");
        row.put("ok", true);
        row.put("no", false);
        row.put("none", null);
        row.put("big", Long.MAX_VALUE);
        row.put("neg", -3);
        row.put("prefill", nested);
        row.put("rows", List.of(Map.of("a", 1), Map.of("b", List.of(Map.of("c", "d")))));
        List<Object> rows = new ArrayList<>();
        rows.add(row);
        rows.add(Map.of("x", "y"));
        rows.add(Map.of());

        assertEquals(jackson(rows), CanonicalJson.jacksonPretty(rows));
        assertEquals(jackson(List.of()), CanonicalJson.jacksonPretty(List.of()));
    }

    @Test
    void refusesValuesItDoesNotReproduce() {
        assertThrows(CanonicalJson.UnsupportedValueException.class, () -> CanonicalJson.jacksonPretty(List.of(1.5)));
        assertThrows(CanonicalJson.UnsupportedValueException.class, () -> CanonicalJson.jacksonPretty(Map.of(1, "a")));
    }
}
