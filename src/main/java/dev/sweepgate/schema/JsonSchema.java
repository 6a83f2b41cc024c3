package dev.sweepgate.schema;

import dev.sweepgate.output.PrettyJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a file format's definitions as a JSON Schema (draft 2020-12). Every shape becomes one
 * entry of {@code $defs}, closed with {@code additionalProperties: false}; fields keep their
 * descriptions and defaults, so editors can complete and explain them while typing.
 */
public final class JsonSchema {
    public static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";

    private final Map<String, Object> defs = new LinkedHashMap<>();

    private JsonSchema() {
    }

    /** The schema of {@code format} as a JSON value (maps, lists, strings, numbers, booleans). */
    public static Map<String, Object> of(Format format) {
        JsonSchema writer = new JsonSchema();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("$schema", DIALECT);
        root.put("$id", format.id());
        root.put("title", format.title());
        root.put("description", format.description());
        root.putAll(writer.kind(format.root()));
        root.put("$defs", writer.defs);
        return root;
    }

    /** The schema of {@code format} as indented JSON text. */
    public static String text(Format format) {
        return PrettyJson.write(of(format));
    }

    private Map<String, Object> kind(Kind kind) {
        Map<String, Object> s = new LinkedHashMap<>();
        if (kind instanceof Kind.Str str) {
            s.put("type", "string");
            if (str.nonEmpty()) {
                s.put("minLength", 1);
            }
        } else if (kind instanceof Kind.Bool) {
            s.put("type", "boolean");
        } else if (kind instanceof Kind.Int i) {
            s.put("type", "integer");
            s.put("minimum", i.min());
        } else if (kind instanceof Kind.Num n) {
            s.put("type", "number");
            if (n.exclusiveMin() != null) {
                s.put("exclusiveMinimum", n.exclusiveMin());
            }
            if (n.max() != null) {
                s.put("maximum", n.max());
            }
        } else if (kind instanceof Kind.Enum e) {
            s.put("type", "string");
            s.put("enum", e.values());
        } else if (kind instanceof Kind.ListOf l) {
            s.put("type", "array");
            s.put("items", kind(l.item()));
            if (l.nonEmpty()) {
                s.put("minItems", 1);
            }
        } else if (kind instanceof Kind.Obj o) {
            s.put("$ref", "#/$defs/" + define(o.shape()));
        } else if (kind instanceof Kind.MapOf m) {
            s.put("type", "object");
            if (m.keyPattern() != null) {
                Map<String, Object> names = new LinkedHashMap<>();
                names.put("pattern", m.keyPattern());
                if (m.keyRule() != null) {
                    names.put("description", m.keyRule());
                }
                s.put("propertyNames", names);
            }
            s.put("additionalProperties", kind(m.value()));
        } else if (kind instanceof Kind.AnyOf a) {
            List<Object> options = new ArrayList<>();
            a.kinds().forEach(k -> options.add(kind(k)));
            s.put("anyOf", options);
        } else {
            throw new IllegalStateException("no schema for " + kind);
        }
        return s;
    }

    /** Adds the shape to $defs once (first definition wins; ids are unique per format) and returns its id. */
    private String define(Shape shape) {
        if (defs.containsKey(shape.id())) {
            return shape.id();
        }
        Map<String, Object> s = new LinkedHashMap<>();
        defs.put(shape.id(), s);
        s.put("title", shape.title());
        s.put("description", shape.description());
        s.put("type", "object");
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (Field f : shape.fields()) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("description", f.description());
            p.putAll(kind(f.kind()));
            if (f.defaultValue() != null) {
                p.put("default", f.defaultValue());
            }
            properties.put(f.name(), p);
            if (f.required()) {
                required.add(f.name());
            }
        }
        s.put("properties", properties);
        if (!required.isEmpty()) {
            s.put("required", required);
        }
        s.put("additionalProperties", false);
        List<Object> groups = new ArrayList<>();
        for (List<List<String>> group : shape.alternatives()) {
            List<Object> options = new ArrayList<>();
            group.forEach(set -> options.add(Map.of("required", set)));
            groups.add(Map.of("oneOf", options));
        }
        if (groups.size() == 1) {
            s.putAll(castMap(groups.get(0)));
        } else if (groups.size() > 1) {
            s.put("allOf", groups);
        }
        return shape.id();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> castMap(Object o) {
        return (Map<String, Object>) o;
    }
}
