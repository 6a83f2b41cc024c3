package dev.sweepgate.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The master configs in load order, and the runner config they run on.
 *
 * @param sources the bytes of the files read, by the name problems give them (for excerpts)
 */
public record ConfigSet(List<MasterConfig> configs, RunnerConfig runners, Map<String, byte[]> sources) {
    public ConfigSet {
        configs = List.copyOf(configs);
        sources = Map.copyOf(sources);
    }

    public ConfigSet(List<MasterConfig> configs, RunnerConfig runners) {
        this(configs, runners, Map.of());
    }

    public Optional<MasterConfig> get(String key) {
        return configs.stream().filter(c -> c.key().equals(key)).findFirst();
    }

    public List<String> keys() {
        return configs.stream().map(MasterConfig::key).toList();
    }

    public Map<String, MasterConfig> byKey() {
        Map<String, MasterConfig> map = new LinkedHashMap<>();
        configs.forEach(c -> map.put(c.key(), c));
        return map;
    }
}
