package dev.sweepgate.sweep;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.changelog.PyValues;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.matrix.Row;
import dev.sweepgate.matrix.TestConfigOptions;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * append-only entries: a change that may only add generated points to curves that already
 * exist. Checks the scope of the config change and replaces each throughput group's rows by
 * the points that are new relative to the base.
 */
final class AppendOnly {
    private static final String SCENARIOS = "scenarios";

    private final BiFunction<ConfigSet, TestConfigOptions, List<Row>> expander;
    private final ConfigSet head;
    private final ConfigSet base;
    private final String file;

    AppendOnly(BiFunction<ConfigSet, TestConfigOptions, List<Row>> expander, ConfigSet head, ConfigSet base, String file) {
        this.expander = expander;
        this.head = head;
        this.base = base;
        this.file = file;
    }

    /** Configs not selected stay equal; selected ones only change inside their selected scenarios. */
    void checkScope(Map<ChangelogEntry, List<String>> resolved) {
        Map<String, Set<ScenarioType>> selected = new LinkedHashMap<>();
        resolved.forEach((entry, keys) -> keys.forEach(key ->
                selected.computeIfAbsent(key, k -> EnumSet.noneOf(ScenarioType.class)).addAll(entry.scenarios())));
        Map<String, MasterConfig> before = base.byKey();
        Map<String, MasterConfig> after = head.byKey();
        List<Problem> problems = new ArrayList<>();
        Set<String> allKeys = new LinkedHashSet<>(before.keySet());
        allKeys.addAll(after.keySet());
        for (String key : allKeys) {
            MasterConfig b = before.get(key);
            MasterConfig h = after.get(key);
            Set<ScenarioType> scenarios = selected.get(key);
            if (scenarios == null) {
                if (b == null) {
                    problems.add(error(h, "config " + key + " is new but no append-only entry selects it; an append-only "
                            + "change may only extend existing curves, so add new configs in a regular change"));
                } else if (h == null) {
                    problems.add(Problem.fileError(file, "changelog.append-only-scope", "config " + key + " was removed; "
                            + "an append-only change may not remove configs"));
                } else if (!PyValues.equal(b.source().toPlain(), h.source().toPlain())) {
                    problems.add(error(h, "config " + key + " changed but no append-only entry selects it; revert it or "
                            + "list it in the entry's config-keys"));
                }
                continue;
            }
            if (b == null) {
                problems.add(error(h, "config " + key + " does not exist at the base; append-only can only add points to "
                        + "existing curves, so add new configs in a regular change"));
                continue;
            }
            if (!(b.source().toPlain() instanceof Map<?, ?> bm) || !(h.source().toPlain() instanceof Map<?, ?> hm)) {
                continue;
            }
            Map<?, ?> bs = bm.get(SCENARIOS) instanceof Map<?, ?> m ? m : Map.of();
            Map<?, ?> hs = hm.get(SCENARIOS) instanceof Map<?, ?> m ? m : Map.of();
            if (!bs.keySet().equals(hs.keySet())) {
                problems.add(error(h, "config " + key + " changed its scenario keys (from " + bs.keySet() + " to "
                        + hs.keySet() + "); append-only must keep the same scenarios"));
                continue;
            }
            boolean allSelected = hs.keySet().stream().allMatch(s ->
                    ScenarioType.fromKey(String.valueOf(s)).map(scenarios::contains).orElse(false));
            if (!allSelected) {
                Set<Object> fields = new LinkedHashSet<>(bm.keySet());
                fields.addAll(hm.keySet());
                fields.remove(SCENARIOS);
                for (Object field : fields) {
                    if (bm.containsKey(field) != hm.containsKey(field) || !PyValues.equal(bm.get(field), hm.get(field))) {
                        problems.add(error(h, "config " + key + ": " + field + " changed, but the append-only entry selects "
                                + "only some of its scenarios; a config-level field may change only when every scenario "
                                + "of the config is selected"));
                    }
                }
            }
            for (Object scenario : hs.keySet()) {
                boolean isSelected = ScenarioType.fromKey(String.valueOf(scenario)).map(scenarios::contains).orElse(false);
                if (!isSelected && !PyValues.equal(bs.get(scenario), hs.get(scenario))) {
                    problems.add(error(h, "config " + key + ": scenario " + scenario + " changed but is not selected by "
                            + "the append-only entry's scenario-type; revert it or select it"));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new ProblemException(problems);
        }
    }

    private Problem error(MasterConfig config, String message) {
        return Problem.error(config.pos(), "changelog.append-only-scope", message);
    }

    /** The group's head points that are new relative to its base expansion. */
    List<Row> delta(TestConfigOptions options, List<String> keys, Set<ScenarioType> scenarios) {
        String group = String.join(", ", keys) + " (" + scenarios.stream().map(ScenarioType::key).sorted().toList() + ")";
        List<Row> baseRows = expander.apply(base, options);
        if (baseRows.isEmpty()) {
            throw fail("append-only group " + group + " has no points at the base; append-only can only extend "
                    + "existing curves, so benchmark new configs or scenarios in a regular change");
        }
        List<Row> headRows = expander.apply(head, options);
        Map<Object, Set<Object>> baseCurves = curves(baseRows);
        Map<Object, Set<Object>> headCurves = curves(headRows);
        List<Problem> problems = new ArrayList<>();
        for (Map.Entry<Object, Set<Object>> curve : baseCurves.entrySet()) {
            Set<Object> atHead = headCurves.get(curve.getKey());
            if (atHead == null) {
                problems.add(Problem.fileError(file, "changelog.append-only-curve", "append-only group " + group
                        + ": a curve of the base no longer exists at the head (" + describeCurve(baseRows, curve.getKey())
                        + "); append-only may only add points, not change or remove curves"));
            } else if (!atHead.containsAll(curve.getValue())) {
                Set<Object> missing = new LinkedHashSet<>(curve.getValue());
                missing.removeAll(atHead);
                problems.add(Problem.fileError(file, "changelog.append-only-curve", "append-only group " + group
                        + ": concurrency values " + missing + " of a base curve are gone at the head ("
                        + describeCurve(baseRows, curve.getKey()) + "); append-only may only add points"));
            }
        }
        if (!problems.isEmpty()) {
            throw new ProblemException(problems);
        }
        Map<Object, Set<Object>> emitted = new HashMap<>();
        List<Row> delta = new ArrayList<>();
        for (Row row : headRows) {
            Object curve = curveKey(row);
            Set<Object> known = baseCurves.getOrDefault(curve, Set.of());
            Set<Object> done = emitted.computeIfAbsent(curve, k -> new HashSet<>());
            Object conc = row.get("conc");
            if (conc instanceof List<?> values) {
                List<Object> fresh = new ArrayList<>();
                for (Object v : values) {
                    Object n = PyValues.normalize(v);
                    if (!known.contains(n) && done.add(n)) {
                        fresh.add(v);
                    }
                }
                if (!fresh.isEmpty()) {
                    Map<String, Object> fields = new LinkedHashMap<>(row.fields());
                    fields.put("conc", fresh);
                    delta.add(new Row(fields));
                }
            } else {
                Object n = PyValues.normalize(conc);
                if (!known.contains(n) && done.add(n)) {
                    delta.add(row);
                }
            }
        }
        if (delta.isEmpty()) {
            throw fail("append-only did not add any generated points for " + group + ": every head point already exists "
                    + "at the base; add new concurrency values to an existing search-space entry (or drop append-only)");
        }
        checkVisualCurves(baseRows, delta, group);
        return delta;
    }

    /** Every new point must extend a visual curve of the base that shows exactly one image, its own. */
    private void checkVisualCurves(List<Row> baseRows, List<Row> delta, String group) {
        Map<List<Object>, Set<Object>> images = new LinkedHashMap<>();
        for (Row row : baseRows) {
            images.computeIfAbsent(visualCurve(row), k -> new LinkedHashSet<>()).add(row.get("image"));
        }
        List<Problem> problems = new ArrayList<>();
        Set<List<Object>> reported = new HashSet<>();
        for (Row row : delta) {
            List<Object> curve = visualCurve(row);
            Set<Object> seen = images.get(curve);
            Object image = row.get("image");
            String why = null;
            if (seen == null) {
                why = "it starts a new visual curve " + curve;
            } else if (seen.size() != 1 || seen.contains(null)) {
                why = "its visual curve " + curve + " shows several images at the base " + seen;
            } else if (!Objects.equals(seen.iterator().next(), image)) {
                why = "its image " + image + " differs from the base curve's image " + seen.iterator().next();
            }
            if (why != null && reported.add(curve)) {
                problems.add(Problem.fileError(file, "changelog.append-only-visual-curve", "append-only group " + group
                        + ": the new point " + row.get("exp-name") + " cannot be appended: " + why
                        + "; append-only points must extend an existing curve with the same image"));
            }
        }
        if (!problems.isEmpty()) {
            throw new ProblemException(problems);
        }
    }

    static List<Object> visualCurve(Row row) {
        boolean agentic = "agentic-coding".equals(row.get("scenario-type"));
        Object offloading = row.get("kv-offloading");
        boolean offload = offloading != null && !"".equals(offloading) && !"none".equals(offloading);
        Object spec = agentic ? "" : Objects.requireNonNullElse(row.get("spec-decoding"), "none");
        return Arrays.asList(row.get("model"), row.get("model-prefix"), row.get("precision"), row.get("framework"),
                row.get("runner"), Objects.requireNonNullElse(row.get("disagg"), false),
                agentic ? "agentic_traces" : "single_turn",
                agentic ? null : row.get("isl"), agentic ? null : row.get("osl"),
                offload ? "on" : "off", spec, hardware(row, "prefill"), hardware(row, "decode"));
    }

    private static Object hardware(Row row, String worker) {
        if (row.get(worker) instanceof Map<?, ?> w && w.get("hardware") != null) {
            return w.get("hardware");
        }
        return "none";
    }

    private static Map<Object, Set<Object>> curves(List<Row> rows) {
        Map<Object, Set<Object>> curves = new LinkedHashMap<>();
        for (Row row : rows) {
            Set<Object> values = curves.computeIfAbsent(curveKey(row), k -> new LinkedHashSet<>());
            if (row.get("conc") instanceof List<?> list) {
                list.forEach(v -> values.add(PyValues.normalize(v)));
            } else {
                values.add(PyValues.normalize(row.get("conc")));
            }
        }
        return curves;
    }

    /** Every field but conc, exp-name and recipe-fingerprint. */
    static Object curveKey(Row row) {
        Map<String, Object> key = new LinkedHashMap<>(row.fields());
        key.remove("conc");
        key.remove("exp-name");
        key.remove(SweepJson.FINGERPRINT);
        return PyValues.normalize(key);
    }

    private static String describeCurve(List<Row> rows, Object key) {
        for (Row row : rows) {
            if (curveKey(row).equals(key)) {
                return String.valueOf(row.get("exp-name"));
            }
        }
        return "?";
    }

    private ProblemException fail(String message) {
        return new ProblemException(Problem.fileError(file, "changelog.append-only-delta", message));
    }
}
