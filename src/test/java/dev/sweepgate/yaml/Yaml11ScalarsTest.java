package dev.sweepgate.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sweepgate.yaml.Yaml11Scalars.Kind;
import org.junit.jupiter.api.Test;

class Yaml11ScalarsTest {

    @Test
    void wordsAreStringsAndEveryImplicitTypeStillResolves() {
        assertEquals(Kind.STRING, Yaml11Scalars.kindOf("config-keys"));
        assertEquals(Kind.STRING, Yaml11Scalars.kindOf("https://github.com/o/r/pull/1"));
        assertEquals(Kind.STRING, Yaml11Scalars.kindOf("o"));
        assertEquals(Kind.STRING, Yaml11Scalars.kindOf("nvidia"));
        assertEquals(Kind.STRING, Yaml11Scalars.kindOf("1e3"));
        assertEquals(Kind.BOOL, Yaml11Scalars.kindOf("Off"));
        assertEquals(Kind.BOOL, Yaml11Scalars.kindOf("yes"));
        assertEquals(Kind.BOOL, Yaml11Scalars.kindOf("TRUE"));
        assertEquals(Kind.NULL, Yaml11Scalars.kindOf("Null"));
        assertEquals(Kind.NULL, Yaml11Scalars.kindOf("~"));
        assertEquals(Kind.NULL, Yaml11Scalars.kindOf(""));
        assertEquals(Kind.INT, Yaml11Scalars.kindOf("-0x1F"));
        assertEquals(Kind.INT, Yaml11Scalars.kindOf("+12_000"));
        assertEquals(Kind.FLOAT, Yaml11Scalars.kindOf(".5"));
        assertEquals(Kind.FLOAT, Yaml11Scalars.kindOf("-.inf"));
        assertEquals(Kind.FLOAT, Yaml11Scalars.kindOf(".NaN"));
        assertEquals(Kind.TIMESTAMP, Yaml11Scalars.kindOf("2026-01-01"));
        assertEquals(Kind.MERGE, Yaml11Scalars.kindOf("<<"));
        assertEquals(Kind.VALUE, Yaml11Scalars.kindOf("="));
    }

    @Test
    void plainDecimalsTakeTheShortcutWithTheSameResults() {
        assertEquals(Kind.INT, Yaml11Scalars.kindOf("0"));
        assertEquals(Kind.INT, Yaml11Scalars.kindOf("8192"));
        assertEquals(Kind.INT, Yaml11Scalars.kindOf("017"));
        assertEquals(Kind.STRING, Yaml11Scalars.kindOf("08"));
        assertEquals(Kind.INT, Yaml11Scalars.kindOf("1:30"));
        assertEquals(8192L, Yaml11Scalars.parseInt("8192"));
        assertEquals(0L, Yaml11Scalars.parseInt("0"));
        assertEquals(15L, Yaml11Scalars.parseInt("017"));
        assertEquals(90L, Yaml11Scalars.parseInt("1:30"));
        assertEquals(999_999_999_999_999_999L, Yaml11Scalars.parseInt("999999999999999999"));
        assertEquals(Long.MAX_VALUE, Yaml11Scalars.parseInt("9223372036854775807"));
        org.junit.jupiter.api.Assertions.assertThrows(ArithmeticException.class,
                () -> Yaml11Scalars.parseInt("9223372036854775808"));
    }

    @Test
    void formsThatStartWithASignDigitOrDotStillResolveEachWay() {
        assertKinds(Kind.FLOAT, "0.80", "-1_000.5e+3", "1:30.5");
        assertKinds(Kind.INT, "-1:30", "0b1_0");
        assertKinds(Kind.TIMESTAMP, "2001-12-14t21:59:43.10-05:00", "2001-1-4 1:59:43");
        assertKinds(Kind.STRING, "2001-12-1", "0.5.2", ".", "-", "~x", "-yes");
        assertEquals(-90L, Yaml11Scalars.parseInt("-1:30"));
        assertEquals(2L, Yaml11Scalars.parseInt("0b1_0"));
    }

    private static void assertKinds(Kind kind, String... texts) {
        for (String text : texts) {
            assertEquals(kind, Yaml11Scalars.kindOf(text), text);
        }
    }
}
