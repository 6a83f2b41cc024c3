package dev.sweepgate.yaml;

import dev.sweepgate.problem.Position;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** A mapping in written order; keys are scalars (the loader refuses any other key). */
public record YMap(List<Entry> entries, Position pos) implements YNode {

    public record Entry(YScalar key, YNode value) {
    }

    public YMap {
        entries = List.copyOf(entries);
    }

    /** The value under a key whose resolved value equals {@code key}, or null. */
    public YNode get(Object key) {
        for (Entry e : entries) {
            if (Objects.equals(e.key().value(), key)) {
                return e.value();
            }
        }
        return null;
    }

    public Entry entry(Object key) {
        for (Entry e : entries) {
            if (Objects.equals(e.key().value(), key)) {
                return e;
            }
        }
        return null;
    }

    public boolean has(Object key) {
        return entry(key) != null;
    }

    public List<Object> keys() {
        List<Object> keys = new ArrayList<>(entries.size());
        for (Entry e : entries) {
            keys.add(e.key().value());
        }
        return keys;
    }

    public int size() {
        return entries.size();
    }

    @Override
    public String describe() {
        return "a mapping";
    }

    @Override
    public Object toPlain() {
        Map<Object, Object> out = new LinkedHashMap<>();
        for (Entry e : entries) {
            out.put(e.key().value(), e.value().toPlain());
        }
        return out;
    }
}
