package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.git.TestRepo;
import dev.sweepgate.yaml.YamlLoader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile input through every command that reads it: exit 1, exactly one problem, no stack
 * trace, nothing written, no hang. The YAML limits themselves are tested in YamlLoaderTest;
 * this suite checks what a user of each command sees.
 */
class HostileInputTest {
    @TempDir
    Path dir;

    /** Where a hostile file goes, and the commands that read it there. */
    enum Target {
        MASTER_CONFIG("configs/amd-master.yaml", false, List.of(List.of("validate-configs"), List.of("full-sweep"))),
        RUNNER_CONFIG("configs/runners.yaml", false, List.of(List.of("validate-configs"), List.of("full-sweep"))),
        GOLDEN_CURVES("golden_al_distribution/hostile.yaml", false,
                List.of(List.of("validate-configs"), List.of("check-golden-al"))),
        /** The changelog committed at HEAD, compared with the valid history at HEAD~1. */
        CHANGELOG_HEAD("perf-changelog.yaml", true, List.of(
                List.of("validate-changelog", "--base-ref", "HEAD~1", "--head-ref", "HEAD"),
                List.of("process-changelog", "--base-ref", "HEAD~1", "--head-ref", "HEAD"))),
        /** The changelog in the working tree, compared with the valid history at HEAD. */
        CHANGELOG_WORKING_TREE("perf-changelog.yaml", true, List.of(List.of("validate-changelog", "--base-ref", "HEAD"))),
        /** The hostile changelog committed as the base; the head is the valid history. */
        CHANGELOG_BASE("perf-changelog.yaml", true,
                List.of(List.of("validate-changelog", "--base-ref", "HEAD~1", "--head-ref", "HEAD")));

        final String path;
        final boolean changelog;
        final List<List<String>> commands;

        Target(String path, boolean changelog, List<List<String>> commands) {
            this.path = path;
            this.changelog = changelog;
            this.commands = commands;
        }
    }

    /** One hostile input: {@code content} gives the bytes of the target's file for a target. */
    record Hostile(String name, Function<Target, byte[]> content) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final String APPENDED_ENTRY_START = "\n- config-keys:\n    - alpha-fp8-mi355x-sglang\n"
            + "  description:\n    - \"hostile\"\n  pr-link: " + ChangelogFixture.LINK + "3\n";

    /** YAML given as top-level mapping text: appended to a valid config, or extra fields of an appended changelog entry. */
    private static Hostile yaml(String name, String mappingText) {
        return new Hostile(name, target -> asTarget(target, mappingText.getBytes(StandardCharsets.UTF_8)));
    }

    /** What each file holds when valid, so that the hostile part is the only thing wrong with it. */
    private static String validContent(Target target) {
        return switch (target) {
            case MASTER_CONFIG -> ChangelogFixture.AMD;
            case RUNNER_CONFIG -> ChangelogFixture.RUNNERS;
            case GOLDEN_CURVES -> "org/beta:\n  thinking_off:\n    1: 1.7\n";
            default -> ChangelogFixture.HISTORY + APPENDED_ENTRY_START;
        };
    }

    private static final String GOLDEN = "org/alpha:\n  thinking_on:\n    1: 1.8\n    2: 2.4\n";

    private static byte[] asTarget(Target target, byte[] mappingText) {
        if (!target.changelog) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(validContent(target).getBytes(StandardCharsets.UTF_8));
            out.writeBytes(mappingText);
            return out.toByteArray();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(validContent(target).getBytes(StandardCharsets.UTF_8));
        // indent every line by two spaces: the text becomes fields of the appended entry
        int lineStart = 0;
        for (int i = 0; i < mappingText.length; i++) {
            if (i == lineStart) {
                out.writeBytes("  ".getBytes(StandardCharsets.UTF_8));
            }
            out.write(mappingText[i]);
            if (mappingText[i] == '\n') {
                lineStart = i + 1;
            }
        }
        return out.toByteArray();
    }

    private static Hostile raw(String name, byte[] bytes) {
        return new Hostile(name, target -> bytes);
    }

