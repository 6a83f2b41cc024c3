package dev.sweepgate.changelog;

import dev.sweepgate.problem.Problem;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Changelog texts for tests. */
final class Changelogs {
    static final String LINK = "https://github.com/SemiAnalysisAI/InferenceX/pull/";

    /** The shape contributors write, as in the real file. */
    static String entry(String key, String link) {
        return "- config-keys:\n    - " + key + "\n  description:\n    - \"Change " + key + "\"\n  pr-link: " + link + "\n";
    }

    /** Two historical entries; the first is followed by the two-space separator line the real history holds. */
    static final String BASE = entry("alpha-fp8-h100-vllm", LINK + "1") + "  \n\n" + entry("beta-fp4-b200-sglang", LINK + "2");

    static String appended(String base, String... entries) {
        StringBuilder sb = new StringBuilder(base);
        for (String e : entries) {
            sb.append('\n').append(e);
        }
        return sb.toString();
    }

    static ChangelogFile file(String text) {
        return ChangelogFile.check(text.getBytes(StandardCharsets.UTF_8), "perf-changelog.yaml");
    }

    static List<String> rules(List<Problem> problems) {
        return problems.stream().map(Problem::rule).toList();
    }

    private Changelogs() {
    }
}
