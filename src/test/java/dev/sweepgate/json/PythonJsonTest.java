package dev.sweepgate.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sweepgate.sweep.CanonicalJson;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PythonJsonTest {
    /** Every kind of value, escapes of each class, keys beyond the BMP, a repeated key. */
    private static final String INPUT = "{\"b\":[1,2.50,-0.0,1E5,1e400,-1e400,NaN,12345678901234567890123,true,false,null,"
            + "-0,0.1e1],\"s\":\"x\\\"y\\\\z/\\n\\r\\t\\b\\f\\u0001\\u000b\\u001f\\u007f\\u00e9\\ud83d\\ude00\\ud800 ~\","
            + "\"\\uffff\":2,\"\\ud83d\\ude00\":1,\"a\":\"first\",\"c\":{\"z\":1,\"y\":0.1},\"a\":\"again\","
            + "\"caf\\u00e9\":\"\u00e9\"}";

    @Test
    void readsAndWritesAsJsonLoadsThenDumpsDo() throws PythonJson.NotJson {
        // python3: json.dumps(json.loads(INPUT), separators=(",", ":"))
        assertEquals("{\"b\":[1,2.5,-0.0,100000.0,Infinity,-Infinity,NaN,12345678901234567890123,true,false,null,0,"
                + "1.0],\"s\":\"x\\\"y\\\\z/\\n\\r\\t\\b\\f\\u0001\\u000b\\u001f\\u007f\\u00e9\\ud83d\\ude00\\ud800 ~\","
                + "\"\\uffff\":2,\"\\ud83d\\ude00\":1,\"a\":\"again\",\"c\":{\"z\":1,\"y\":0.1},\"caf\\u00e9\":\"\\u00e9\"}",
                PythonJson.write(PythonJson.read(INPUT)));
    }

    @Test
    void sortsKeysByCodePointAsSortKeysDoes() throws PythonJson.NotJson {
        // python3: json.dumps(json.loads(INPUT), sort_keys=True, separators=(",", ":"))
        assertEquals("{\"a\":\"again\",\"b\":[1,2.5,-0.0,100000.0,Infinity,-Infinity,NaN,12345678901234567890123,true,"
                + "false,null,0,1.0],\"c\":{\"y\":0.1,\"z\":1},\"caf\\u00e9\":\"\\u00e9\",\"s\":\"x\\\"y\\\\z/\\n\\r\\t\\b"
                + "\\f\\u0001\\u000b\\u001f\\u007f\\u00e9\\ud83d\\ude00\\ud800 ~\",\"\\uffff\":2,\"\\ud83d\\ude00\":1}",
                PythonJson.writeSorted(PythonJson.read(INPUT)));
    }

    @Test
    void aTreeOfPlainValuesWritesSortedAsTheFingerprintTextDoes() {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("b", List.of(1, 2L, true, false));
        row.put("a", "x\"y\\z/\n\r\t\b\f\u0001\u007f\u00e9\ud83d\ude00");
        row.put("c", null);
        row.put("A", Map.of("z", 1, "y", 0.5));
        row.put("\ud83d\ude00", Arrays.asList(1e-5, 1e16, null));
        row.put("\uffff", 2);
        assertEquals(CanonicalJson.write(row), PythonJson.writeSorted(PythonJson.tree(row)));
    }

    @Test
    void refusesWhatJsonLoadsRefusesWithThePlace() {
        PythonJson.SyntaxError trailing = assertThrows(PythonJson.NotJson.class, () -> PythonJson.read("{\"a\": 1}\n}")).error();
        assertEquals(2, trailing.line());
        PythonJson.SyntaxError broken = assertThrows(PythonJson.NotJson.class, () -> PythonJson.read("[1,\n 2,,]")).error();
        assertEquals(2, broken.line());
        assertEquals(4, broken.column()); // json.loads: "Expecting value: line 2 column 4"
        assertEquals(1, assertThrows(PythonJson.NotJson.class, () -> PythonJson.read("  \n")).error().line());
        assertThrows(PythonJson.NotJson.class, () -> PythonJson.read("[\"a\u0001\"]"));
        assertThrows(PythonJson.NotJson.class, () -> PythonJson.read("[01]"));
    }

    @Test
    void countsJobOutputsOnUtf16AsGitHubDoes() {
        assertEquals(6, PythonJson.utf16Bytes("a\u00e9c"));
        assertEquals(4, PythonJson.utf16Bytes("\ud83d\ude00"));
    }

    @Test
    void writesFloatsAsPythonReprDoes() {
        assertEquals("0.5", PythonJson.floatRepr(0.5));
        assertEquals("1.0", PythonJson.floatRepr(1.0));
        assertEquals("1e-05", PythonJson.floatRepr(1e-5));
        assertEquals("0.0001", PythonJson.floatRepr(1e-4));
        assertEquals("1e+16", PythonJson.floatRepr(1e16));
        assertEquals("1000000000000000.0", PythonJson.floatRepr(1e15));
        assertEquals("0.30000000000000004", PythonJson.floatRepr(0.1 + 0.2));
        assertEquals("1.2345678901234568e+17", PythonJson.floatRepr(123456789012345678.0));
        assertEquals("-2.5", PythonJson.floatRepr(-2.5));
        assertEquals("0.95", PythonJson.floatRepr(0.95));
        assertEquals("5e-324", PythonJson.floatRepr(Double.MIN_VALUE));
        assertEquals("1.7976931348623157e+308", PythonJson.floatRepr(Double.MAX_VALUE));
        // Java 17's Double.toString gives 2.0E-3 style and, for some values, more digits than needed
        assertEquals("2e-323", PythonJson.floatRepr(2.0E-323));
        // next to a power of two the nearest decimal of 17 digits is not the only one that reads back
        assertEquals("7.120236347223045e-307", PythonJson.floatRepr(Math.scalb(1.0, -1017)));
        assertEquals("9007199254740992.0", PythonJson.floatRepr(9007199254740992.0));
        assertEquals("2e+23", PythonJson.floatRepr(2e23));
        assertEquals("NaN", PythonJson.floatRepr(Double.NaN));
        assertEquals("Infinity", PythonJson.floatRepr(Double.POSITIVE_INFINITY));
        assertEquals("-Infinity", PythonJson.floatRepr(Double.NEGATIVE_INFINITY));
        assertEquals("0.0", PythonJson.floatRepr(0.0));
        assertEquals("-0.0", PythonJson.floatRepr(-0.0));
        assertEquals("-1e-05", PythonJson.floatRepr(-1e-5));
        assertEquals("1.5e+300", PythonJson.floatRepr(1.5e300));
    }
}
