package dev.sweepgate.config;

import static dev.sweepgate.schema.Kind.bool;
import static dev.sweepgate.schema.Kind.integer;
import static dev.sweepgate.schema.Kind.listOf;
import static dev.sweepgate.schema.Kind.nonEmptyListOf;
import static dev.sweepgate.schema.Kind.nonEmptyString;
import static dev.sweepgate.schema.Kind.object;
import static dev.sweepgate.schema.Kind.oneOf;
import static dev.sweepgate.schema.Kind.string;
import static dev.sweepgate.schema.Field.optional;
import static dev.sweepgate.schema.Field.required;

import dev.sweepgate.schema.Field;
import dev.sweepgate.schema.Format;
import dev.sweepgate.schema.Kind;
import dev.sweepgate.schema.Shape;
import java.util.List;

/**
 * The fields of the master configs and the runner config (configs.md): the one definition
 * that the binders read fields with (allowed keys, required fields, each field's type) and
 * that {@code sweepgate schema} turns into JSON Schema. Rules across fields stay in the binders.
 */
public final class ConfigFormat {
    private ConfigFormat() {
    }

    public static final List<String> SPEC_DECODING = List.of("mtp", "draft_model", "none");
    public static final List<String> KV_OFFLOADING = List.of("none", "dram");

    static final Shape COMPONENT = Shape.of("component", "Component",
            "A component the recipe runs: exactly its name and its own release.",
            required("name", nonEmptyString(), "The component's name, such as sglang-router."),
            required("version", nonEmptyString(), "The component's own release, such as 0.5.2 "
                    + "(not the image it ships in: a version must not start with `image:`)."));
    static final Shape KV_OFFLOAD_BACKEND = Shape.of("kv-offload-backend", "KV-offload backend",
            "The backend that offloads KV cache to DRAM: its name and, optionally, its own release.",
            COMPONENT.field("name"), COMPONENT.field("version").asOptional());

    // Fields shared by search-space entries and workers.
    private static final Field TP = required("tp", integer(1), "Tensor parallelism (≥ 1); must be divisible by dcp-size.");
    private static final Field PP = optional("pp", integer(1), "Pipeline parallelism (≥ 1).").withDefault(1);
    private static final Field DCP_SIZE = optional("dcp-size", integer(1),
            "Decode context parallelism (≥ 1); must divide tp.").withDefault(1);
    private static final Field PCP_SIZE = optional("pcp-size", integer(1), "Prefill context parallelism (≥ 1).").withDefault(1);
    private static final Field EP = optional("ep", integer(1), "Expert parallelism (≥ 1).");
    private static final Field DP_ATTN = optional("dp-attn", bool(), "Data-parallel attention.");
    private static final Field SPEC = optional("spec-decoding", oneOf(SPEC_DECODING),
            "Speculative decoding.").withDefault("none");
    private static final Field ROUTER = optional("router", object(COMPONENT),
            "The router; declared at the top of the config or in its search-space entries, never both.");
    private static final Field TRANSFER = optional("kv-p2p-transfer", nonEmptyString(),
            "The KV transfer between prefill and decode, such as nixl; needs multinode: true; declared at the top "
                    + "of the config or in its search-space entries, never both.");
    private static final Field CONC_LIST = optional("conc-list", nonEmptyListOf(integer(1)),
            "The concurrencies to run (each ≥ 1); instead of conc-start and conc-end.");
    private static final Field CONC_START = optional("conc-start", integer(1),
            "The lowest concurrency of a range (≥ 1, ≤ conc-end); with conc-end, instead of conc-list.");
    private static final Field CONC_END = optional("conc-end", integer(1),
            "The highest concurrency of a range (≥ conc-start); with conc-start, instead of conc-list.");
    private static final Field KV_OFFLOADING_FIELD = optional("kv-offloading", oneOf(KV_OFFLOADING),
            "Where KV cache is offloaded; required in the single-node form.");
    private static final Field BACKEND = optional("kv-offload-backend", object(KV_OFFLOAD_BACKEND),
            "Required when kv-offloading is dram, refused otherwise.");

    static final Shape WORKER = Shape.of("worker", "Worker",
            "The prefill or decode workers of a multi-node entry.",
            required("num-worker", integer(0), "How many workers (≥ 0)."),
            TP, PP, DCP_SIZE, PCP_SIZE, EP.asRequired(), DP_ATTN.asRequired(),
            optional("hardware", nonEmptyString(), "The hardware label; set on both prefill and decode or on neither."),
            optional("additional-settings", listOf(string()), "Extra settings, such as KEY=VALUE.").withDefault(List.of()));

    private static final Field PREFILL = required("prefill", object(WORKER), "The prefill workers.");
    private static final Field DECODE = required("decode", object(WORKER), "The decode workers.");

