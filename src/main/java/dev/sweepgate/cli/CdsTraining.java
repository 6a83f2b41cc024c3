package dev.sweepgate.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The training run behind the class-data-sharing archive that the build writes next to the
 * jar ({@code -XX:ArchiveClassesAtExit}): it runs the everyday commands once, in one JVM, so
 * that the archive holds every class they load. Start-up of a short command is mostly class
 * loading and linking, which the archive replaces with a memory map.
 *
 * <p>Not a user command: the build calls it with the project directory, whose configs and
 * changelog it copies into a scratch repository with one appended entry, and optionally a command
 * name: then only that command's runs are made, for a cache of its own (an AOT cache loads every
 * class it holds at start-up, so a command's own cache starts it faster than the cache of all).
 */
public final class CdsTraining {
    private CdsTraining() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Path project = Path.of(args[0]).toAbsolutePath();
        String only = args.length > 1 ? args[1] : null;
        Path repo = Files.createTempDirectory("sweepgate-cds-");
        try {
            train(project, repo, only);
        } catch (IOException | RuntimeException e) {
            // The archive only speeds start-up: a training run cut short must not fail the build.
            System.err.println("sweepgate: class-data-sharing training stopped early (" + e + "); start-up will be slower");
        } finally {
            deleteTree(repo);
        }
    }

    /** @param only the command whose runs are made, or null for all of them */
    private static void train(Path project, Path repo, String only) throws IOException, InterruptedException {
        copy(project.resolve("configs"), repo.resolve("configs"));
        copy(project.resolve("golden_al_distribution"), repo.resolve("golden_al_distribution"));
        Path changelog = repo.resolve("perf-changelog.yaml");
        Files.copy(project.resolve("perf-changelog.yaml"), changelog);
        boolean haveHistory = git(repo, "init", "-q") && commit(repo, "base");
        String appended = "\n- config-keys:\n    - dsr1-fp8-*\n  description:\n    - CDS training entry\n"
                + "  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/1\n";
        Files.writeString(changelog, appended, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        haveHistory = haveHistory && commit(repo, "head");
        Files.writeString(repo.resolve("sweep.json"), "{\"single_node\":{\"1k1k\":[{\"runner\":\"h100\","
                + "\"framework\":\"sglang\",\"conc\":[4],\"ratio\":0.5,\"note\":\"caf\u00e9\"}]},\"changelog_metadata\":{}}");

        List<List<String>> commands = List.of(
                List.of("--version"),
                List.of("full-sweep"),
                List.of("full-sweep", "--format", "json", "--runner-type", "no-such-runner"),
                List.of("test-config", "--config-keys", "dsr1-fp8-*"),
                List.of("validate-configs"),
                List.of("check-golden-al"),
                List.of("validate-changelog", "--base-ref", "HEAD~1", "--head-ref", "HEAD"),
                List.of("process-changelog", "--base-ref", "HEAD~1", "--head-ref", "HEAD"),
                // the push job splits every sweep: the tree and the chunk set are on its path
                List.of("process-changelog", "--base-ref", "HEAD~1", "--head-ref", "HEAD", "--split-dir", "chunks"),
                List.of("process-changelog", "--base-ref", "HEAD~1", "--head-ref", "HEAD", "--priority-policy",
                        "configs/ci-priority.yaml", "--event-name", "push", "--queue-namespace", "1:1"),
                List.of("prioritize", "--input", "sweep.json", "--labels-json", "[\"ci-checklist-complete\"]"),
                List.of("validate-changelog", "--base-ref", "HEAD"),
                List.of("check-coverage", "--base-ref", "HEAD~1", "--head-ref", "HEAD"),
                // the pull request gate: its checks in one JVM (review included: the change touches the changelog)
                List.of("gate", "--base-ref", "HEAD~1", "--head-ref", "HEAD", "--pull-request"),
                List.of("full-sweep", "--help"),
                List.of("full-sweep", "--no-such-option"));
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        Env env = new Env(repo, Map.of(), discard, discard);
        run(commands.stream().filter(c -> only == null || c.get(0).equals(only)).toList(), repo, env, haveHistory);
        if (only != null && !only.equals("review") && !only.equals("gate")) {
            return;
        }

        // review and the gate of an agentic speculative-decoding entry and its launch script: they resolve
        // the config through its runner's launcher and read the script (the launch-file classes).
        write(repo.resolve("runners/launch_b200-dgxc.sh"), "#!/usr/bin/bash\n"
                + "if [[ $MODEL_PREFIX == \"dsv4\" && $PRECISION == \"fp4\" ]]; then\n    export MODEL_PATH=/models/dsv4\nfi\n"
                + "SPEC_SUFFIX=$([[ \"$SPEC_DECODING\" == \"mtp\" ]] && printf '_mtp' || printf '')\n"
                + "BENCH_BASE=\"benchmarks/single_node/${SCENARIO_SUBDIR}${EXP_NAME%%_*}_${PRECISION}_b200\"\n"
                + "BENCH_SCRIPT=\"${BENCH_BASE}_${FRAMEWORK}${SPEC_SUFFIX}.sh\"\n"
                + "if [[ ! -f \"$BENCH_SCRIPT\" ]]; then\n    BENCH_SCRIPT=\"${BENCH_BASE}${SPEC_SUFFIX}.sh\"\nfi\n"
                + "bash \"$BENCH_SCRIPT\"\n");
        write(repo.resolve("benchmarks/single_node/agentic/dsv4_fp4_b200_vllm_mtp.sh"), "#!/usr/bin/env bash\n"
                + "source \"$(dirname \"$0\")/../../benchmark_lib.sh\"\nAL=2.49\n"
                + "if [ \"${EVAL_ONLY:-false}\" = \"true\" ]; then\n    SPEC='{\"method\": \"mtp\"}'\nelse\n"
                + "    SPEC=\"{\\\"method\\\": \\\"mtp\\\", \\\"num_speculative_tokens\\\": 3, "
                + "\\\"rejection_sample_method\\\": \\\"synthetic\\\", \\\"synthetic_acceptance_length\\\": $AL}\"\nfi\n"
                + "vllm serve \"$MODEL\" --speculative-config \"$SPEC\" &\n");
        Files.writeString(changelog, "\n- config-keys:\n    - dsv4-fp4-b200-vllm-agentic-mtp\n  description:\n"
                + "    - CDS training entry\n  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/2\n",
                StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        haveHistory = haveHistory && commit(repo, "review");
        List<List<String>> launch = List.of(
                List.of("review", "--base-ref", "HEAD~1", "--head-ref", "HEAD", "--date", "2026-08-22"),
                List.of("review", "--base-ref", "HEAD~1", "--head-ref", "HEAD", "--format", "markdown"),
                List.of("gate", "--base-ref", "HEAD~1", "--head-ref", "HEAD", "--pull-request"));
        run(launch.stream().filter(c -> only == null || c.get(0).equals(only)).toList(), repo, env, haveHistory);

        // The everyday pull request: a config's value and its launch script change together, with an entry,
        // in a repository that also holds MODELS.md, code owners and a multi-node recipe; then a change to the
        // script alone, which coverage fails. Every lambda the gate links on those paths is then in the cache:
        // one it has not seen is made anew at run time, on every run (docs/speed.md).
        write(repo.resolve("MODELS.md"), "# Models\n\n## Scenarios\n\n| Scenario | ISL/OSL | Status |\n|---|---|---|\n"
                + "| Agentic coding | traces | Active |\n"
                + "| Single-turn 1k1k | 1024 / 1024 | **Deprecated for all models** since 2026-07-17 (#1). |\n\n"
                + "## Model support matrix\n\n"
                + "| Model architecture class | Prefix | Date added | Active scenarios | Deprecated scenarios |\n"
                + "|---|---|---|---|---|\n| DeepSeek V4 | `dsv4` | 2026-01-01 | Agentic coding | Single-turn 1k1k |\n");
        write(repo.resolve(".github/CODEOWNERS"), "* @core\nconfigs/nvidia-master.yaml @nvidia\n");
        write(repo.resolve("benchmarks/multi_node/srt-slurm-recipes/trtllm/b200-fp4/8k1k/mtp/"
                + "ctx1_gen1_dep8_batch8_eplb0_mtp3.yaml"), "benchmark:\n  script: benchmarks/multi_node/run.sh\n");
        haveHistory = haveHistory && commit(repo, "repository files");
        Path nvidia = repo.resolve("configs/nvidia-master.yaml");
        String configs = Files.readString(nvidia, StandardCharsets.UTF_8);
        Files.writeString(nvidia, configs.replace("conc-list: [1, 4, 8, 14] }", "conc-list: [1, 4, 8, 16] }"),
                StandardCharsets.UTF_8);
        Path script = repo.resolve("benchmarks/single_node/agentic/dsv4_fp4_b200_vllm_mtp.sh");
        Files.writeString(script, "export VLLM_USE_FLASHINFER=1\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        Files.writeString(changelog, "\n- config-keys:\n    - dsv4-fp4-b200-vllm-agentic-mtp\n  scenario-type:\n"
                + "    - agentic-coding\n  description:\n    - CDS training entry\n"
                + "  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/3\n",
                StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        haveHistory = haveHistory && commit(repo, "config and script");
        List<String> gate = List.of("gate", "--base-ref", "HEAD~1", "--head-ref", "HEAD", "--pull-request");
        run(Stream.of(gate).filter(c -> only == null || c.get(0).equals(only)).toList(), repo, env, haveHistory);
        Files.writeString(script, "export VLLM_LOGGING_LEVEL=INFO\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        haveHistory = haveHistory && commit(repo, "script only");
        run(Stream.of(gate).filter(c -> only == null || c.get(0).equals(only)).toList(), repo, env, haveHistory);
    }

    private static void run(List<List<String>> commands, Path repo, Env env, boolean haveHistory) {
        for (List<String> command : commands) {
            if (!haveHistory && command.contains("--base-ref")) {
                continue;
            }
            String[] line = Stream.concat(Stream.of("-C", repo.toString()), command.stream()).toArray(String[]::new);
            Main.run(line, env);
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    private static boolean commit(Path repo, String message) throws IOException, InterruptedException {
        return git(repo, "add", "-A")
                && git(repo, "-c", "user.name=sweepgate", "-c", "user.email=build@localhost",
                        "-c", "commit.gpgsign=false", "commit", "-q", "-m", message);
    }

    /** The archive is still useful without git (fewer classes), so a failing git is not fatal. */
    private static boolean git(Path repo, String... args) throws InterruptedException {
        List<String> command = Stream.concat(Stream.of("git"), Stream.of(args)).toList();
        try {
            Process process = new ProcessBuilder(command).directory(repo.toFile())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return process.waitFor() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(file);
            }
        }
    }
}
