package dev.sweepgate.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.sweepgate.problem.Problems;
import dev.sweepgate.schema.Field;
import dev.sweepgate.schema.Kind;
import dev.sweepgate.schema.Shape;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YamlLoader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The typed field readers: the value read, or the problem a config author reads (line, rule, fix). */
class MapReaderTest {
    private final Problems problems = new Problems();

    private MapReader reader(String yaml) {
        YMap map = (YMap) YamlLoader.standard().loadDecoded(yaml, "c.yaml").root();
        return new MapReader(map, "config 'x'", problems);
    }

    private static Shape shape(String... names) {
        return Shape.of("t", "T", "test shape", java.util.Arrays.stream(names)
                .map(name -> Field.optional(name, Kind.string(), name)).toArray(Field[]::new));
    }

    private List<String> reported() {
        return problems.all().stream().map(p -> p.line() + ": " + p.message() + " [" + p.rule() + "]").toList();
    }

    @Test
    void aStringIsReadAndANumberIsToldToBeQuoted() {
        MapReader r = reader("name: abc\nimage: 8\nempty: ''\n");
        assertEquals("abc", r.string("name", true));
        assertNull(r.string("image", true));
        assertNull(r.nonEmptyString("empty", true));
        assertEquals("abc", r.nonEmptyString("name", true));
        assertEquals(List.of("2: `image` in config 'x' must be a string, got the integer 8: quote it: image: \"8\" "
                + "[config.type]", "3: `empty` in config 'x' must not be empty [config.empty]"), reported());
    }

    @Test
    void anAbsentFieldIsNullAndReportedOnlyWhenRequired() {
        MapReader r = reader("name: abc\n");
        assertNull(r.string("model", false));
        assertNull(r.bool("multinode", false));
        assertEquals(List.of(), reported());
        assertNull(r.string("model", true));
        assertEquals(List.of("1: config 'x' lacks the required field `model` [config.missing-field]"), reported());
    }

    @Test
    void booleansAreReadOnlyFromYamlBooleans() {
        MapReader r = reader("a: true\nb: false\nc: 'true'\nd:\n");
        assertEquals(Boolean.TRUE, r.bool("a", true));
        assertEquals(Boolean.FALSE, r.bool("b", true));
        assertNull(r.bool("c", true));
        assertNull(r.bool("d", true));
        assertEquals(List.of("3: `c` in config 'x' must be a boolean, got the string \"true\": write c: true or c: false, "
                + "without quotes [config.type]", "4: `d` in config 'x' is null: give it a value, or remove the line to use "
                + "the default [config.null]"), reported());
    }

    @Test
    void anIntegerMustBeAtLeastItsMinimumAndFitAnInt() {
        MapReader r = reader("zero: 0\none: 1\nbig: 2147483647\nhuge: 2147483648\nquoted: '8'\nword: eight\n");
        assertEquals(0, r.integer("zero", true, 0));
        assertEquals(1, r.integer("one", true, 1));
        assertEquals(Integer.MAX_VALUE, r.integer("big", true, 1));
        assertEquals(List.of(), reported());
        assertNull(r.integer("zero", true, 1));
        assertNull(r.integer("huge", true, 0));
        assertNull(r.integer("quoted", true, 1));
        assertNull(r.integer("word", true, 1));
        assertEquals(List.of("1: `zero` in config 'x' is 0; it must be an integer ≥ 1 [config.range]",
                "4: `huge` in config 'x' is 2147483648; it must be an integer ≥ 0 [config.range]",
                "5: `quoted` in config 'x' must be an integer, got the string \"8\": write quoted: 8 without quotes "
                        + "[config.type]",
                "6: `word` in config 'x' must be an integer, got the string \"eight\": write a whole number [config.type]"),
                reported());
    }

    @Test
    void aNumberIsAnIntegerOrAFloatNeverAString() {
        MapReader r = reader("i: 2\nf: 0.5\ns: '0.5'\n");
        assertEquals(2.0, r.number("i", true));
        assertEquals(0.5, r.number("f", true));
        assertNull(r.number("s", true));
        assertNull(r.number("absent", false));
        assertEquals(List.of("3: `s` in config 'x' must be a number, got the string \"0.5\": write a number such as 0.9, "
                + "without quotes [config.type]"), reported());
    }

    @Test
    void listsAndMappingsAreCheckedForTheirShape() {
        MapReader r = reader("l: [a, b]\nm: {k: v}\nnotList: x\nnotMap: [1]\nmixed: [a, 1]\n");
        assertEquals(List.of("a", "b"), r.stringList("l", true));
        assertEquals(1, r.mapping("m", true).entries().size());
        assertNull(r.list("notList", true));
        assertNull(r.mapping("notMap", true));
        assertNull(r.stringList("mixed", true));
        assertEquals(List.of("3: `notList` in config 'x' must be a list, got the string \"x\": write it as a YAML list "
                        + "[config.type]",
                "4: `notMap` in config 'x' must be a mapping, got a list: write it as a YAML mapping of fields [config.type]",
                "5: items of `mixed` in config 'x' must be strings, got the integer 1: quote it [config.type]"),
                reported());
    }

    @Test
    void anUnknownFieldGetsTheDashedSpellingTheNearestNameOrTheAllowedList() {
        MapReader r = reader("model_prefix: m\nmodle: i\nzzz: 1\nimage: ok\n");
        r.rejectUnknown(shape("model-prefix", "image", "model"));
        assertEquals(List.of("1: unknown field `model_prefix` in config 'x': write `model-prefix` (field names use dashes) "
                        + "[config.unknown-field]",
                "2: unknown field `modle` in config 'x': did you mean `model`? [config.unknown-field]",
                "3: unknown field `zzz` in config 'x': remove it; allowed here: model-prefix, image, model "
                        + "[config.unknown-field]"), reported());
        // the field it was meant to be is not also reported missing
        assertNull(r.string("model-prefix", true));
        assertEquals(3, reported().size(), reported().toString());
    }

    @Test
    void aMisplacedFieldIsLeftToItsOwnMessageButListedAsAllowed() {
        MapReader r = reader("tp: 8\nimage: ok\nzzz: 1\n");
        r.rejectUnknown(shape("image", "model"), List.of("tp"));
        assertEquals(List.of("3: unknown field `zzz` in config 'x': remove it; allowed here: image, model, tp "
                + "[config.unknown-field]"), reported());
    }
}
