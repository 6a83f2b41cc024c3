package dev.sweepgate.sweep;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.matrix.Row;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Steps 8 and 9 of process-changelog: rows into buckets, written in the output schema
 * (with its defaults), plus the changelog metadata.
 */
public final class SweepJson {
    public static final String FINGERPRINT = "recipe-fingerprint";
    public static final String SINGLE_NODE = "single_node";
    public static final String MULTI_NODE = "multi_node";
    public static final List<String> EVAL_BUCKETS = List.of("evals", "agentic_evals", "multinode_evals",
            "multinode_agentic_evals");

    /*
     * The order of a row's fields in the reference's output, by kind of row (what its schema
     * writes: the fields of the row's model, in their order, absent optional ones left out).
     * The priority step copies that order into the job output, so it is the order the published
     * sweep and every queue token's path follow.
     */
    private static final List<String> FIXED_SINGLE = List.of("image", "model", "model-prefix", "precision",
            "framework", "spec-decoding", "runner", "isl", "osl", "tp", "pp", "dcp-size", "pcp-size", "ep", "dp-attn",
            "conc", "max-model-len", "exp-name", "disagg", "run-eval", "eval-only", "eval-conc", FINGERPRINT);
    private static final List<String> AGENTIC_SINGLE = List.of("image", "model", "model-prefix", "precision",
            "framework", "runner", "tp", "pp", "dcp-size", "pcp-size", "ep", "dp-attn", "spec-decoding", "conc",
            "kv-offloading", "kv-offload-backend", "router", "total-cpu-dram-gb", "duration", "exp-name",
            "scenario-type", "run-eval", "eval-only", "eval-conc", FINGERPRINT);
    private static final List<String> FIXED_MULTI = List.of("image", "model", "model-prefix", "precision",
            "framework", "spec-decoding", "runner", "isl", "osl", "prefill", "decode", "conc", "max-model-len",
            "exp-name", "disagg", "run-eval", "eval-only", "eval-conc", "eval-all-concs", "router", "kv-p2p-transfer",
            FINGERPRINT);
    private static final List<String> AGENTIC_MULTI = List.of("image", "model", "model-prefix", "precision",
            "framework", "spec-decoding", "runner", "prefill", "decode", "conc", "kv-offloading", "kv-offload-backend",
            "router", "kv-p2p-transfer", "total-cpu-dram-gb", "duration", "exp-name", "disagg", "scenario-type",
            "run-eval", "eval-only", "eval-conc", FINGERPRINT);
    private static final List<String> WORKER = List.of("num-worker", "tp", "pp", "dcp-size", "pcp-size", "ep",
            "dp-attn", "additional-settings");

    private SweepJson() {
    }

    /** The document process-changelog prints; every key is always present. */
    public static Map<String, Object> document(Sweep sweep, String baseRef, String headRef) {
        Map<String, Object> doc = new LinkedHashMap<>();
        Map<String, List<Object>> single = new LinkedHashMap<>();
        Map<String, List<Object>> multi = new LinkedHashMap<>();
        for (Row row : sweep.throughput()) {
            Map<String, List<Object>> target = isMultiNode(row) ? multi : single;
            target.computeIfAbsent(throughputBucket(row), k -> new ArrayList<>()).add(outputRow(row));
        }
        doc.put(SINGLE_NODE, single);
        doc.put(MULTI_NODE, multi);
        Map<String, List<Object>> evals = new LinkedHashMap<>();
        EVAL_BUCKETS.forEach(b -> evals.put(b, new ArrayList<>()));
        for (Row row : sweep.evals()) {
            evals.get(evalBucket(row)).add(outputRow(row));
        }
        doc.putAll(evals);
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("base_ref", baseRef);
        metadata.put("head_ref", headRef);
        List<Object> entries = new ArrayList<>();
        sweep.entries().forEach(e -> entries.add(entry(e)));
        metadata.put("entries", entries);
        doc.put("changelog_metadata", metadata);
        return doc;
    }

