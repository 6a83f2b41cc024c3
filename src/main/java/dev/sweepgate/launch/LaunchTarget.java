package dev.sweepgate.launch;

import dev.sweepgate.problem.Position;
import java.util.List;

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
}
