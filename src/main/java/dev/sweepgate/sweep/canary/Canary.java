package dev.sweepgate.sweep.canary;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The canary of the benchmark repository's run-sweep.yml (job {@code canary-select}): one cheap
 * benchmark that runs before the rest of the sweep. Among the rows of {@code single_node.1k1k}
 * and then {@code single_node.8k1k} whose {@code run-eval} is not {@code true}, the first with the
 * lowest {@code conc} (jq's {@code min_by}: the first of equals, values in jq's order); the rest of
 * the sweep is the sweep without that one row.
 */
public final class Canary {
    public static final String SINGLE_NODE = "single_node";
    /** The buckets the canary is picked from, in the order their rows are considered. */
    public static final List<String> BUCKETS = List.of("1k1k", "8k1k");

    private Canary() {
    }

    /**
     * {@code {"canary": [row] or [], "remaining": sweep}}, as the reference's jq program writes it:
     * {@code remaining} always has {@code single_node} with both buckets (an absent one becomes
     * {@code []}, added after the others). The given tree is not changed.
     */
    public static ObjectNode select(JsonNode sweep) {
        ObjectNode remaining = sweep.deepCopy();
        JsonNode single = remaining.get(SINGLE_NODE);
        ObjectNode buckets = single instanceof ObjectNode object ? object : JsonNodeFactory.instance.objectNode();
        remaining.set(SINGLE_NODE, buckets);
        for (String name : BUCKETS) {
            if (!(buckets.get(name) instanceof ArrayNode)) {
                buckets.set(name, JsonNodeFactory.instance.arrayNode());
            }
        }

        ArrayNode owner = null;
        int at = -1;
        JsonNode best = null;
        for (String name : BUCKETS) {
            ArrayNode rows = (ArrayNode) buckets.get(name);
            for (int i = 0; i < rows.size(); i++) {
                JsonNode row = rows.get(i);
                if (runsEval(row)) {
                    continue;
                }
                // strictly lower: of equal concs, the first one stays
                if (best == null || JqOrder.INSTANCE.compare(row.get("conc"), best.get("conc")) < 0) {
                    best = row;
                    owner = rows;
                    at = i;
                }
            }
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        ArrayNode canary = out.putArray("canary");
        if (owner != null) {
            canary.add(owner.remove(at));
        }
        out.set("remaining", remaining);
        return out;
    }

    /** jq's {@code .["run-eval"] == true}: only the boolean true counts. */
    private static boolean runsEval(JsonNode row) {
        JsonNode value = row.get("run-eval");
        return value != null && value.isBoolean() && value.booleanValue();
    }
}
