package dev.sweepgate.problem;

import java.util.Objects;

/**
 * One rule violation (or warning) found in an input file. Every checking command reports
 * its findings as problems; the output formats only render them.
 *
 * @param line   1-based line, 0 when the problem concerns the whole file
 * @param column 1-based column, 0 when unknown
 * @param rule   stable rule id such as {@code config.unknown-field}
 * @param excerpt the source text at the problem's line, or null when not at hand
 */
public record Problem(Severity severity, String file, int line, int column, String rule, String message,
                      Excerpt excerpt) {

    /**
     * How much a problem weighs. A note only informs (a count of findings that fire on clean
     * data, say): it neither fails a run nor does --strict make it fail one.
     *
     * @param word   how text, JSON and SARIF name the severity
     * @param github the GitHub Actions workflow command for it
     */
    public enum Severity {
        ERROR("error", "error"), WARNING("warning", "warning"), NOTE("note", "notice");

        private final String word;
        private final String github;

        Severity(String word, String github) {
            this.word = word;
            this.github = github;
        }

        public String word() {
            return word;
        }

        public String github() {
            return github;
        }
    }

    public Problem {
        Objects.requireNonNull(severity);
        Objects.requireNonNull(rule);
        Objects.requireNonNull(message);
        file = file == null ? "" : file;
    }

    public Problem(Severity severity, String file, int line, int column, String rule, String message) {
        this(severity, file, line, column, rule, message, null);
    }

    /** This problem with the text it is about. */
    public Problem withExcerpt(Excerpt text) {
        return new Problem(severity, file, line, column, rule, message, text);
    }

    /** What --strict makes of this problem: a warning becomes an error; a note stays a note. */
    public Problem asError() {
        return severity == Severity.NOTE ? this : new Problem(Severity.ERROR, file, line, column, rule, message, excerpt);
    }

    public static Problem error(Position at, String rule, String message) {
        return new Problem(Severity.ERROR, at.file(), at.line(), at.column(), rule, message);
    }

    public static Problem warning(Position at, String rule, String message) {
        return new Problem(Severity.WARNING, at.file(), at.line(), at.column(), rule, message);
    }

    /** A problem about a file as a whole (missing, unreadable, wrong encoding). */
    public static Problem fileError(String file, String rule, String message) {
        return new Problem(Severity.ERROR, file, 0, 0, rule, message);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    public Position position() {
        return new Position(file, line, column);
    }

    // Written out (with the generated ones' hash): a record's own link method handles on first use,
    // on every run, as no AOT cache holds them (docs/speed.md).
    @Override
    public boolean equals(Object other) {
        return other instanceof Problem p && severity == p.severity && line == p.line && column == p.column
                && Objects.equals(file, p.file) && Objects.equals(rule, p.rule)
                && Objects.equals(message, p.message) && Objects.equals(excerpt, p.excerpt);
    }

    @Override
    public int hashCode() {
        int h = Objects.hashCode(severity);
        h = h * 31 + Objects.hashCode(file);
        h = h * 31 + line;
        h = h * 31 + column;
        h = h * 31 + Objects.hashCode(rule);
        h = h * 31 + Objects.hashCode(message);
        return h * 31 + Objects.hashCode(excerpt);
    }
}
