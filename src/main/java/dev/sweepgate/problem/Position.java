package dev.sweepgate.problem;

/** A place in an input file; line and column are 1-based, 0 meaning "unknown". */
public record Position(String file, int line, int column) {

    public static Position ofFile(String file) {
        return new Position(file, 0, 0);
    }

    @Override
    public String toString() {
        if (line <= 0) {
            return file;
        }
        return column <= 0 ? file + ":" + line : file + ":" + line + ":" + column;
    }
}
