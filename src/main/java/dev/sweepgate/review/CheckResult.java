package dev.sweepgate.review;

import java.util.List;

/**
 * One check of the sign-off checklist and its findings.
 *
 * @param number the sign-off verifier's number (6a, 11, ...)
 * @param rule   the rule id its FAILs carry ({@code review.golden-al}); null for information
 */
public record CheckResult(String number, String title, String rule, List<Finding> findings) {
    public CheckResult {
        findings = List.copyOf(findings);
    }

    /** N/A without findings, else the weightiest finding's verdict. */
    public Verdict verdict() {
        Verdict v = Verdict.NOT_APPLICABLE;
        for (Finding f : findings) {
            v = v.and(f.counted());
        }
        return v;
    }
}