    /** {@code agentic}, or the sequence-length name ({@code 1k1k}, {@code 8k1k}, {@code {isl}_{osl}}). */
    public static String throughputBucket(Row row) {
        if (isAgentic(row)) {
            return "agentic";
        }
        return seqLenName(row.get("isl"), row.get("osl"));
    }

    /** Where a row goes in the document, levels joined by dots: {@code single_node.8k1k}, {@code evals}. */
    public static String bucketPath(Row row, boolean eval) {
        if (eval) {
            return evalBucket(row);
        }
        return (isMultiNode(row) ? MULTI_NODE : SINGLE_NODE) + "." + throughputBucket(row);
    }

    public static String evalBucket(Row row) {
        boolean agentic = isAgentic(row);
        if (isMultiNode(row)) {
            return agentic ? "multinode_agentic_evals" : "multinode_evals";
        }
        return agentic ? "agentic_evals" : "evals";
    }

    static String seqLenName(Object isl, Object osl) {
        long i = ((Number) isl).longValue();
        long o = ((Number) osl).longValue();
        if (i == 1024 && o == 1024) {
            return "1k1k";
        }
        if (i == 8192 && o == 1024) {
            return "8k1k";
        }
        return i + "_" + o;
    }

    static boolean isAgentic(Row row) {
        return "agentic-coding".equals(row.get("scenario-type"));
    }

    static boolean isMultiNode(Row row) {
        return row.fields().containsKey("prefill");
    }

    /** A row in the output schema: defaults filled in, nothing written as null. */
    public static Map<String, Object> outputRow(Row row) {
        Map<String, Object> out = new LinkedHashMap<>();
        row.fields().forEach((k, v) -> {
            if (v != null) {
                out.put(k, v);
            }
        });
        boolean agentic = isAgentic(row);
        boolean multi = isMultiNode(row);
        if (agentic) {
            out.remove("eval-all-concs");
        } else {
            out.putIfAbsent("eval-only", false);
            if (multi) {
                out.putIfAbsent("eval-all-concs", false);
            }
        }
        for (String worker : List.of("prefill", "decode")) {
            if (out.get(worker) instanceof Map<?, ?> w) {
                out.put(worker, outputWorker(w));
            }
        }
        return inOrder(out, multi ? (agentic ? AGENTIC_MULTI : FIXED_MULTI) : (agentic ? AGENTIC_SINGLE : FIXED_SINGLE));
    }

    /** The fields of {@code fields} in {@code order}; a field the order does not name keeps its place after them. */
    private static Map<String, Object> inOrder(Map<String, Object> fields, List<String> order) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String name : order) {
            Object value = fields.get(name);
            if (value != null) {
                out.put(name, value);
            }
        }
        fields.forEach(out::putIfAbsent);
        return out;
    }

    private static Map<String, Object> outputWorker(Map<?, ?> worker) {
        Map<String, Object> out = new LinkedHashMap<>();
        worker.forEach((k, v) -> {
            if (v != null) {
                out.put(String.valueOf(k), v);
            }
        });
        out.putIfAbsent("pp", 1);
        out.putIfAbsent("dcp-size", 1);
        out.putIfAbsent("pcp-size", 1);
        out.putIfAbsent("additional-settings", List.of());
        return inOrder(out, WORKER);
    }

    /** An entry as the metadata writes it: booleans always, optional fields only when set. */
    public static Map<String, Object> entry(ChangelogEntry e) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("config-keys", e.configKeys());
        out.put("description", e.description());
        out.put("pr-link", e.prLink());
        out.put("evals-only", e.evalsOnly());
        out.put("all-evals", e.allEvals());
        out.put("append-only", e.appendOnly());
        if (e.evalMinPrefillEp() != null) {
            out.put("eval-min-prefill-ep", e.evalMinPrefillEp());
        }
        if (e.scenarioTypes() != null) {
            out.put("scenario-type", e.scenarioTypes().stream().map(t -> t.key()).toList());
        }
        return out;
    }
}
