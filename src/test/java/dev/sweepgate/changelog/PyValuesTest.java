package dev.sweepgate.changelog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** History entries are equal when Python's {@code ==} says so, whatever Java types the parse chose. */
class PyValuesTest {
    @Test
    void numbersCompareByValueAcrossBooleansIntegersAndFloats() {
        assertTrue(PyValues.equal(true, 1L));
        assertTrue(PyValues.equal(false, 0));
        assertTrue(PyValues.equal(1L, 1.0));
        assertTrue(PyValues.equal(true, 1.0));
        assertTrue(PyValues.equal(0.0, -0.0));
        assertFalse(PyValues.equal(true, 2L));
        assertFalse(PyValues.equal(1L, "1"));
        assertFalse(PyValues.equal("true", true));
    }

    @Test
    void mappingsIgnoreKeyOrderAndListsDoNot() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("pr-link", "https://github.com/o/r/pull/1");
        a.put("evals-only", true);
        a.put("config-keys", List.of("x", "y"));
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("config-keys", List.of("x", "y"));
        b.put("evals-only", 1L);
        b.put("pr-link", "https://github.com/o/r/pull/1");
        assertTrue(PyValues.equal(a, b));
        b.put("config-keys", List.of("y", "x"));
        assertFalse(PyValues.equal(a, b));
        b.put("config-keys", List.of("x", "y"));
        b.put("description", List.of("more"));
        assertFalse(PyValues.equal(a, b), "an extra key");
        b.remove("description");
        b.remove("evals-only");
        b.put("all-evals", true);
        assertFalse(PyValues.equal(a, b), "same size, another key");
    }

    @Test
    void keysThatPythonMergesStillCompareAsPythonDoes() {
        // {1: 'a', True: 'b'} is {1: 'b'} in Python
        Map<Object, Object> merged = new LinkedHashMap<>();
        merged.put(1L, "a");
        merged.put(true, "b");
        assertTrue(PyValues.equal(merged, Map.of(1L, "b")));
        assertFalse(PyValues.equal(merged, Map.of(1L, "a")));
    }

    @Test
    void nullsAreEqualOnlyToNulls() {
        List<Object> withNull = new ArrayList<>(Arrays.asList("a", null));
        assertTrue(PyValues.equal(withNull, Arrays.asList("a", null)));
        assertFalse(PyValues.equal(withNull, List.of("a", "b")));
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("k", null);
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("k", null);
        assertTrue(PyValues.equal(a, b));
        assertFalse(PyValues.equal(a, Map.of("j", "x")));
        assertFalse(PyValues.equal(null, "x"));
        assertEquals(true, PyValues.equal(null, null));
    }
}
