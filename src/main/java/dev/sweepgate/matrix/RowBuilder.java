package dev.sweepgate.matrix;

import dev.sweepgate.config.Component;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.SearchEntry;
import dev.sweepgate.config.Worker;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds the four row shapes of matrix.md, fields in the order the reference writes them. */
final class RowBuilder {
    static final int AGENTIC_DURATION_SECONDS = 3600;
    /** Room the server needs beyond prompt and answer. */
    static final int MODEL_LEN_HEADROOM = 256;
    private static final String NONE = "none";

    private RowBuilder() {
    }

    static Row fixedSingleNode(MasterConfig config, SeqLen seqLen, SearchEntry entry, int ep, String runner, int conc) {
        Map<String, Object> row = header(config, runner);
        row.put("isl", seqLen.isl());
        row.put("osl", seqLen.osl());
        row.put("tp", entry.tp());
        row.put("pp", entry.pp());
        row.put("dcp-size", entry.dcpSize());
        row.put("pcp-size", entry.pcpSize());
        row.put("conc", conc);
        row.put("max-model-len", maxModelLen(seqLen));
        row.put("ep", ep);
        row.put("dp-attn", entry.dpAttn() != null && entry.dpAttn());
        row.put("spec-decoding", specDecoding(entry));
        row.put("exp-name", config.modelPrefix() + "_" + seqLen.name());
        row.put("disagg", false);
        row.put("run-eval", false);
        return finish(row, config, entry);
    }

    static Row fixedMultiNode(MasterConfig config, SeqLen seqLen, SearchEntry entry, String runner, List<Integer> concs) {
        Map<String, Object> row = header(config, runner);
        row.put("isl", seqLen.isl());
        row.put("osl", seqLen.osl());
        row.put("spec-decoding", specDecoding(entry));
        row.put("prefill", worker(entry.prefill()));
        row.put("decode", worker(entry.decode()));
        row.put("conc", List.copyOf(concs));
        row.put("max-model-len", maxModelLen(seqLen));
        row.put("exp-name", config.modelPrefix() + "_" + seqLen.name());
        row.put("disagg", config.disagg());
        row.put("run-eval", false);
        return finish(row, config, entry);
    }

    static Row agenticSingleNode(MasterConfig config, SearchEntry entry, String runner, int conc, long dramGb) {
        Map<String, Object> row = header(config, runner);
        String kvOffloading = kvOffloading(entry);
        row.put("tp", entry.tp());
        row.put("pp", entry.pp());
        row.put("dcp-size", entry.dcpSize());
        row.put("pcp-size", entry.pcpSize());
        row.put("ep", entry.ep() == null ? 1 : entry.ep());
        row.put("dp-attn", entry.dpAttn() != null && entry.dpAttn());
        row.put("spec-decoding", specDecoding(entry));
        row.put("conc", conc);
        row.put("kv-offloading", kvOffloading);
        row.put("total-cpu-dram-gb", dramGb);
        row.put("duration", AGENTIC_DURATION_SECONDS);
        String expName = config.modelPrefix() + "_tp" + entry.tp() + "_conc" + conc + "_" + kvTag(entry);
        if (!NONE.equals(specDecoding(entry))) {
            expName += "_spec-" + specDecoding(entry);
        }
        row.put("exp-name", expName);
        row.put("scenario-type", "agentic-coding");
        if (entry.kvOffloadBackend() != null) {
            row.put("kv-offload-backend", component(entry.kvOffloadBackend()));
        }
        return finish(row, config, entry);
    }

