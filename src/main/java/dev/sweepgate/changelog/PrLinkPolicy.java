package dev.sweepgate.changelog;

import java.util.regex.Pattern;

/**
 * Which pr-link values are acceptable: canonical links to {@code repo}, and with a pull
 * request number the placeholders {@code XXX} and the link to that pull request.
 *
 * @param prNumber null on a push to main (new links must then be canonical)
 */
public record PrLinkPolicy(String repo, Long prNumber) {
    public static final String DEFAULT_REPO = "SemiAnalysisAI/InferenceX";

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
            return isCanonical(link);
        }
        return isPlaceholder(link) || canonical(prNumber).equals(link);
    }

    /** What a contributor should write instead of a refused link. */
    public String expectedNew() {
        if (prNumber == null) {
            return "a canonical link " + base() + "<number> (a push to main must not carry placeholders)";
        }
        return canonical(prNumber) + " (or the placeholder XXX, which the merge rewrites)";
    }

    private static final Pattern REPO = Pattern.compile("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+");

    /** Whether {@code repo} looks like OWNER/NAME as GitHub spells repositories. */
    public static boolean isValidRepo(String repo) {
        return repo != null && REPO.matcher(repo).matches();
    }
}
