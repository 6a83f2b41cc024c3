package dev.sweepgate.review;

/** How {@code review} prints: the checklist (text, markdown) or its FAILs as problems (json, github, sarif). */
public enum ReviewFormat {
    TEXT, MARKDOWN, JSON, GITHUB, SARIF;

    /** Whether this format prints the checklist itself (the others render the problems). */
    public boolean checklist() {
        return this == TEXT || this == MARKDOWN;
    }
}
