package dev.sweepgate.schema;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The fields of one kind of mapping. Every shape is closed: a key that is not one of its
 * fields is refused. {@code alternatives} lists groups of required-field sets of which
 * exactly one set must be present (such as conc-list, or conc-start with conc-end).
 *
 * @param id the name of its definition in a generated schema ({@code $defs/<id>})
 */
public record Shape(String id, String title, String description, List<Field> fields,
                    List<List<List<String>>> alternatives) {

    public Shape {
        fields = List.copyOf(fields);
        alternatives = List.copyOf(alternatives);
        List<String> seen = new ArrayList<>();
        for (Field f : fields) {
            if (seen.contains(f.name())) {
                throw new IllegalArgumentException("field `" + f.name() + "` declared twice in " + id);
            }
            seen.add(f.name());
        }
        for (List<List<String>> group : alternatives) {
            for (List<String> set : group) {
                for (String name : set) {
                    if (!seen.contains(name)) {
                        throw new IllegalArgumentException("`" + name + "` is not a field of " + id);
                    }
                }
            }
        }
    }

    public static Shape of(String id, String title, String description, Field... fields) {
        return new Shape(id, title, description, List.of(fields), List.of());
    }

    /** The same shape with one more group of alternatives: exactly one of {@code sets} must be present. */
    @SafeVarargs
    public final Shape exactlyOneOf(List<String>... sets) {
        List<List<List<String>>> all = new ArrayList<>(alternatives);
        List<List<String>> group = new ArrayList<>();
        for (List<String> set : sets) {
            group.add(set);
        }
        all.add(List.copyOf(group));
        return new Shape(id, title, description, fields, all);
    }

    /** The field names, in declaration order: the keys this mapping allows. */
    public List<String> names() {
        List<String> names = new ArrayList<>(fields.size()); // a loop: binders ask for every mapping they read
        for (Field f : fields) {
            names.add(f.name());
        }
        return Collections.unmodifiableList(names);
    }

    /** Whether {@code name} is one of the fields; no list of names is built to tell. */
    public boolean has(String name) {
        for (Field f : fields) {
            if (f.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    public Field field(String name) {
        for (Field f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("`" + name + "` is not a field of " + id);
    }
}