    static Row agenticMultiNode(MasterConfig config, SearchEntry entry, String runner, int conc, long dramGb) {
        Map<String, Object> row = header(config, runner);
        String kvOffloading = kvOffloading(entry);
        row.put("spec-decoding", specDecoding(entry));
        row.put("prefill", worker(entry.prefill()));
        row.put("decode", worker(entry.decode()));
        row.put("conc", List.of(conc));
        row.put("kv-offloading", kvOffloading);
        row.put("total-cpu-dram-gb", dramGb);
        row.put("duration", AGENTIC_DURATION_SECONDS);
        String expName = config.modelPrefix() + "_" + workerTag("p", entry.prefill()) + "_"
                + workerTag("d", entry.decode()) + "_conc" + conc;
        if (!NONE.equals(kvOffloading)) {
            expName += "_" + kvTag(entry);
        }
        row.put("exp-name", expName);
        row.put("disagg", config.disagg());
        row.put("scenario-type", "agentic-coding");
        if (entry.kvOffloadBackend() != null) {
            row.put("kv-offload-backend", component(entry.kvOffloadBackend()));
        }
        return finish(row, config, entry);
    }

    private static Map<String, Object> header(MasterConfig config, String runner) {
        Map<String, Object> row = Row.newFields();
        row.put("image", config.image());
        row.put("model", config.model());
        row.put("model-prefix", config.modelPrefix());
        row.put("precision", config.precision());
        row.put("framework", config.framework());
        row.put("runner", runner);
        return row;
    }

    /** The router, and for multi-node rows the KV transfer, of the entry or else of the config. */
    private static Row finish(Map<String, Object> row, MasterConfig config, SearchEntry entry) {
        Component router = entry.router() != null ? entry.router() : config.router();
        if (router != null) {
            row.put("router", component(router));
        }
        if (entry.multiNode()) {
            String transfer = entry.kvP2pTransfer() != null ? entry.kvP2pTransfer() : config.kvP2pTransfer();
            if (transfer != null) {
                row.put("kv-p2p-transfer", transfer);
            }
        }
        return new Row(row);
    }

    private static int maxModelLen(SeqLen seqLen) {
        return seqLen.isl() + seqLen.osl() + MODEL_LEN_HEADROOM;
    }

    private static String specDecoding(SearchEntry entry) {
        return entry.specDecoding() == null ? NONE : entry.specDecoding();
    }

    private static String kvOffloading(SearchEntry entry) {
        return entry.kvOffloading() == null ? NONE : entry.kvOffloading();
    }

    /** {@code kvnone}, or {@code kv<offloading>-<backend name>}. */
    private static String kvTag(SearchEntry entry) {
        String kvOffloading = kvOffloading(entry);
        if (NONE.equals(kvOffloading)) {
            return "kvnone";
        }
        Component backend = entry.kvOffloadBackend();
        return backend == null ? "kv" + kvOffloading : "kv" + kvOffloading + "-" + backend.name();
    }

    /** {@code p2x8ep16dpa}: worker count x tp, then ep when not 1, then dpa with DP attention. */
    private static String workerTag(String role, Worker worker) {
        StringBuilder tag = new StringBuilder(role).append(worker.numWorker()).append('x').append(worker.tp());
        if (worker.ep() != 1) {
            tag.append("ep").append(worker.ep());
        }
        if (worker.dpAttn()) {
            tag.append("dpa");
        }
        return tag.toString();
    }

    /** The worker as written, plus pp, dcp-size and pcp-size with their defaults. */
    static Map<String, Object> worker(Worker worker) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("num-worker", worker.numWorker());
        map.put("tp", worker.tp());
        map.put("ep", worker.ep());
        map.put("dp-attn", worker.dpAttn());
        if (worker.hardware() != null) {
            map.put("hardware", worker.hardware());
        }
        if (worker.additionalSettings() != null) {
            map.put("additional-settings", worker.additionalSettings());
        }
        map.put("pp", worker.pp());
        map.put("dcp-size", worker.dcpSize());
        map.put("pcp-size", worker.pcpSize());
        return Collections.unmodifiableMap(map);
    }

    static Map<String, Object> component(Component component) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("name", component.name());
        if (component.version() != null) {
            map.put("version", component.version());
        }
        return Collections.unmodifiableMap(map);
    }
}
