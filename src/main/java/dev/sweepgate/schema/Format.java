package dev.sweepgate.schema;

/**
 * A file format sweepgate reads: its root value, and what the generated schema calls it.
 *
 * @param id the schema's {@code $id}
 */
public record Format(String id, String title, String description, Kind root) {
}
