package dev.sweepgate.schema;

/**
 * One field of a mapping: its name, type, whether it is required, the value an absent field
 * means (null: none), and a description for people (and editors).
 */
public record Field(String name, Kind kind, boolean required, Object defaultValue, String description) {

    public static Field required(String name, Kind kind, String description) {
        return new Field(name, kind, true, null, description);
    }

    public static Field optional(String name, Kind kind, String description) {
        return new Field(name, kind, false, null, description);
    }

    /** The same field, optional, with the value its absence means. */
    public Field withDefault(Object value) {
        return new Field(name, kind, false, value, description);
    }

    /** The same field, required. */
    public Field asRequired() {
        return new Field(name, kind, true, null, description);
    }

    /** The same field, optional. */
    public Field asOptional() {
        return new Field(name, kind, false, defaultValue, description);
    }

    /** The kind, checked to be of {@code type}: a reader used on a field of another type is a bug. */
    public <K extends Kind> K kind(Class<K> type) {
        if (!type.isInstance(kind)) {
            throw new IllegalStateException("field `" + name + "` is declared as " + kind
                    + " but read as " + type.getSimpleName());
        }
        return type.cast(kind);
    }
}
