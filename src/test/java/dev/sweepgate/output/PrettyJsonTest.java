package dev.sweepgate.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The layout users and CI diff against earlier output must not change with a Jackson upgrade. */
class PrettyJsonTest {
    private static final String NL = System.lineSeparator();

    @Test
    void writesTheLayoutOfEveryEarlierRelease() throws Exception {
        Map<String, Object> worker = new LinkedHashMap<>();
        worker.put("tp", 8);
        worker.put("list", List.of(1L, 2L, 3L));
        worker.put("empty-map", Map.of());
        worker.put("empty-list", List.of());
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("model", "quote\" back\\slash \n\t \u0001 \u007f \u00e9 \ud83d\ude00 / <>");
        row.put("ok", true);
        row.put("none", null);
        row.put("big", Long.MAX_VALUE);
        row.put("neg", -3);
        row.put("ratio", 0.5);
        row.put("prefill", worker);
        row.put("rows", List.of(Map.of("a", 1), Map.of("b", List.of(Map.of("c", "d")))));
        List<Object> rows = new ArrayList<>();
        rows.add(row);
        rows.add(Map.of());

        String expected = String.join(NL,
                "[ {",
                "  \"model\" : \"quote\\\" back\\\\slash \\n\\t \\u0001 \u007f \u00e9 \ud83d\ude00 / <>\",",
                "  \"ok\" : true,",
                "  \"none\" : null,",
                "  \"big\" : 9223372036854775807,",
                "  \"neg\" : -3,",
                "  \"ratio\" : 0.5,",
                "  \"prefill\" : {",
                "    \"tp\" : 8,",
                "    \"list\" : [ 1, 2, 3 ],",
                "    \"empty-map\" : { },",
                "    \"empty-list\" : [ ]",
                "  },",
                "  \"rows\" : [ {",
                "    \"a\" : 1",
                "  }, {",
                "    \"b\" : [ {",
                "      \"c\" : \"d\"",
                "    } ]",
                "  } ]",
                "}, { } ]");
        assertEquals(expected, PrettyJson.write(rows));
        // the layout of databind's INDENT_OUTPUT, which earlier releases printed
        assertEquals(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(rows),
                PrettyJson.write(rows));
        assertEquals("[ ]", PrettyJson.write(List.of()));
    }

    @Test
    void streamsTheSameTextInUtf8AndLeavesTheStreamOpen() throws Exception {
        List<Object> rows = List.of(Map.of("model", "caf\u00e9 \ud83d\ude00", "tp", 8), List.of());
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream() {
            @Override
            public void close() {
                throw new AssertionError("stdout must stay open");
            }
        };
        PrettyJson.write(rows, out);
        assertEquals(PrettyJson.write(rows), out.toString(java.nio.charset.StandardCharsets.UTF_8));
    }
}
