package dev.sweepgate.matrix;

import static dev.sweepgate.matrix.Fixtures.list;
import static dev.sweepgate.matrix.Fixtures.range;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConcurrencyValuesTest {

    @Test
    void rangeDoublesAndIsClosedByItsEnd() {
        assertEquals(List.of(4, 8, 16, 32, 64, 100), ConcurrencyValues.expand(range(4, 100), 2));
    }

    @Test
    void rangeEndingOnAPowerIsNotRepeated() {
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64), ConcurrencyValues.expand(range(1, 64), 2));
    }

    @Test
    void largerStepSkipsMore() {
        assertEquals(List.of(2, 6, 18, 54, 100), ConcurrencyValues.expand(range(2, 100), 3));
        assertEquals(List.of(1, 4, 16, 64, 256), ConcurrencyValues.expand(range(1, 256), 4));
    }

    @Test
    void singlePointRange() {
        assertEquals(List.of(4), ConcurrencyValues.expand(range(4, 4), 2));
    }

    @Test
    void listKeepsOrderAndDuplicates() {
        assertEquals(List.of(64, 8, 8, 1), ConcurrencyValues.expand(list(64, 8, 8, 1), 2));
    }
}
