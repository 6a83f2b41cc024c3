package dev.sweepgate.concurrent;

import dev.sweepgate.problem.EnvironmentException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Reads independent inputs (the two changelog sides, the configs of each side) on threads of
 * their own, and shares per-item work (binding configs, expanding them) between two threads:
 * on a cold JVM parsing and the first pass over the parsed trees dominate, and two cores halve
 * the wait.
 */
public final class SideBySide {
    private SideBySide() {
    }

    /** A pool of daemon threads, so that an abandoned read never keeps the JVM alive. */
    public static ExecutorService pool(int threads, String name) {
        return Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The task's result; its exception (a problem, a usage or environment failure) as if thrown here. */
    public static <T> T join(Future<T> future) {
        try {
            return future.get();
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        } catch (InterruptedException e) {
            throw interrupted();
        }
    }

    /**
     * {@code items} mapped by {@code f}, in order, the calling thread and one thread of {@code pool}
     * taking items as they come: when the pool's thread is still busy (reading a file, say), the
     * caller simply maps them all. {@code f} must not share mutable state between items. A failure is
     * the one of the first item that failed, as if the items had been mapped one by one.
     */
    public static <T, R> List<R> mapInOrder(ExecutorService pool, List<T> items, Function<T, R> f) {
        int n = items.size();
        Object[] results = new Object[n];
        Throwable[] failures = new Throwable[n];
        AtomicInteger next = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(n);
        Runnable worker = () -> {
            for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                try {
                    results[i] = f.apply(items.get(i));
                } catch (RuntimeException | Error e) {
                    failures[i] = e;
                } finally {
                    done.countDown();
                }
            }
        };
        Future<?> helper = n > 1 ? pool.submit(worker) : null;
        worker.run();
        try {
            done.await(); // only for the items the pool's thread took
        } catch (InterruptedException e) {
            throw interrupted();
        }
        if (helper != null) {
            helper.cancel(false); // not started yet: nothing left for it
        }
        for (Throwable failure : failures) {
            if (failure != null) {
                throw rethrown(failure);
            }
        }
        @SuppressWarnings("unchecked")
        List<R> mapped = (List<R>) Arrays.asList(results);
        return mapped;
    }

    /** A task's failure (a problem, a usage or environment failure) as if it had happened here. */
    static RuntimeException rethrown(Throwable failure) {
        if (failure instanceof RuntimeException r) {
            return r;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(failure);
    }

    static EnvironmentException interrupted() {
        Thread.currentThread().interrupt();
        return new EnvironmentException("interrupted while reading the inputs");
    }
}
