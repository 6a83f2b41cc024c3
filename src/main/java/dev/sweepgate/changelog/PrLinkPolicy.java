package dev.sweepgate.changelog;

import java.util.regex.Pattern;

/**
 * Which pr-link values are acceptable: canonical links to {@code repo}, and with a pull
 * request number the placeholders {@code XXX} and the link to that pull request.
 *
 * @param prNumber      null on a push to main (new links must then be canonical), or on a pull
 *                      request whose number is not known yet
 * @param numberUnknown a pull request whose number is not known yet (the working tree, or what the
 *                      pre-push hook checks): new links may be placeholders or any canonical link
 */
public record PrLinkPolicy(String repo, Long prNumber, boolean numberUnknown) {
    public static final String DEFAULT_REPO = "SemiAnalysisAI/InferenceX";

    public PrLinkPolicy(String repo, Long prNumber) {
        this(repo, prNumber, false);
    }

    /**
     * The policy of validate-changelog: a known number wins; otherwise a pull request whose
     * number is not known yet, or a push to main.
     */
    public static PrLinkPolicy of(String repo, Long prNumber, boolean pullRequest) {
        return new PrLinkPolicy(repo, prNumber, prNumber == null && pullRequest);
    }

    /**
     * Whether the change is a pull request's (its number known or not) rather than a push to main:
     * the byte rules then blame a whitespace-only line that ends the file on the change that writes
     * it, not on the next one (docs/changelog.md).
     */
    public boolean pullRequest() {
        return prNumber != null || numberUnknown;
    }

    /** For the summary: what a number-unknown policy accepted, so a contributor is not surprised at merge. */
    public String summaryNote() {
        return numberUnknown
                ? "pr-links: the pull request's number is not known here, so the placeholders XXX and " + base()
                        + "XXX are accepted (the merge resolves them), as is any canonical link\n"
                : "";
    }

    public String base() {
        return "https://github.com/" + repo + "/pull/";
    }

    public String canonical(long number) {
        return base() + number;
    }

    /** {@code https://github.com/{repo}/pull/{ASCII digits}}. */
    public boolean isCanonical(String link) {
        if (link == null || !link.startsWith(base())) {
            return false;
        }
        String number = link.substring(base().length());
        return !number.isEmpty() && number.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    public boolean isPlaceholder(String link) {
        return "XXX".equals(link) || (base() + "XXX").equals(link);
    }

    /** Whether a newly appended entry may carry this link. */
    public boolean acceptsNew(String link) {
        if (prNumber == null) {
            return isCanonical(link) || (numberUnknown && isPlaceholder(link));
        }
        return isPlaceholder(link) || canonical(prNumber).equals(link);
    }

    /** What a contributor should write instead of a refused link. */
    public String expectedNew() {
        if (numberUnknown) {
            return "the placeholder XXX (the merge resolves it) or a canonical link " + base() + "<number>";
        }
        if (prNumber == null) {
            return "a canonical link " + base() + "<number> (a push to main must not carry placeholders; on a pull "
                    + "request pass --pr-number N, or --pull-request while its number is not known yet)";
        }
        return canonical(prNumber) + " (or the placeholder XXX, which the merge rewrites)";
    }

    private static final Pattern REPO = Pattern.compile("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+");

    /** Whether {@code repo} looks like OWNER/NAME as GitHub spells repositories. */
    public static boolean isValidRepo(String repo) {
        return repo != null && REPO.matcher(repo).matches();
    }
}
