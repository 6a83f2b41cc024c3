package dev.sweepgate.yaml;

import dev.sweepgate.problem.Position;

/**
 * A YAML node with the position it was written at. Aliases share the anchored node, so the
 * tree is a DAG; merge keys are already flattened into the mapping that uses them.
 */
public sealed interface YNode permits YMap, YSeq, YScalar {
    Position pos();

    /** A short noun for messages: "a mapping", "a list", "the string \"x\"", ... */
    String describe();

    /** The node as plain Java values: LinkedHashMap, ArrayList, String, Long, Double, Boolean, null. */
    Object toPlain();
}
