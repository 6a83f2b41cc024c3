package dev.sweepgate.config;

import dev.sweepgate.problem.Position;
import java.util.List;

/**
 * A prefill or decode worker of a multi-node entry. pp, dcp-size and pcp-size carry their
 * defaults (1); hardware and additionalSettings are null when not written, because the
 * generator only writes keys that were written.
 */
public record Worker(int numWorker, int tp, int pp, int dcpSize, int pcpSize, int ep, boolean dpAttn,
                     String hardware, List<String> additionalSettings, Position pos) {
    public Worker {
        additionalSettings = additionalSettings == null ? null : List.copyOf(additionalSettings);
    }
}
