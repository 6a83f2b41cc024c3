package dev.sweepgate.cli;

import dev.sweepgate.git.TestRepo;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A small benchmark repository in git, and a way to run sweepgate in it. */
public final class ChangelogFixture {
    static final String LINK = "https://github.com/SemiAnalysisAI/InferenceX/pull/";

    public static final String AMD = """
            alpha-fp8-mi355x-sglang:
              image: img/alpha:1
              model: org/alpha
              model-prefix: alpha
              runner: mi355x
              precision: fp8
              framework: sglang
              multinode: false
              scenarios:
                fixed-seq-len:
                - isl: 1024
                  osl: 1024
                  search-space:
                  - { tp: 8, conc-list: [4, 8] }
                - isl: 8192
                  osl: 1024
                  search-space:
                  - { tp: 8, conc-start: 4, conc-end: 64 }
            """;

    public static final String NVIDIA = """
            beta-fp4-b200-vllm-agentic:
              image: img/beta:1
              model: org/beta
              model-prefix: beta
              runner: cluster:b200
              precision: fp4
              framework: vllm
              multinode: false
              scenarios:
                agentic-coding:
                - search-space:
                  - { tp: 4, kv-offloading: none, conc-list: [1, 2, 4] }
                fixed-seq-len:
                - isl: 8192
                  osl: 1024
                  search-space:
                  - { tp: 4, conc-list: [8, 16] }

            gamma-fp8-gb200-dynamo:
              image: img/gamma:1
              model: org/gamma
              model-prefix: gamma
              runner: gb200
              precision: fp8
              framework: dynamo-sglang
              multinode: true
              disagg: true
              kv-p2p-transfer: nixl
              scenarios:
                fixed-seq-len:
                - isl: 8192
                  osl: 1024
                  search-space:
                  - prefill: { num-worker: 1, tp: 4, ep: 4, dp-attn: true }
                    decode: { num-worker: 1, tp: 8, ep: 8, dp-attn: true }
                    conc-list: [64, 128, 256]
                  - prefill: { num-worker: 1, tp: 4, ep: 1, dp-attn: false }
                    decode: { num-worker: 2, tp: 8, ep: 8, dp-attn: true }
                    conc-list: [32]
            """;

    public static final String RUNNERS = """
            labels:
              mi355x: [mi355x-a_00, mi355x-a_01]
              cluster:b200: [b200-x_00]
              gb200: [gb200-y_00]
            """;

    static String entry(String key, String link, String... extra) {
        StringBuilder sb = new StringBuilder("- config-keys:\n    - " + key + "\n  description:\n    - \"Tune " + key
                + "\"\n  pr-link: " + link + "\n");
        for (String line : extra) {
            sb.append("  ").append(line).append('\n');
        }
        return sb.toString();
    }

    /** Two historical entries, the first followed by the two-space separator line of the real history. */
    static final String HISTORY = entry("alpha-fp8-mi355x-sglang", LINK + "1") + "  \n\n"
            + entry("beta-fp4-b200-vllm-agentic", LINK + "2");

    final TestRepo repo;
    final String base;

    ChangelogFixture(Path dir) {
        this(dir, AMD, NVIDIA);
    }

    /** The repository with these master configs instead of {@link #AMD} and {@link #NVIDIA}. */
    ChangelogFixture(Path dir, String amd, String nvidia) {
        repo = TestRepo.init(dir);
        repo.write("configs/amd-master.yaml", amd).write("configs/nvidia-master.yaml", nvidia)
                .write("configs/runners.yaml", RUNNERS).write("perf-changelog.yaml", HISTORY);
        base = repo.commit("history");
        try {
            // the golden curves' directory, empty: validate-configs runs the golden check (without it, a note says it was skipped)
            java.nio.file.Files.createDirectories(dir.resolve("golden_al_distribution"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Commits a changelog with these entries appended after one empty line; returns the commit. */
    String append(String... entries) {
        repo.write("perf-changelog.yaml", appended(entries));
        return repo.commit("append");
    }

    static String appended(String... entries) {
        StringBuilder sb = new StringBuilder(HISTORY);
        for (String e : entries) {
            sb.append('\n').append(e);
        }
        return sb.toString();
    }

    record Run(int exit, String out, String err) {
    }

    Run run(String... args) {
        return run(Map.of(), args);
    }

    Run run(Map<String, String> variables, String... args) {
        return runIn(repo.dir(), variables, args);
    }

    /** Runs sweepgate with {@code -C dir}. */
    static Run runIn(Path dir, Map<String, String> variables, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> all = new ArrayList<>(List.of("-C", dir.toString()));
        all.addAll(List.of(args));
        Map<String, String> env = new HashMap<>(variables);
        int exit = Main.run(all.toArray(String[]::new), new Env(dir, env,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        String errText = err.toString(StandardCharsets.UTF_8);
        if (errText.contains("\tat ") || errText.contains("Exception")) {
            throw new AssertionError("a stack trace or exception reached the user:\n" + errText);
        }
        return new Run(exit, out.toString(StandardCharsets.UTF_8), errText);
    }
}
