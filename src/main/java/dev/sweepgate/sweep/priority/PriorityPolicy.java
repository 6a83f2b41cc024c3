package dev.sweepgate.sweep.priority;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code configs/ci-priority.yaml}, validated: what each fact of a job adds to the base score,
 * and the labels that change the scoring. Maps keep the file's order (the first matching
 * framework prefix counts).
 *
 * @param skipQueueLabel the skip-queue label, or null when the policy names none
 */
public record PriorityPolicy(Score baseScore, Map<String, Score> event, Score multiNode, Score agentic,
                             Score evalOnly, Map<String, Score> precision, Map<String, Score> specDecoding,
                             Map<String, Score> frameworkPrefix, Map<String, Score> modelPrefix,
                             String skipQueueLabel, Set<String> checklistLabels, Score checklistAdjustment,
                             Set<String> patchworkLabels, Score patchworkScore, Set<String> patchworkWaivers) {

    /** The criteria that name no adjustment of the policy's maps. */
    static final List<String> FIXED_CRITERIA = List.of("multi-node", "agentic", "eval-only", "checklist-complete",
            "patchwork");

    public PriorityPolicy {
        event = ordered(event);
        precision = ordered(precision);
        specDecoding = ordered(specDecoding);
        frameworkPrefix = ordered(frameworkPrefix);
        modelPrefix = ordered(modelPrefix);
        checklistLabels = Set.copyOf(checklistLabels);
        patchworkLabels = Set.copyOf(patchworkLabels);
        patchworkWaivers = Set.copyOf(patchworkWaivers);
    }

    private static Map<String, Score> ordered(Map<String, Score> map) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }

    /**
     * Every fact a classifier may name in {@code --criteria-json}: the fixed ones and each
     * precision, spec-decoding method, framework prefix and model prefix the policy scores.
     */
    public Set<String> supportedCriteria() {
        Set<String> all = new LinkedHashSet<>(FIXED_CRITERIA);
        all.addAll(precision.keySet());
        all.addAll(specDecoding.keySet());
        all.addAll(frameworkPrefix.keySet());
        all.addAll(modelPrefix.keySet());
        return Collections.unmodifiableSet(all);
    }
}
