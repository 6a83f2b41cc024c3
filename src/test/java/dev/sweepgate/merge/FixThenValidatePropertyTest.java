package dev.sweepgate.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.problem.Problem;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Agreement of fix-changelog and validate-changelog over the corpus's real changes and seeded
 * edits of them of the kinds editors make: after fix-changelog the changelog is either valid
 * by validate-changelog's file, history and byte rules, or fix-changelog wrote nothing (so the
 * file is byte for byte as it was). Runs the two in process, on the changelog of each of the
 * newest changes the corpus's history holds against its parent. Skipped without the corpus.
 */
class FixThenValidatePropertyTest {
    private static final Path BUNDLE = Path.of("..", "shared", "corpus", "data.bundle").toAbsolutePath().normalize();
    private static final String FILE = "perf-changelog.yaml";
    private static final long SEED = 20261201L;
    private static final int CHANGES = 8;
    private static final int EDITS_PER_CHANGE = 4;
    /** The changes are commits of main: validate-changelog judges them as a push to main. */
    private static final PrLinkPolicy POLICY = new PrLinkPolicy(PrLinkPolicy.DEFAULT_REPO, null);

    @TempDir
    Path scratch;

    @Test
    void fixChangelogLeavesAValidFileOrAnUnchangedOne() {
        assumeTrue(Files.isRegularFile(BUNDLE), "no corpus beside the project");
        Path repo = scratch.resolve("data");
        Map<String, String> env = Map.of("GIT_CONFIG_NOSYSTEM", "1", "HOME", scratch.toString());
        Git.Result cloned = new Git(scratch, env).run(List.of("clone", "-q", "--no-checkout", BUNDLE.toString(), repo.toString()));
        assertEquals(0, cloned.exitCode(), cloned.stderr());
        Git git = new Git(repo, env);
        String log = git.run(List.of("rev-list", "--parents", "--max-count=" + CHANGES, "HEAD", "--", FILE)).stdoutText();
        Random random = new Random(SEED);
        int repaired = 0;
        int refused = 0;
        for (String line : log.strip().split("\n")) {
            String[] ids = line.split(" ");
            if (ids.length < 2 || !git.exists(ids[1], FILE)) {
                continue;
            }
            ChangelogFile base = ChangelogFile.check(git.show(ids[1], FILE), FILE + "@base");
            byte[] head = git.show(ids[0], FILE);
            if (!base.ok()) {
                continue;
            }
            List<byte[]> heads = new ArrayList<>(List.of(head));
            for (int k = 0; k < EDITS_PER_CHANGE; k++) {
                heads.add(edit(head, base.bytes().length, random));
            }
            for (byte[] edited : heads) {
                MergeOutcome fixed = ChangelogFixer.fix(base, edited, FILE, "base");
                if (!fixed.ok()) {
                    assertNull(fixed.result(), "a refusal writes nothing");
                    refused++;
                    continue;
                }
                if (fixed.result() == null) {
                    continue;
                }
                repaired++;
                List<String> broken = ChangelogGate.checkRules(base, ChangelogFile.check(fixed.result(), FILE), POLICY)
                        .problems().stream().filter(Problem::isError).map(p -> p.rule() + ": " + p.message()).toList();
                assertEquals(List.of(), broken, "fix-changelog wrote a file validate-changelog refuses (change "
                        + ids[0] + ")");
            }
        }
        System.out.println("fix-changelog then validate-changelog: " + repaired + " repaired and valid, " + refused
                + " refused and unchanged");
        assertTrue(repaired > 0 && refused > 0, "the edits must exercise both outcomes: " + repaired + " repaired, "
                + refused + " refused");
    }

    /** One edit of the kinds editors and hand merges make, mostly around the appended text. */
    static byte[] edit(byte[] head, int historyEnd, Random random) {
        String text = new String(head, StandardCharsets.UTF_8);
        int from = Math.min(historyEnd, text.length());
        return switch (random.nextInt(7)) {
            case 0 -> bytes(text.substring(0, from) + text.substring(from).replaceFirst("^\n", ""));
            case 1 -> bytes(text.substring(0, from) + "\n" + text.substring(from));
            case 2 -> bytes(text + "\n\n");
            case 3 -> bytes(text.stripTrailing());
            case 4 -> bytes(text.substring(0, from) + text.substring(from).replace("\n\n- config-keys:", "\n  \n- config-keys:"));
            case 5 -> bytes(trimTrailingSpacesOfOneLine(text, random));
            default -> changeOneByte(head, random);
        };
    }

    private static String trimTrailingSpacesOfOneLine(String text, Random random) {
        List<Integer> candidates = new ArrayList<>();
        for (int i = text.indexOf(" \n"); i >= 0; i = text.indexOf(" \n", i + 1)) {
            candidates.add(i);
        }
        if (candidates.isEmpty()) {
            return text;
        }
        int at = candidates.get(random.nextInt(candidates.size()));
        int start = at;
        while (start > 0 && text.charAt(start - 1) == ' ') {
            start--;
        }
        return text.substring(0, start) + text.substring(at + 1);
    }

    /** A byte inserted or replaced anywhere: mostly a change in value, which fix-changelog must refuse. */
    private static byte[] changeOneByte(byte[] head, Random random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(head.length + 1);
        int at = random.nextInt(head.length);
        int rest = random.nextBoolean() ? at + 1 : at;
        out.write(head, 0, at);
        out.write(" \n:-#\"".charAt(random.nextInt(6)));
        out.write(head, rest, head.length - rest);
        return out.toByteArray();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
