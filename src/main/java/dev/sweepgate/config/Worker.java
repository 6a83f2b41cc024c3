package dev.sweepgate.config;

import dev.sweepgate.problem.Position;
import java.util.List;

/**
 * A prefill or decode worker of a multi-node entry. pp, dcp-size and pcp-size carry their
 * defaults (1); hardware and additionalSettings are null when not written, because the
 * generator only writes keys that were written.
 *
 * @param settingPositions where each additional setting was written (empty when unknown), for lint messages
 */
public record Worker(int numWorker, int tp, int pp, int dcpSize, int pcpSize, int ep, boolean dpAttn,
                     String hardware, List<String> additionalSettings, Position pos, List<Position> settingPositions) {
    public Worker {
        additionalSettings = additionalSettings == null ? null : List.copyOf(additionalSettings);
        settingPositions = settingPositions == null ? List.of() : List.copyOf(settingPositions);
    }

    public Worker(int numWorker, int tp, int pp, int dcpSize, int pcpSize, int ep, boolean dpAttn,
                  String hardware, List<String> additionalSettings, Position pos) {
        this(numWorker, tp, pp, dcpSize, pcpSize, ep, dpAttn, hardware, additionalSettings, pos, List.of());
    }

    /** Where the i-th additional setting was written, or the worker's own position. */
    public Position settingPosition(int index) {
        return index < settingPositions.size() ? settingPositions.get(index) : pos;
    }
}
