package dev.sweepgate.plan;

/** How {@code plan} prints the plan on stdout. */
public enum PlanFormat {
    /** Aligned tables for a terminal (the default). */
    TEXT,
    /** GitHub Markdown, for the job summary of a pull request. */
    MARKDOWN,
    /** One JSON object with the keys docs/plan.md lists, for scripts. */
    JSON;

    // A switch rather than method references held by the constants: the command line builds every
    // command's options at start-up, and a reference to PlanJson would load Jackson on every run.
    public String render(Plan plan) {
        return switch (this) {
            case TEXT -> PlanReport.text(plan);
            case MARKDOWN -> PlanReport.markdown(plan);
            case JSON -> PlanJson.render(plan);
        };
    }
}
