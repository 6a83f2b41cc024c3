package dev.sweepgate.changelog;

import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.hints.Nearest;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.schema.Field;
import dev.sweepgate.schema.Kind;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YSeq;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Binds a changelog item to a {@link ChangelogEntry}: the fields of changelog.md, strict
 * types, no explicit nulls, no unknown fields, and the append-only combinations. The fields
 * are read by their definitions in {@link ChangelogFormat}.
 */
public final class EntryBinder {
    static final String CONFIG_KEYS = "config-keys";
    static final String DESCRIPTION = "description";
    static final String PR_LINK = "pr-link";
    static final String EVALS_ONLY = "evals-only";
    static final String ALL_EVALS = "all-evals";
    static final String APPEND_ONLY = "append-only";
    static final String EVAL_MIN_PREFILL_EP = "eval-min-prefill-ep";
    static final String SCENARIO_TYPE = "scenario-type";

    /** Every field an entry may have, in the order the output writes them. */
    public static final List<String> FIELDS = ChangelogFormat.ENTRY.names();
    private static final Set<String> KNOWN = Set.copyOf(FIELDS);

    private EntryBinder() {
    }

    /**
     * Binds one item; problems go to {@code problems}.
     *
     * @param number the item's 1-based place in the file, which messages name it by
     * @return the entry, or null when the item breaks a rule
     */
    public static ChangelogEntry bind(YNode item, int number, Problems problems) {
        String label = ChangelogEntry.label(number, item.pos());
        if (!(item instanceof YMap map)) {
            problems.error(item.pos(), "changelog.entry-not-mapping", label + " must be a mapping with config-keys, "
                    + "description and pr-link, not " + item.describe());
            return null;
        }
        int before = problems.all().size();
        for (YMap.Entry e : map.entries()) {
            Object key = e.key().value();
            if (!(key instanceof String name) || !KNOWN.contains(name)) {
                problems.error(e.key().pos(), "changelog.unknown-field", label + " has the unknown field "
                        + quote(e.key()) + hint(e.key()) + "; an entry may only have " + String.join(", ", FIELDS));
            }
        }
        List<String> configKeys = stringList(map, field(CONFIG_KEYS), label, problems);
        List<String> description = stringList(map, field(DESCRIPTION), label, problems);
        String prLink = string(map, field(PR_LINK), label, problems);
        boolean evalsOnly = bool(map, field(EVALS_ONLY), label, problems);
        boolean allEvals = bool(map, field(ALL_EVALS), label, problems);
        boolean appendOnly = bool(map, field(APPEND_ONLY), label, problems);
        Long minEp = integer(map, field(EVAL_MIN_PREFILL_EP), label, problems);
        List<ScenarioType> scenarios = scenarioTypes(map, field(SCENARIO_TYPE), label, problems);
        if (appendOnly) {
            for (String conflicting : List.of(EVALS_ONLY, ALL_EVALS)) {
                YMap.Entry e = map.entry(conflicting);
                if (e != null && Boolean.TRUE.equals(e.value() instanceof YScalar s ? s.value() : null)) {
                    problems.error(e.key().pos(), "changelog.append-only-combination", label + " is append-only and "
                            + conflicting + ": append-only adds throughput points to existing curves and runs no evals; "
                            + "remove " + conflicting + " or append-only");
                }
            }
            YMap.Entry ep = map.entry(EVAL_MIN_PREFILL_EP);
            if (ep != null) {
                problems.error(ep.key().pos(), "changelog.append-only-combination", label + " is append-only and sets "
                        + EVAL_MIN_PREFILL_EP + ", which only filters evals; remove " + EVAL_MIN_PREFILL_EP);
            }
        }
        if (problems.all().size() != before) {
            return null;
        }
        return new ChangelogEntry(configKeys, description, prLink, evalsOnly, allEvals, appendOnly, minEp, scenarios,
                map, map.pos(), number);
    }

    private static Field field(String name) {
        return ChangelogFormat.ENTRY.field(name);
    }

    private static String hint(YScalar key) {
        if (key.value() instanceof String s) {
            String dashed = s.replace('_', '-');
            if (!dashed.equals(s) && KNOWN.contains(dashed)) {
                return " (field names are spelled with dashes: write " + dashed + ")";
            }
            String lower = s.toLowerCase(java.util.Locale.ROOT);
            if (!lower.equals(s) && KNOWN.contains(lower)) {
                return " (field names are lower case: write " + lower + ")";
            }
            java.util.Optional<String> near = Nearest.one(s, FIELDS);
            if (near.isPresent()) {
                return " (did you mean " + near.get() + "?)";
            }
        }
        return "";
    }

    /** Whether an unknown key of the item is a misspelling of {@code field}, reported once as that. */
    private static boolean misspelt(YMap map, String field) {
        for (YMap.Entry e : map.entries()) {
            if (e.key().value() instanceof String key && !KNOWN.contains(key)
                    && (key.replace('_', '-').toLowerCase(java.util.Locale.ROOT).equals(field)
                        || Nearest.one(key, FIELDS).filter(field::equals).isPresent())) {
                return true;
            }
        }
        return false;
    }

