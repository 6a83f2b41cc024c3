package dev.sweepgate.yaml;

/** A YAML 1.1 timestamp. Kept as text: no field accepts one, and it must not pass as a string. */
public record YTimestamp(String text) {
    @Override
    public String toString() {
        return text;
    }
}
