package dev.sweepgate.plan;

import dev.sweepgate.matrix.Row;
import java.util.List;
import java.util.Map;

/**
 * GPUs a matrix job occupies, from its row alone. One serving instance spans tp·pp·pcp-size
 * GPUs: expert parallelism (ep), attention data parallelism (dp-attn) and decode context
 * parallelism (dcp-size) are laid out over the tensor-parallel GPUs, while pipeline stages and
 * prefill context-parallel groups each add a set of them — the footprint the DRAM budget of
 * agentic rows counts too. A single-node row is one instance; a multi-node row runs
 * num-worker instances of each of its prefill and decode workers.
 */
public final class Gpus {
    private Gpus() {
    }

    /** The job's GPUs; null when a field the formula needs is absent (the row does not determine it). */
    public static Integer perJob(Row row) {
        if (row.isMultiNode()) {
            Integer prefill = workers(row.get("prefill"));
            Integer decode = workers(row.get("decode"));
            return prefill == null || decode == null ? null : prefill + decode;
        }
        return instance(row.fields());
    }

    private static Integer workers(Object worker) {
        if (!(worker instanceof Map<?, ?> fields) || !(fields.get("num-worker") instanceof Number count)) {
            return null;
        }
        Integer instance = instance(fields);
        return instance == null ? null : count.intValue() * instance;
    }

    /** tp·pp·pcp-size; pp and pcp-size default to 1, tp has no default. */
    private static Integer instance(Map<?, ?> fields) {
        if (!(fields.get("tp") instanceof Number tp)) {
            return null;
        }
        int gpus = tp.intValue();
        for (String factor : List.of("pp", "pcp-size")) {
            Object value = fields.get(factor);
            if (value instanceof Number n) {
                gpus *= n.intValue();
            } else if (value != null) {
                return null;
            }
        }
        return gpus;
    }
}
