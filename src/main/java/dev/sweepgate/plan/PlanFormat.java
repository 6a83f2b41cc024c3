package dev.sweepgate.plan;

import java.util.function.Function;

/** How {@code plan} prints the plan on stdout. */
public enum PlanFormat {
    /** Aligned tables for a terminal (the default). */
    TEXT(PlanReport::text),
    /** GitHub Markdown, for the job summary of a pull request. */
    MARKDOWN(PlanReport::markdown),
    /** One JSON object with the keys docs/plan.md lists, for scripts. */
    JSON(PlanJson::render);

    private final Function<Plan, String> renderer;

    PlanFormat(Function<Plan, String> renderer) {
        this.renderer = renderer;
    }

    public String render(Plan plan) {
        return renderer.apply(plan);
    }
}
