package dev.sweepgate.sweep.priority;

import dev.sweepgate.config.MapReader;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.problem.Sources;
import dev.sweepgate.schema.Field;
import dev.sweepgate.schema.Shape;
import dev.sweepgate.yaml.SourceFile;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YamlLoader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads {@code configs/ci-priority.yaml} as every input is read: YAML with positions, the fields
 * of {@link PolicyFormat} and nothing else, numbers where numbers belong, and every problem at
 * its line and column, all of them in one round.
 */
public final class PolicyLoader {
    /** Bigger scores are no priorities, and beyond 1e25 Python's 28-digit decimals could not quantize them. */
    static final double MAX_MAGNITUDE = 1e12;

    private final Problems problems = new Problems();
    private final String file;

    private PolicyLoader(String file) {
        this.file = file;
    }

    /**
     * @throws ProblemException carrying every problem of the file, when it is not a valid policy
     */
    public static PriorityPolicy load(SourceFile source) {
        PolicyLoader loader = new PolicyLoader(source.name());
        PriorityPolicy policy = null;
        try {
            YamlLoader.Document doc = YamlLoader.standard().load(source.bytes(), source.name());
            loader.problems.addAll(doc.problems());
            if (doc.root() != null) {
                policy = loader.bind(doc.root());
            }
        } catch (ProblemException e) {
            loader.problems.addAll(e.problems());
        }
        List<Problem> found = Sources.apply(loader.problems.all(), Map.of(source.name(), source.bytes()));
        if (found.stream().anyMatch(Problem::isError)) {
            throw new ProblemException(found);
        }
        if (policy == null) {
            // what was silenced left no policy to score with: a silenced problem cannot stand in for a field
            throw new ProblemException(loader.problems.all());
        }
        return policy;
    }

    private PriorityPolicy bind(YNode root) {
        if (!(root instanceof YMap map)) {
            problems.error(root.pos(), "priority.root", "the CI priority policy " + file + " must be a mapping with "
                    + "version, base-score, adjustments and labels, got " + root.describe());
            return null;
        }
        Shape shape = PolicyFormat.POLICY;
        MapReader policy = new MapReader(map, "the CI priority policy", problems);
        policy.rejectUnknown(shape);
        Integer version = policy.integer(shape.field("version"));
        if (version != null && version != PolicyFormat.VERSION) {
            problems.error(map.get("version").pos(), "priority.version", "`version` in the CI priority policy is "
                    + version + ", but this sweepgate reads version " + PolicyFormat.VERSION + ": write version: "
                    + PolicyFormat.VERSION + " and the fields of that version, or use a sweepgate that reads "
                    + "version " + version);
        }
        Score base = number(policy, shape.field("base-score"));
        Adjustments adjustments = adjustments(policy.mapping(shape.field("adjustments")));
        Labels labels = labels(policy.mapping(shape.field("labels")));
        // A refused number or name was left out (its problem fails the load unless a comment silences it).
        if (base == null || adjustments == null || labels == null) {
            return null;
        }
        return new PriorityPolicy(base, adjustments.event, adjustments.multiNode, adjustments.agentic,
                adjustments.evalOnly, adjustments.precision, adjustments.specDecoding, adjustments.frameworkPrefix,
                adjustments.modelPrefix, labels.skipQueue, Set.copyOf(labels.checklist), labels.checklistAdjustment,
                Set.copyOf(labels.patchwork), labels.patchworkScore, Set.copyOf(labels.waivers));
    }

    private record Adjustments(Map<String, Score> event, Score multiNode, Score agentic, Score evalOnly,
                               Map<String, Score> precision, Map<String, Score> specDecoding,
                               Map<String, Score> frameworkPrefix, Map<String, Score> modelPrefix) {
    }

    private Adjustments adjustments(YMap map) {
        if (map == null) {
            return null;
        }
        Shape shape = PolicyFormat.ADJUSTMENTS;
        MapReader r = new MapReader(map, "`adjustments` of the CI priority policy", problems);
        r.rejectUnknown(shape);
        return new Adjustments(named(r, shape.field("event")), orZero(number(r, shape.field("multi-node"))),
                orZero(number(r, shape.field("agentic"))), orZero(number(r, shape.field("eval-only"))),
                named(r, shape.field("precision")), named(r, shape.field("spec-decoding")),
                named(r, shape.field("framework-prefix")), named(r, shape.field("model-prefix")));
    }

