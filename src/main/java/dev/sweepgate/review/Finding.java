package dev.sweepgate.review;

import dev.sweepgate.problem.Position;

/**
 * One piece of evidence of a check.
 *
 * @param subject what it is about: a config key or a file
 * @param at      the line it is about (null when none)
 * @param waived  a FAIL a disable comment on its line silences (a documented exception)
 */
public record Finding(Verdict verdict, String subject, Position at, String message, boolean waived) {
    public Finding(Verdict verdict, String subject, Position at, String message) {
        this(verdict, subject, at, message, false);
    }

    /** The verdict this finding counts as: a waived FAIL passes. */
    public Verdict counted() {
        return waived ? Verdict.PASS : verdict;
    }

    public Finding waive() {
        return new Finding(verdict, subject, at, message, true);
    }
}
