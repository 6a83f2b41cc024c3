package dev.sweepgate.matrix;

import dev.sweepgate.problem.UsageException;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/** The {@code --seq-lens} filter; null or empty keeps every sequence length. */
record SeqLenFilter(Set<SeqLen> kept) {

    static SeqLenFilter of(Collection<String> names) {
        if (names == null || names.isEmpty()) {
            return new SeqLenFilter(null);
        }
        Set<SeqLen> kept = new LinkedHashSet<>();
        for (String name : names) {
            kept.add(SeqLen.fromName(name).orElseThrow(() -> new UsageException(
                    "--seq-lens: unknown sequence length '" + name + "' (choose from 1k1k, 8k1k)")));
        }
        return new SeqLenFilter(Set.copyOf(kept));
    }

    boolean includes(SeqLen seqLen) {
        return kept == null || kept.contains(seqLen);
    }
}