    private record Labels(String skipQueue, List<String> checklist, Score checklistAdjustment, List<String> patchwork,
                          Score patchworkScore, List<String> waivers) {
    }

    private Labels labels(YMap map) {
        if (map == null) {
            return null;
        }
        Shape shape = PolicyFormat.LABELS;
        MapReader r = new MapReader(map, "`labels` of the CI priority policy", problems);
        r.rejectUnknown(shape);
        String skipQueue = null;
        YMap skip = r.mapping(shape.field("skip-queue"));
        if (skip != null) {
            MapReader s = new MapReader(skip, "`labels.skip-queue` of the CI priority policy", problems);
            s.rejectUnknown(PolicyFormat.SKIP_QUEUE);
            skipQueue = s.string(PolicyFormat.SKIP_QUEUE.field("name"));
        }
        List<String> checklist = List.of();
        Score checklistAdjustment = Score.ZERO;
        YMap checklistMap = r.mapping(shape.field("checklist-complete"));
        if (checklistMap != null) {
            MapReader c = new MapReader(checklistMap, "`labels.checklist-complete` of the CI priority policy", problems);
            c.rejectUnknown(PolicyFormat.CHECKLIST);
            checklist = orEmpty(c.stringList(PolicyFormat.CHECKLIST.field("names")));
            checklistAdjustment = orZero(number(c, PolicyFormat.CHECKLIST.field("adjustment")));
        }
        YMap patchworkMap = r.mapping(shape.field("patchwork"));
        if (patchworkMap == null) {
            return null;
        }
        MapReader p = new MapReader(patchworkMap, "`labels.patchwork` of the CI priority policy", problems);
        p.rejectUnknown(PolicyFormat.PATCHWORK);
        List<String> patchwork = p.stringList(PolicyFormat.PATCHWORK.field("names"));
        Score score = number(p, PolicyFormat.PATCHWORK.field("score"));
        List<String> waivers = orEmpty(p.stringList(PolicyFormat.PATCHWORK.field("waived-by")));
        if (patchwork == null || score == null) {
            return null;
        }
        return new Labels(skipQueue, checklist, checklistAdjustment, patchwork, score, waivers);
    }

    private static Score orZero(Score score) {
        return score == null ? Score.ZERO : score;
    }

    private static List<String> orEmpty(List<String> list) {
        return list == null ? List.of() : list;
    }

    /** A number field, exactly as written (an integer stays an integer), or null when absent or refused. */
    private Score number(MapReader r, Field field) {
        if (r.number(field) == null) {
            return null;
        }
        YScalar scalar = (YScalar) r.map().get(field.name());
        return ranged(scalar, "`" + field.name() + "`");
    }

    /** A mapping of names to numbers, in its order; empty when absent. */
    private Map<String, Score> named(MapReader r, Field field) {
        Map<String, Score> out = new LinkedHashMap<>();
        YMap map = r.mapping(field);
        if (map == null) {
            return out;
        }
        for (YMap.Entry e : map.entries()) {
            if (!(e.key().value() instanceof String name)) {
                problems.error(e.key().pos(), "priority.key-type", "the names under `" + field.name() + "` are strings, "
                        + "got " + e.key().describe() + " (YAML 1.1 reads yes, no, on, off and numbers as such): quote "
                        + "it: \"" + e.key().text() + "\"");
                continue;
            }
            if (e.value() instanceof YScalar s && (s.value() instanceof Long || s.value() instanceof Double)) {
                Score score = ranged(s, "`" + field.name() + "." + name + "`");
                if (score != null) {
                    out.put(name, score);
                }
            } else {
                problems.error(e.value().pos(), "config.type", "`" + field.name() + "." + name + "` in the CI "
                        + "priority policy must be a number, got " + e.value().describe()
                        + ": write a number such as 0.5, without quotes");
            }
        }
        return out;
    }

    private Score ranged(YScalar scalar, String what) {
        double value = scalar.value() instanceof Long l ? l : (Double) scalar.value();
        if (!(Math.abs(value) <= MAX_MAGNITUDE)) {
            problems.error(scalar.pos(), "priority.range", what + " in the CI priority policy is " + scalar.text()
                    + ": scores and adjustments are finite numbers between -1e12 and 1e12");
            return null;
        }
        return Score.of(scalar.value());
    }
}
