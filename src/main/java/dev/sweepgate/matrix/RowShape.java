package dev.sweepgate.matrix;

import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The last check before rows leave the engine: each row must have the shape the benchmark
 * workflows read. The loader's rules make most of these impossible; they guard the engine.
 */
final class RowShape {
    private RowShape() {
    }

    static List<Problem> check(MasterConfig config, List<Row> rows) {
        Set<String> findings = new LinkedHashSet<>();
        for (Row row : rows) {
            findings.addAll(check(row));
        }
        Position at = config.pos() != null ? config.pos() : Position.ofFile("");
        List<Problem> problems = new ArrayList<>();
        for (String finding : findings) {
            problems.add(Problem.error(at, "matrix.row-shape", "config '" + config.key() + "' yields a matrix row where "
                    + finding));
        }
        return problems;
    }

    static List<String> check(Row row) {
        List<String> findings = new ArrayList<>();
        Object conc = row.get("conc");
        if (conc instanceof List<?> list) {
            if (list.isEmpty() || !allPositiveIntegers(list)) {
                findings.add("conc is not a non-empty list of positive integers: " + conc);
            }
        } else if (!(conc instanceof Integer i) || i < 1) {
            findings.add("conc is not a positive integer: " + conc);
        }
        if (row.get("total-cpu-dram-gb") instanceof Long gb && gb < 0) {
            findings.add("total-cpu-dram-gb is negative (" + gb + "); check the runner's hardware entry");
        }
        if (Boolean.TRUE.equals(row.get("disagg")) && !row.has("kv-p2p-transfer")) {
            findings.add("disagg is true but no kv-p2p-transfer is set; add kv-p2p-transfer to the config or"
                    + " to every search-space entry");
        }
        if (row.isMultiNode()) {
            for (String role : List.of("prefill", "decode")) {
                if (row.get(role) instanceof Map<?, ?> worker
                        && (!(worker.get("tp") instanceof Integer tp) || tp < 1
                        || !(worker.get("num-worker") instanceof Integer n) || n < 0)) {
                    findings.add(role + " needs tp >= 1 and num-worker >= 0");
                }
            }
        } else if (!(row.get("tp") instanceof Integer tp) || tp < 1) {
            findings.add("tp is not a positive integer: " + row.get("tp"));
        }
        return findings;
    }

    /** A loop, not a stream: it runs for every multi-node row, mostly before anything is compiled. */
    private static boolean allPositiveIntegers(List<?> values) {
        for (Object value : values) {
            if (!(value instanceof Integer i) || i < 1) {
                return false;
            }
        }
        return true;
    }
}
