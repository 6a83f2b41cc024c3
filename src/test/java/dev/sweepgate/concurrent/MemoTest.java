package dev.sweepgate.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** What the gate's checks share: each value computed once, whichever check asks first. */
class MemoTest {
    @Test
    void twoThreadsAskingForOneValueComputeItOnce() throws Exception {
        Memo memo = new Memo();
        AtomicInteger computed = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService pool = SideBySide.pool(1, "memo-test");
        try {
            Future<String> first = pool.submit(() -> memo.once("configs", () -> {
                computed.incrementAndGet();
                started.countDown();
                await(release);
                return "parsed";
            }));
            assertTrue(started.await(10, TimeUnit.SECONDS));
            Future<String> second = SideBySide.pool(1, "memo-test-2").submit(() -> memo.once("configs", () -> {
                computed.incrementAndGet();
                return "parsed again";
            }));
            release.countDown();
            assertEquals("parsed", first.get(10, TimeUnit.SECONDS));
            assertEquals("parsed", second.get(10, TimeUnit.SECONDS));
            assertEquals(1, computed.get());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aFailureIsKeptAndThrownToEveryCaller() {
        Memo memo = new Memo();
        AtomicInteger computed = new AtomicInteger();
        UsageException failure = new UsageException("bad configs");
        for (int i = 0; i < 2; i++) {
            UsageException thrown = assertThrows(UsageException.class, () -> memo.once("configs", () -> {
                computed.incrementAndGet();
                throw failure;
            }));
            assertSame(failure, thrown);
        }
        assertEquals(1, computed.get());
    }

    /** A check whose pool was shut down (another input failed) must not leave "interrupted" for the next check. */
    @Test
    void aComputationCutShortByAnInterruptionIsComputedAgainByTheNextCaller() throws Exception {
        Memo memo = new Memo();
        CountDownLatch started = new CountDownLatch(1);
        ExecutorService pool = SideBySide.pool(1, "memo-test");
        Future<Object> cut = pool.submit(() -> memo.once("configs", () -> {
            started.countDown();
            await(new CountDownLatch(1)); // until interrupted
            return "never";
        }));
        assertTrue(started.await(10, TimeUnit.SECONDS));
        pool.shutdownNow();
        java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> cut.get(10, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof EnvironmentException, e.toString());
        assertEquals("parsed", memo.once("configs", () -> "parsed"));
    }

    @Test
    void identityKeysTellEqualObjectsApart() {
        Memo memo = new Memo();
        String a = new String("configs");
        String b = new String("configs");
        assertEquals("of a", memo.once(new Memo.Identity(a), () -> "of a"));
        assertEquals("of b", memo.once(new Memo.Identity(b), () -> "of b"));
        assertEquals("of a", memo.once(new Memo.Identity(a), () -> "again"));
    }

    @Test
    void onceAllComputesWhatIsNewInOneBatchInTheOrderAsked() {
        Memo memo = new Memo();
        List<List<String>> batches = new ArrayList<>();
        assertEquals("b", memo.once("b", () -> "b"));
        List<String> values = memo.onceAll(List.of("a", "b", "c"), keys -> {
            batches.add(keys);
            return keys.stream().map(k -> k + "!").toList();
        });
        assertEquals(List.of("a!", "b", "c!"), values);
        assertEquals(List.of(List.of("a", "c")), batches);
        assertEquals(List.of("a!", "c!"), memo.onceAll(List.of("a", "c"), keys -> {
            throw new AssertionError("known: " + keys);
        }));
    }

    /** Two checks asking side by side for overlapping files: each file is read once, by whichever asked first. */
    @Test
    void overlappingBatchesSideBySideComputeEachKeyOnce() throws Exception {
        Memo memo = new Memo();
        Map<String, AtomicInteger> computed = new ConcurrentHashMap<>();
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService pool = SideBySide.pool(2, "memo-test");
        try {
            Future<List<String>> first = pool.submit(() -> memo.onceAll(List.of("base", "head"), keys -> {
                keys.forEach(k -> computed.computeIfAbsent(k, x -> new AtomicInteger()).incrementAndGet());
                firstStarted.countDown();
                await(release);
                return keys.stream().map(k -> k + "@1").toList();
            }));
            assertTrue(firstStarted.await(10, TimeUnit.SECONDS));
            Future<List<String>> second = pool.submit(() -> memo.onceAll(List.of("head", "golden"), keys -> {
                keys.forEach(k -> computed.computeIfAbsent(k, x -> new AtomicInteger()).incrementAndGet());
                return keys.stream().map(k -> k + "@2").toList();
            }));
            release.countDown();
            assertEquals(List.of("base@1", "head@1"), first.get(10, TimeUnit.SECONDS));
            assertEquals(List.of("head@1", "golden@2"), second.get(10, TimeUnit.SECONDS));
            computed.forEach((key, count) -> assertEquals(1, count.get(), key));
            assertEquals(Set.of("base", "head", "golden"), computed.keySet());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aBatchsFailureIsThrownForEachOfItsKeys() {
        Memo memo = new Memo();
        EnvironmentException failure = new EnvironmentException("git cat-file failed");
        assertSame(failure, assertThrows(EnvironmentException.class, () -> memo.onceAll(List.of("a", "b"), keys -> {
            throw failure;
        })));
        assertSame(failure, assertThrows(EnvironmentException.class, () -> memo.once("b", () -> "b")));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw SideBySide.interrupted();
        }
    }
}
