package dev.sweepgate.changelog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {

    @Test
    void writesFloatsAsPythonReprDoes() {
        assertEquals("0.5", CanonicalJson.pythonFloatRepr(0.5));
        assertEquals("1.0", CanonicalJson.pythonFloatRepr(1.0));
        assertEquals("1e-05", CanonicalJson.pythonFloatRepr(1e-5));
        assertEquals("0.0001", CanonicalJson.pythonFloatRepr(1e-4));
        assertEquals("1e+16", CanonicalJson.pythonFloatRepr(1e16));
        assertEquals("1000000000000000.0", CanonicalJson.pythonFloatRepr(1e15));
        assertEquals("0.30000000000000004", CanonicalJson.pythonFloatRepr(0.1 + 0.2));
        assertEquals("1.2345678901234568e+17", CanonicalJson.pythonFloatRepr(123456789012345678.0));
        assertEquals("-2.5", CanonicalJson.pythonFloatRepr(-2.5));
        assertEquals("0.95", CanonicalJson.pythonFloatRepr(0.95));
        assertEquals("5e-324", CanonicalJson.pythonFloatRepr(Double.MIN_VALUE));
        assertEquals("1.7976931348623157e+308", CanonicalJson.pythonFloatRepr(Double.MAX_VALUE));
        // Java 17's Double.toString gives 2.0E-3 style and, for some values, more digits than needed
        assertEquals("2e-323", CanonicalJson.pythonFloatRepr(2.0E-323));
    }

    @Test
    void sortsKeysAndEscapesLikeJsonDumpsWithEnsureAscii() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("b", List.of(1, 2L, true, false));
        value.put("a", "x\"y\\z/\n\r\t\b\f\u0001\u007f\u00e9\ud83d\ude00");
        value.put("c", null);
        value.put("A", Map.of("z", 1, "y", 0.5));
        assertEquals("{\"A\":{\"y\":0.5,\"z\":1},\"a\":\"x\\\"y\\\\z/\\n\\r\\t\\b\\f\\u0001\\u007f\\u00e9\\ud83d\\ude00\","
                + "\"b\":[1,2,true,false],\"c\":null}", CanonicalJson.write(value));
    }

    @Test
    void sortsKeysByCodePointNotUtf16Unit() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("\ud83d\ude00", 1);
        value.put("\uffff", 2);
        assertEquals("{\"\\uffff\":2,\"\\ud83d\\ude00\":1}", CanonicalJson.write(value));
    }

    @Test
    void fingerprintIsSha256OfTheCanonicalText() {
        // sha256 of {"a":1} as Python's hashlib computes it
        assertEquals("015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862",
                CanonicalJson.sha256(Map.of("a", 1)));
    }

    @Test
    void fingerprintOfAMatrixRowIsWhatPythonComputes() {
        // hashlib.sha256(json.dumps(row, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        //                .encode()).hexdigest() for this row, computed with Python 3.
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("image", "lmsysorg/sglang:v0.5.12-rocm700-mi30x");
        row.put("model", "deepseek-ai/DeepSeek-R1-0528");
        row.put("model-prefix", "dsr1");
        row.put("precision", "fp8");
        row.put("framework", "sglang");
        row.put("runner", "mi300x");
        row.put("isl", 8192);
        row.put("osl", 1024);
        row.put("tp", 8);
        row.put("pp", 1);
        row.put("conc", 4);
        row.put("max-model-len", 9472);
        row.put("ep", 1);
        row.put("dp-attn", false);
        row.put("spec-decoding", "none");
        row.put("exp-name", "dsr1_8k1k");
        row.put("disagg", false);
        row.put("run-eval", false);
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("ratio", 1e-5);
        extra.put("note", "caf\u00e9 \ud83d\ude00");
        row.put("extra", extra);
        row.put("list", java.util.Arrays.asList(1L, 2.5, null));
        assertEquals("84773740828cde83a6e0d35e45fc8d9a0ed59541fbb2599e947646542a350a8f", CanonicalJson.sha256(row));
    }
}
