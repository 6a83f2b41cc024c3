package dev.sweepgate.output;

import java.util.Map;

/** How problems are rendered. */
public enum Format {
    TEXT, JSON, GITHUB, SARIF;

    /**
     * The default: text for a person at a terminal (even inside a runner that sets
     * GITHUB_ACTIONS, such as a debugging shell), GitHub annotations inside GitHub Actions,
     * text elsewhere.
     *
     * @param terminal whether the output goes to a terminal (the CLI passes {@code System.console() != null})
     */
    public static Format defaultFor(Map<String, String> environment, boolean terminal) {
        if (terminal) {
            return TEXT;
        }
        return "true".equals(environment.get("GITHUB_ACTIONS")) ? GITHUB : TEXT;
    }

    /** {@link #defaultFor(Map, boolean)} when the output is not a terminal. */
    public static Format defaultFor(Map<String, String> environment) {
        return defaultFor(environment, false);
    }
}
