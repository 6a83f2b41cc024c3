package dev.sweepgate.launch;

import dev.sweepgate.problem.Position;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YSeq;
import java.util.ArrayList;
import java.util.List;

/**
 * A variant of an srt-slurm recipe with variants: the {@code base:} section with a
 * {@code zip_override_<name>:} section merged in, as {@code CONFIG_FILE=recipe.yaml:zip_override_<name>[N]}
 * selects it. The override's maps merge into the base's key by key; its lists are zipped, so the
 * variant takes item N of each ({@code name: [a, b]}, {@code decode_nodes: [2, 4]}) and a scalar
 * applies to every variant. Merged nodes keep the positions of the file they come from.
 */
final class RecipeVariants {
    /** A zipped list has no item N. */
    static final class OutOfRange extends Exception {
        private final transient Position at;
        private final int size;

        OutOfRange(Position at, int size) {
            super(null, null, false, false);
            this.at = at;
            this.size = size;
        }

        Position at() {
            return at;
        }

        int size() {
            return size;
        }
    }

    private RecipeVariants() {
    }

    static YNode zip(YNode base, YNode override, int index) throws OutOfRange {
        if (override instanceof YMap o && base instanceof YMap b) {
            List<YMap.Entry> entries = new ArrayList<>();
            for (YMap.Entry e : b.entries()) {
                YMap.Entry replaced = o.entry(e.key().value());
                entries.add(replaced == null ? e : new YMap.Entry(e.key(), zip(e.value(), replaced.value(), index)));
            }
            for (YMap.Entry e : o.entries()) {
                if (b.entry(e.key().value()) == null) {
                    entries.add(new YMap.Entry(e.key(), pick(e.value(), index)));
                }
            }
            return new YMap(entries, b.pos());
        }
        return pick(override, index);
    }

    /** The variant's value of an override node: item N of a list, recursively for a map. */
    private static YNode pick(YNode node, int index) throws OutOfRange {
        if (node instanceof YSeq s) {
            if (index >= s.size()) {
                throw new OutOfRange(s.pos(), s.size());
            }
            return s.get(index);
        }
        if (node instanceof YMap m) {
            List<YMap.Entry> entries = new ArrayList<>();
            for (YMap.Entry e : m.entries()) {
                entries.add(new YMap.Entry(e.key(), pick(e.value(), index)));
            }
            return new YMap(entries, m.pos());
        }
        return node;
    }
}
