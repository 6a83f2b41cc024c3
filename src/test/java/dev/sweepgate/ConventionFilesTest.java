package dev.sweepgate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.plan.PlanFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/** The files other tools read from the repository root: the pre-commit hook, .editorconfig and the GitHub Action. */
class ConventionFilesTest {
    @TempDir
    Path dir;

    private static Object yaml(String file) throws IOException {
        return new Load(LoadSettings.builder().build()).loadFromString(Files.readString(Path.of(file)));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> preCommitHook() throws IOException {
        List<Object> hooks = (List<Object>) yaml(".pre-commit-hooks.yaml");
        assertEquals(1, hooks.size());
        return (Map<String, Object>) hooks.get(0);
    }

    @Test
    void thePreCommitHookIsDeclaredAsPreCommitReadsIt() throws IOException {
        Map<String, Object> hook = preCommitHook();
        assertEquals("sweepgate", hook.get("id"));
        assertNotNull(hook.get("name"));
        // a script of this repository: pre-commit runs it from its clone of it, in the repository committed to
        assertEquals("script", hook.get("language"));
        assertTrue(Files.isExecutable(Path.of((String) hook.get("entry"))), hook.get("entry") + " must be executable");
        assertEquals(false, hook.get("pass_filenames"));
        Pattern files = Pattern.compile((String) hook.get("files"));
        for (String path : List.of("perf-changelog.yaml", "configs/amd-master.yaml", "configs/runners.yaml",
                "golden_al_distribution/curve.yaml")) {
            assertTrue(files.matcher(path).find(), path);
        }
        for (String path : List.of("README.md", "src/configs/x.yaml", "perf-changelog.yaml.orig")) {
            assertFalse(files.matcher(path).find(), path);
        }
    }

    /**
     * What pre-commit runs for a {@code language: script} hook: the entry, a path in its clone of
     * this repository, in the repository committed to (whose unstaged changes it has stashed), with
     * sweepgate on PATH.
     */
    private record Run(int exit, String err) {
    }

    private Run runEntry(Path repo) throws IOException, InterruptedException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path launcher = bin.resolve("sweepgate");
        // sweepgate as it is being tested (the jar is built after the tests)
        Files.writeString(launcher, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -cp '" + System.getProperty("java.class.path") + "' dev.sweepgate.cli.Main \"$@\"\n");
        assertTrue(launcher.toFile().setExecutable(true));
        String entry = Path.of((String) preCommitHook().get("entry")).toAbsolutePath().toString();
        ProcessBuilder pb = new ProcessBuilder(entry).directory(repo.toFile());
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().put("HOME", repo.toString());
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process process = pb.start();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(process.waitFor(), err);
    }

    private PlanFixture upstream() throws IOException {
        PlanFixture fx = new PlanFixture(Files.createDirectories(dir.resolve("repo")));
        // The gate reviews the configs a new entry selects: they run upstream images (check 6a).
        for (String[] image : new String[][] {{"configs/amd-master.yaml", "img/alpha:1", "lmsysorg/sglang:alpha-1"},
                {"configs/nvidia-master.yaml", "img/beta:1", "vllm/vllm-openai:beta-1"}}) {
            Path file = fx.repo.dir().resolve(image[0]);
            Files.writeString(file, Files.readString(file).replace(image[1], image[2]));
        }
        fx.repo.git("commit", "-qam", "upstream images");
        fx.repo.git("update-ref", "refs/remotes/origin/main", "HEAD");
        return fx;
    }

    @Test
    void thePreCommitEntryAcceptsAValidAppendedEntry() throws Exception {
        PlanFixture fx = upstream();
        fx.repo.write("perf-changelog.yaml", PlanFixture.HISTORY + "\n"
                + PlanFixture.entry("alpha-fp8-mi355x-sglang").replace("XXX", "3"));

        fx.repo.git("add", "-A");
        Run run = runEntry(fx.repo.dir());

        assertEquals(0, run.exit(), run.err());
    }

