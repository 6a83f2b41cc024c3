package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.appended;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * Refs never reach git as options; files are replaced atomically, and a write that cannot
 * happen leaves the file as it was with one clear message; parallel runs in one repository
 * do not disturb each other.
 */
class SafetyTest {
    @TempDir
    Path dir;

    // ---- refs that look like options

    static Stream<Arguments> refOptions() {
        List<Arguments> cases = new ArrayList<>();
        for (String ref : List.of("-x", "--output=pwned", "--upload-pack=touch pwned", "-")) {
            cases.add(Arguments.of(List.of("validate-changelog", "--base-ref=" + ref)));
            cases.add(Arguments.of(List.of("validate-changelog", "--base-ref", "HEAD~1", "--head-ref=" + ref)));
            cases.add(Arguments.of(List.of("process-changelog", "--base-ref=" + ref, "--head-ref", "HEAD")));
            cases.add(Arguments.of(List.of("process-changelog", "--base-ref", "HEAD~1", "--head-ref=" + ref)));
            cases.add(Arguments.of(List.of("prepare-merge", "canonicalize", "--base-ref=" + ref, "--pr-number", "42")));
            cases.add(Arguments.of(List.of("reuse-check", "--source=" + ref, "--merge", "HEAD")));
            cases.add(Arguments.of(List.of("reuse-check", "--source", "HEAD", "--merge=" + ref)));
            cases.add(Arguments.of(List.of("reuse-check", "--source", "HEAD", "--merge", "HEAD", "--pr-head=" + ref)));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refOptions")
    void aRefThatStartsWithADashIsBadUsage(List<String> args) throws IOException {
        ChangelogFixture fx = new ChangelogFixture(dir);
        fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3"));
        var before = HostileInputTest.snapshot(dir);
        ChangelogFixture.Run r = fx.run(args.toArray(String[]::new));
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("cannot start with '-'"), r.err());
        assertEquals(1, r.err().lines().filter(line -> line.startsWith("sweepgate: ")).count(), r.err());
        assertEquals("", r.out());
        assertEquals(before, HostileInputTest.snapshot(dir), "nothing may be written");
    }

    // ---- writes into a directory the user cannot write

    /**
     * Runs sweepgate in its own JVM as an unprivileged user: tests run as root here (and in
     * some CI), and root writes into read-only directories. As another user the files'
     * permissions hold, as they do for a contributor.
     */
    private final class Unprivileged {
        final Path classpath;
        final boolean root;

        Unprivileged() throws IOException {
            root = ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
            if (root) {
                assumeTrue(onPath("setpriv"), "tests run as root and setpriv is not installed: cannot drop privileges");
            }
            // The user must be able to read the classes: copy them out of the (private) Maven repository.
            classpath = Files.createDirectories(dir.resolve("classpath"));
            List<String> entries = new ArrayList<>();
            for (Class<?> c : new Class<?>[] {Main.class, LoadSettings.class, ObjectMapper.class,
                    JsonFactory.class, com.fasterxml.jackson.annotation.JsonProperty.class, picocli.CommandLine.class}) {
                Path from = location(c);
                Path to = classpath.resolve(entries.size() + "-" + from.getFileName());
                copyTree(from, to);
                entries.add(to.toString());
            }
            Files.writeString(classpath.resolve("path"), String.join(File.pathSeparator, entries));
            openUp(dir);
        }

        /** Gives the repository to the unprivileged user (it must own it, or git refuses to work in it). */
        void own(Path tree) throws IOException, InterruptedException {
            if (root) {
                exec(List.of("chown", "-R", "65534:65534", tree.toString()));
            }
        }

        ChangelogFixture.Run run(Path workDir, String... args) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>();
            if (root) {
                command.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
            }
            command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", Files.readString(classpath.resolve("path")),
                    "dev.sweepgate.cli.Main", "-C", workDir.toString()));
            command.addAll(List.of(args));
            ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile());
            pb.environment().put("HOME", workDir.toString());
            pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
            pb.environment().remove("GITHUB_ACTIONS");
            Path out = Files.createTempFile("sweepgate-out", ".txt");
            Path err = Files.createTempFile("sweepgate-err", ".txt");
            try {
                pb.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
                Process p = pb.start();
                p.getOutputStream().close();
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "sweepgate did not finish");
                return new ChangelogFixture.Run(p.exitValue(), Files.readString(out), Files.readString(err));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        }
    }

    private static boolean onPath(String program) {
        for (String part : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!part.isEmpty() && Files.isExecutable(Path.of(part, program))) {
                return true;
            }
        }
        return false;
    }

    private static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target);
                }
            }
        }
    }

    /** Readable (and traversable) by everyone: the temp directory is private by default. */
    private static void openUp(Path tree) throws IOException {
        try (Stream<Path> walk = Files.walk(tree)) {
            for (Path p : walk.toList()) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
    }

    private static void exec(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + output);
    }

    private static void readOnly(Path directory) throws IOException {
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("r-xr-xr-x"));
    }

    private static void writable(Path directory) throws IOException {
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** The one message of a write that failed: exit 3, says what could not be written and that it is unchanged. */
    private static void assertCannotWrite(ChangelogFixture.Run r, String file) {
        assertEquals(3, r.exit(), r.out() + r.err());
        List<String> lines = r.err().lines().filter(line -> !line.isBlank()).toList();
        assertEquals(1, lines.size(), r.err());
        String message = lines.get(0);
        assertTrue(message.startsWith("sweepgate: cannot write ") && message.contains(file), message);
        assertTrue(message.contains("permission denied"), message);
        assertTrue(message.contains("unchanged"), message);
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void canonicalizeIntoAReadOnlyDirectoryLeavesTheFileIntact() throws Exception {
        Unprivileged user = new Unprivileged();
        Path repo = Files.createDirectories(dir.resolve("repo"));
        ChangelogFixture fx = new ChangelogFixture(repo);
        fx.repo.write("perf-changelog.yaml", appended(entry("alpha-fp8-mi355x-sglang", "XXX")));
        user.own(repo);
        var before = HostileInputTest.snapshot(repo);
        readOnly(repo);
        try {
            ChangelogFixture.Run r = user.run(repo, "prepare-merge", "canonicalize", "--base-ref", "HEAD", "--pr-number", "42");
            assertCannotWrite(r, "perf-changelog.yaml");
        } finally {
            writable(repo);
        }
        assertEquals(before, HostileInputTest.snapshot(repo), "the file and the directory listing are as they were");
        // and with the directory writable again the same command works: the failure was the directory's
        ChangelogFixture.Run again = user.run(repo, "prepare-merge", "canonicalize", "--base-ref", "HEAD", "--pr-number", "42");
        assertEquals(0, again.exit(), again.err());
        assertTrue(fx.repo.read("perf-changelog.yaml").contains("pr-link: " + LINK + "42\n"));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void chunksIntoAReadOnlyDirectoryLeaveTheEarlierChunkSet() throws Exception {
        Unprivileged user = new Unprivileged();
        Path repo = Files.createDirectories(dir.resolve("repo"));
        ChangelogFixture fx = new ChangelogFixture(repo);
        fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3"));
        user.own(repo);
        String[] split = {"process-changelog", "--base-ref", "HEAD~1", "--head-ref", "HEAD", "--split-dir", "chunks"};
        ChangelogFixture.Run first = user.run(repo, split);
        assertEquals(0, first.exit(), first.err());
        var before = HostileInputTest.snapshot(repo.resolve("chunks"));
        // chunks are replaced one by one inside the directory, so it is the directory itself that must refuse
        readOnly(repo.resolve("chunks"));
        readOnly(repo);
        try {
            ChangelogFixture.Run r = user.run(repo, "process-changelog", "--base-ref", "HEAD~1", "--head-ref", "HEAD",
                    "--split-dir", "chunks", "--max-jobs", "1");
            assertCannotWrite(r, "chunks");
            assertEquals("", r.out(), "no sweep is printed when its chunks cannot be written");
        } finally {
            writable(repo);
            writable(repo.resolve("chunks"));
        }
        assertEquals(before, HostileInputTest.snapshot(repo.resolve("chunks")), "the earlier set, whole");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void resolveConflictIntoAReadOnlyDirectoryLeavesTheConflictAsGitLeftIt() throws Exception {
        Unprivileged user = new Unprivileged();
        Path repo = Files.createDirectories(dir.resolve("repo"));
        MergeFixture m = new MergeFixture(repo);
        m.commitOn("main", appended(ResolveConflictCommandTest.B));
        m.commitOn("pr", appended(ResolveConflictCommandTest.A));
        m.conflictedMerge();
        user.own(repo);
        var before = HostileInputTest.snapshot(repo);
        readOnly(repo);
        try {
            ChangelogFixture.Run r = user.run(repo, "prepare-merge", "resolve-conflict", "--pr-number", "42");
            assertCannotWrite(r, "perf-changelog.yaml");
        } finally {
            writable(repo);
        }
        assertEquals(before, HostileInputTest.snapshot(repo));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theMergeDriverInAReadOnlyDirectoryLeavesOursIntact() throws Exception {
        Unprivileged user = new Unprivileged();
        Path work = Files.createDirectories(dir.resolve("merge"));
        Files.writeString(work.resolve("base"), ChangelogFixture.HISTORY);
        Files.writeString(work.resolve("ours"), appended(ResolveConflictCommandTest.A));
        Files.writeString(work.resolve("theirs"), appended(ResolveConflictCommandTest.B));
        openUp(work);
        user.own(work);
        var before = HostileInputTest.snapshot(work);
        readOnly(work);
        try {
            ChangelogFixture.Run r = user.run(work, "merge-driver", "base", "ours", "theirs", "--pr-number", "42");
            assertCannotWrite(r, "ours");
        } finally {
            writable(work);
        }
        assertEquals(before, HostileInputTest.snapshot(work));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void installHooksThatCannotWriteChangesNothing() throws Exception {
        Unprivileged user = new Unprivileged();
        Path repo = Files.createDirectories(dir.resolve("repo"));
        new ChangelogFixture(repo);
        Files.createDirectories(repo.resolve(".git/hooks"));
        user.own(repo);
        // first the clone's info directory (attributes), then the hooks directory (pre-push) cannot be written
        for (Path readOnly : List.of(repo.resolve(".git/info"), repo.resolve(".git/hooks"))) {
            String config = Files.readString(repo.resolve(".git/config"));
            var before = HostileInputTest.snapshot(repo);
            var hooksBefore = HostileInputTest.snapshot(repo.resolve(".git/hooks"));
            readOnly(readOnly);
            try {
                ChangelogFixture.Run r = user.run(repo, "install-hooks", "--command", "sweepgate");
                assertEquals(3, r.exit(), r.out() + r.err());
                assertTrue(r.err().contains("permission denied") && r.err().contains("nothing was changed"), r.err());
                assertFalse(r.err().contains("Exception"), r.err());
            } finally {
                writable(readOnly);
            }
            assertEquals(before, HostileInputTest.snapshot(repo), "the work tree is unchanged");
            assertEquals(hooksBefore, HostileInputTest.snapshot(repo.resolve(".git/hooks")), "no hook was written");
            assertEquals(config, Files.readString(repo.resolve(".git/config")), "the git config is unchanged");
        }
    }

    // ---- parallel runs in one repository

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void parallelRunsInOneRepositoryDoNotInterfere() throws Exception {
        ChangelogFixture fx = new ChangelogFixture(dir);
        fx.append(entry("alpha-fp8-mi355x-sglang", LINK + "3"));
        // the working tree has a placeholder link for canonicalize to rewrite, while the committed head stays put
        fx.repo.write("perf-changelog.yaml", appended(entry("alpha-fp8-mi355x-sglang", LINK + "3"),
                entry("gamma-fp8-gb200-dynamo", "XXX")));
        Path merges = Files.createDirectories(dir.resolve("merges"));
        Files.writeString(merges.resolve("base"), ChangelogFixture.HISTORY);
        Files.writeString(merges.resolve("theirs"), appended(ResolveConflictCommandTest.B));
        List<List<String>> readers = List.of(
                List.of("validate-changelog", "--base-ref", "HEAD~1", "--head-ref", "HEAD"),
                List.of("process-changelog", "--base-ref", "HEAD~1", "--head-ref", "HEAD"),
                List.of("full-sweep"),
                List.of("validate-configs"));
        // what each reader prints when it runs alone
        List<ChangelogFixture.Run> alone = new ArrayList<>();
        for (List<String> args : readers) {
            ChangelogFixture.Run r = fx.run(args.toArray(String[]::new));
            assertEquals(0, r.exit(), r.err());
            alone.add(r);
        }
        int rounds = 3;
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < readers.size(); i++) {
                    int reader = i;
                    results.add(pool.submit(() -> {
                        ChangelogFixture.Run r = fx.run(readers.get(reader).toArray(String[]::new));
                        assertEquals(0, r.exit(), r.err());
                        assertEquals(alone.get(reader).out(), r.out(), "output of " + readers.get(reader));
                        return "ok";
                    }));
                }
                // writers: canonicalize rewrites the same file each time, merge drivers write files side by side
                results.add(pool.submit(() -> {
                    ChangelogFixture.Run r = fx.run("prepare-merge", "canonicalize", "--base-ref", "HEAD", "--pr-number", "42");
                    assertEquals(0, r.exit(), r.err());
                    return "ok";
                }));
                for (int d = 0; d < 2; d++) {
                    String ours = "ours-" + round + "-" + d;
                    Files.writeString(merges.resolve(ours), appended(ResolveConflictCommandTest.A));
                    results.add(pool.submit(() -> {
                        ChangelogFixture.Run r = ChangelogFixture.runIn(merges, Map.of(),
                                "merge-driver", "base", ours, "theirs", "--pr-number", "42");
                        assertEquals(0, r.exit(), r.err());
                        return "ok";
                    }));
                }
            }
            for (Future<String> result : results) {
                assertEquals("ok", result.get(90, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(appended(entry("alpha-fp8-mi355x-sglang", LINK + "3"), entry("gamma-fp8-gb200-dynamo", LINK + "42")),
                fx.repo.read("perf-changelog.yaml"));
        String merged = Files.readString(merges.resolve("ours-0-0"));
        try (Stream<Path> files = Files.list(merges)) {
            for (Path p : files.toList()) {
                String name = p.getFileName().toString();
                assertTrue(name.equals("base") || name.equals("theirs") || name.startsWith("ours-"), "left behind: " + name);
                if (name.startsWith("ours-")) {
                    assertEquals(merged, Files.readString(p), name);
                }
            }
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<String> top = files.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(List.of(".git", "configs", "golden_al_distribution", "merges", "perf-changelog.yaml"), top, "no temporary file is left behind");
        }
    }
}
