package dev.sweepgate.output;

import java.util.Map;

/** How problems are rendered. */
public enum Format {
    TEXT, JSON, GITHUB, SARIF;

    /** The default: GitHub annotations inside GitHub Actions, text elsewhere. */
    public static Format defaultFor(Map<String, String> environment) {
        return "true".equals(environment.get("GITHUB_ACTIONS")) ? GITHUB : TEXT;
    }
}
