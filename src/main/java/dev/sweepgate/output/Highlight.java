package dev.sweepgate.output;

import dev.sweepgate.problem.Problem;

/**
 * How the text format marks a problem's severity and rule id: as they are, or coloured for a
 * terminal. The command line decides which (it knows the terminal); the renderer only asks.
 */
public interface Highlight {
    /** Plain text: files, pipes, and every format but text. */
    Highlight NONE = new Highlight() {
        @Override
        public String severity(Problem.Severity severity, String word) {
            return word;
        }

        @Override
        public String rule(String rule) {
            return rule;
        }
    };

    /** {@code word} (error, warning, note) as the line shows it. */
    String severity(Problem.Severity severity, String word);

    /** The rule id, shown in brackets at the end of the line. */
    String rule(String rule);
}
