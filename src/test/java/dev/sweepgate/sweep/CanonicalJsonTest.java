package dev.sweepgate.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {

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
        //                .encode()).hexdigest() for this row, computed with Python 3 (key order is irrelevant).
        Map<String, Object> row = Map.of("image", "lmsysorg/sglang:v0.5.12-rocm700-mi30x",
                "model", "deepseek-ai/DeepSeek-R1-0528", "precision", "fp8", "runner", "mi300x",
                "isl", 8192, "osl", 1024L, "tp", 8, "dp-attn", false,
                "extra", Map.of("ratio", 1e-5, "note", "caf\u00e9 \ud83d\ude00"),
                "list", java.util.Arrays.asList(1L, 2.5, null));
        assertEquals("b104f552913b982fd5dbd64aa0ccedb204f8ff035ffb0a2ab2b523ff6cdb1d1a", CanonicalJson.sha256(row));
    }

    @Test
    void writesPythonFloatsAndKeysThatArePrefixesOfOthers() {
        assertEquals("[NaN,Infinity,-0.0,1e-05]", CanonicalJson.write(List.of(Double.NaN, Double.POSITIVE_INFINITY, -0.0, 1e-5)));
        assertEquals("{\"a\":2,\"ab\":1,\"b\":3}", CanonicalJson.write(new java.util.LinkedHashMap<>(
                java.util.Map.of("ab", 1, "b", 3, "a", 2))));
        // once a string needs escapes, the printable ASCII around them still stays as it is
        assertEquals("\" ~\\u00e9\"", CanonicalJson.write(" ~\u00e9"));
        assertEquals("\"\\u001f\\u007f\\u00e9\"", CanonicalJson.write("\u001f\u007f\u00e9"));
    }
}
