package dev.sweepgate.matrix;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Which rows also run accuracy evals (matrix.md, "Eval policy"). Marking works on the full
 * list of expanded rows; --all-evals widens the selection; --evals-only and --all-evals keep
 * only the eval rows.
 */
final class EvalPolicy {
    /** Below this concurrency an eval says little about the served model. */
    static final int MIN_EVAL_CONC = 16;
    static final String RUN_EVAL = "run-eval";
    static final String EVAL_CONC = "eval-conc";
    static final String EVAL_ONLY = "eval-only";
    static final String EVAL_ALL_CONCS = "eval-all-concs";
    /** Fields that do not tell multi-node rows of one setup apart. */
    private static final Set<String> NOT_IN_GROUP_KEY =
            Set.of("conc", RUN_EVAL, EVAL_ONLY, EVAL_CONC, EVAL_ALL_CONCS, "exp-name");

    private EvalPolicy() {
    }

    static List<Row> apply(List<Row> rows, EvalMode mode) {
        if (mode == EvalMode.NONE) {
            return rows;
        }
        List<Row> marked = mark(rows, mode != EvalMode.MARK);
        if (mode == EvalMode.MARK) {
            return marked;
        }
        List<Row> selected = mode == EvalMode.ALL_EVALS ? widen(marked) : marked;
        List<Row> evalRows = new ArrayList<>();
        for (Row row : selected) {
            if (Boolean.TRUE.equals(row.get(RUN_EVAL))) {
                evalRows.add(row.with(EVAL_ONLY, true));
            }
        }
        return evalRows;
    }

