package dev.sweepgate.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SideBySideTest {
    private static final List<Integer> ITEMS = IntStream.range(0, 200).boxed().toList();

    @Test
    void mapsInOrderOnBothThreads() {
        ExecutorService pool = SideBySide.pool(1, "side");
        try {
            // which thread takes which item varies from run to run; the order of the results does not
            List<Integer> squares = SideBySide.mapInOrder(pool, ITEMS, i -> i * i);
            assertEquals(ITEMS.stream().map(i -> i * i).toList(), squares);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aBusyPoolIsNotWaitedFor() {
        ExecutorService pool = SideBySide.pool(1, "side");
        CountDownLatch release = new CountDownLatch(1);
        try {
            pool.submit(() -> {
                release.await(); // the pool's thread is still reading a file
                return null;
            });
            List<Integer> doubled = SideBySide.mapInOrder(pool, ITEMS, i -> 2 * i);
            assertEquals(ITEMS.stream().map(i -> 2 * i).toList(), doubled);
        } finally {
            release.countDown();
            pool.shutdownNow();
        }
    }

    @Test
    void theFailureOfTheFirstFailingItemIsThrown() {
        ExecutorService pool = SideBySide.pool(1, "side");
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> SideBySide.mapInOrder(pool, ITEMS, i -> {
                if (i == 150 || i == 30) {
                    throw new IllegalStateException("item " + i);
                }
                return i;
            }));
            assertEquals("item 30", e.getMessage());
        } finally {
            pool.shutdownNow();
        }
    }
}
