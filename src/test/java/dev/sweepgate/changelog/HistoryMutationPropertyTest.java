package dev.sweepgate.changelog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sweepgate.gate.ChangelogGate;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Property: any single-byte insertion, deletion or change inside the history of the real
 * changelog is rejected by validate-changelog's rules, whether or not a valid entry is
 * appended after it. The only edits the rules may accept are the ones the spec allows:
 * a pull request that only corrects a historical pr-link to another canonical link.
 *
 * Runs the rules in process ({@link ChangelogGate#checkRules}), the same code the command
 * runs before the sweep, so thousands of heads cost no git call.
 */
class HistoryMutationPropertyTest {
    private static final long SEED = 20261129L;
    private static final int RANDOM_POSITIONS = 80;
    private static final String NAME = "perf-changelog.yaml";
    private static final PrLinkPolicy POLICY = new PrLinkPolicy(PrLinkPolicy.DEFAULT_REPO, null);
    private static final Pattern CANONICAL_LINK_LINE =
            Pattern.compile("  pr-link: https://github\\.com/SemiAnalysisAI/InferenceX/pull/[0-9]+ *\n");
    /** Bytes that mean something to YAML or to the rules, tried more often than chance would. */
    private static final byte[] INTERESTING = " \n\r\t\0#:-\"'{}[]&*!|>%@`,?0123456789xX\u007f".getBytes(StandardCharsets.ISO_8859_1);

    static byte[] history;
    static ChangelogFile base;
    static byte[] appended;

    @BeforeAll
    static void readTheRealChangelog() throws IOException {
        history = Files.readAllBytes(Path.of(NAME));
        base = ChangelogFile.check(history, NAME + "@base");
        assertTrue(base.ok(), () -> "the real changelog must be valid: " + base.problems());
        appended = ("\n- config-keys:\n    - dsr1-fp8-h200-sglang\n  description:\n    - \"property test\"\n"
                + "  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/9999\n").getBytes(StandardCharsets.UTF_8);
        ChangelogGate.RuleCheck unchanged = check(concat(history, appended));
        assertTrue(unchanged.ok(), () -> "appending one valid entry must pass: " + unchanged.problems());
    }

    enum Kind { INSERT, DELETE, CHANGE }

    record Mutation(Kind kind, int at, byte value) {
        byte[] apply(byte[] bytes) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length + 1);
            out.write(bytes, 0, at);
            switch (kind) {
                case INSERT -> out.write(value);
                case CHANGE -> out.write(value);
                case DELETE -> {
                    // the byte at `at` is left out
                }
            }
            int rest = kind == Kind.INSERT ? at : at + 1;
            out.write(bytes, rest, bytes.length - rest);
            return out.toByteArray();
        }

        @Override
        public String toString() {
            return kind + " at byte " + at + (kind == Kind.DELETE ? "" : String.format(" of 0x%02x", value & 0xff));
        }
    }

    private static ChangelogGate.RuleCheck check(byte[] head) {
        return ChangelogGate.checkRules(base, ChangelogFile.check(head, NAME), POLICY);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = new byte[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /** Mutations at random positions (fixed seed), with random and meaningful bytes. */
    private static List<Mutation> randomMutations() {
        Random random = new Random(SEED);
        List<Mutation> mutations = new ArrayList<>();
        for (int i = 0; i < RANDOM_POSITIONS; i++) {
            Kind kind = Kind.values()[random.nextInt(3)];
            int at = random.nextInt(history.length);
            byte value = random.nextBoolean() ? INTERESTING[random.nextInt(INTERESTING.length)] : (byte) random.nextInt(256);
            mutations.add(different(kind, at, value));
        }
        return mutations;
    }

    /** A change must change the byte: take the next byte value when it would not. */
    private static Mutation different(Kind kind, int at, byte value) {
        if (kind == Kind.CHANGE && history[at] == value) {
            value = (byte) (value + 1);
        }
        return new Mutation(kind, at, value);
    }

    /** Every byte of the special regions: the last entry, separators, a comment, a quoted value, a spread of line ends. */
    private static List<Mutation> specialMutations() {
        Set<Integer> positions = new LinkedHashSet<>();
        String text = new String(history, StandardCharsets.ISO_8859_1);
        int lastEntry = text.lastIndexOf("\n- config-keys:") + 1;
        for (int i = lastEntry - 2; i < history.length; i++) {
            positions.add(i);
        }
        // the separators between entries: the empty lines and the two-space lines of older history
        int found = 0;
        for (int i = text.indexOf("\n\n"); i >= 0 && found < 6; i = text.indexOf("\n\n", i + 2), found++) {
            positions.add(i);
            positions.add(i + 1);
        }
        found = 0;
        for (int i = text.indexOf("\n  \n"); i >= 0 && found < 4; i = text.indexOf("\n  \n", i + 4), found++) {
            for (int j = 0; j < 4; j++) {
                positions.add(i + j);
            }
        }
        // a comment line and the start of a quoted line: a change there leaves the parsed values alone, only the byte rules see it
        int comment = text.indexOf("\n    # ") + 1;
        int quoted = text.indexOf("\n    - '") + 1;
        for (int region : new int[] {comment, quoted}) {
            for (int i = region; i < region + 24; i++) {
                positions.add(i);
            }
        }
        // line ends spread over the file (every 400th line), each with the byte before it
        int line = 0;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1), line++) {
            if (line % 400 == 0) {
                positions.add(i - 1);
                positions.add(i);
            }
        }
        // one mutation per position, the kind and the byte cycling, so every byte is deleted, changed or preceded by an insert
        List<Mutation> mutations = new ArrayList<>();
        int n = 0;
        for (int at : positions) {
            Kind kind = Kind.values()[n % 3];
            mutations.add(different(kind, at, INTERESTING[n % INTERESTING.length]));
            n++;
        }
        return mutations;
    }

    /** A head to judge: the mutated history, with or without one valid entry appended. */
    record Case(Mutation mutation, boolean withEntry) {
    }

    @Test
    void everySingleByteEditOfHistoryIsRejected() {
        List<Case> cases = new ArrayList<>();
        // random positions: both heads each
        for (Mutation mutation : randomMutations()) {
            cases.add(new Case(mutation, true));
            cases.add(new Case(mutation, false));
        }
        // special regions: every byte, the two heads alternating (one parse per byte keeps the run short)
        List<Mutation> special = specialMutations();
        for (int i = 0; i < special.size(); i++) {
            cases.add(new Case(special.get(i), i % 2 == 0));
        }
        // Each case parses a 400 KB changelog; the rules are pure, so the cases run side by side.
        List<String> accepted = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger corrections = new AtomicInteger();
        cases.parallelStream().forEach(c -> {
            byte[] mutated = c.mutation().apply(history);
            ChangelogGate.RuleCheck result = check(c.withEntry() ? concat(mutated, appended) : mutated);
            if (result.ok()) {
                if (!c.withEntry() && isCanonicalLinkCorrection(c.mutation(), mutated, result)) {
                    corrections.incrementAndGet();
                } else {
                    accepted.add(c.mutation() + (c.withEntry() ? " (with an appended entry)" : " (alone)") + ": "
                            + around(mutated, c.mutation().at()));
                }
            }
        });
        if (!accepted.isEmpty()) {
            fail(accepted.size() + " single-byte edits of history were accepted:\n" + String.join("\n", accepted));
        }
        // the property must not hold vacuously: the special regions were covered and few edits were legal corrections
        assertTrue(special.size() > 530, "special positions: " + special.size());
        assertTrue(corrections.get() < cases.size() / 20, "too many accepted corrections: " + corrections);
    }

    @Test
    void bothHeadsAreJudgedAtEveryBoundaryOfTheLastEntry() {
        // The end of history is where an edit is easiest to mistake for an append.
        String text = new String(history, StandardCharsets.ISO_8859_1);
        int lastEntry = text.lastIndexOf("\n- config-keys:");
        for (int at : new int[] {lastEntry, lastEntry + 1, history.length - 2, history.length - 1}) {
            for (Kind kind : Kind.values()) {
                Mutation mutation = different(kind, at, (byte) '\n');
                byte[] mutated = mutation.apply(history);
                ChangelogGate.RuleCheck alone = check(mutated);
                assertTrue(!alone.ok() || isCanonicalLinkCorrection(mutation, mutated, alone), mutation + " alone was accepted");
                assertTrue(!check(concat(mutated, appended)).ok(), mutation + " with an appended entry was accepted");
            }
        }
    }

    @Test
    void aCorrectedHistoricalLinkAloneIsTheOneAcceptedEdit() {
        // The spec allows a change that only corrects pr-links to canonical ones; with an appended entry it is refused.
        String text = new String(history, StandardCharsets.UTF_8);
        int link = text.indexOf("/pull/95\n") + "/pull/9".length();
        Mutation mutation = new Mutation(Kind.CHANGE, link, (byte) '6');
        byte[] mutated = mutation.apply(history);
        ChangelogGate.RuleCheck alone = check(mutated);
        assertTrue(alone.ok(), alone.problems()::toString);
        assertEquals(1, alone.change().corrections().size());
        ChangelogGate.RuleCheck withEntry = check(concat(mutated, appended));
        assertTrue(!withEntry.ok(), "a correction together with a new entry must be refused");
    }

    /** Whether an accepted edit is what the spec allows: one pr-link line corrected to another canonical link. */
    private static boolean isCanonicalLinkCorrection(Mutation mutation, byte[] mutated, ChangelogGate.RuleCheck result) {
        if (result.change() == null || !result.change().correctionsOnly()) {
            return false;
        }
        if (mutation.kind() != Kind.CHANGE && (mutation.kind() == Kind.DELETE ? history[mutation.at()] : mutation.value()) == '\n') {
            return false;
        }
        return CANONICAL_LINK_LINE.matcher(lineAt(mutated, mutation.at())).matches()
                && lineAt(history, mutation.at()).startsWith("  pr-link:");
    }

    private static String lineAt(byte[] bytes, int at) {
        int start = Math.min(at, bytes.length - 1);
        while (start > 0 && bytes[start - 1] != '\n') {
            start--;
        }
        int end = Math.min(at, bytes.length - 1);
        while (end < bytes.length - 1 && bytes[end] != '\n') {
            end++;
        }
        return new String(bytes, start, end - start + 1, StandardCharsets.UTF_8);
    }

    private static String around(byte[] bytes, int at) {
        int from = Math.max(0, at - 30);
        int to = Math.min(bytes.length, at + 30);
        return new String(bytes, from, to - from, StandardCharsets.UTF_8).replace("\n", "\\n");
    }
}
