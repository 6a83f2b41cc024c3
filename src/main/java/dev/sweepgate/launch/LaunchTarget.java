package dev.sweepgate.launch;

import dev.sweepgate.problem.Position;
import java.util.List;
import java.util.Objects;

/**
 * Where a config's server is set up: the launch script a runner runs for a single-node
 * config, or the srt-slurm recipe {@code CONFIG_FILE} names for a multi-node one.
 *
 * @param path       the file in the repository, or null when it cannot be resolved here
 * @param recipe     true for a multi-node recipe (YAML), false for a launch script
 * @param selector   a recipe's {@code :override[N]} suffix, or null
 * @param from       the config line that leads to the file (the config, or its CONFIG_FILE setting)
 * @param unresolved why {@code path} is null
 * @param tried      the candidates looked for, in the runner's order
 */
public record LaunchTarget(String path, boolean recipe, String selector, Position from, String unresolved, List<String> tried) {
    public LaunchTarget {
        tried = List.copyOf(tried);
    }

    public boolean resolved() {
        return path != null;
    }

    // Written out (with the generated ones' hash): a record's own link method handles on first use,
    // on every run, as no AOT cache holds them (docs/speed.md).
    @Override
    public boolean equals(Object other) {
        return other instanceof LaunchTarget t && recipe == t.recipe && Objects.equals(path, t.path)
                && Objects.equals(selector, t.selector) && Objects.equals(from, t.from)
                && Objects.equals(unresolved, t.unresolved) && tried.equals(t.tried);
    }

    @Override
    public int hashCode() {
        int h = Objects.hashCode(path);
        h = h * 31 + Boolean.hashCode(recipe);
        h = h * 31 + Objects.hashCode(selector);
        h = h * 31 + Objects.hashCode(from);
        h = h * 31 + Objects.hashCode(unresolved);
        return h * 31 + tried.hashCode();
    }
}
