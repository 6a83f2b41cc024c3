package dev.sweepgate.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTreeTest {
    private static Map<String, Object> document() {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("image", "vllm/vllm-openai:v0.9 é \uD83D\uDE80");
        row.put("conc", 64);
        row.put("big", 9_007_199_254_740_993L);
        row.put("ratio", 0.7225);
        row.put("tiny", 1.0E-5);
        row.put("budget", new BigDecimal("1.50"));
        row.put("run-eval", false);
        row.put("none", null);
        row.put("settings", List.of());
        row.put("conc-list", Arrays.asList(1, 2, 4));
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("single_node", Map.of("8k1k", List.of(row)));
        doc.put("evals", List.of());
        doc.put("changelog_metadata", Map.of());
        return doc;
    }

    @Test
    void aTreePrintsAsTheMapsItWasMadeFrom() {
        assertEquals(PrettyJson.write(document()), JsonTree.pretty(JsonTree.of(document())));
    }

    @Test
    void compactHasNoSpaceBetweenTokensAndKeepsNumbersAsWritten() {
        assertEquals("{\"single_node\":{\"8k1k\":[{\"image\":\"vllm/vllm-openai:v0.9 é \uD83D\uDE80\",\"conc\":64,"
                + "\"big\":9007199254740993,\"ratio\":0.7225,\"tiny\":1.0E-5,\"budget\":1.50,\"run-eval\":false,\"none\":null,"
                + "\"settings\":[],\"conc-list\":[1,2,4]}]},\"evals\":[],\"changelog_metadata\":{}}",
                JsonTree.compact(JsonTree.of(document())));
    }
}
