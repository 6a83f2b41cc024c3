package dev.sweepgate.concurrent;

import dev.sweepgate.problem.EnvironmentException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads independent inputs (the two changelog sides, the configs of each side) on threads of
 * their own: on a cold JVM parsing dominates, and two cores halve the wait.
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
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EnvironmentException("interrupted while reading the inputs");
        }
    }
}