    static String billionLaughs() {
        StringBuilder doc = new StringBuilder("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (int i = 1; i < 10; i++) {
            doc.append("a").append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 9; j++) {
                doc.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
            }
            doc.append("]\n");
        }
        return doc.toString();
    }

    static String mergeKeyBomb() {
        // each level merges a map of ten aliases to the previous level
        StringBuilder doc = new StringBuilder("a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n");
        for (int i = 1; i < 12; i++) {
            doc.append("b").append(i).append(": &b").append(i).append(" {");
            for (int j = 0; j < 10; j++) {
                doc.append("k").append(j).append(": *a").append(i - 1).append(", ");
            }
            doc.append("z: 1}\n");
            doc.append("a").append(i).append(": &a").append(i).append(" {<<: *b").append(i).append(", y: 1}\n");
        }
        return doc.toString();
    }

    static String quadraticMergeChain() {
        StringBuilder doc = new StringBuilder("a0: &a0 {k0: 1}\n");
        for (int i = 1; i < 1500; i++) {
            doc.append('a').append(i).append(": &a").append(i).append(" {<<: *a").append(i - 1)
                    .append(", k").append(i).append(": 1}\n");
        }
        return doc.toString();
    }

    static byte[] binaryGarbage() {
        byte[] bytes = new byte[64 * 1024];
        new Random(6).nextBytes(bytes);
        return bytes;
    }

    /** Valid YAML text with invalid UTF-8 {@code bad} inside a quoted value. */
    private static Hostile invalidUtf8(String name, int... bad) {
        return new Hostile(name, target -> {
            ByteArrayOutputStream value = new ByteArrayOutputStream();
            value.writeBytes("note: \"before ".getBytes(StandardCharsets.UTF_8));
            for (int b : bad) {
                value.write(b);
            }
            value.writeBytes(" after\"\n".getBytes(StandardCharsets.UTF_8));
            return asTarget(target, value.toByteArray());
        });
    }

    static Stream<Hostile> inputs() {
        return Stream.of(
                yaml("billion laughs", billionLaughs()),
                yaml("merge-key bomb", mergeKeyBomb()),
                yaml("quadratic merge chain", quadraticMergeChain()),
                yaml("flow nesting 10000 deep", "deep: " + "[".repeat(10_000) + "]".repeat(10_000) + "\n"),
                yaml("block nesting 10000 deep", "deep:\n" + "- ".repeat(10_000) + "x\n"),
                yaml("unclosed nesting 10000 deep", "deep: " + "[".repeat(10_000) + "\n"),
                raw("binary garbage", binaryGarbage()),
                invalidUtf8("overlong encoding C0 AF", 0xC0, 0xAF),
                invalidUtf8("lone surrogate ED A0 80", 0xED, 0xA0, 0x80),
                invalidUtf8("truncated sequence E2 82", 0xE2, 0x82),
                yaml("tag !!python/object", "v: !!python/object:os.system ls\n"),
                yaml("tag !!java.lang.ProcessBuilder", "v: !!java.lang.ProcessBuilder [ls]\n"),
                yaml("tag !<tag:yaml.org,2002:java.net.URL>", "v: !<tag:yaml.org,2002:java.net.URL> [http://x]\n"),
                yaml("local tag on a mapping", "v: !java.lang.Runtime {a: 1}\n"),
                yaml("integer key", "1: x\n"),
                yaml("list as key", "? [a, b]\n: x\n"),
                yaml("map as key", "? {a: 1}\n: x\n"),
                yaml("null as key", "~: x\n"));
    }

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        inputs().forEach(input -> {
            for (Target target : Target.values()) {
                cases.add(Arguments.of(input, target));
            }
        });
        return cases.stream();
    }

    /** Every command that reads the target, one after the other in the same repository (none may write). */
    @ParameterizedTest(name = "{0} in {1}")
    @MethodSource("cases")
    @Timeout(value = 40, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void isRefusedWithOneProblemAndNothingWritten(Hostile input, Target target) throws IOException {
        Path repo = prepare(target, input.content().apply(target));
        for (List<String> command : target.commands) {
            assertRefused(repo, command);
        }
    }

    /** A changelog whose history differs from the base by one byte, as a committed head and in the working tree. */
    static Stream<Arguments> oneByteChanges() {
        String history = ChangelogFixture.HISTORY;
        int link = history.indexOf("pull/1");
        int description = history.indexOf("Tune alpha");
        List<Arguments> cases = new ArrayList<>();
        Map<String, String> edits = new TreeMap<>();
        edits.put("a digit of a historical pr-link changed", history.substring(0, link + 5) + "7" + history.substring(link + 6));
        edits.put("a letter of a description changed", history.substring(0, description) + "t" + history.substring(description + 1));
        edits.put("the separator line's trailing spaces shortened", history.replaceFirst("\n  \n", "\n \n"));
        edits.put("a byte inserted in the history", history.substring(0, description) + "x" + history.substring(description));
        edits.put("a byte deleted from the history", history.substring(0, description) + history.substring(description + 1));
        edits.put("a space added before a line end", history.replaceFirst("sglang\n", "sglang \n"));
        for (Map.Entry<String, String> edit : edits.entrySet()) {
            String head = edit.getValue() + "\n" + ChangelogFixture.entry("alpha-fp8-mi355x-sglang", ChangelogFixture.LINK + "3");
            for (Target target : List.of(Target.CHANGELOG_HEAD, Target.CHANGELOG_WORKING_TREE)) {
                for (List<String> command : target.commands) {
                    if (command.get(0).equals("validate-changelog")) {
                        cases.add(Arguments.of(edit.getKey(), target, command, head));
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} in {1}: {2}")
    @MethodSource("oneByteChanges")
    @Timeout(value = 20, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aChangelogThatDiffersFromHistoryByOneByteIsRefused(String edit, Target target, List<String> command, String head)
            throws IOException {
        Path repo = prepare(target, head.getBytes(StandardCharsets.UTF_8));
        assertRefused(repo, command);
    }

    /** A file of 100 MB: refused by its size before it is parsed (64 MiB is the limit). */
    @ParameterizedTest(name = "100 MB in {0}")
    @EnumSource(Target.class)
    @Timeout(value = 40, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aHundredMegabyteFileIsRefused(Target target) throws IOException {
        // Valid YAML throughout (comments), so only the size can be what is wrong with it.
        byte[] valid = asTarget(target, "note: x\n".getBytes(StandardCharsets.UTF_8));
        byte[] line = ("#" + "x".repeat(1022) + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] huge = new byte[100 * 1024 * 1024 + valid.length];
        for (int at = 0; at < 100 * 1024 * 1024; at += line.length) {
            System.arraycopy(line, 0, huge, at, line.length);
        }
        System.arraycopy(valid, 0, huge, 100 * 1024 * 1024, valid.length);
        Path repo = prepare(target, huge);
        for (List<String> command : target.commands) {
            String err = assertRefused(repo, command);
            assertTrue(err.contains("64 MiB"), err);
        }
    }

    /**
     * 8 MB on one line, a quoted value: refused as too long at its line before the YAML parser,
     * whose time grows with the square of a line's length, sees it; the excerpt under the problem
     * shows a piece of the line, not 8 MB.
     */
    @ParameterizedTest(name = "an 8 MB line in {0}")
    @EnumSource(Target.class)
    @Timeout(value = 40, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void anEightMegabyteLineIsRefusedAsTooLongAtItsLine(Target target) throws IOException {
        byte[] bytes = asTarget(target, ("note: \"" + "x".repeat(8 * 1024 * 1024) + "\"\n").getBytes(StandardCharsets.UTF_8));
        assertTooLongAtItsLine(prepare(target, bytes), target.commands, target.path, lineOf(bytes, "note: \"xxx"));
    }

    /**
     * The issue's sizes: a 60 MB line in a config, refused by every command that reads configs
     * (snakeyaml-engine alone took 1 069 s and 6.5 GB on it).
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aSixtyMegabyteLineInAConfigIsRefusedAsTooLongAtItsLine() throws IOException {
        byte[] bytes = asTarget(Target.MASTER_CONFIG, ("note: \"" + "x".repeat(60_000_000) + "\"\n").getBytes(StandardCharsets.UTF_8));
        assertTooLongAtItsLine(prepare(Target.MASTER_CONFIG, bytes), Target.MASTER_CONFIG.commands, Target.MASTER_CONFIG.path,
                lineOf(bytes, "note: \"xxx"));
    }

    /** A 4 MB description in an appended entry (16.75 s before), committed and in the working tree. */
    @ParameterizedTest(name = "a 4 MB description appended in {0}")
    @EnumSource(value = Target.class, names = {"CHANGELOG_HEAD", "CHANGELOG_WORKING_TREE"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFourMegabyteDescriptionInAnAppendedEntryIsRefusedAsTooLongAtItsLine(Target target) throws IOException {
        String entry = "\n- config-keys:\n    - alpha-fp8-mi355x-sglang\n  description:\n    - \"" + "y".repeat(4_000_000)
                + "\"\n  pr-link: " + ChangelogFixture.LINK + "3\n";
        byte[] bytes = (ChangelogFixture.HISTORY + entry).getBytes(StandardCharsets.UTF_8);
        assertTooLongAtItsLine(prepare(target, bytes), target.commands, target.path, lineOf(bytes, "    - \"yyy"));
    }

    /** The 1-based line of the first occurrence of an ASCII text in the bytes. */
    private static int lineOf(byte[] bytes, String text) {
        int at = new String(bytes, StandardCharsets.ISO_8859_1).indexOf(text);
        int line = 1;
        for (int i = 0; i < at; i++) {
            line += bytes[i] == '\n' ? 1 : 0;
        }
        return line;
    }

    /**
     * Each command exits 1 with one yaml.too-long at file:line and the column past the limit, and
     * the excerpt under it is a piece of the line around that column, cut with an ellipsis on both sides.
     */
    private void assertTooLongAtItsLine(Path repo, List<List<String>> commands, String file, int line) throws IOException {
        for (List<String> command : commands) {
            String err = assertRefused(repo, command);
            String problem = err.lines().filter(l -> l.contains(": error: ")).findFirst().orElseThrow();
            // the file, or the file at the base ref (perf-changelog.yaml@HEAD~1)
            assertTrue(problem.matches("\\Q" + file + "\\E(@HEAD~1)?:" + line + ":" + (YamlLoader.MAX_LINE + 1)
                    + ": error: this line holds more than " + YamlLoader.MAX_LINE + " characters.*")
                    && problem.endsWith("[yaml.too-long]"), command + ": " + problem);
            assertTrue(err.length() < 2000, () -> "stderr is " + err.length() + " characters");
            String excerpt = err.lines().filter(l -> l.startsWith(" " + line + " | ")).findFirst().orElseThrow();
            assertTrue(excerpt.startsWith(" " + line + " | …") && excerpt.endsWith("…"), excerpt);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aByteOrderMarkInTheChangelogIsRefused() throws IOException {
        for (Target target : List.of(Target.CHANGELOG_HEAD, Target.CHANGELOG_WORKING_TREE, Target.CHANGELOG_BASE)) {
            byte[] bom = ("\uFEFF" + ChangelogFixture.appended(ChangelogFixture.entry("alpha-fp8-mi355x-sglang",
                    ChangelogFixture.LINK + "3"))).getBytes(StandardCharsets.UTF_8);
            for (List<String> command : target.commands) {
                Path repo = prepare(target, bom);
                String err = assertRefused(repo, command);
                assertTrue(err.contains("byte-order mark") || err.contains("deleted line") || err.contains("changed historical"), err);
            }
        }
    }

    @Test
    void aByteOrderMarkInAConfigIsReadAsYamlDoes() throws IOException {
        // YAML allows a byte-order mark, and the reference's loader reads such a config: so does sweepgate.
        Path repo = prepare(Target.MASTER_CONFIG, ("\uFEFF" + ChangelogFixture.AMD).getBytes(StandardCharsets.UTF_8));
        Map<String, String> before = snapshot(repo);
        ChangelogFixture.Run run = ChangelogFixture.runIn(repo, Map.of(), "validate-configs");
        assertEquals(0, run.exit(), run.err());
        assertEquals(before, snapshot(repo));
    }

    /** Runs the command; asserts exit 1, one problem, no stack trace, nothing written. Returns stderr. */
    private String assertRefused(Path repo, List<String> command) throws IOException {
        Map<String, String> before = snapshot(repo);
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of("--format", "text"));
        ChangelogFixture.Run run = run(repo, args);
        String all = run.out() + run.err();
        assertEquals(1, run.exit(), all);
        assertFalse(all.contains("\tat ") || all.contains("Exception") || all.contains("internal error"), all);
        List<String> problems = run.err().lines().filter(line -> line.contains(": error: ")).toList();
        assertEquals(1, problems.size(), "expected exactly one problem:\n" + run.err());
        assertTrue(problems.get(0).matches(".+: error: .+"), problems.get(0));
        assertTrue(run.err().strip().lines().reduce((a, b) -> b).orElse("").matches(".*\\[[a-z-]+\\.[a-z0-9.-]+]|\\d+ problems? found|\\d+ errors?, \\d+ warnings?"),
                "the problems end with their count:\n" + run.err());
        if (!command.get(0).equals("process-changelog") && !command.get(0).equals("full-sweep")) {
            assertEquals("", run.out(), "nothing on stdout for a text report");
        }
        assertEquals(before, snapshot(repo), "the command changed files");
        return run.err();
    }

    /** Runs sweepgate in process with -C repo; fails on a stack trace the way users would see it. */
    private static ChangelogFixture.Run run(Path repo, List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> all = new ArrayList<>(List.of("-C", repo.toString()));
        all.addAll(args);
        int exit = Main.run(all.toArray(String[]::new), new Env(repo, Map.of(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        return new ChangelogFixture.Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The valid repository every case starts from: built once, copied per case (git calls cost most of the time). */
    @TempDir
    static Path templateDir;

    @BeforeAll
    static void buildTemplate() throws IOException {
        ChangelogFixture fixture = new ChangelogFixture(templateDir);
        Files.createDirectories(templateDir.resolve("golden_al_distribution"));
        Files.writeString(templateDir.resolve("golden_al_distribution/k.yaml"), GOLDEN);
        fixture.repo.commit("golden curves");
    }

    /** A copy of the template with the hostile bytes where the target says (committed for committed sides). */
    private Path prepare(Target target, byte[] hostile) throws IOException {
        Path repoDir = Files.createTempDirectory(dir, "repo");
        try (Stream<Path> walk = Files.walk(templateDir)) {
            for (Path from : walk.toList()) {
                Path to = repoDir.resolve(templateDir.relativize(from).toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(from, to);
                }
            }
        }
        TestRepo repo = TestRepo.open(repoDir);
        Files.write(repoDir.resolve(target.path), hostile);
        if (target == Target.CHANGELOG_HEAD) {
            repo.git("commit", "-q", "-a", "-m", "hostile head");
        } else if (target == Target.CHANGELOG_BASE) {
            repo.git("commit", "-q", "-a", "-m", "hostile base");
            repo.write(target.path, ChangelogFixture.HISTORY);
            repo.git("commit", "-q", "-a", "-m", "history again");
        }
        return repoDir;
    }

    /** Every file outside .git with a digest of its bytes: a listing and contents to compare. */
    static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(p -> !root.relativize(p).toString().startsWith(".git")).toList()) {
                String name = root.relativize(p).toString();
                files.put(name, Files.isDirectory(p) ? "dir" : digest(p));
            }
        }
        return files;
    }

    private static String digest(Path file) throws IOException {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            try (var in = Files.newInputStream(file)) {
                byte[] buffer = new byte[1 << 16];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    sha.update(buffer, 0, n);
                }
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
