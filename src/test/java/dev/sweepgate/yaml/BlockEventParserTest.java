package dev.sweepgate.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.NodeEvent;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.events.CollectionStartEvent;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * The fast path must be invisible: wherever it answers, its events and their start marks are
 * snakeyaml's; everything else it hands back. Checked on the real inputs and on every
 * single-byte mutation class of them.
 */
class BlockEventParserTest {
    private static final Path ROOT = Path.of("").toAbsolutePath();

    static Stream<Path> realInputs() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> configs = Files.list(ROOT.resolve("configs"));
             Stream<Path> golden = Files.list(ROOT.resolve("golden_al_distribution"))) {
            configs.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(files::add);
            golden.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(files::add);
        }
        files.add(ROOT.resolve("perf-changelog.yaml"));
        return files.stream();
    }

    @ParameterizedTest
    @MethodSource("realInputs")
    void theRealInputsTakeTheFastPathWithSnakeyamlsEvents(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        List<Event> fast = BlockEventParser.parse("f", text);
        assertNotNull(fast, file + " should not need the full parser; gives up at " + BlockEventParser.givesUpAt(text));
        assertEquals(describe(snakeyaml(text)), describe(fast));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "a: 1\nb:\n  c: [1, 2, 'x', \"y\"]\n  d: []\n",
        "- config-keys:\n    - a*\n  description:\n    - \"Hello: world\"\n  pr-link: https://x/pull/1\n",
        "a:\n- 1\n- b: 2\n  c: 3\nd: 4\n",
        "base: &b\n  x: 1\nother:\n  <<: *b\n  y: 2\n",
        "a:   \nb: 'it''s'   # c\n\n# comment\nc: -1\nd: x#y\n",
        "a:\n  - - 1\n",
        "a: |\n  text\n",
        "a: b\n  c\n",
        "a: 'b\n  c'\n",
        "a: \"b\\n\"\n",
        "a: !!str 1\n",
        "a: {b: 1}\n",
        "--- \na: 1\n",
        "a: 1\n...\n",
        "? a\n: 1\n",
        "a: b: c\n",
        "a: [1, 2,]\n",
        "a: [1,\n  2]\n",
        "a:\n  b: 1\n c: 2\n",
        "a: 1\n  # indented comment\nb: 2\n",
        "a: 1\n\tb: 2\n",
        "a: \"x\\u00e9\\t\\\"\\\\ \\x41\\U0001F600\"\n",
        "a: \"bad \\q\"\n",
        "a: \"broken \\\n  line\"\n",
        "a: { b: [1, {c: d}], e: 'f' }\n",
        "a: {b: 1,}\n",
        "a: {b:1}\n",
        "a: [x: 1]\n",
        "a: {url: http://x}\n",
        "a:\n  below\nb:\n  'q'\nc:\n  x\n  y\n",
        "- a:\n    b\n  c: d\n",
        "- a\n-\n- b\n",
        "a: &x 1\n",
        "",
        "# only a comment\n",
        "a: 1\nb\n",
        "  a: 1\n",
        "a: 1 # c\nb: 'x'#c\n",
        "k: v\n- x\n",
        "- x\nk: v\n",
    })
    void eitherTheSameEventsOrTheFullParser(String text) {
        assertSameOrGivesUp(text);
    }

    @Test
    void singleByteMutationsOfTheRealInputsNeverChangeTheEvents() throws IOException {
        Random random = new Random(20261129);
        String alphabet = " \n-:#'\"&*[],{}!|>?%@`\\ax0.";
        for (Path file : realInputs().toList()) {
            String[] lines = Files.readString(file, StandardCharsets.UTF_8).split("(?<=\n)");
            for (int i = 0; i < 150; i++) {
                // An excerpt of whole top-level items keeps snakeyaml's share of the run time small.
                int from = random.nextInt(lines.length);
                while (from > 0 && lines[from].startsWith(" ")) {
                    from--;
                }
                String text = String.join("", java.util.Arrays.copyOfRange(lines, from, Math.min(lines.length, from + 60)));
                int at = random.nextInt(text.length());
                char c = alphabet.charAt(random.nextInt(alphabet.length()));
                String mutated = switch (random.nextInt(3)) {
                    case 0 -> text.substring(0, at) + c + text.substring(at);
                    case 1 -> text.substring(0, at) + text.substring(at + 1);
                    default -> text.substring(0, at) + c + text.substring(at + 1);
                };
                assertSameOrGivesUp(mutated);
            }
        }
    }

    @Test
    void givesUpOnWhatItDoesNotReproduce() {
        assertNull(BlockEventParser.parse("f", "a: |\n  x\n"));
        assertNull(BlockEventParser.parse("f", "a: b\n  continued\n"));
        assertNull(BlockEventParser.parse("f", "a: 'two\n  lines'\n"));
    }

    private static void assertSameOrGivesUp(String text) {
        List<Event> fast = BlockEventParser.parse("f", text);
        if (fast == null) {
            return;
        }
        List<String> expected;
        try {
            expected = describe(snakeyaml(text));
        } catch (YamlEngineException e) {
            throw new AssertionError("the fast path accepted what snakeyaml refuses (" + e.getMessage() + "):\n" + text);
        }
        assertEquals(expected, describe(fast), text);
    }

    private static List<Event> snakeyaml(String text) {
        LoadSettings settings = LoadSettings.builder().setLabel("f").setUseMarks(true).build();
        List<Event> events = new ArrayList<>();
        new Parse(settings).parseString(text).forEach(events::add);
        return events;
    }

    /** What the composer reads of an event. */
    private static List<String> describe(List<Event> events) {
        List<String> out = new ArrayList<>();
        for (Event event : events) {
            StringBuilder line = new StringBuilder(event.getEventId().toString());
            if (event instanceof NodeEvent node) {
                line.append(" anchor=").append(node.getAnchor().map(Object::toString).orElse("-"));
            }
            if (event instanceof CollectionStartEvent start) {
                line.append(" tag=").append(start.getTag().orElse("-"));
            }
            if (event instanceof ScalarEvent scalar) {
                line.append(" tag=").append(scalar.getTag().orElse("-"))
                        .append(" plain=").append(scalar.getImplicit().canOmitTagInPlainScalar())
                        .append(" value=").append(scalar.getValue());
            }
            if (event instanceof AliasEvent alias) {
                line.append(" alias=").append(alias.getAlias());
            }
            if (event instanceof NodeEvent) {
                line.append(" at=").append(event.getStartMark().map(m -> m.getLine() + ":" + m.getColumn()).orElse("?"));
            }
            out.add(line.toString());
        }
        return out;
    }
}
