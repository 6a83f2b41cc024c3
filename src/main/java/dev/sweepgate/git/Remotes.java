package dev.sweepgate.git;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which GitHub repository a checkout belongs to, from its {@code origin} remote: a fork's
 * pr-links are then checked against the fork, without a {@code --repo} on every command.
 */
public final class Remotes {
    /** https://[user[:token]@]github.com/O/N, ssh://git@github.com[:port]/O/N, git://github.com/O/N. */
    private static final Pattern URL = Pattern.compile(
            "(?:https?|ssh|git)://(?:[^@/]+@)?(?:www\\.)?github\\.com(?::\\d+)?/([^/]+)/([^/]+?)(?:\\.git)?/?");
    /** The scp-like form: [user@]github.com:O/N. */
    private static final Pattern SCP = Pattern.compile("(?:[^@/]+@)?github\\.com:/?([^/]+)/([^/]+?)(?:\\.git)?/?");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]+");

    private Remotes() {
    }

    /** OWNER/NAME of a GitHub remote URL; empty for any other host or shape. */
    public static Optional<String> parseGithubUrl(String url) {
        String trimmed = url.strip();
        for (Pattern pattern : List.of(URL, SCP)) {
            // host names are case-insensitive; owner and name keep their spelling
            Matcher m = pattern.matcher(lowerCaseHost(trimmed));
            if (m.matches() && NAME.matcher(m.group(1)).matches() && NAME.matcher(m.group(2)).matches()
                    && !m.group(2).equals(".") && !m.group(2).equals("..")) {
                return Optional.of(m.group(1) + "/" + m.group(2));
            }
        }
        return Optional.empty();
    }

    private static String lowerCaseHost(String url) {
        int at = url.toLowerCase(Locale.ROOT).indexOf("github.com");
        return at < 0 ? url : url.substring(0, at) + "github.com" + url.substring(at + "github.com".length());
    }

    /**
     * OWNER/NAME of the {@code origin} remote when it is on GitHub (git's {@code insteadOf}
     * rewriting applied); empty without such a remote, or outside a repository.
     */
    public static Optional<String> githubRepo(Git git) {
        Git.Result result = git.run(List.of("remote", "get-url", "origin"));
        return result.ok() ? parseGithubUrl(result.stdoutText()) : Optional.empty();
    }

    /** {@link #githubRepo} or, without a GitHub origin, {@code fallback}: the default of every {@code --repo}. */
    public static String githubRepoOr(Git git, String fallback) {
        return githubRepo(git).orElse(fallback);
    }
}