    /** Rules 1-4: every row gets run-eval; marked multi-node rows get eval-conc. */
    static List<Row> mark(List<Row> rows, boolean includeAgentic) {
        boolean[] marks = new boolean[rows.size()];
        Integer[] evalConcs = new Integer[rows.size()];
        markSingleNodeFixed(rows, marks);
        markMultiNode(rows, row -> !row.isAgentic() && isEightKOneK(row), marks, evalConcs);
        if (includeAgentic) {
            markSingleNodeAgentic(rows, marks);
            markMultiNode(rows, Row::isAgentic, marks, evalConcs);
        }
        List<Row> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (evalConcs[i] != null) {
                row = row.with(RUN_EVAL, marks[i], EVAL_CONC, evalConcs[i]);
            } else if (!Boolean.valueOf(marks[i]).equals(row.get(RUN_EVAL))) {
                row = row.with(RUN_EVAL, marks[i]); // most rows already say false: copy only the others
            }
            out.add(row);
        }
        return out;
    }

    /** Rule 1: per setup, the largest and the median of the distinct concurrencies >= 16. */
    private static void markSingleNodeFixed(List<Row> rows, boolean[] marks) {
        Map<List<Object>, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (row.isAgentic() || row.isMultiNode() || !isEightKOneK(row) || conc(row) < MIN_EVAL_CONC) {
                continue;
            }
            List<Object> key = fields(row, "model", "runner", "framework", "precision", "isl", "osl",
                    "spec-decoding", "dp-attn");
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
        }
        for (List<Integer> members : groups.values()) {
            TreeSet<Integer> distinct = new TreeSet<>();
            for (int i : members) {
                distinct.add(conc(rows.get(i)));
            }
            List<Integer> sorted = new ArrayList<>(distinct);
            int largest = sorted.get(sorted.size() - 1);
            int median = sorted.get(sorted.size() / 2);
            for (int i : members) {
                int conc = conc(rows.get(i));
                if (conc == largest || conc == median) {
                    marks[i] = true;
                }
            }
        }
    }

    /** Rule 3, single-node part: per setup, the first row with the highest concurrency. */
    private static void markSingleNodeAgentic(List<Row> rows, boolean[] marks) {
        Map<List<Object>, Integer> best = new LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (!row.isAgentic() || row.isMultiNode()) {
                continue;
            }
            List<Object> key = fields(row, "model", "runner", "framework", "precision");
            Integer current = best.get(key);
            if (current == null || conc(row) > conc(rows.get(current))) {
                best.put(key, i);
            }
        }
        best.values().forEach(i -> marks[i] = true);
    }

    /**
     * Rules 2 and 3 (multi-node part): rows that differ only in concurrency form a setup; the
     * first row holding its highest concurrency >= 16 is marked and told which one to eval.
     */
    private static void markMultiNode(List<Row> rows, Predicate<Row> eligible, boolean[] marks,
                                      Integer[] evalConcs) {
        Map<Map<String, Object>, List<Integer>> groups = new LinkedHashMap<>();
        int[] maxConcs = new int[rows.size()]; // of the grouped rows: each row's list is scanned once
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (!row.isMultiNode() || !eligible.test(row)) {
                continue;
            }
            maxConcs[i] = maxConc(row);
            if (maxConcs[i] < MIN_EVAL_CONC) {
                continue;
            }
            groups.computeIfAbsent(row.except(NOT_IN_GROUP_KEY), k -> new ArrayList<>()).add(i);
        }
        for (List<Integer> members : groups.values()) {
            int highest = Integer.MIN_VALUE;
            for (int i : members) {
                highest = Math.max(highest, maxConcs[i]);
            }
            for (int i : members) {
                if (concs(rows.get(i)).contains(highest)) {
                    marks[i] = true;
                    evalConcs[i] = highest;
                    break;
                }
            }
        }
    }

    /**
     * --all-evals: every single-node agentic and single-node 8k1k row runs evals; multi-node
     * agentic and 8k1k rows of one setup merge into their first row over all concurrencies.
     */
    static List<Row> widen(List<Row> rows) {
        Map<Map<String, Object>, Integer> firstOfSetup = new LinkedHashMap<>();
        Map<Integer, TreeSet<Integer>> setupConcs = new LinkedHashMap<>();
        List<Row> out = new ArrayList<>(Collections.nCopies(rows.size(), (Row) null));
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            boolean widened = row.isAgentic() || isEightKOneK(row);
            if (!widened) {
                out.set(i, row);
            } else if (!row.isMultiNode()) {
                out.set(i, row.with(RUN_EVAL, true));
            } else {
                int index = i;
                int first = firstOfSetup.computeIfAbsent(row.except(NOT_IN_GROUP_KEY), k -> index);
                setupConcs.computeIfAbsent(first, k -> new TreeSet<>()).addAll(concs(row));
            }
        }
        for (Map.Entry<Integer, TreeSet<Integer>> setup : setupConcs.entrySet()) {
            Row first = rows.get(setup.getKey());
            List<Integer> all = List.copyOf(setup.getValue());
            Row merged = first.with("conc", all).with(RUN_EVAL, true);
            merged = first.isAgentic()
                    ? merged.with(EVAL_CONC, all.get(all.size() - 1))
                    : merged.without(EVAL_CONC).with(EVAL_ALL_CONCS, true);
            out.set(setup.getKey(), merged);
        }
        out.removeIf(Objects::isNull);
        return out;
    }

    private static boolean isEightKOneK(Row row) {
        return row.get("isl") instanceof Integer isl && row.get("osl") instanceof Integer osl
                && new SeqLen(isl, osl).isEightKOneK();
    }

    private static List<Object> fields(Row row, String... names) {
        List<Object> values = new ArrayList<>(names.length);
        for (String name : names) {
            values.add(row.get(name));
        }
        return values;
    }

    private static int conc(Row row) {
        return (Integer) row.get("conc");
    }

    @SuppressWarnings("unchecked")
    private static List<Integer> concs(Row row) {
        return (List<Integer>) row.get("conc");
    }

    private static int maxConc(Row row) {
        List<Integer> concs = concs(row);
        if (concs.isEmpty()) {
            return 0;
        }
        int max = Integer.MIN_VALUE;
        for (int conc : concs) {
            max = Math.max(max, conc);
        }
        return max;
    }
}
