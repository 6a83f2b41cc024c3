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

    /**
     * Whether two nodes hold the same value as YAML reads it ({@link YNode#toPlain} equal), compared in
     * place: most entries of a changed file are unchanged, and a walk that stops at the first difference
     * builds nothing. True only when they are equal.
     */
    static boolean sameValue(YNode a, YNode b) {
        if (a instanceof YScalar x && b instanceof YScalar y) {
            return java.util.Objects.equals(x.value(), y.value());
        }
        if (a instanceof YSeq x && b instanceof YSeq y) {
            if (x.items().size() != y.items().size()) {
                return false;
            }
            for (int i = 0; i < x.items().size(); i++) {
                if (!sameValue(x.items().get(i), y.items().get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof YMap x && b instanceof YMap y) {
            // keys in the same order: compared pair by pair (a key written twice may then count as a change,
            // which only reads that config's launch files); otherwise as the plain maps compare
            if (x.entries().size() == y.entries().size()) {
                boolean inOrder = true;
                for (int i = 0; inOrder && i < x.entries().size(); i++) {
                    YMap.Entry e = x.entries().get(i);
                    YMap.Entry f = y.entries().get(i);
                    if (!java.util.Objects.equals(e.key().value(), f.key().value())) {
                        inOrder = false;
                    } else if (!sameValue(e.value(), f.value())) {
                        return false;
                    }
                }
                if (inOrder) {
                    return true;
                }
            }
            return a.toPlain().equals(b.toPlain());
        }
        return false;
    }
}