    @Test
    void thePreCommitEntryRefusesAnEditedHistory() throws Exception {
        PlanFixture fx = upstream();
        fx.repo.write("perf-changelog.yaml", PlanFixture.HISTORY.replace("Tune alpha", "Retune alpha") + "\n"
                + PlanFixture.entry("alpha-fp8-mi355x-sglang").replace("XXX", "3"));
        fx.repo.git("add", "-A");

        Run run = runEntry(fx.repo.dir());

        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains("perf-changelog.yaml"), run.err());
    }

    @Test
    void thePreCommitEntryChecksTheCoverageOfAConfigOnlyChange() throws Exception {
        PlanFixture fx = upstream();
        Path amd = fx.repo.dir().resolve("configs/amd-master.yaml");
        Files.writeString(amd, Files.readString(amd).replace("conc-list: [4, 8] }", "conc-list: [4, 8, 16] }"));
        fx.repo.git("add", "-A");

        Run run = runEntry(fx.repo.dir());

        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains("coverage.uncovered"), run.err());
    }

    @Test
    void thePreCommitEntryChecksWhatIsStagedNotTheWorkingTree() throws Exception {
        PlanFixture fx = upstream();
        String valid = PlanFixture.HISTORY + "\n" + PlanFixture.entry("alpha-fp8-mi355x-sglang").replace("XXX", "3");
        fx.repo.write("perf-changelog.yaml", valid);
        fx.repo.git("add", "-A");
        // an unstaged edit of history is not what is committed
        fx.repo.write("perf-changelog.yaml", valid.replace("Tune alpha", "Retune alpha"));
        String staged = fx.repo.git("diff", "--cached");
        String refs = fx.repo.git("for-each-ref");

        Run run = runEntry(fx.repo.dir());

        assertEquals(0, run.exit(), run.err());
        assertEquals(staged, fx.repo.git("diff", "--cached"), "the index is left alone");
        assertEquals(refs, fx.repo.git("for-each-ref"), "no ref is made or moved");
    }

    @Test
    void thePreCommitEntrySaysToFetchAMissingUpstream() throws Exception {
        PlanFixture fx = new PlanFixture(Files.createDirectories(dir.resolve("alone")));
        fx.repo.write("perf-changelog.yaml", PlanFixture.HISTORY + "\n" + PlanFixture.entry("alpha-fp8-mi355x-sglang"));
        fx.repo.git("add", "-A");

        Run run = runEntry(fx.repo.dir());

        assertEquals(3, run.exit(), run.err());
        assertTrue(run.err().contains("the upstream branch origin/main is unknown here; fetch it (git fetch origin main)"),
                run.err());
    }

    @Test
    void editorsKeepTheChangelogsWhitespace() throws IOException {
        Map<String, Map<String, String>> sections = new LinkedHashMap<>();
        Map<String, String> current = null;
        for (String line : Files.readAllLines(Path.of(".editorconfig"))) {
            String content = line.replaceFirst("[#;].*", "").trim();
            if (content.startsWith("[")) {
                current = sections.computeIfAbsent(content.substring(1, content.length() - 1), k -> new LinkedHashMap<>());
            } else if (content.contains("=") && current != null) {
                String[] pair = content.split("=", 2);
                current.put(pair[0].trim(), pair[1].trim());
            }
        }
        Map<String, String> changelog = sections.get("perf-changelog.yaml");
        assertEquals("false", changelog.get("trim_trailing_whitespace"));
        assertEquals("true", changelog.get("insert_final_newline"));
        // a later section that also matches the file would override it
        List<String> names = new ArrayList<>(sections.keySet());
        assertEquals("perf-changelog.yaml", names.get(names.size() - 1));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theActionIsACompositeActionThatRunsTheLauncher() throws IOException {
        Map<String, Object> action = (Map<String, Object>) yaml("action.yml");
        assertNotNull(action.get("name"));
        assertNotNull(action.get("description"));
        Map<String, Object> inputs = (Map<String, Object>) action.get("inputs");
        assertEquals(true, ((Map<String, Object>) inputs.get("command")).get("required"));
        assertTrue(inputs.containsKey("args"));
        inputs.forEach((name, input) -> assertNotNull(((Map<String, Object>) input).get("description"), name));
        Map<String, Object> runs = (Map<String, Object>) action.get("runs");
        assertEquals("composite", runs.get("using"));
        List<Object> steps = assertInstanceOf(List.class, runs.get("steps"));
        List<String> uses = new ArrayList<>();
        String lastRun = null;
        for (Object item : steps) {
            Map<String, Object> step = (Map<String, Object>) item;
            assertTrue(step.containsKey("run") != step.containsKey("uses"), "a step either runs or uses: " + step);
            if (step.containsKey("run")) {
                // a composite action's run step must name its shell
                assertNotNull(step.get("shell"), "shell of " + step.get("name"));
                lastRun = (String) step.get("run");
            } else {
                uses.add(((String) step.get("uses")).replaceFirst("@.*", ""));
                if (((String) step.get("uses")).startsWith("actions/setup-java@")) {
                    Map<String, Object> with = (Map<String, Object>) step.get("with");
                    assertEquals("temurin", with.get("distribution"));
                    assertEquals("25", String.valueOf(((Map<String, Object>) inputs.get("java-version")).get("default")));
                }
            }
        }
        assertEquals(List.of("actions/setup-java", "actions/cache"), uses);
        // the jar with the archives of both JDKs (the AOT cache for the default 25, the CDS archive for 17),
        // keyed on the exact JDK; after an exact hit the sources get the jar's time, so nothing is rebuilt
        Map<String, Object> cache = step(steps, "cache");
        String paths = (String) ((Map<String, Object>) cache.get("with")).get("path");
        for (String file : List.of("sweepgate.jar", "sweepgate.jsa", "sweepgate*.aot")) {
            assertTrue(paths.contains("${{ github.action_path }}/target/" + file + "\n"), paths);
        }
        assertTrue(((String) ((Map<String, Object>) cache.get("with")).get("key")).contains("${{ steps.java.outputs.version }}"));
        Map<String, Object> keep = step(steps, "keep");
        assertEquals("steps.cache.outputs.cache-hit == 'true'", keep.get("if"));
        assertEquals("\"$GITHUB_ACTION_PATH/.github/scripts/cached-build.sh\" \"$GITHUB_ACTION_PATH\"",
                ((String) keep.get("run")).strip());
        assertNotNull(lastRun);
        assertTrue(lastRun.contains("\"$GITHUB_ACTION_PATH/sweepgate\" \"$SWEEPGATE_COMMAND\" \"${args[@]}\""), lastRun);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> step(List<Object> steps, String id) {
        return steps.stream().map(step -> (Map<String, Object>) step).filter(step -> id.equals(step.get("id")))
                .findFirst().orElseThrow(() -> new AssertionError("action.yml has no step with id " + id));
    }
}
