package dev.sweepgate.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sweepgate.json.PythonJson;
import dev.sweepgate.output.JsonTree;
import dev.sweepgate.sweep.priority.Prioritizer;
import java.util.Map;

/**
 * The sweep as it leaves sweepgate: its JSON tree (after priorities, when they were added) and
 * the exact text printed, which the workflow puts into {@code $GITHUB_OUTPUT}. The steps after
 * the sweep (priorities, GitHub's limits, splitting) work on the tree; the limits measure the text.
 *
 * @param text the JSON as printed, without the final newline
 */
public record SweepOutput(JsonNode document, String text, boolean withPriorities) {

    /** The sweep without priorities, printed as {@code text} (sweepgate's indented layout). */
    public static SweepOutput plain(Map<String, Object> document, String text) {
        return new SweepOutput(PythonJson.tree(document), text, false);
    }

    /**
     * The sweep with every job annotated by {@code prioritizer}, printed as the reference's
     * {@code process_changelog.py | ci_priority.py} prints it: compact, as Python writes JSON.
     *
     * @param source how problems name the sweep (the changelog)
     */
    public static SweepOutput prioritized(Map<String, Object> document, Prioritizer prioritizer, String source) {
        JsonNode tree = prioritizer.annotate(PythonJson.tree(document), source);
        return new SweepOutput(tree, PythonJson.write(tree), true);
    }

    /**
     * Another document printed the way this one is (compact as Python writes it with priorities,
     * else sweepgate's indented layout): what a step after the sweep (the canary) prints instead.
     */
    public SweepOutput withDocument(JsonNode other) {
        return new SweepOutput(other, withPriorities ? PythonJson.write(other) : JsonTree.pretty(other), withPriorities);
    }
}
