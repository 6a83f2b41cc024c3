package dev.sweepgate.concurrent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * Values worked out once and then shared, also between threads: the gate's checks run side by
 * side in one JVM and need the same parsed configs and launch files. The first caller of a key
 * computes its value; a caller that comes while it is computed waits for it rather than computing
 * it again. A failure (a {@code ProblemException}, say) is kept like a value and thrown to every
 * caller of the key.
 *
 * <p>A key must name everything its value depends on (a commit id, a file's bytes), so that a
 * value can never be stale. A computation must not ask for its own key.
 */
public final class Memo {
    private final ConcurrentHashMap<Object, FutureTask<Object>> values = new ConcurrentHashMap<>();

    /**
     * The value of {@code key}, computed by {@code compute} on the first call. A computation cut short
     * by an interruption (its pool shut down when another input failed) is no value: it is forgotten,
     * and the next caller computes it again.
     */
    @SuppressWarnings("unchecked")
    public <T> T once(Object key, Supplier<T> compute) {
        while (true) {
            FutureTask<Object> task = values.get(key);
            if (task == null) {
                List<FutureTask<Object>> self = new ArrayList<>(1);
                FutureTask<Object> mine = new FutureTask<>(() -> {
                    try {
                        return compute.get();
                    } catch (RuntimeException | Error e) {
                        if (Thread.currentThread().isInterrupted()) {
                            values.remove(key, self.get(0)); // before any caller can see the failure
                        }
                        throw e;
                    }
                });
                self.add(mine);
                task = values.putIfAbsent(key, mine);
                if (task == null) {
                    task = mine;
                    mine.run();
                }
            }
            try {
                return (T) task.get();
            } catch (ExecutionException e) {
                if (values.get(key) != task && !Thread.currentThread().isInterrupted()) {
                    continue; // interrupted while it was computed for another caller: compute it here
                }
                throw SideBySide.rethrown(e.getCause());
            } catch (InterruptedException e) {
                throw SideBySide.interrupted();
            }
        }
    }

    /** The value of {@code key} when it has been computed (and did not fail); null otherwise. */
    @SuppressWarnings("unchecked")
    public <T> T known(Object key) {
        FutureTask<Object> task = values.get(key);
        if (task == null || !task.isDone()) {
            return null;
        }
        try {
            return (T) task.get();
        } catch (ExecutionException | InterruptedException | java.util.concurrent.CancellationException e) {
            return null;
        }
    }

    /**
     * A key that is its object's identity: for values worked out from an object that is itself
     * shared through a memo (the configs of one commit), without comparing it field by field.
     */
    public record Identity(Object of) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Identity i && i.of == of;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(of);
        }
    }
}
