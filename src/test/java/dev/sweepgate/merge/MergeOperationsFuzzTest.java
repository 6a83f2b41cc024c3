package dev.sweepgate.merge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.changelog.PyValues;
import dev.sweepgate.fuzz.FuzzInputs;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.output.AtomicFiles;
import dev.sweepgate.problem.Problem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The merge operations on a pull request side the fuzzer edits from a real history
 * ({@link FuzzInputs#edit}): canonicalize, resolve-conflict (with the pull request number),
 * the merge driver (links kept) and fix-changelog. Never an exception; never bytes to write
 * beside an error; and what they would write, written atomically, passes the changelog rules
 * against the side it kept.
 */
class MergeOperationsFuzzTest {
    private static final long PR = 1234L;
    private static final String REPO = PrLinkPolicy.DEFAULT_REPO;
    private static final PrLinkPolicy WITH_PR = new PrLinkPolicy(REPO, PR);
    private static final String NEW_LINK = "changelog.new-link";
    private static final byte[] HISTORY = FuzzInputs.history(0, 30);
    private static final ChangelogFile BASE = ChangelogFile.check(HISTORY, "perf-changelog.yaml@merge-base");
    /** Main's side: the base plus the two real entries that came next, the base, or the base with a link corrected. */
    private static final List<ChangelogFile> UPSTREAMS = List.of(
            ChangelogFile.check(FuzzInputs.history(0, 32), "perf-changelog.yaml@theirs"),
            ChangelogFile.check(HISTORY, "perf-changelog.yaml@theirs"),
            ChangelogFile.check(correctFirstLink(HISTORY), "perf-changelog.yaml@theirs"));
    private static final Path OUT = tempFile();

    @FuzzTest
    void mergesAnyPullRequestSide(byte[] data) {
        byte[] otherBytes = FuzzInputs.edit(HISTORY, data);
        ChangelogFile other = ChangelogFile.check(otherBytes, "perf-changelog.yaml@ours");
        ChangelogFile upstream = UPSTREAMS.get(data.length % UPSTREAMS.size());

        MergeOutcome canonical = Canonicalizer.canonicalize(BASE, other, WITH_PR);
        keepsTheRules(canonical, BASE, true);
        if (canonical.result() != null) {
            assertTrue(Canonicalizer.allLink(ChangelogFile.check(canonical.result(), "c"), BASE.items().size(),
                    WITH_PR.canonical(PR), new dev.sweepgate.problem.Problems()));
        }

        keepsTheRules(ConflictResolver.resolve(BASE, other, upstream, REPO, PR,
                new ConflictResolver.Labels("main (theirs)", "the pull request (ours)"), "perf-changelog.yaml"),
                upstream, true);
        keepsTheRules(ConflictResolver.resolve(BASE, other, upstream, REPO, null,
                new ConflictResolver.Labels("upstream (theirs)", "our branch (ours)"), "perf-changelog.yaml"),
                upstream, false);

        MergeOutcome fixed = ChangelogFixer.fix(BASE, otherBytes, "perf-changelog.yaml", "origin/main");
        keepsTheRules(fixed, BASE, false);
        if (fixed.result() != null) {
            // The values YAML reads from the input: CRLF is a line break to it, but the changelog's reader refuses CRs.
            byte[] lf = new String(otherBytes, StandardCharsets.UTF_8).replace("\r\n", "\n").getBytes(StandardCharsets.UTF_8);
            byte[] parsed = lf.length > 0 && lf[lf.length - 1] != '\n' ? FuzzInputs.concat(lf, new byte[] {'\n'}) : lf;
            assertTrue(PyValues.equal(historyFirst(plain(BASE), plain(ChangelogFile.check(parsed, "h"))),
                    plain(ChangelogFile.check(fixed.result(), "f"))),
                    "fix-changelog repairs bytes only: the entries keep their values (new ones written among the old "
                            + "ones moved to the end)");
        }
    }

    /** Bytes only with no error; those bytes survive an atomic write and pass the rules against {@code kept}. */
    private static void keepsTheRules(MergeOutcome outcome, ChangelogFile kept, boolean judgeNewLinks) {
        if (!outcome.ok()) {
            assertNull(outcome.result(), "an operation that failed must not write");
            return;
        }
        if (outcome.result() == null) {
            return;
        }
        AtomicFiles.write(OUT, outcome.result());
        try {
            assertArrayEquals(outcome.result(), Files.readAllBytes(OUT));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChangelogGate.RuleCheck rules = ChangelogGate.checkRules(kept, ChangelogFile.check(outcome.result(),
                "perf-changelog.yaml"), WITH_PR);
        List<Problem> errors = rules.problems().stream().filter(Problem::isError)
                .filter(p -> judgeNewLinks || !p.rule().equals(NEW_LINK)).toList();
        assertEquals(List.of(), errors, "what the operation writes must pass the rules against the side it kept");
    }

    private static List<Object> plain(ChangelogFile file) {
        return file.items().stream().map(i -> i.toPlain()).toList();
    }

    /**
     * The entries of {@code head} with the base's first, in their order, then the others in theirs:
     * what fix-changelog makes of entries written among the old ones. The base's entries are taken
     * where they first appear in order; when they are not all there, {@code head} itself.
     */
    private static List<Object> historyFirst(List<Object> base, List<Object> head) {
        List<Object> others = new ArrayList<>();
        int j = 0;
        for (Object entry : head) {
            if (j < base.size() && PyValues.equal(base.get(j), entry)) {
                j++;
            } else {
                others.add(entry);
            }
        }
        if (j < base.size()) {
            return head;
        }
        List<Object> ordered = new ArrayList<>(base);
        ordered.addAll(others);
        return ordered;
    }

    private static byte[] correctFirstLink(byte[] history) {
        String text = new String(history, StandardCharsets.UTF_8);
        String fixed = text.replaceFirst("(  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/)(\\d+)", "$19$2");
        return fixed.getBytes(StandardCharsets.UTF_8);
    }

    private static Path tempFile() {
        try {
            Path dir = Files.createTempDirectory("sweepgate-fuzz-merge");
            dir.toFile().deleteOnExit();
            return dir.resolve("perf-changelog.yaml");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static {
        assertTrue(BASE.ok() && UPSTREAMS.stream().allMatch(ChangelogFile::ok), "the real histories must be valid");
        assertTrue(Arrays.equals(BASE.bytes(), HISTORY));
    }
}
