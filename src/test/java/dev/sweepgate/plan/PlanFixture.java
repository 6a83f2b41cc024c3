package dev.sweepgate.plan;

import dev.sweepgate.cli.ChangelogFixture;
import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.git.TestRepo;
import dev.sweepgate.sweep.SweepOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A small benchmark repository in git whose changes the plan tests (and the convention files' tests) describe. */
public final class PlanFixture {
    public static final String LINK = "https://github.com/SemiAnalysisAI/InferenceX/pull/";
    static final List<String> MASTERS = List.of("configs/amd-master.yaml", "configs/nvidia-master.yaml");

    /** alpha: 1k1k conc 4, 8 and 8k1k 4..64 (7 points; evals at 8k1k conc 32 and 64). */
    static final String ALPHA = ChangelogFixture.AMD;

    /** The same recipe with MTP speculative decoding: what a contributor adds as a twin. */
    static final String ALPHA_MTP = ALPHA.replace("alpha-fp8-mi355x-sglang:", "alpha-fp8-mi355x-sglang-mtp:")
            .replace(", conc-list: [4, 8] }", ", conc-list: [4, 8], spec-decoding: mtp }")
            .replace(", conc-end: 64 }", ", conc-end: 64, spec-decoding: mtp }");

    static final String ALPHA_FP4 = """
            alpha-fp4-mi355x-sglang:
              image: img/alpha:1
              model: org/alpha-fp4
              model-prefix: alpha
              runner: mi355x
              precision: fp4
              framework: sglang
              multinode: false
              scenarios:
                fixed-seq-len:
                - isl: 1024
                  osl: 1024
                  search-space:
                  - { tp: 4, pp: 2, conc-list: [4, 8, 16] }
            """;

    /** beta (agentic and fixed-seq-len) and gamma (multi-node: 1x4 + 1x8 and 1x4 + 2x8 GPUs). */
    static final String NVIDIA = ChangelogFixture.NVIDIA;

    public static String entry(String key, String... extra) {
        StringBuilder sb = new StringBuilder("- config-keys:\n    - " + key + "\n  description:\n    - \"Tune " + key
                + "\"\n  pr-link: " + LINK + "XXX\n");
        for (String line : extra) {
            sb.append("  ").append(line).append('\n');
        }
        return sb.toString();
    }

    public static final String HISTORY = entry("alpha-fp8-mi355x-sglang").replace("XXX", "1") + "\n"
            + entry("gamma-fp8-gb200-dynamo").replace("XXX", "2");

    public final TestRepo repo;
    public final String base;

    public PlanFixture(Path dir) {
        repo = TestRepo.init(dir);
        repo.write("configs/amd-master.yaml", ALPHA + "\n" + ALPHA_FP4).write("configs/nvidia-master.yaml", NVIDIA)
                .write("configs/runners.yaml", ChangelogFixture.RUNNERS).write("perf-changelog.yaml", HISTORY);
        base = repo.commit("history");
    }

    /** Writes the AMD configs and a changelog with these entries appended; returns the commit. */
    String change(String amd, String... entries) {
        StringBuilder changelog = new StringBuilder(HISTORY);
        for (String e : entries) {
            changelog.append('\n').append(e);
        }
        repo.write("configs/amd-master.yaml", amd).write("perf-changelog.yaml", changelog.toString());
        return repo.commit("change");
    }

    Plan plan(String head) {
        return plan(repo.dir(), base, head);
    }

    /** The plan of {@code base..head} in the repository at {@code dir} (head null: its working tree). */
    static Plan plan(Path dir, String base, String head) {
        ChangelogGate gate = new ChangelogGate(new Git(dir), path -> read(dir.resolve(path)), MASTERS,
                "configs/runners.yaml");
        return new Planner(gate).plan(gate.refs(base, head), ChangelogGate.DEFAULT_CHANGELOG,
                new SweepOptions(false, false, false));
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
