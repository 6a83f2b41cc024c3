package dev.sweepgate.cli;

import dev.sweepgate.matrix.Row;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a matrix holds, for a person at a terminal: the full sweep is over a megabyte of JSON,
 * which scrolls past unread. The JSON itself still goes to a pipe or a file, and to the terminal
 * on request.
 */
record RowSummary(int rows, int evals, Map<String, int[]> perModel) {
    static RowSummary of(List<Row> rows) {
        Map<String, int[]> perModel = new TreeMap<>();
        int evals = 0;
        for (Row row : rows) {
            boolean eval = Boolean.TRUE.equals(row.fields().get("run-eval"));
            int[] counts = perModel.computeIfAbsent(String.valueOf(row.fields().get("model-prefix")), k -> new int[2]);
            counts[0]++;
            if (eval) {
                counts[1]++;
                evals++;
            }
        }
        return new RowSummary(rows.size(), evals, perModel);
    }

    String render() {
        StringBuilder text = new StringBuilder();
        text.append(rows).append(rows == 1 ? " matrix row" : " matrix rows").append(" (").append(evals)
                .append(" with an eval) of ").append(perModel.size()).append(perModel.size() == 1 ? " model" : " models")
                .append('\n');
        int width = Math.max("model-prefix".length(),
                perModel.keySet().stream().mapToInt(String::length).max().orElse(0));
        text.append(String.format("  %-" + width + "s  %6s  %6s%n", "model-prefix", "rows", "evals"));
        perModel.forEach((model, counts) ->
                text.append(String.format("  %-" + width + "s  %6d  %6d%n", model, counts[0], counts[1])));
        text.append("The JSON matrix goes to a pipe or a file (add > matrix.json to the command), "
                + "or to this terminal with --format json.\n");
        return text.toString();
    }
}
