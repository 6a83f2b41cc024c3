package dev.sweepgate.sweep;

import dev.sweepgate.changelog.PyValues;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.matrix.Row;
import dev.sweepgate.problem.ProblemException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which config a row of a sweep comes from. The sweep expands an entry's configs together and its
 * rows do not name their config, so a row belongs to the first of the entry's configs that, expanded
 * alone by the one matrix engine, generates the same recipe (the row without what the eval policy
 * and the concurrency set). The configs' rows are expanded once each and kept.
 */
public final class RowOwners {
    /** Row fields the eval policy sets: a row's recipe is the same with or without them. */
    public static final List<String> NOT_RECIPE = List.of("conc", "exp-name", "run-eval", "eval-only", "eval-conc",
            "eval-all-concs", SweepJson.FINGERPRINT);

    private final SweepComputation computation;
    private final ConfigSet configs;
    private final Map<String, List<Row>> rows = new HashMap<>();
    private final Map<String, Set<Object>> recipes = new HashMap<>();

    public RowOwners(SweepComputation computation, ConfigSet configs) {
        this.computation = computation;
        this.configs = configs;
    }

    /** The throughput rows an entry selecting only {@code key} runs; none when the key cannot be expanded. */
    public List<Row> rows(String key) {
        return rows.computeIfAbsent(key, k -> {
            try {
                return computation.throughputRows(configs, k);
            } catch (ProblemException e) {
                return List.of();
            }
        });
    }

    /** The first of {@code keys} that generates {@code row}'s recipe, or null when none does. */
    public String owner(Row row, List<String> keys) {
        Object recipe = recipe(row);
        for (String key : keys) {
            Set<Object> generated = recipes.computeIfAbsent(key, k -> {
                Set<Object> set = new HashSet<>();
                rows(k).forEach(r -> set.add(recipe(r)));
                return set;
            });
            if (generated.contains(recipe)) {
                return key;
            }
        }
        return null;
    }

    /** The row without the fields of {@link #NOT_RECIPE}, its values compared as Python compares them. */
    public static Object recipe(Row row) {
        Map<String, Object> fields = new LinkedHashMap<>(row.fields());
        NOT_RECIPE.forEach(fields::remove);
        return PyValues.normalize(fields);
    }
}
