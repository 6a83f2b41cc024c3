package dev.sweepgate.launch;

import dev.sweepgate.problem.Position;
import java.math.BigDecimal;

/**
 * What a launch script or recipe says about simulated acceptance.
 *
 * @param at          the line that holds the value (or the setting that should, or what could not be read)
 * @param al          the acceptance length it pins (TRT-LLM's accepted draft tokens plus one); null unless PINNED
 * @param draftLength the number of draft tokens, when the file says; null otherwise
 * @param tolerance   how far from a golden value {@code al} may be: 0, or the rounding of a rate ATOM takes
 * @param evidence    what was read, for the reviewer
 */
public record Reading(Kind kind, Position at, BigDecimal al, Integer draftLength, BigDecimal tolerance, String evidence) {
    public enum Kind {
        /** Synthetic acceptance at a value read statically. */
        PINNED,
        /** A throughput run without synthetic acceptance, or synthetic settings where none belong. */
        NOT_PINNED,
        /** The value cannot be read statically. */
        UNREADABLE
    }

    public static Reading pinned(Position at, BigDecimal al, Integer draftLength, String evidence) {
        return new Reading(Kind.PINNED, at, al, draftLength, BigDecimal.ZERO, evidence);
    }

    public static Reading notPinned(Position at, String evidence) {
        return new Reading(Kind.NOT_PINNED, at, null, null, BigDecimal.ZERO, evidence);
    }

    public static Reading unreadable(Position at, String evidence) {
        return new Reading(Kind.UNREADABLE, at, null, null, BigDecimal.ZERO, evidence);
    }

    public Reading withEvidence(String e) {
        return new Reading(kind, at, al, draftLength, tolerance, e);
    }

    public Reading withTolerance(BigDecimal t) {
        return new Reading(kind, at, al, draftLength, t, evidence);
    }
}
