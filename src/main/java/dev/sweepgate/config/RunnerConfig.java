package dev.sweepgate.config;

import java.util.List;
import java.util.Map;

/**
 * {@code configs/runners.yaml}: runner labels with their nodes, and node hardware per label.
 * Maps keep file order.
 */
public record RunnerConfig(Map<String, List<String>> labels, Map<String, Hardware> hardware) {

    public record Hardware(long availableCpuDramMib, long gpusPerNode) {
    }
}