    static final Shape SINGLE_NODE_ENTRY = Shape.of("single-node-entry", "Single-node search-space entry",
            "A fixed-seq-len search-space entry of a multinode: false config.",
            TP, PP, DCP_SIZE, PCP_SIZE, EP, DP_ATTN, SPEC, ROUTER, CONC_LIST, CONC_START, CONC_END)
            .exactlyOneOf(List.of("conc-list"), List.of("conc-start", "conc-end"));
    static final Shape MULTI_NODE_ENTRY = Shape.of("multi-node-entry", "Multi-node search-space entry",
            "A fixed-seq-len search-space entry of a multinode: true config.",
            SPEC, PREFILL, DECODE, ROUTER, TRANSFER, CONC_LIST, CONC_START, CONC_END)
            .exactlyOneOf(List.of("conc-list"), List.of("conc-start", "conc-end"));
    static final Shape AGENTIC_ENTRY = Shape.of("agentic-entry", "Agentic-coding search-space entry",
            "Single-node form (multinode: false configs): tp and kv-offloading, no workers. Multi-node form "
                    + "(multinode: true configs): prefill and decode, no tp, pp, dcp-size or pcp-size.",
            TP.asOptional(), PP, DCP_SIZE, PCP_SIZE, EP, DP_ATTN, SPEC, ROUTER, TRANSFER,
            PREFILL.asOptional(), DECODE.asOptional(), CONC_LIST, CONC_START, CONC_END, KV_OFFLOADING_FIELD, BACKEND)
            .exactlyOneOf(List.of("tp", "kv-offloading"), List.of("prefill", "decode"))
            .exactlyOneOf(List.of("conc-list"), List.of("conc-start", "conc-end"));

    static final Shape FIXED_SEQ_LEN_ITEM = Shape.of("fixed-seq-len-item", "Fixed sequence length",
            "Input and output lengths and the search space run with them.",
            required("isl", integer(1), "Input sequence length (≥ 1)."),
            required("osl", integer(1), "Output sequence length (≥ 1)."),
            required("search-space", listOf(new Kind.AnyOf(List.of(object(SINGLE_NODE_ENTRY), object(MULTI_NODE_ENTRY)))),
                    "The entries: single-node entries in multinode: false configs, multi-node entries in multinode: true ones."));
    static final Shape AGENTIC_ITEM = Shape.of("agentic-coding-item", "Agentic coding",
            "An agentic-coding scenario and its search space.",
            required("search-space", listOf(object(AGENTIC_ENTRY)), "The entries."),
            optional("dram-utilization", new Kind.Num(0.0, 1.0),
                    "The share of the runner's CPU DRAM to use, in (0, 1]; required when an entry sets kv-offloading: dram."));
    static final Shape SCENARIOS = Shape.of("scenarios", "Scenarios",
            "At least one of the two must be a non-empty list.",
            optional("fixed-seq-len", listOf(object(FIXED_SEQ_LEN_ITEM)), "Fixed-sequence-length scenarios."),
            optional("agentic-coding", listOf(object(AGENTIC_ITEM)),
                    "Agentic-coding scenarios; the config's runner must then be a `cluster:` label."));

    static final Shape CONFIG = Shape.of("config", "Master config",
            "One benchmark recipe. Rules across fields are checked by `sweepgate validate-configs`.",
            required("image", string(), "The container image."),
            required("model", string(), "The model."),
            required("model-prefix", string(), "The model's short name, such as dsr1."),
            required("precision", string(), "The precision, such as fp8."),
            required("framework", string(), "The serving framework, such as sglang."),
            required("runner", string(), "The runner label of configs/runners.yaml."),
            required("multinode", bool(), "Whether the recipe runs prefill and decode workers on several nodes."),
            optional("disagg", bool(), "Disaggregated serving; needs multinode: true and a kv-p2p-transfer.").withDefault(false),
            ROUTER, TRANSFER,
            required("scenarios", object(SCENARIOS), "The scenarios to run."));

    /** A master config file: config key → config. */
    public static final Kind MASTER = new Kind.MapOf(object(CONFIG), "^[^*]*$",
            "`*` is reserved for changelog wildcards: a config key must not contain it");

    static final Shape HARDWARE = Shape.of("hardware", "Runner hardware",
            "What one runner label's nodes have.",
            required("available-cpu-dram-mib", integer(1), "CPU DRAM available for KV offloading, in MiB (≥ 1)."),
            required("gpus-per-node", integer(1), "GPUs per node (≥ 1)."));
    static final Shape RUNNER_CONFIG = Shape.of("runner-config", "Runner config",
            "configs/runners.yaml: runner labels and their nodes.",
            required("labels", new Kind.MapOf(nonEmptyListOf(string()), null, null),
                    "Runner label → the names of its runner nodes (a non-empty list)."),
            optional("hardware", new Kind.MapOf(object(HARDWARE), null, null),
                    "Runner label → its hardware; labels need not appear under labels."));

    /** The runner config file. */
    public static final Kind RUNNERS = object(RUNNER_CONFIG);

    public static final Format MASTER_FILE = new Format("urn:sweepgate:schema:master-config",
            "sweepgate master config",
            "A master config (such as configs/nvidia-master.yaml): config key → config. Generated from the field "
                    + "definitions `sweepgate validate-configs` reads configs with. Rules across fields are checked by "
                    + "validate-configs only, not by this schema: single-node entries in multinode: false configs and "
                    + "multi-node entries in multinode: true ones; disagg needs multinode: true and a kv-p2p-transfer; "
                    + "router and kv-p2p-transfer declared once (config or entries); kv-p2p-transfer only with "
                    + "multinode: true; tp divisible by dcp-size; conc-start ≤ conc-end; prefill and decode hardware "
                    + "set together; kv-offload-backend exactly when kv-offloading is dram; dram-utilization when "
                    + "offloading to DRAM; a component version not starting with `image:`; at least one non-empty "
                    + "scenario list; agentic configs on `cluster:` runners; a config key defined once across the "
                    + "master files; the runner's DRAM budget; golden acceptance lengths. YAML 1.1 scalars are "
                    + "resolved first (yes is a boolean, 1e3 a string).",
            MASTER);

    public static final Format RUNNERS_FILE = new Format("urn:sweepgate:schema:runner-config",
            "sweepgate runner config",
            "configs/runners.yaml. Generated from the field definitions `sweepgate validate-configs` reads it with.",
            RUNNERS);
}
