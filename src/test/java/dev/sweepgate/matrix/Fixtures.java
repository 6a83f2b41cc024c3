package dev.sweepgate.matrix;

import dev.sweepgate.config.Component;
import dev.sweepgate.config.Concurrency;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.RunnerConfig;
import dev.sweepgate.config.Scenario;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.config.SearchEntry;
import dev.sweepgate.config.Worker;
import dev.sweepgate.problem.Position;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Hand-built config records, so engine tests need no YAML. */
final class Fixtures {
    static final Position AT = new Position("configs/test-master.yaml", 1, 1);

    private Fixtures() {
    }

    static Concurrency range(int start, int end) {
        return new Concurrency.Range(start, end);
    }

    static Concurrency list(Integer... values) {
        return new Concurrency.ListOf(List.of(values));
    }

    /** A single-node entry: tp, optional ep / dp-attn, concurrency. */
    static SearchEntry single(int tp, Integer ep, Boolean dpAttn, Concurrency conc) {
        return new SearchEntry(tp, 1, 1, 1, ep, dpAttn, "none", null, null, conc, null, null, null, null, AT);
    }

    static SearchEntry singleAgentic(int tp, String kvOffloading, Component backend, String spec, Concurrency conc) {
        return new SearchEntry(tp, 1, 1, 1, null, null, spec, null, null, conc, null, null, kvOffloading, backend, AT);
    }

    static Worker worker(int numWorker, int tp, int ep, boolean dpAttn) {
        return new Worker(numWorker, tp, 1, 1, 1, ep, dpAttn, null, List.of("CONFIG_FILE=x.yaml"), AT);
    }

    static SearchEntry multi(Worker prefill, Worker decode, Concurrency conc) {
        return new SearchEntry(null, 1, 1, 1, null, null, "none", null, null, conc, prefill, decode, null, null, AT);
    }

    static SearchEntry multiAgentic(Worker prefill, Worker decode, String kvOffloading, Component backend,
                                    Concurrency conc) {
        return new SearchEntry(null, 1, 1, 1, null, null, "mtp", null, null, conc, prefill, decode, kvOffloading,
                backend, AT);
    }

    static Scenario.FixedSeqLen fixed(int isl, int osl, SearchEntry... entries) {
        return new Scenario.FixedSeqLen(isl, osl, List.of(entries), AT);
    }

    static Scenario.AgenticCoding agentic(Double dramUtilization, SearchEntry... entries) {
        return new Scenario.AgenticCoding(List.of(entries), dramUtilization, AT);
    }

    /** A config builder with sensible defaults; scenarios added in any order. */
    static final class Config {
        private final String key;
        private String runner = "b200";
        private String precision = "fp4";
        private String framework = "sglang";
        private String model = "org/model";
        private String prefix = "m";
        private boolean multinode;
        private boolean disagg;
        private Component router;
        private String transfer;
        private final List<Scenario.FixedSeqLen> fixed = new ArrayList<>();
        private final List<Scenario.AgenticCoding> agentic = new ArrayList<>();

        Config(String key) {
            this.key = key;
        }

        Config runner(String value) {
            runner = value;
            return this;
        }

        Config precision(String value) {
            precision = value;
            return this;
        }

        Config framework(String value) {
            framework = value;
            return this;
        }

        Config model(String value) {
            model = value;
            return this;
        }

        Config prefix(String value) {
            prefix = value;
            return this;
        }

        Config multinode(boolean disaggregated, String kvTransfer) {
            multinode = true;
            disagg = disaggregated;
            transfer = kvTransfer;
            return this;
        }

        Config router(Component value) {
            router = value;
            return this;
        }

        Config with(Scenario.FixedSeqLen scenario) {
            fixed.add(scenario);
            return this;
        }

        Config with(Scenario.AgenticCoding scenario) {
            agentic.add(scenario);
            return this;
        }

        MasterConfig build() {
            Set<ScenarioType> keys = EnumSet.noneOf(ScenarioType.class);
            if (!fixed.isEmpty()) {
                keys.add(ScenarioType.FIXED_SEQ_LEN);
            }
            if (!agentic.isEmpty()) {
                keys.add(ScenarioType.AGENTIC_CODING);
            }
            return new MasterConfig(key, "img:" + key, model, prefix, precision, framework, runner, multinode, disagg,
                    router, transfer, fixed, agentic, keys, null, AT);
        }
    }

    static Config config(String key) {
        return new Config(key);
    }

    static RunnerConfig runners() {
        Map<String, List<String>> labels = new LinkedHashMap<>();
        labels.put("b200", List.of("b200-nv_0", "b200-cw_0", "b200-nv_1", "b200-nv_0"));
        labels.put("h200", List.of("h200-a_0", "h200-b_1"));
        labels.put("gb200", List.of("gb200-nv_0"));
        labels.put("cluster:b200-dgxc", List.of("b200-dgxc_00", "b200-dgxc_01"));
        labels.put("cluster:gb200-nv", List.of("gb200-nv_0", "gb200-nv_1"));
        Map<String, RunnerConfig.Hardware> hardware = new LinkedHashMap<>();
        hardware.put("cluster:b200-dgxc", new RunnerConfig.Hardware(3_095_781, 8));
        hardware.put("cluster:gb200-nv", new RunnerConfig.Hardware(860_160, 4));
        return new RunnerConfig(labels, hardware);
    }

    static ConfigSet set(MasterConfig... configs) {
        return new ConfigSet(List.of(configs), runners());
    }

    static List<Object> column(List<Row> rows, String field) {
        return rows.stream().map(r -> r.get(field)).toList();
    }
}
