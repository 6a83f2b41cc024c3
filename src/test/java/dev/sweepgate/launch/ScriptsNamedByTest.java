package dev.sweepgate.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The scripts of the repository a srt-slurm recipe runs ({@code command: bash /infmax-workspace/benchmarks/...}). */
class ScriptsNamedByTest {
    private static List<String> named(String recipe) {
        return LaunchIndex.scriptsNamedBy(recipe.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aScriptAfterAContainersMountIsTheRepositorysScript() {
        assertEquals(List.of("benchmarks/multi_node/agentic_srt.sh"),
                named("benchmark:\n  command: bash /infmax-workspace/benchmarks/multi_node/agentic_srt.sh --conc 4\n"));
    }

    @Test
    void eachScriptOnceInTheOrderTheRecipeNamesThem() {
        assertEquals(List.of("benchmarks/b.sh", "benchmarks/a.sh"),
                named("pre: benchmarks/b.sh\nrun: \"/w/benchmarks/a.sh\"\npost: bash benchmarks/b.sh\n"));
    }

    @Test
    void aNameThatOnlyEndsInBenchmarksIsNoPath() {
        assertEquals(List.of(), named("image: mybenchmarks/x.sh\nnote: a.benchmarks/y.sh\n"));
        assertEquals(List.of(), named("benchmarks/readme.md\nbenchmarks/x.shell\n"));
        assertEquals(List.of(), LaunchIndex.scriptsNamedBy(null));
    }

    /**
     * The search starts from the path's literal beginning (it scans recipes of tens of kilobytes) and
     * then reads what comes before it: on any text it finds what the single pattern that reads the
     * mount first finds. Each word holds at most one "benchmarks/", as every real path does.
     */
    @Test
    void findsWhatOnePatternOverTheWholeTextFinds() {
        Pattern whole = Pattern.compile("(?<![\\w.-])(?:/[\\w.-]+)*/?(benchmarks/[\\w./-]+\\.sh)\\b");
        String[] pieces = {"/", "a", ".", "-", " ", "\n", "x_1", "//", ":", "benchmarks/", ".sh", "\"", "sh"};
        Random random = new Random(32);
        for (int n = 0; n < 20_000; n++) {
            StringBuilder text = new StringBuilder();
            int length = 1 + random.nextInt(12);
            for (int k = 0; k < length; k++) {
                text.append(pieces[random.nextInt(pieces.length)]);
            }
            String recipe = text.toString();
            boolean onePathPerWord = true;
            for (String word : recipe.split("[\\s:\"]+")) {
                onePathPerWord &= word.indexOf("benchmarks/") == word.lastIndexOf("benchmarks/");
            }
            if (!onePathPerWord) {
                continue;
            }
            Set<String> expected = new LinkedHashSet<>();
            Matcher m = whole.matcher(recipe);
            while (m.find()) {
                expected.add(m.group(1));
            }
            assertEquals(new ArrayList<>(expected), named(recipe), recipe);
        }
    }
}
