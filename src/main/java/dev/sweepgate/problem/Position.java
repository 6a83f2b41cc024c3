package dev.sweepgate.problem;

import java.util.Objects;

/** A place in an input file; line and column are 1-based, 0 meaning "unknown". */
public record Position(String file, int line, int column) {

    public static Position ofFile(String file) {
        return new Position(file, 0, 0);
    }

    // Written out (with the generated ones' hash): a record's own link method handles on first use,
    // on every run, as no AOT cache holds them (docs/speed.md).
    @Override
    public boolean equals(Object other) {
        return other instanceof Position p && line == p.line && column == p.column && Objects.equals(file, p.file);
    }

    @Override
    public int hashCode() {
        return (Objects.hashCode(file) * 31 + line) * 31 + column;
    }

    @Override
    public String toString() {
        if (line <= 0) {
            return file;
        }
        return column <= 0 ? file + ":" + line : file + ":" + line + ":" + column;
    }
}
