package dev.sweepgate.changelog;

import dev.sweepgate.problem.Problem;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Changelog texts for tests. */
public final class Changelogs {
    public static final String LINK = "https://github.com/SemiAnalysisAI/InferenceX/pull/";

    /** The shape contributors write, as in the real file. */
    public static String entry(String key, String link) {
        return "- config-keys:\n    - " + key + "\n  description:\n    - \"Change " + key + "\"\n  pr-link: " + link + "\n";
    }

    /** Two historical entries; the first is followed by the two-space separator line the real history holds. */
    public static final String BASE = entry("alpha-fp8-h100-vllm", LINK + "1") + "  \n\n" + entry("beta-fp4-b200-sglang", LINK + "2");

    public static String appended(String base, String... entries) {
        StringBuilder sb = new StringBuilder(base);
        for (String e : entries) {
            sb.append('\n').append(e);
        }
        return sb.toString();
    }

    public static ChangelogFile file(String text) {
        return ChangelogFile.check(text.getBytes(StandardCharsets.UTF_8), "perf-changelog.yaml");
    }

    public static List<String> rules(List<Problem> problems) {
        return problems.stream().map(Problem::rule).toList();
    }

    private Changelogs() {
    }
}
