package dev.sweepgate.config;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code configs/runners.yaml}: runner labels with their nodes, and node hardware per label.
 * Maps keep file order.
 */
public record RunnerConfig(Map<String, List<String>> labels, Map<String, Hardware> hardware) {

    public record Hardware(long availableCpuDramMib, long gpusPerNode) {
        // Written out (with the generated ones' hash): a record's own link method handles on first use,
        // on every run, as no AOT cache holds them (docs/speed.md).
        @Override
        public boolean equals(Object other) {
            return other instanceof Hardware h && availableCpuDramMib == h.availableCpuDramMib && gpusPerNode == h.gpusPerNode;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(availableCpuDramMib) * 31 + Long.hashCode(gpusPerNode);
        }
    }

    // Written out (with the generated ones' hash): a record's own link method handles on first use,
    // on every run, as no AOT cache holds them (docs/speed.md).
    @Override
    public boolean equals(Object other) {
        return other instanceof RunnerConfig r && Objects.equals(labels, r.labels) && Objects.equals(hardware, r.hardware);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(labels) * 31 + Objects.hashCode(hardware);
    }
}
