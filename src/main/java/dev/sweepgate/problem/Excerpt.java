package dev.sweepgate.problem;

import java.util.Objects;

/**
 * The text a problem is about: its line of the file (without the line end) and the line
 * before, which the text format shows and a disable comment may stand on. Of a very long
 * line only a piece around the problem's column is kept ({@code skipped} and {@code more}
 * say what was left out), so that a 60 MB line costs no 60 MB string.
 *
 * @param lineEnd  whether the line ends with a line feed (a last line may not)
 * @param previous the line before, or null on line 1
 * @param skipped  characters (code points) of the line left out before {@code line}
 * @param more     whether characters of the line were left out after {@code line}
 */
public record Excerpt(String line, boolean lineEnd, String previous, int skipped, boolean more) {
    /** The excerpt of a whole line. */
    public Excerpt(String line, boolean lineEnd, String previous) {
        this(line, lineEnd, previous, 0, false);
    }

    // Written out (with the generated ones' hash): a record's own link method handles on first use,
    // on every run, as no AOT cache holds them (docs/speed.md).
    @Override
    public boolean equals(Object other) {
        return other instanceof Excerpt e && lineEnd == e.lineEnd && skipped == e.skipped && more == e.more
                && Objects.equals(line, e.line) && Objects.equals(previous, e.previous);
    }

    @Override
    public int hashCode() {
        int h = Objects.hashCode(line);
        h = h * 31 + Boolean.hashCode(lineEnd);
        h = h * 31 + Objects.hashCode(previous);
        h = h * 31 + skipped;
        return h * 31 + Boolean.hashCode(more);
    }
}
