package dev.sweepgate.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.sweepgate.matrix.Row;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AppendOnlyTest {

    private static Row row(Map<String, Object> extra) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("image", "img:1");
        f.put("model", "m");
        f.put("model-prefix", "m");
        f.put("precision", "fp8");
        f.put("framework", "vllm");
        f.put("runner", "h200");
        f.put("isl", 1024);
        f.put("osl", 1024);
        f.put("tp", 8);
        f.putAll(extra);
        return new Row(f);
    }

    @Test
    void aVisualCurveIgnoresParallelismButNotWhatAReaderSeesAsAnotherLine() {
        Object base = AppendOnly.visualCurve(row(Map.of()));
        assertEquals(base, AppendOnly.visualCurve(row(Map.of("tp", 4, "ep", 4))));
        // defaults: absent disagg is false, absent spec-decoding is none, absent/empty/none offloading is off
        assertEquals(base, AppendOnly.visualCurve(row(Map.of("disagg", false, "spec-decoding", "none",
                "kv-offloading", "none"))));
        assertNotEquals(base, AppendOnly.visualCurve(row(Map.of("spec-decoding", "mtp"))));
        assertNotEquals(base, AppendOnly.visualCurve(row(Map.of("isl", 8192))));
        assertNotEquals(base, AppendOnly.visualCurve(row(Map.of("kv-offloading", "dram"))));
        assertNotEquals(base, AppendOnly.visualCurve(row(Map.of("prefill", Map.of("hardware", "gb200")))));
    }

    @Test
    void agenticCurvesIgnoreSequenceLengthsAndSpecDecoding() {
        Object agentic = AppendOnly.visualCurve(row(Map.of("scenario-type", "agentic-coding", "spec-decoding", "mtp")));
        assertEquals(agentic, AppendOnly.visualCurve(row(Map.of("scenario-type", "agentic-coding", "isl", 1))));
        assertNotEquals(agentic, AppendOnly.visualCurve(row(Map.of())));
    }

    @Test
    void aVisualCurveReadsAsTheLineAReaderSees() {
        // what an append-only message prints for a point that starts a new curve
        assertEquals(List.of("m", "m", "fp8", "vllm", "h200", false, "single_turn", 1024, 1024, "off", "none", "none", "none"),
                AppendOnly.visualCurve(row(Map.of("kv-offloading", ""))));
        assertEquals(Arrays.asList("m", "m", "fp8", "vllm", "h200", true, "agentic_traces", null, null, "on", "", "gb200", "b200"),
                AppendOnly.visualCurve(row(Map.of("scenario-type", "agentic-coding", "disagg", true, "kv-offloading", "dram",
                        "prefill", Map.of("hardware", "gb200"), "decode", Map.of("hardware", "b200")))));
        assertNotEquals(AppendOnly.visualCurve(row(Map.of("prefill", Map.of("hardware", "gb200")))),
                AppendOnly.visualCurve(row(Map.of("prefill", Map.of("hardware", "b200")))));
    }
}
