package dev.sweepgate.coverage;

import dev.sweepgate.changelog.PyValues;
import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.matrix.Row;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How one config's generated rows differ between two sides, per scenario.
 *
 * <p>The unit is a point: a row with one concurrency value (a multi-node row whose conc is a
 * list counts once per value). A point's identity is its scenario, exp-name and conc; its
 * content is every field of the row. Points equal in content on both sides are unchanged,
 * whatever their order. Among the remaining points of one identity, a base point and a head
 * point pair up as "changed"; the head points left over were added, the base points left
 * over removed.
 */
public record RowChanges(Map<ScenarioType, ScenarioChanges> byScenario) {
    public RowChanges {
        byScenario = byScenario.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(byScenario));
    }

    /** One point that differs, and for a changed point how its fields differ. */
    public record Point(String expName, Object conc, List<FieldChange> changes) {
        public Point {
            changes = List.copyOf(changes);
        }

        /** The names of the fields that differ, in row order. */
        public List<String> fields() {
            return changes.stream().map(FieldChange::field).toList();
        }
    }

    /**
     * A field of a changed point: its value at the base and at the head, each null where the
     * row does not have the field (rows never hold a null value).
     */
    public record FieldChange(String field, Object base, Object head) {
    }

    /** Added, removed and changed points of one scenario, in head order (removed: base order). */
    public record ScenarioChanges(List<Point> added, List<Point> removed, List<Point> changed) {
        public ScenarioChanges {
            added = List.copyOf(added);
            removed = List.copyOf(removed);
            changed = List.copyOf(changed);
        }

        public boolean isEmpty() {
            return added.isEmpty() && removed.isEmpty() && changed.isEmpty();
        }
    }

    public boolean isEmpty() {
        return byScenario.values().stream().allMatch(ScenarioChanges::isEmpty);
    }

    /** The scenarios with at least one changed point, in enumeration order. */
    public Set<ScenarioType> scenarios() {
        Set<ScenarioType> changed = new LinkedHashSet<>();
        for (ScenarioType type : ScenarioType.values()) {
            ScenarioChanges c = byScenario.get(type);
            if (c != null && !c.isEmpty()) {
                changed.add(type);
            }
        }
        return changed;
    }

    /** The scenario's points were only removed: none added or changed. */
    public boolean onlyRemoved(ScenarioType scenario) {
        ScenarioChanges c = byScenario.get(scenario);
        return c != null && !c.removed().isEmpty() && c.added().isEmpty() && c.changed().isEmpty();
    }

    /** Groups listed per kind of change before "and N more"; a huge diff stays a readable message. */
    static final int MAX_GROUPS = 6;
    /** Concurrency values listed per group before "and N more". */
    static final int MAX_CONCS = 10;

    /**
     * What changed in one scenario, for people: {@code 2 rows added (alpha_8k1k conc 128, 256),
     * 1 row changed (alpha_1k1k conc 4: image)}. Long lists are cut, saying how many more.
     */
    public String describe(ScenarioType scenario) {
        ScenarioChanges c = byScenario.get(scenario);
        if (c == null || c.isEmpty()) {
            return "unchanged";
        }
        List<String> parts = new ArrayList<>();
        if (!c.added().isEmpty()) {
            parts.add(rows(c.added().size()) + " added (" + listing(c.added()) + ")");
        }
        if (!c.removed().isEmpty()) {
            parts.add(rows(c.removed().size()) + " removed (" + listing(c.removed()) + ")");
        }
        if (!c.changed().isEmpty()) {
            parts.add(rows(c.changed().size()) + " changed (" + listing(c.changed()) + ")");
        }
        return String.join(", ", parts);
    }

    /** Counts only: {@code 2 added, 1 changed}. */
    public String counts(ScenarioType scenario) {
        ScenarioChanges c = byScenario.get(scenario);
        if (c == null || c.isEmpty()) {
            return "unchanged";
        }
        List<String> parts = new ArrayList<>();
        if (!c.added().isEmpty()) {
            parts.add(c.added().size() + " added");
        }
        if (!c.removed().isEmpty()) {
            parts.add(c.removed().size() + " removed");
        }
        if (!c.changed().isEmpty()) {
            parts.add(c.changed().size() + " changed");
        }
        return String.join(", ", parts);
    }

    private static String rows(int n) {
        return n + (n == 1 ? " row" : " rows");
    }

    /** {@code exp-name conc a, b[: fields]; ...}: points grouped by exp-name (and changed fields), first-seen order. */
    private static String listing(List<Point> points) {
        Map<List<Object>, List<Object>> groups = new LinkedHashMap<>();
        for (Point p : points) {
            groups.computeIfAbsent(List.of(p.expName(), p.fields()), k -> new ArrayList<>()).add(p.conc());
        }
        List<String> shown = new ArrayList<>();
        for (Map.Entry<List<Object>, List<Object>> group : groups.entrySet()) {
            if (shown.size() == MAX_GROUPS) {
                break;
            }
            List<Object> concs = group.getValue();
            String expName = String.valueOf(group.getKey().get(0));
            StringBuilder sb = new StringBuilder(expName);
            // agentic exp-names already say their conc (..._conc64_...): no need to repeat it
            String concTag = "_conc" + concs.get(0);
            if (concs.size() > 1 || !(expName.endsWith(concTag) || expName.contains(concTag + "_"))) {
                List<String> values = new ArrayList<>();
                for (Object conc : concs.subList(0, Math.min(MAX_CONCS, concs.size()))) {
                    values.add(String.valueOf(conc));
                }
                sb.append(" conc ").append(String.join(", ", values));
                if (concs.size() > MAX_CONCS) {
                    sb.append(" and ").append(concs.size() - MAX_CONCS).append(" more");
                }
            }
            List<?> fields = (List<?>) group.getKey().get(1);
            if (!fields.isEmpty()) {
                sb.append(": ").append(String.join(", ", fields.stream().map(String::valueOf).toList()))
                        .append(fields.size() == 1 ? " differs" : " differ");
            }
            shown.add(sb.toString());
        }
        String text = String.join("; ", shown);
        int hidden = groups.size() - shown.size();
        if (hidden > 0) {
            text += "; and " + hidden + " more exp-name group" + (hidden == 1 ? "" : "s");
        }
        return text;
    }

    private record Identity(ScenarioType scenario, String expName, Object conc) {
        // Written out (with the generated ones' hash): a record's own link method handles on first use,
        // on every run, as no AOT cache holds them (docs/speed.md).
        @Override
        public boolean equals(Object other) {
            return other instanceof Identity i && scenario == i.scenario && Objects.equals(expName, i.expName)
                    && Objects.equals(conc, i.conc);
        }

        @Override
        public int hashCode() {
            return (Objects.hashCode(scenario) * 31 + Objects.hashCode(expName)) * 31 + Objects.hashCode(conc);
        }
    }

    private record RawPoint(Identity identity, Object displayConc, Map<String, Object> fields, Object content) {
    }

    /** Compares the rows of one config at the base ({@code base}, empty for a new config) and at the head. */
    public static RowChanges between(List<Row> base, List<Row> head) {
        Map<Identity, List<RawPoint>> before = group(base);
        Map<Identity, List<RawPoint>> after = group(head);
        Set<Identity> identities = new LinkedHashSet<>(after.keySet());
        identities.addAll(before.keySet());
        Map<ScenarioType, List<Point>> added = new EnumMap<>(ScenarioType.class);
        Map<ScenarioType, List<Point>> removed = new EnumMap<>(ScenarioType.class);
        Map<ScenarioType, List<Point>> changed = new EnumMap<>(ScenarioType.class);
        for (Identity id : identities) {
            List<RawPoint> b = new ArrayList<>(before.getOrDefault(id, List.of()));
            List<RawPoint> h = new ArrayList<>(after.getOrDefault(id, List.of()));
            // equal points cancel out, as in a multiset difference
            for (var it = h.iterator(); it.hasNext(); ) {
                RawPoint point = it.next();
                int match = indexOfContent(b, point.content());
                if (match >= 0) {
                    b.remove(match);
                    it.remove();
                }
            }
            int pairs = Math.min(b.size(), h.size());
            for (int i = 0; i < pairs; i++) {
                changed.computeIfAbsent(id.scenario(), k -> new ArrayList<>())
                        .add(new Point(id.expName(), h.get(i).displayConc(), differingFields(b.get(i), h.get(i))));
            }
            for (RawPoint point : h.subList(pairs, h.size())) {
                added.computeIfAbsent(id.scenario(), k -> new ArrayList<>())
                        .add(new Point(id.expName(), point.displayConc(), List.of()));
            }
            for (RawPoint point : b.subList(pairs, b.size())) {
                removed.computeIfAbsent(id.scenario(), k -> new ArrayList<>())
                        .add(new Point(id.expName(), point.displayConc(), List.of()));
            }
        }
        Map<ScenarioType, ScenarioChanges> result = new EnumMap<>(ScenarioType.class);
        for (ScenarioType type : ScenarioType.values()) {
            ScenarioChanges c = new ScenarioChanges(added.getOrDefault(type, List.of()),
                    removed.getOrDefault(type, List.of()), changed.getOrDefault(type, List.of()));
            if (!c.isEmpty()) {
                result.put(type, c);
            }
        }
        return new RowChanges(result);
    }

    private static int indexOfContent(List<RawPoint> points, Object content) {
        for (int i = 0; i < points.size(); i++) {
            if (points.get(i).content().equals(content)) {
                return i;
            }
        }
        return -1;
    }

    private static Map<Identity, List<RawPoint>> group(List<Row> rows) {
        Map<Identity, List<RawPoint>> points = new LinkedHashMap<>();
        for (Row row : rows) {
            ScenarioType scenario = row.isAgentic() ? ScenarioType.AGENTIC_CODING : ScenarioType.FIXED_SEQ_LEN;
            String expName = String.valueOf(row.get("exp-name"));
            List<?> concs = row.get("conc") instanceof List<?> list ? list : Collections.singletonList(row.get("conc"));
            for (Object conc : concs) {
                Map<String, Object> fields = new LinkedHashMap<>(row.fields());
                fields.put("conc", conc);
                Identity id = new Identity(scenario, expName, PyValues.normalize(conc));
                points.computeIfAbsent(id, k -> new ArrayList<>())
                        .add(new RawPoint(id, conc, fields, PyValues.normalize(fields)));
            }
        }
        return points;
    }

    private static List<FieldChange> differingFields(RawPoint base, RawPoint head) {
        Set<String> names = new LinkedHashSet<>(head.fields().keySet());
        names.addAll(base.fields().keySet());
        List<FieldChange> differ = new ArrayList<>();
        for (String name : names) {
            if (base.fields().containsKey(name) != head.fields().containsKey(name)
                    || !Objects.equals(PyValues.normalize(base.fields().get(name)), PyValues.normalize(head.fields().get(name)))) {
                differ.add(new FieldChange(name, base.fields().get(name), head.fields().get(name)));
            }
        }
        return differ;
    }
}
