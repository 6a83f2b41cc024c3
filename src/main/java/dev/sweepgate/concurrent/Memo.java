package dev.sweepgate.concurrent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Values worked out once and then shared, also between threads: the gate's checks run side by
 * side in one JVM and need the same parsed configs and launch files. The first caller of a key
 * computes its value; a caller that comes while it is computed waits for it rather than computing
 * it again. A failure (a {@code ProblemException}, say) is kept like a value and thrown to every
 * caller of the key.
 *
 * <p>A key must name everything its value depends on (a commit id, a file's bytes), so that a
 * value can never be stale; the one exception is what a ref names, which the gate pins in a memo of
 * its own run so that its checks measure the same commits. A computation must not ask for its own key.
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

    /**
     * The values of {@code keys}, in order: those no caller has asked for yet are computed here, all
     * in one call of {@code computeAll} (which gets them in order and returns their values in that
     * order); the others are those already known or being computed for another caller, which are
     * waited for. One batch for what is new, as {@link #once} is one computation for what is new: the
     * gate's checks ask for the same files of a commit side by side, and each batch is a git process.
     */
    public <K, T> List<T> onceAll(List<K> keys, Function<List<K>, List<T>> computeAll) {
        List<K> claimed = new ArrayList<>();
        List<FutureTask<Object>> claims = new ArrayList<>();
        Object[] computed = new Object[keys.size()];
        Throwable[] failure = new Throwable[1];
        for (K key : keys) {
            int at = claimed.size();
            FutureTask<Object> claim = new FutureTask<>(() -> {
                if (failure[0] instanceof RuntimeException e) {
                    throw e;
                } else if (failure[0] != null) {
                    throw (Error) failure[0];
                }
                return computed[at];
            });
            if (values.putIfAbsent(key, claim) == null) {
                claimed.add(key);
                claims.add(claim);
            }
        }
        if (!claimed.isEmpty()) {
            try {
                List<T> all = computeAll.apply(claimed);
                for (int i = 0; i < all.size(); i++) {
                    computed[i] = all.get(i);
                }
            } catch (RuntimeException | Error e) {
                if (Thread.currentThread().isInterrupted()) {
                    for (int i = 0; i < claimed.size(); i++) {
                        values.remove(claimed.get(i), claims.get(i)); // before any caller can see the failure
                    }
                }
                failure[0] = e;
            }
            claims.forEach(FutureTask::run);
        }
        // Each one as once() gives it: a value cut short for another caller is computed here, on its own.
        List<T> out = new ArrayList<>(keys.size());
        for (K key : keys) {
            out.add(once(key, () -> computeAll.apply(List.of(key)).get(0)));
        }
        return out;
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
