package dev.sweepgate.sweep.split;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The buckets of a sweep as a workflow reads them: every array of rows at the top level
 * ({@code evals}, ...) or one level down ({@code single_node.8k1k}), in the document's order,
 * whatever annotation the rows carry. The changelog metadata is not a bucket.
 */
public final class SweepBuckets {
    public static final String METADATA = "changelog_metadata";

    private SweepBuckets() {
    }

    /** Bucket path (levels joined by dots) to its rows, in document order; empty buckets included. */
    public static Map<String, ArrayNode> of(JsonNode sweep) {
        Map<String, ArrayNode> buckets = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = sweep.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> top = it.next();
            if (top.getKey().equals(METADATA)) {
                continue;
            }
            if (top.getValue() instanceof ArrayNode rows) {
                buckets.put(top.getKey(), rows);
            } else if (top.getValue().isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> inner = top.getValue().fields(); inner.hasNext(); ) {
                    Map.Entry<String, JsonNode> bucket = inner.next();
                    if (bucket.getValue() instanceof ArrayNode rows) {
                        buckets.put(top.getKey() + "." + bucket.getKey(), rows);
                    }
                }
            }
        }
        return buckets;
    }
}
