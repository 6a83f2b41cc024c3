package dev.sweepgate.sweep.reuse;

/** How reuse-check prints its verdict. */
public enum ReuseFormat {
    TEXT,
    JSON;

    public String render(ReuseVerdict verdict) {
        return this == JSON ? ReuseReport.json(verdict) : ReuseReport.text(verdict);
    }
}
