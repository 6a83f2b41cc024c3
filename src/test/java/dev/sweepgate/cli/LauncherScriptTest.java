package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ./sweepgate in a scratch checkout, with stand-ins for mvn and java on PATH: it rebuilds exactly
 * when a source is newer than the jar, and hands java the jar and every argument untouched.
 */
class LauncherScriptTest {
    private static final Instant JAR_TIME = Instant.parse("2026-01-02T00:00:00Z");

    @TempDir
    Path dir;
    private Path checkout;
    private Path bin;
    private Path log;

    @BeforeEach
    void scratchCheckout() throws IOException {
        checkout = Files.createDirectories(dir.resolve("checkout"));
        Files.copy(Path.of("sweepgate"), checkout.resolve("sweepgate"));
        Files.writeString(checkout.resolve("pom.xml"), "<project/>");
        Path source = checkout.resolve("src/main/java/Example.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, "class Example {}");
        Files.createDirectories(checkout.resolve("target"));
        Files.writeString(checkout.resolve("target/sweepgate.jar"), "jar");
        bin = Files.createDirectories(dir.resolve("bin"));
        log = dir.resolve("log");
        // mvn records the build and writes the jar; java prints what it was given.
        script("mvn", "echo mvn >> '" + log + "'\ntouch '" + checkout.resolve("target/sweepgate.jar") + "'\n");
        script("java", "printf '%s\\n' \"$@\"\n");
        setAllTimes(JAR_TIME.minusSeconds(60));
        Files.setLastModifiedTime(checkout.resolve("target/sweepgate.jar"), FileTime.from(JAR_TIME));
    }

    private void script(String name, String body) throws IOException {
        Path file = bin.resolve(name);
        Files.writeString(file, "#!/usr/bin/env bash\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private void setAllTimes(Instant time) throws IOException {
        try (var paths = Files.walk(checkout)) {
            for (Path path : paths.toList()) {
                Files.setLastModifiedTime(path, FileTime.from(time));
            }
        }
    }

    private List<String> run(Path launcher, String... args) throws IOException, InterruptedException {
        return runWithJavaHome(null, launcher, args);
    }

    /** Runs the launcher with JAVA_HOME set to {@code javaHome}, or unset when it is null. */
    private List<String> runWithJavaHome(Path javaHome, Path launcher, String... args)
            throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(false);
        pb.environment().put("PATH", bin + ":/usr/bin:/bin");
        pb.environment().remove("SWEEPGATE_JAVA_OPTS");
        if (javaHome == null) {
            pb.environment().remove("JAVA_HOME");
        } else {
            pb.environment().put("JAVA_HOME", javaHome.toString());
        }
        Process process = pb.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.getErrorStream().readAllBytes();
        assertEquals(0, process.waitFor(), out);
        return out.lines().toList();
    }

    private boolean built() {
        return Files.exists(log);
    }

    @Test
    void aFreshJarRunsAsItIsWithEveryArgumentUntouched() throws Exception {
        List<String> javaArgs = run(checkout.resolve("sweepgate"), "full-sweep", "--seq-lens", "1k1k", "a b");
        assertFalse(built());
        int jar = javaArgs.indexOf("-jar");
        assertEquals(checkout.toRealPath().resolve("target/sweepgate.jar").toString(), javaArgs.get(jar + 1));
        assertEquals(List.of("full-sweep", "--seq-lens", "1k1k", "a b"), javaArgs.subList(jar + 2, javaArgs.size()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"src/main/java/Example.java", "pom.xml"})
    void aSourceOrThePomNewerThanTheJarRebuildsIt(String path) throws Exception {
        Files.setLastModifiedTime(checkout.resolve(path), FileTime.from(JAR_TIME.plusSeconds(5)));
        run(checkout.resolve("sweepgate"), "--version");
        assertTrue(built());
    }

    @Test
    void aTestSourceNewerThanTheJarDoesNotRebuildIt() throws Exception {
        Path test = Files.createDirectories(checkout.resolve("src/test/java")).resolve("ExampleTest.java");
        Files.writeString(test, "class ExampleTest {}\n");
        Files.setLastModifiedTime(test, FileTime.from(JAR_TIME.plusSeconds(5)));
        Files.setLastModifiedTime(test.getParent(), FileTime.from(JAR_TIME.plusSeconds(5)));
        run(checkout.resolve("sweepgate"), "--version");
        assertFalse(built());
    }

    @Test
    void aDeletedSourceRebuildsIt() throws Exception {
        Path directory = checkout.resolve("src/main/java");
        Files.delete(directory.resolve("Example.java"));
        Files.setLastModifiedTime(directory, FileTime.from(JAR_TIME.plusSeconds(5)));
        run(checkout.resolve("sweepgate"), "--version");
        assertTrue(built());
    }

    /** The first directory on this process's PATH that holds an executable {@code mvn}, or null. */
    private static Path mavenDirectory() {
        for (String entry : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!entry.isEmpty() && Files.isExecutable(Path.of(entry, "mvn"))) {
                return Path.of(entry);
            }
        }
        return null;
    }

    @Test
    void theBuildPrintsMavensOutputWithoutColourCodesOrWarnings() throws Exception {
        Path maven = mavenDirectory();
        assumeTrue(maven != null, "no mvn on PATH");
        // A real Maven build of a project that builds nothing, offline: Maven's own output is what is tested.
        Files.writeString(checkout.resolve("pom.xml"), "<project><modelVersion>4.0.0</modelVersion><groupId>t</groupId>"
                + "<artifactId>t</artifactId><version>1</version><packaging>pom</packaging></project>\n");
        Files.writeString(Files.createDirectories(checkout.resolve(".mvn")).resolve("maven.config"), "-o\n");
        Files.delete(checkout.resolve("target/sweepgate.jar"));
        // Maven runs on JAVA_HOME's java too: this one, of this JVM's release, runs it for real and
        // prints sweepgate's arguments.
        Path home = jdk("jdk", System.getProperty("java.version"));
        Files.writeString(home.resolve("bin/java"), "#!/usr/bin/env bash\n"
                + "[[ \" $* \" == *\" org.codehaus.plexus.classworlds.launcher.Launcher \"* ]] && exec '"
                + Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\nprintf '%s\\n' \"$@\"\n");
        ProcessBuilder pb = new ProcessBuilder(checkout.resolve("sweepgate").toString(), "--version").directory(dir.toFile());
        pb.environment().put("PATH", maven + ":/usr/bin:/bin");
        pb.environment().put("JAVA_HOME", home.toString());
        pb.environment().remove("MAVEN_OPTS");
        pb.environment().remove("SWEEPGATE_JAVA_OPTS");
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process process = pb.start();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), err);
        assertTrue(err.contains("building target/sweepgate.jar"), err);
        assertFalse(err.contains("\u001b"), "escape codes on stderr: " + err.replace("\u001b", "ESC"));
        // JDK 24 and newer warn about Maven's use of sun.misc.Unsafe unless it is allowed
        assertFalse(err.contains("sun.misc.Unsafe"), err);
    }

    @Test
    void aSymlinkedLauncherFindsItsCheckout() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("bin/sg"), Path.of("../checkout/sweepgate"));
        List<String> javaArgs = run(link, "--version");
        assertFalse(built());
        assertEquals(checkout.toRealPath().resolve("target/sweepgate.jar").toString(),
                javaArgs.get(javaArgs.indexOf("-jar") + 1));
    }

    /** A JDK directory whose java prints its arguments and whose release file names {@code version}. */
    private Path jdk(String name, String version) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name + "/bin")).getParent();
        Path java = home.resolve("bin/java");
        Files.writeString(java, "#!/usr/bin/env bash\necho " + name + "\nprintf '%s\\n' \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
        return home;
    }

    private void archives(Instant aotTime, Instant jsaTime) throws IOException {
        Path aot = Files.writeString(checkout.resolve("target/sweepgate.aot"), "aot");
        Path jsa = Files.writeString(checkout.resolve("target/sweepgate.jsa"), "jsa");
        Files.setLastModifiedTime(aot, FileTime.from(aotTime));
        Files.setLastModifiedTime(jsa, FileTime.from(jsaTime));
    }

    private String archiveFlag(List<String> javaArgs) {
        return javaArgs.stream().filter(a -> a.startsWith("-XX:AOTCache=") || a.startsWith("-XX:SharedArchiveFile="))
                .findFirst().orElse("none");
    }

    @Test
    void theJavaOfJavaHomeRunsSweepgateAsItBuiltTheArchives() throws Exception {
        List<String> javaArgs = runWithJavaHome(jdk("jdk-21", "21.0.2"), checkout.resolve("sweepgate"), "--version");
        assertEquals("jdk-21", javaArgs.get(0));
        assertEquals("--version", javaArgs.get(javaArgs.size() - 1));
    }

    @Test
    void aJdk24OrNewerGetsTheAotCacheAndAnOlderOneTheCdsArchive() throws Exception {
        archives(JAR_TIME, JAR_TIME);
        Path target = checkout.toRealPath().resolve("target");
        List<String> jdk25 = runWithJavaHome(jdk("jdk-25", "25.0.3"), checkout.resolve("sweepgate"), "--version");
        assertEquals("-XX:AOTCache=" + target.resolve("sweepgate.aot"), archiveFlag(jdk25));
        // a refused archive must not print on stderr: its log tags are off
        assertTrue(jdk25.containsAll(List.of("-Xlog:cds*=off:stderr", "-Xlog:aot*=off:stderr")), jdk25.toString());
        // the cache's method profiles are not replayed (JDK 25 has them; JDK 24 has no such flag)
        assertTrue(jdk25.containsAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:-AOTReplayTraining")), jdk25.toString());
        List<String> jdk24 = runWithJavaHome(jdk("jdk-24", "24.0.2"), checkout.resolve("sweepgate"), "--version");
        assertEquals("-XX:AOTCache=" + target.resolve("sweepgate.aot"), archiveFlag(jdk24));
        assertFalse(jdk24.contains("-XX:-AOTReplayTraining"), jdk24.toString());
        assertEquals("-XX:SharedArchiveFile=" + target.resolve("sweepgate.jsa"),
                archiveFlag(runWithJavaHome(jdk("jdk-17", "17.0.15"), checkout.resolve("sweepgate"), "--version")));
        // java on PATH outside a JDK directory (as /usr/bin/java, a symlink) has no release file: the CDS archive.
        assertEquals("-XX:SharedArchiveFile=" + target.resolve("sweepgate.jsa"),
                archiveFlag(run(checkout.resolve("sweepgate"), "--version")));
    }

    @Test
    void aCommandWithACacheOfItsOwnGetsItAndEveryOtherCommandLineTheCacheOfAll() throws Exception {
        archives(JAR_TIME, JAR_TIME);
        Path own = Files.writeString(checkout.resolve("target/sweepgate-process-changelog.aot"), "aot");
        Files.setLastModifiedTime(own, FileTime.from(JAR_TIME));
        Path target = checkout.toRealPath().resolve("target");
        Path jdk25 = jdk("jdk-25", "25.0.3");
        Path launcher = checkout.resolve("sweepgate");
        String ownFlag = "-XX:AOTCache=" + target.resolve("sweepgate-process-changelog.aot");
        String allFlag = "-XX:AOTCache=" + target.resolve("sweepgate.aot");
        // the command is the first argument after nothing but -C DIR, in each of the forms sweepgate reads
        assertEquals(ownFlag, archiveFlag(runWithJavaHome(jdk25, launcher, "process-changelog", "--base-ref", "HEAD~1")));
        assertEquals(ownFlag, archiveFlag(runWithJavaHome(jdk25, launcher, "-C", "repo", "process-changelog")));
        assertEquals(ownFlag, archiveFlag(runWithJavaHome(jdk25, launcher, "-Crepo", "process-changelog")));
        assertEquals(ownFlag, archiveFlag(runWithJavaHome(jdk25, launcher, "-C=repo", "process-changelog")));
        // -C's value is not the command, nor is anything after another option
        assertEquals(allFlag, archiveFlag(runWithJavaHome(jdk25, launcher, "-C", "process-changelog", "validate-configs")));
        assertEquals(allFlag, archiveFlag(runWithJavaHome(jdk25, launcher, "--help", "process-changelog")));
        // a command without a cache of its own (none was built for it)
        assertEquals(allFlag, archiveFlag(runWithJavaHome(jdk25, launcher, "validate-changelog")));
        // JDK 17 has no AOT cache: its CDS archive, whatever the command
        assertEquals("-XX:SharedArchiveFile=" + target.resolve("sweepgate.jsa"),
                archiveFlag(runWithJavaHome(jdk("jdk-17", "17.0.15"), launcher, "process-changelog")));
        // a cache older than the jar belongs to an earlier build: the cache of all, which is not
        Files.setLastModifiedTime(own, FileTime.from(JAR_TIME.minusSeconds(5)));
        assertEquals(allFlag, archiveFlag(runWithJavaHome(jdk25, launcher, "process-changelog")));
    }

    /** What actions/cache leaves after a hit on a fresh checkout: the build's own times, every source newer. */
    private void restoredFromTheCache() throws IOException {
        archives(JAR_TIME.plusSeconds(20), JAR_TIME.plusSeconds(10)); // the training run writes them after the jar
        setTimes(List.of("pom.xml", "src/main", "src/main/java", "src/main/java/Example.java"), JAR_TIME.plusSeconds(86_400));
    }

    private void setTimes(List<String> paths, Instant time) throws IOException {
        for (String path : paths) {
            Files.setLastModifiedTime(checkout.resolve(path), FileTime.from(time));
        }
    }

    private void cachedBuildScript() throws IOException, InterruptedException {
        Process process = new ProcessBuilder(Path.of(".github/scripts/cached-build.sh").toAbsolutePath().toString(),
                checkout.toString()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), out);
    }

    @Test
    void aBuildRestoredFromTheCacheRunsAsItIsOnJdk17And25AfterTheCachedBuildScript() throws Exception {
        restoredFromTheCache();
        Path jar = checkout.resolve("target/sweepgate.jar");
        assertTrue(Files.getLastModifiedTime(checkout.resolve("pom.xml")).compareTo(Files.getLastModifiedTime(jar)) > 0,
                "as restored, the sources are newer than the jar");
        cachedBuildScript();
        Path target = checkout.toRealPath().resolve("target");
        assertEquals("-XX:AOTCache=" + target.resolve("sweepgate.aot"),
                archiveFlag(runWithJavaHome(jdk("jdk-25", "25.0.3"), checkout.resolve("sweepgate"), "--version")));
        assertEquals("-XX:SharedArchiveFile=" + target.resolve("sweepgate.jsa"),
                archiveFlag(runWithJavaHome(jdk("jdk-17", "17.0.15"), checkout.resolve("sweepgate"), "--version")));
        assertFalse(built());
        // the archives record the jar's time, and the JVM ignores them when it differs
        assertEquals(FileTime.from(JAR_TIME), Files.getLastModifiedTime(jar));
    }

    @Test
    void withoutTheCachedBuildScriptARestoredBuildIsRebuilt() throws Exception {
        restoredFromTheCache();
        run(checkout.resolve("sweepgate"), "--version");
        assertTrue(built());
    }

    @Test
    void theCachedBuildScriptWithoutARestoredJarLeavesTheBuildToTheLauncher() throws Exception {
        Files.delete(checkout.resolve("target/sweepgate.jar"));
        cachedBuildScript();
        run(checkout.resolve("sweepgate"), "--version");
        assertTrue(built());
    }

    @Test
    void anArchiveOlderThanTheJarIsNotPassed() throws Exception {
        archives(JAR_TIME.minusSeconds(5), JAR_TIME);
        Path target = checkout.toRealPath().resolve("target");
        assertEquals("-XX:SharedArchiveFile=" + target.resolve("sweepgate.jsa"),
                archiveFlag(runWithJavaHome(jdk("jdk-25", "25.0.3"), checkout.resolve("sweepgate"), "--version")));
        archives(JAR_TIME.minusSeconds(5), JAR_TIME.minusSeconds(5));
        assertEquals("none", archiveFlag(runWithJavaHome(jdk("jdk-25", "25.0.3"), checkout.resolve("sweepgate"), "--version")));
    }
}