    private static YNode present(YMap map, Field f, String label, Problems problems) {
        String field = f.name();
        boolean required = f.required();
        YMap.Entry e = map.entry(field);
        if (e == null) {
            if (required && !misspelt(map, field)) {
                problems.error(map.pos(), "changelog.missing-field", label + " has no " + field + "; add it");
            }
            return null;
        }
        if (e.value() instanceof YScalar s && s.isNull()) {
            problems.error(e.value().pos(), "changelog.null", label + ": " + field
                    + " is empty (null); give it a value" + (required ? "" : " or remove the line"));
            return null;
        }
        return e.value();
    }

    private static List<String> stringList(YMap map, Field f, String label, Problems problems) {
        String field = f.name();
        Kind.ListOf kind = f.kind(Kind.ListOf.class);
        if (!(kind.item() instanceof Kind.Str)) {
            throw new IllegalStateException("items of `" + field + "` are not strings");
        }
        YNode node = present(map, f, label, problems);
        if (node == null) {
            return List.of();
        }
        if (!(node instanceof YSeq seq)) {
            problems.error(node.pos(), "changelog.type", label + ": " + field + " must be a list of strings, not "
                    + node.describe() + "; write it as `" + field + ":` followed by lines `    - ...`");
            return List.of();
        }
        if (seq.size() == 0 && kind.nonEmpty()) {
            problems.error(node.pos(), "changelog.empty-list", label + ": " + field
                    + " is an empty list; give it at least one item");
            return List.of();
        }
        List<String> values = new ArrayList<>();
        for (YNode item : seq.items()) {
            if (item instanceof YScalar s && s.value() instanceof String text) {
                values.add(text);
            } else {
                problems.error(item.pos(), "changelog.type", label + ": every item of " + field
                        + " must be a string, not " + item.describe() + quoteHint(item));
            }
        }
        return values;
    }

    private static String string(YMap map, Field f, String label, Problems problems) {
        String field = f.name();
        f.kind(Kind.Str.class);
        YNode node = present(map, f, label, problems);
        if (node == null) {
            return null;
        }
        if (node instanceof YScalar s && s.value() instanceof String text) {
            return text;
        }
        problems.error(node.pos(), "changelog.type", label + ": " + field + " must be a string, not "
                + node.describe() + quoteHint(node));
        return null;
    }

    private static boolean bool(YMap map, Field f, String label, Problems problems) {
        String field = f.name();
        f.kind(Kind.Bool.class);
        YNode node = present(map, f, label, problems);
        if (node == null) {
            return (Boolean) f.defaultValue();
        }
        if (node instanceof YScalar s && s.value() instanceof Boolean b) {
            return b;
        }
        problems.error(node.pos(), "changelog.type", label + ": " + field + " must be true or false (unquoted), not "
                + node.describe());
        return false;
    }

    private static Long integer(YMap map, Field f, String label, Problems problems) {
        String field = f.name();
        int min = f.kind(Kind.Int.class).min();
        YNode node = present(map, f, label, problems);
        if (node == null) {
            return null;
        }
        if (node instanceof YScalar s && s.value() instanceof Long n) {
            if (n >= min) {
                return n;
            }
            problems.error(node.pos(), "changelog.range", label + ": " + field + " must be at least " + min + ", not " + n);
            return null;
        }
        problems.error(node.pos(), "changelog.type", label + ": " + field + " must be an integer (unquoted), not "
                + node.describe());
        return null;
    }

    private static List<ScenarioType> scenarioTypes(YMap map, Field f, String label, Problems problems) {
        Kind.ListOf kind = f.kind(Kind.ListOf.class);
        List<String> allowed = ((Kind.Enum) kind.item()).values();
        YNode node = present(map, f, label, problems);
        if (node == null) {
            return null;
        }
        if (!(node instanceof YSeq seq)) {
            problems.error(node.pos(), "changelog.type", label + ": " + SCENARIO_TYPE
                    + " must be a list (of fixed-seq-len, agentic-coding), not " + node.describe());
            return null;
        }
        if (seq.size() == 0 && kind.nonEmpty()) {
            problems.error(node.pos(), "changelog.empty-list", label + ": " + SCENARIO_TYPE
                    + " is an empty list; list fixed-seq-len and/or agentic-coding, or remove it to run both");
            return null;
        }
        List<ScenarioType> types = new ArrayList<>();
        for (YNode item : seq.items()) {
            if (item instanceof YScalar s && s.value() instanceof String text && allowed.contains(text)
                    && ScenarioType.fromKey(text).isPresent()) {
                types.add(ScenarioType.fromKey(text).get());
            } else {
                problems.error(item.pos(), "changelog.scenario-type", label + ": " + item.describe()
                        + " is not a scenario type; use fixed-seq-len or agentic-coding");
            }
        }
        return types;
    }

    private static String quoteHint(YNode node) {
        if (node instanceof YScalar s && !(s.value() instanceof String) && s.plain()) {
            return "; put it in quotes (\"" + s.text() + "\") if you mean the text";
        }
        return "";
    }

    private static String quote(YScalar key) {
        return key.value() instanceof String s ? "\"" + s + "\"" : key.describe();
    }
}
