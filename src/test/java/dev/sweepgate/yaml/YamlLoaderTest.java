package dev.sweepgate.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class YamlLoaderTest {

    private static YamlLoader.Document load(String text) {
        return YamlLoader.standard().load(text, "in.yaml");
    }

    /** The resolved value of {@code text} written as a plain scalar under the key {@code v}. */
    private static Object scalar(String text) {
        YamlLoader.Document doc = load("v: " + text + "\n");
        assertEquals(List.of(), doc.problems());
        return ((YMap) doc.root()).get("v").toPlain();
    }

    /** The single problem a refused document produces. */
    private static Problem refused(String text) {
        return refused(YamlLoader.standard(), text.getBytes(StandardCharsets.UTF_8));
    }

    private static Problem refused(YamlLoader loader, byte[] bytes) {
        ProblemException e = assertThrows(ProblemException.class, () -> loader.load(bytes, "in.yaml"));
        assertEquals(1, e.problems().size(), e.problems().toString());
        Problem p = e.problems().get(0);
        assertEquals("in.yaml", p.file());
        assertTrue(p.isError());
        return p;
    }

    @Nested
    class Yaml11Scalars {
        @ParameterizedTest
        @ValueSource(strings = {"1e3", "1.5e3", "-.5", "+.5", "08", "09_1", "0o17", "0b", "0x", "1_000e+3",
                "1:60", "1:30:x", "yes!", "y", "n", "NuLL", "True2", "2024-1-1", "2024-01-01x", ".", "._5",
                "1.0.0", "inf", ".Inf.", "0x1g", "+", "1:3a", "<<a", "==", "1 2"})
        void stayStrings(String text) {
            assertEquals(text, scalar(text));
        }

        @Test
        void quotedScalarsAreAlwaysStrings() {
            assertEquals("8", scalar("\"8\""));
            assertEquals("yes", scalar("'yes'"));
            assertEquals("", scalar("''"));
            assertEquals("~", scalar("\"~\""));
            assertEquals("2024-01-01", scalar("'2024-01-01'"));
            assertEquals("1.5", scalar("!!str 1.5"));
        }

        @Test
        void floatsNeedADotAndASignedExponent() {
            assertEquals(1500.0, scalar("1.5e+3"));
            assertEquals(0.0015, scalar("1.5e-3"));
            assertEquals(1500.0, scalar("1.5E+3"));
            assertEquals(0.5, scalar(".5"));
            assertEquals(1.0, scalar("1."));
            assertEquals(-1.25, scalar("-1.25"));
            assertEquals(1.25, scalar("+1.25"));
            assertEquals(1000.5, scalar("1_000.5"));
            assertEquals(50.0, scalar(".5e+2"));
            assertEquals(0.95, scalar("0.95"));
            assertEquals(3.0, scalar("03.0"));
        }

        @Test
        void specialFloats() {
            assertEquals(Double.POSITIVE_INFINITY, scalar(".inf"));
            assertEquals(Double.POSITIVE_INFINITY, scalar("+.Inf"));
            assertEquals(Double.NEGATIVE_INFINITY, scalar("-.INF"));
            assertTrue(Double.isNaN((Double) scalar(".nan")));
            assertTrue(Double.isNaN((Double) scalar(".NaN")));
            assertTrue(Double.isNaN((Double) scalar(".NAN")));
            assertEquals("-.nan", scalar("-.nan"));
        }

        @Test
        void baseSixtyFloat() {
            assertEquals(5430.5, scalar("1:30:30.5"));
            assertEquals(-90.5, scalar("-1:30.5"));
        }

        @Test
        void decimalIntegers() {
            assertEquals(0L, scalar("0"));
            assertEquals(0L, scalar("-0"));
            assertEquals(42L, scalar("42"));
            assertEquals(42L, scalar("+42"));
            assertEquals(-42L, scalar("-42"));
            assertEquals(1000000L, scalar("1_000_000"));
            assertEquals(1L, scalar("1__"));
            assertEquals(Long.MAX_VALUE, scalar("9223372036854775807"));
            assertEquals(Long.MIN_VALUE, scalar("-9223372036854775808"));
        }

        @Test
        void baseSixtyIntegers() {
            assertEquals(90L, scalar("1:30"));
            assertEquals(5430L, scalar("1:30:30"));
            assertEquals(-90L, scalar("-1:30"));
            assertEquals(65L, scalar("1:5"));
            assertEquals(630L, scalar("1_0:30"));
        }

        @Test
        void hexOctalAndBinaryIntegers() {
            assertEquals(255L, scalar("0xff"));
            assertEquals(255L, scalar("0xFF"));
            assertEquals(65535L, scalar("0xff_ff"));
            assertEquals(-16L, scalar("-0x10"));
            assertEquals(15L, scalar("017"));
            assertEquals(15L, scalar("0_17"));
            assertEquals(0L, scalar("00"));
            assertEquals(-8L, scalar("-010"));
            assertEquals(5L, scalar("0b101"));
            assertEquals(5L, scalar("0b1_01"));
            assertEquals(-5L, scalar("-0b101"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"})
        void trueSpellings(String text) {
            assertEquals(Boolean.TRUE, scalar(text));
        }

        @ParameterizedTest
        @ValueSource(strings = {"no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"})
        void falseSpellings(String text) {
            assertEquals(Boolean.FALSE, scalar(text));
        }

        @ParameterizedTest
        @ValueSource(strings = {"yEs", "tRUE", "oN", "nO", "OfF", "FaLsE"})
        void mixedCaseBooleansAreStrings(String text) {
            assertEquals(text, scalar(text));
        }

        @ParameterizedTest
        @ValueSource(strings = {"~", "null", "Null", "NULL", ""})
        void nullSpellings(String text) {
            YamlLoader.Document doc = load("v: " + text + "\n");
            YScalar v = (YScalar) ((YMap) doc.root()).get("v");
            assertTrue(v.isNull(), text);
            assertNull(v.toPlain());
        }

        @Test
        void nullIsNotASpellingOfNull() {
            assertEquals("nULL", scalar("nULL"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"2024-01-31", "2024-1-31 10:20:30", "2024-01-31T10:20:30Z", "2024-01-31t10:20:30.25",
                "2024-01-31 10:20:30 +02:00", "2024-01-31T10:20:30-5"})
        void timestampsAreNotStrings(String text) {
            Object value = scalar(text);
            assertInstanceOf(YTimestamp.class, value);
            assertEquals(text, value.toString());
            YScalar node = (YScalar) ((YMap) load("v: " + text + "\n").root()).get("v");
            assertFalse(node.value() instanceof String, "a date must not pass where a string is expected");
            assertEquals("the date " + text, node.describe());
        }

        @Test
        void theValueKeyIsRefused() {
            Problem p = refused("a: =\n");
            assertEquals("yaml.value-key", p.rule());
            assertEquals(1, p.line());
            assertEquals(4, p.column());
            assertTrue(p.message().contains("quote it"), p.message());
            assertEquals("=", scalar("'='"));
        }

        @Test
        void theValueKeyIsRefusedAsAKeyToo() {
            assertEquals("yaml.value-key", refused("=: a\n").rule());
        }

        @ParameterizedTest
        @ValueSource(strings = {"9223372036854775808", "-9223372036854775809", "0x10000000000000000",
                "0b11111111111111111111111111111111111111111111111111111111111111111", "99999999999999999999999",
                "2562047788015215502:08"})
        void integersBeyondSixtyFourBitsAreRefused(String text) {
            Problem p = refused("big: " + text + "\n");
            assertEquals("yaml.integer-range", p.rule());
            assertEquals(1, p.line());
            assertEquals(6, p.column());
            assertTrue(p.message().contains(text) && p.message().contains("64 bits"), p.message());
        }

        @ParameterizedTest
        @ValueSource(strings = {"0b_", "0x_", "-0x__"})
        void integerPrefixesWithoutDigitsAreRefused(String text) {
            Problem p = refused("n: " + text + "\n");
            assertEquals("yaml.bad-integer", p.rule());
            assertTrue(p.message().contains("quote it"), p.message());
        }

        @Test
        void safeTagsResolveTheirValue() {
            assertEquals(8L, scalar("!!int 010"));
            assertEquals(10.0, scalar("!!float 010"));
            assertEquals(90.0, scalar("!!float 1:30"));
            assertEquals(1.5, scalar("!!float 1.5"));
            assertEquals(Boolean.TRUE, scalar("!!bool yes"));
            assertNull(scalar("!!null ''"));
            assertEquals("08", scalar("! 08"));
        }

        @Test
        void safeTagsWithTheWrongValueAreRefused() {
            assertEquals("yaml.bad-tagged-value", refused("v: !!int 1.5\n").rule());
            assertEquals("yaml.bad-tagged-value", refused("v: !!float abc\n").rule());
            assertEquals("yaml.bad-tagged-value", refused("v: !!float 0x10\n").rule());
            assertEquals("yaml.bad-tagged-value", refused("v: !!bool maybe\n").rule());
        }
    }

    @Nested
    class Tags {
        @ParameterizedTest
        @ValueSource(strings = {"!!python/object:os.system ls", "!!python/object/apply:os.system [ls]",
                "!!python/name:os.system ''", "!java.lang.Runtime {}", "!java.lang.Runtime x",
                "!<tag:yaml.org,2002:java.net.URL> [x]", "!!binary aGk=", "!!set {a}", "!!omap [a: 1]",
                "!!timestamp 2024-01-01", "!custom [1]"})
        void unsafeOrUnknownTagsAreRefused(String value) {
            Problem p = refused("v: " + value + "\n");
            assertEquals("yaml.tag", p.rule());
            assertEquals(1, p.line());
            assertEquals(4, p.column());
            assertTrue(p.message().contains("remove the tag"), p.message());
        }

        @Test
        void theRefusedTagIsNamed() {
            assertTrue(refused("v: !java.lang.Runtime x\n").message().contains("`!java.lang.Runtime`"));
            assertTrue(refused("v: !!python/object:os.system x\n").message()
                    .contains("`!!python/object:os.system`"));
        }

        @Test
        void standardCollectionTagsAreAccepted() {
            assertEquals(Map.of("a", 1L), scalar("!!map {a: 1}"));
            assertEquals(List.of(1L), scalar("!!seq [1]"));
        }
    }

    @Nested
    class Structure {
        @Test
        void mappingsKeepWrittenOrder() {
            YMap map = (YMap) load("b: 1\na: 2\nc: [x, 'y', 3]\n").root();
            assertEquals(List.of("b", "a", "c"), map.keys());
            assertEquals(List.of("x", "y", 3L), map.get("c").toPlain());
        }

        @Test
        void nodesKnowTheirLineAndColumn() {
            YMap root = (YMap) load("top:\n  list:\n    - alpha\n    -   beta: 'x'\n").root();
            assertEquals(1, root.pos().line());
            assertEquals(1, root.pos().column());
            assertEquals("in.yaml", root.pos().file());
            YMap top = (YMap) root.get("top");
            assertEquals(2, top.pos().line());
            assertEquals(3, top.pos().column());
            YSeq list = (YSeq) top.get("list");
            assertEquals(3, list.pos().line());
            assertEquals(5, list.pos().column());
            YScalar alpha = (YScalar) list.get(0);
            assertEquals(3, alpha.pos().line());
            assertEquals(7, alpha.pos().column());
            YMap second = (YMap) list.get(1);
            assertEquals(4, second.pos().line());
            assertEquals(9, second.pos().column());
            YMap.Entry beta = second.entry("beta");
            assertEquals(9, beta.key().pos().column());
            assertEquals(15, beta.value().pos().column());
            assertFalse(((YScalar) beta.value()).plain());
            assertTrue(alpha.plain());
        }

        @Test
        void flowStylePositions() {
            YMap root = (YMap) load("a: {b: [1, 22, 333]}\n").root();
            YSeq seq = (YSeq) ((YMap) root.get("a")).get("b");
            assertEquals(8, seq.pos().column());
            assertEquals(16, seq.get(2).pos().column());
        }

        @Test
        void positionsCountCodePointsAfterNonAsciiText() {
            YMap root = (YMap) load("é: [ü, x]\n").root();
            YSeq seq = (YSeq) root.get("é");
            assertEquals(8, seq.get(1).pos().column());
        }

        @Test
        void aByteOrderMarkIsAccepted() {
            byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
            byte[] body = "a: 1\n".getBytes(StandardCharsets.UTF_8);
            byte[] bytes = new byte[bom.length + body.length];
            System.arraycopy(bom, 0, bytes, 0, bom.length);
            System.arraycopy(body, 0, bytes, bom.length, body.length);
            YMap root = (YMap) YamlLoader.standard().load(bytes, "in.yaml").root();
            assertEquals(List.of("a"), root.keys());
            assertEquals(1, root.pos().line());
            assertEquals(1, root.pos().column());
        }

        @Test
        void invalidUtf8IsRefusedWithItsPosition() {
            byte[] bytes = {'a', ':', ' ', '1', '\n', 'b', ':', ' ', (byte) 0xC3, (byte) 0x28, '\n'};
            Problem p = refused(YamlLoader.standard(), bytes);
            assertEquals("yaml.encoding", p.rule());
            assertEquals(2, p.line());
            assertEquals(4, p.column());
            assertTrue(p.message().contains("UTF-8"), p.message());
        }

        @Test
        void theInvalidByteIsNamedWhereverItIs() {
            Problem first = refused(YamlLoader.standard(), new byte[] {(byte) 0xC0, (byte) 0xAF, ':', ' ', '1', '\n'});
            assertEquals(1, first.line());
            assertEquals(1, first.column());
            assertTrue(first.message().contains("byte 0 (0xc0)"), first.message());
            // beyond the strict decoder's first buffer of characters
            byte[] late = ("k: " + "x".repeat(10_000) + "\u00ff\n").getBytes(StandardCharsets.UTF_8);
            late[3 + 10_000] = (byte) 0xFF;
            Problem far = refused(YamlLoader.standard(), late);
            assertEquals(10_004, far.column());
            assertTrue(far.message().contains("byte 10003 (0xff)"), far.message());
            // a sequence cut short by the end of the file
            byte[] cut = {'k', ':', ' ', 'a', (byte) 0xE2, (byte) 0x82};
            Problem end = refused(YamlLoader.standard(), cut);
            assertEquals(5, end.column());
            assertTrue(end.message().contains("byte 4 (0xe2)"), end.message());
        }

        @Test
        void theUtf8ChecksAgreeOnValidAndInvalidText() {
            byte[] replacementCharacter = "\ufffd: ok\n".getBytes(StandardCharsets.UTF_8);
            assertEquals("\ufffd: ok\n", YamlLoader.utf8OrNull(replacementCharacter), "U+FFFD itself is valid UTF-8");
            assertEquals(-1, YamlLoader.firstInvalidUtf8(replacementCharacter));
            assertNull(YamlLoader.utf8OrNull(new byte[] {(byte) 0xFF, 'a'}));
            assertEquals(0, YamlLoader.firstInvalidUtf8(new byte[] {(byte) 0xFF, 'a'}));
            assertEquals(2, YamlLoader.firstInvalidUtf8(new byte[] {'a', 'b', (byte) 0xE2, (byte) 0x82}));
        }

        @Test
        void aSyntaxErrorAtALineIndentedUnlikeItsSiblingsSaysSo() {
            Problem p = refused("a: 1\nb: 2\n   c: 3\n");
            assertEquals("yaml.syntax", p.rule());
            assertEquals(3, p.line());
            assertTrue(p.message().endsWith("; line 3 is indented by 3 spaces, its siblings (line 2) by 0 spaces: indent"
                    + " it like them, or by more under a key that ends with `:`"), p.message());
            // text that is some lines of a file names the file's lines
            ProblemException e = assertThrows(ProblemException.class, () -> YamlLoader.standard()
                    .loadDecoded("a: 1\nb: 2\n   c: 3\n", "in.yaml", line -> line + 40));
            assertTrue(e.problems().get(0).message().contains("; line 43 is indented by 3 spaces, its siblings (line 42)"),
                    e.problems().get(0).message());
        }

        @Test
        void latin1IsRefusedAsInvalidUtf8() {
            Problem p = refused(YamlLoader.standard(), "k: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
            assertEquals("yaml.encoding", p.rule());
            assertEquals(1, p.line());
            assertEquals(7, p.column());
        }

        @ParameterizedTest
        @ValueSource(strings = {"", "\n\n", "# only a comment\n", "   \n# c\n"})
        void emptyFilesAreRefused(String text) {
            Problem p = refused(text);
            assertEquals("yaml.empty", p.rule());
            assertTrue(p.message().contains("empty"), p.message());
        }

        @Test
        void multipleDocumentsAreRefusedAtTheSecond() {
            Problem p = refused("a: 1\n---\nb: 2\n");
            assertEquals("yaml.multiple-documents", p.rule());
            assertEquals(2, p.line());
        }

        @Test
        void anExplicitSingleDocumentIsFine() {
            assertEquals(Map.of("a", 1L), load("---\na: 1\n...\n").root().toPlain());
        }

        @Test
        void syntaxErrorsArePositionedProblems() {
            Problem p = refused("a: [1, 2\nb: 3\n");
            assertEquals("yaml.syntax", p.rule());
            assertTrue(p.line() > 0, p.toString());
            Problem tab = refused("a:\n\tb: 1\n");
            assertEquals("yaml.syntax", tab.rule());
            assertEquals(2, tab.line());
        }

        @Test
        void controlCharactersAreRefusedWithTheirPosition() {
            Problem nul = refused("a: 1\nb: x\u0000\n");
            assertEquals("yaml.syntax", nul.rule());
            assertEquals(2, nul.line());
            assertEquals(5, nul.column());
            assertTrue(nul.message().contains("U+0000"), nul.message());
            Problem bell = refused("a: \u0007\n");
            assertEquals(1, bell.line());
            assertEquals(4, bell.column());
        }

        @Test
        void nonScalarKeysAreRefused() {
            Problem seqKey = refused("? [a, b]\n: 1\n");
            assertEquals("yaml.complex-key", seqKey.rule());
            assertEquals(1, seqKey.line());
            assertEquals(3, seqKey.column());
            assertEquals("yaml.complex-key", refused("{a: 1}: 2\n").rule());
            assertEquals("yaml.complex-key", refused("a: &m {x: 1}\n*m : 2\n").rule());
        }

        @Test
        void scalarKeysResolveLikeValues() {
            YMap root = (YMap) load("1: a\ntrue: b\n~: c\n'2': d\n").root();
            assertEquals(java.util.Arrays.asList(1L, true, null, "2"), root.keys());
        }

        @Test
        void describeNamesTheKindOfNode() {
            YMap root = (YMap) load("s: x\ni: 3\nf: 1.50\nb: no\nn: ~\nl: []\nm: {}\n").root();
            assertEquals("the string \"x\"", root.get("s").describe());
            assertEquals("the integer 3", root.get("i").describe());
            assertEquals("the number 1.50", root.get("f").describe());
            assertEquals("the boolean false", root.get("b").describe());
            assertEquals("null", root.get("n").describe());
            assertEquals("a list", root.get("l").describe());
            assertEquals("a mapping", root.get("m").describe());
        }
    }

    @Nested
    class DuplicateKeys {
        @Test
        void aDuplicateKeyIsReportedWithBothLines() {
            YamlLoader.Document doc = load("a: 1\nb: 2\na: 3\n");
            assertEquals(1, doc.problems().size());
            Problem p = doc.problems().get(0);
            assertEquals("yaml.duplicate-key", p.rule());
            assertEquals(3, p.line());
            assertEquals(1, p.column());
            assertTrue(p.message().contains("\"a\"") && p.message().contains("line 1"), p.message());
        }

        @Test
        void nestedDuplicatesAreFoundInEveryMapping() {
            YamlLoader.Document doc = load("x:\n  k: 1\n  k: 2\ny:\n  - {k: 1, k: 2}\n");
            assertEquals(2, doc.problems().size());
            assertEquals(3, doc.problems().get(0).line());
            assertEquals(3, doc.problems().get(0).column());
            assertEquals(5, doc.problems().get(1).line());
        }

        @Test
        void keysCompareByResolvedValue() {
            assertEquals(1, load("1: a\n0x1: b\n").problems().size());
            assertEquals(1, load("1: a\n1.0: b\n").problems().size());
            assertEquals(1, load("yes: a\ntrue: b\n").problems().size());
            assertEquals(1, load("~: a\nnull: b\n").problems().size());
            assertEquals(0, load("1: a\n'1': b\n").problems().size());
            // Python's True == 1 and False == 0: the reference's mapping has one key each time
            assertEquals(1, load("true: a\n1: b\n").problems().size());
            assertEquals(1, load("no: a\n0: b\n").problems().size());
            assertEquals(0, load("true: a\n~: b\nfalse: c\n").problems().size());
            assertEquals(0, load("1.5: a\n1: b\n2.0e+0: c\n").problems().size());
        }

        @Test
        void largeDistinctIntegersAreDistinctKeys() {
            assertEquals(0, load("9007199254740993: a\n9007199254740992: b\n").problems().size());
            // 2^63 as a float is no long: it is not the largest long, whatever a cast to long makes of it
            assertEquals(0, load("9223372036854775807: a\n9223372036854775808.0: b\n").problems().size());
            // -2^63 is a long and a float alike, as in Python
            assertEquals(1, load("-9223372036854775808: a\n-9223372036854775808.0: b\n").problems().size());
        }

        @Test
        void twoMergeKeysInOneMappingAreDuplicates() {
            YamlLoader.Document doc = load("a: &a {x: 1}\nb: &b {y: 2}\nc:\n  <<: *a\n  <<: *b\n");
            assertEquals(1, doc.problems().size());
            assertEquals("yaml.duplicate-key", doc.problems().get(0).rule());
            assertEquals(5, doc.problems().get(0).line());
        }
    }

    @Nested
    class AnchorsAndMerges {
        @Test
        void aliasesShareTheAnchoredNode() {
            YMap root = (YMap) load("a: &x [1, 2]\nb: *x\n").root();
            assertEquals(List.of(1L, 2L), root.get("b").toPlain());
            assertTrue(root.get("a") == root.get("b"));
        }

        @Test
        void anAliasedScalarIsPositionedWhereItIsUsed() {
            YMap root = (YMap) load("a: &x 8\nb:\n  tp: *x\n").root();
            YScalar used = (YScalar) ((YMap) root.get("b")).get("tp");
            assertEquals(8L, used.value());
            assertEquals(3, used.pos().line());
            assertEquals(7, used.pos().column());
        }

        @Test
        void aDuplicateKeyWrittenAsAnAliasIsReportedAtTheAlias() {
            YamlLoader.Document doc = load("&k a: 1\nb: 2\n*k : 3\n");
            assertEquals(1, doc.problems().size());
            assertEquals(3, doc.problems().get(0).line());
        }

        @Test
        void explicitKeysOverrideMergedOnes() {
            YamlLoader.Document doc = load("base: &b {tp: 8, conc: 4}\nentry: {<<: *b, tp: 4}\n");
            assertEquals(List.of(), doc.problems());
            YMap entry = (YMap) ((YMap) doc.root()).get("entry");
            assertEquals(Map.of("tp", 4L, "conc", 4L), entry.toPlain());
            assertEquals(List.of("tp", "conc"), entry.keys());
        }

        @Test
        void explicitKeysWinWhenWrittenBeforeTheMergeToo() {
            YMap entry = (YMap) ((YMap) load("base: &b {tp: 8}\nentry:\n  tp: 2\n  <<: *b\n").root()).get("entry");
            assertEquals(Map.of("tp", 2L), entry.toPlain());
        }

        @Test
        void earlierMergeSourcesWin() {
            YMap c = (YMap) ((YMap) load("a: &a {x: 1, y: 1}\nb: &b {x: 2, z: 2}\nc: {<<: [*a, *b]}\n").root()).get("c");
            assertEquals(Map.of("x", 1L, "y", 1L, "z", 2L), c.toPlain());
        }

        @Test
        void mergedKeysAreNotDuplicates() {
            assertEquals(List.of(), load("a: &a {x: 1}\nb: &b {x: 2}\nc: {<<: [*a, *b], x: 3}\n").problems());
        }

        @Test
        void nestedMergesAreFlattened() {
            YMap c = (YMap) ((YMap) load("a: &a {x: 1}\nb: &b {<<: *a, y: 2}\nc: {<<: *b, z: 3}\n").root()).get("c");
            assertEquals(Map.of("x", 1L, "y", 2L, "z", 3L), c.toPlain());
        }

        @Test
        void aMergeTakesMappingsOnly() {
            assertEquals("yaml.merge-key", refused("a: &a [1]\nb: {<<: *a}\n").rule());
            assertEquals("yaml.merge-key", refused("a: &a {x: 1}\nb: {<<: [*a, 3]}\n").rule());
            assertEquals("yaml.merge-key", refused("b: {<<: 3}\n").rule());
            assertEquals("yaml.merge-key", refused("b: <<\n").rule());
            assertEquals("yaml.merge-key", refused("b: [<<]\n").rule());
        }

        @Test
        void aQuotedMergeKeyIsAnOrdinaryKey() {
            YMap root = (YMap) YamlLoader.withoutMergeKeys().load("'<<': x\n", "in.yaml").root();
            assertEquals(List.of("<<"), root.keys());
        }

        @Test
        void mergeKeysCanBeRefused() {
            Problem p = refused(YamlLoader.withoutMergeKeys(),
                    "- &a {x: 1}\n- {<<: *a, y: 2}\n".getBytes(StandardCharsets.UTF_8));
            assertEquals("yaml.merge-key", p.rule());
            assertEquals(2, p.line());
            assertEquals(4, p.column());
            assertTrue(p.message().contains("not allowed"), p.message());
        }

        @Test
        void unknownAliasesAreRefused() {
            Problem p = refused("a: *nowhere\n");
            assertEquals("yaml.unknown-alias", p.rule());
            assertTrue(p.message().contains("*nowhere"), p.message());
        }

        @Test
        void recursiveAliasesAreRefused() {
            assertEquals("yaml.recursive-alias", refused("a: &r [1, *r]\n").rule());
            assertEquals("yaml.recursive-alias", refused("a: &r {b: *r}\n").rule());
        }

        @Test
        void aRedefinedAnchorRefersToItsLatestNode() {
            assertEquals(Map.of("a", 1L, "b", 2L, "c", 2L), load("a: &x 1\nb: &x 2\nc: *x\n").root().toPlain());
        }
    }

    @Nested
    class Limits {
        /**
         * Level 0 holds {@code width} times "lol", each further level {@code width} aliases to the
         * level before: a list of them, or a mapping with the keys k0, k1, ...
         */
        private static String laughs(int levels, int width, boolean mappings) {
            StringBuilder doc = new StringBuilder();
            for (int i = 0; i < levels; i++) {
                doc.append("a").append(i).append(": &a").append(i).append(mappings ? " {" : " [");
                for (int j = 0; j < width; j++) {
                    doc.append(j == 0 ? "" : ", ").append(mappings ? "k" + j + ": " : "")
                            .append(i == 0 ? "lol" : "*a" + (i - 1));
                }
                doc.append(mappings ? "}\n" : "]\n");
            }
            return doc.toString();
        }

        @Test
        void aLineLongerThanTheLimitIsRefusedAtItsFirstCharacterPastIt() {
            String line = "v: " + "x".repeat(YamlLoader.MAX_LINE);
            Problem p = refused("a: 1\n# é\n" + line + "\nb: 2\n");
            assertEquals("yaml.too-long", p.rule());
            assertEquals(3, p.line());
            assertEquals(YamlLoader.MAX_LINE + 1, p.column());
            assertTrue(p.message().contains("this line holds more than " + YamlLoader.MAX_LINE + " characters"), p.message());
            // a comment, a quoted scalar and a flow list are refused alike: the line is what counts
            assertEquals("yaml.too-long", refused("# " + "x".repeat(YamlLoader.MAX_LINE) + "\n").rule());
            assertEquals("yaml.too-long", refused("v: \"" + "x ".repeat(YamlLoader.MAX_LINE / 2) + "\"\n").rule());
            assertEquals("yaml.too-long", refused("v: [" + "1, ".repeat(YamlLoader.MAX_LINE / 3) + "]\n").rule());
        }

        @Test
        void aLineOfExactlyTheLimitLoads() {
            String value = "x".repeat(YamlLoader.MAX_LINE - 3);
            assertEquals(Map.of("v", value), load("v: " + value + "\n").root().toPlain());
            // a CR ends a line too (as it does for snakeyaml): two halves within the limit load
            String half = "x".repeat(YamlLoader.MAX_LINE - 10);
            assertEquals(Map.of("a", half, "b", half), load("a: " + half + "\rb: " + half + "\n").root().toPlain());
        }

        /**
         * The limit counts characters as the text does (UTF-16 units), read from the bytes before
         * any decoding: a line of two-byte characters within it loads, one more is refused at the
         * column (in code points) past it, as the decoded text's check says; a byte-order mark is
         * no character of the first line.
         */
        @Test
        void theLimitCountsCharactersNotBytes() {
            String wide = "v: " + "é".repeat(YamlLoader.MAX_LINE - 3);
            assertEquals(Map.of("v", wide.substring(3)), load(wide + "\n").root().toPlain());
            Problem p = refused("a: 1\n" + wide + "é\n");
            assertEquals(2, p.line());
            assertEquals(YamlLoader.MAX_LINE + 1, p.column());
            // four-byte characters are two units each: the first past the limit starts at unit 65 537
            String emoji = "v: " + "😀".repeat(YamlLoader.MAX_LINE / 2);
            Problem fromBytes = refused(emoji + "\n");
            ProblemException fromText = assertThrows(ProblemException.class,
                    () -> YamlLoader.standard().loadDecoded(emoji + "\n", "in.yaml"));
            assertEquals(3 + (YamlLoader.MAX_LINE - 3) / 2 + 2, fromBytes.column());
            assertEquals(fromText.problems().get(0).column(), fromBytes.column());
            assertEquals(Map.of("v", wide.substring(3)), load("\uFEFF" + wide + "\n").root().toPlain());
            assertEquals(YamlLoader.MAX_LINE + 1, refused("\uFEFF" + wide + "é\n").column());
        }

        @Test
        void aLongLineInSomeLinesOfAFileIsReportedAtItsLineInTheFile() {
            ProblemException e = assertThrows(ProblemException.class, () -> YamlLoader.withoutMergeKeys()
                    .loadDecoded("- a: 1\n  b: " + "y".repeat(YamlLoader.MAX_LINE) + "\n", "log.yaml", line -> line + 100));
            assertEquals(102, e.problems().get(0).line());
            assertEquals("yaml.too-long", e.problems().get(0).rule());
        }

        @Test
        void aValueLongerThanItsLimitOverManyLinesIsRefused() {
            String folded = "v: >\n" + ("  " + "z".repeat(1000) + "\n").repeat(YamlLoader.MAX_SCALAR / 1000 + 1);
            Problem p = refused("a: 1\n" + folded);
            assertEquals("yaml.too-long", p.rule());
            assertEquals(2, p.line());
            assertTrue(p.message().contains("YAML values are limited to " + YamlLoader.MAX_SCALAR), p.message());
        }

        @Test
        void billionLaughsIsRefused() {
            Problem p = refused(laughs(10, 9, false));
            assertEquals("yaml.alias-bomb", p.rule());
            assertTrue(p.line() > 1 && p.line() <= 10, p.toString());
            assertTrue(p.message().contains("alias bomb"), p.message());
        }

        @Test
        void billionLaughsMadeOfMappingsIsRefused() {
            // a mapping weighs its entries and what their values weigh, as a list weighs its items
            assertEquals("yaml.alias-bomb", refused(laughs(12, 6, true)).rule());
        }

        @Test
        void aBombHiddenBehindMergeKeysIsRefused() {
            // Each level merges a map of ten aliases to the previous level: the merged entries
            // must count as much as aliases written out.
            StringBuilder doc = new StringBuilder("a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n");
            for (int i = 1; i < 12; i++) {
                doc.append("b").append(i).append(": &b").append(i).append(" {");
                for (int j = 0; j < 10; j++) {
                    doc.append("k").append(j).append(": *a").append(i - 1).append(", ");
                }
                doc.append("z: 1}\n");
                doc.append("a").append(i).append(": &a").append(i).append(" {<<: *b").append(i).append(", y: 1}\n");
            }
            assertEquals("yaml.alias-bomb", refused(doc.toString()).rule());
        }

        @Test
        void aQuadraticChainOfMergesIsRefused() {
            StringBuilder doc = new StringBuilder("a0: &a0 {k0: 1}\n");
            for (int i = 1; i < 1500; i++) {
                doc.append('a').append(i).append(": &a").append(i).append(" {<<: *a").append(i - 1)
                        .append(", k").append(i).append(": 1}\n");
            }
            assertEquals("yaml.alias-bomb", refused(doc.toString()).rule());
        }

        @Test
        void moderateReuseOfAnchorsIsFine() {
            StringBuilder doc = new StringBuilder("base: &b {tp: 8, ep: 1, conc-start: 4, conc-end: 64}\nlist:\n");
            for (int i = 0; i < 2000; i++) {
                doc.append("  - {<<: *b, tp: ").append(i % 8 + 1).append("}\n");
            }
            YamlLoader.Document loaded = load(doc.toString());
            assertEquals(2000, ((YSeq) ((YMap) loaded.root()).get("list")).size());
        }

        @Test
        void sixtyFourLevelsAreFine() {
            String doc = "[".repeat(YamlLoader.MAX_DEPTH) + "]".repeat(YamlLoader.MAX_DEPTH) + "\n";
            assertInstanceOf(YSeq.class, load(doc).root());
        }

        @Test
        void nestingDeeperThanSixtyFourIsRefused() {
            String doc = "[".repeat(65) + "]".repeat(65) + "\n";
            Problem p = refused(doc);
            assertEquals("yaml.too-deep", p.rule());
            assertEquals(1, p.line());
            assertEquals(65, p.column());
            assertTrue(p.message().contains("64"), p.message());
        }

        @Test
        void tenThousandLevelsOfFlowNestingAreRefused() {
            assertEquals("yaml.too-deep", refused("[".repeat(10_000) + "]".repeat(10_000) + "\n").rule());
            assertEquals("yaml.too-deep", refused("{a: ".repeat(10_000) + "1" + "}".repeat(10_000) + "\n").rule());
        }

        @Test
        void tenThousandLevelsOfBlockNestingAreRefused() {
            assertEquals("yaml.too-deep", refused("- ".repeat(10_000) + "x\n").rule());
            // Indented mappings grow quadratically in bytes; a few hundred levels make the point.
            StringBuilder doc = new StringBuilder();
            for (int i = 0; i < 500; i++) {
                doc.append(" ".repeat(i)).append("k:\n");
            }
            Problem p = refused(doc.toString());
            assertEquals("yaml.too-deep", p.rule());
            assertEquals(65, p.line());
        }

        @Test
        void unclosedDeepNestingIsRefusedToo() {
            Problem p = refused("[".repeat(10_000));
            assertTrue(p.rule().equals("yaml.too-deep") || p.rule().equals("yaml.syntax"), p.toString());
        }

        @Test
        void filesOverSixtyFourMebibytesAreRefused() {
            byte[] bytes = new byte[YamlLoader.MAX_BYTES + 1];
            java.util.Arrays.fill(bytes, (byte) '#');
            Problem p = refused(YamlLoader.standard(), bytes);
            assertEquals("yaml.too-large", p.rule());
            assertTrue(p.message().contains("64 MiB"), p.message());
        }

        @Test
        void documentsBeyondSnakeyamlsDefaultLimitAreRead() {
            // snakeyaml-engine stops at 3 MiB by default; a changelog that grows every week must not.
            String description = "x".repeat(1000);
            StringBuilder doc = new StringBuilder();
            int entries = 0;
            while (doc.length() < 3 * 1024 * 1024 + 1000) {
                doc.append("- config-keys: [k").append(entries++).append("]\n  description: [")
                        .append(description).append("]\n");
            }
            assertEquals(entries, ((YSeq) load(doc.toString()).root()).size());
        }
    }
}
