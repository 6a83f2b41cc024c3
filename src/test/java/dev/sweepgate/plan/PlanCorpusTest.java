package dev.sweepgate.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sweepgate.config.ConfigLoader;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.git.TestRepo;
import dev.sweepgate.sweep.SweepComputation;
import dev.sweepgate.yaml.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plan of real changes of the benchmark repository's history (the corpus bundle), and of changes made on it. */
class PlanCorpusTest {
    private static final Path BUNDLE = Path.of("../shared/corpus/data.bundle");

    @TempDir
    static Path clones;

    static TestRepo history;

    @BeforeAll
    static void cloneOnce() {
        assumeTrue(Files.isRegularFile(BUNDLE), "the corpus bundle is not there: " + BUNDLE.toAbsolutePath());
        Path dir = clones.resolve("history");
        TestRepo.init(clones).git("clone", "-q", "-b", "history", BUNDLE.toAbsolutePath().toString(), dir.toString());
        history = TestRepo.open(dir);
    }

    private static String git(String... args) {
        return history.git(args).trim();
    }

    /** A real change from the history: the commit that made an entry append-only. */
    @Test
    void aRealAppendOnlyEntryKeepsEveryExistingPoint() {
        String commit = last(git("log", "--format=%H", "-S", "append-only: true", "--", "perf-changelog.yaml"));
        Plan plan = PlanFixture.plan(history.dir(), commit + "~1", commit);

        assertTrue(plan.sweepComputed(), plan.problems().toString());
        Plan.AppendOnlyCheck check = plan.appendOnly().get(0);
        assertTrue(check.holds());
        assertTrue(check.basePoints() > 0);
        Plan.ConfigJobs config = plan.entries().get(0).configs().get(0);
        assertEquals(config.throughput(), check.newPoints());
        // every new point is one the base did not generate: the config's change lists exactly these as added
        Plan.ScenarioChange change = plan.configChanges().stream().filter(c -> c.key().equals(config.key()))
                .findFirst().orElseThrow().scenarios().get(0);
        assertEquals(check.newPoints().size(), change.added().size());
        assertTrue(change.removed().isEmpty() && change.changed().isEmpty());
        assertTrue(PlanReport.text(plan).contains("No existing point is removed, changed or rerun"));
    }

    /** The same entry, with the config's image changed too: every old point would be rerun. */
    @Test
    void theSameAppendOnlyEntryWithANewImageWouldRerunTheOldPoints() throws IOException {
        String commit = last(git("log", "--format=%H", "-S", "append-only: true", "--", "perf-changelog.yaml"));
        Plan real = PlanFixture.plan(history.dir(), commit + "~1", commit);
        String key = real.entries().get(0).configs().get(0).key();
        Path copy = worktree("rerun", commit);
        String file = masterFileOf(copy, key);
        String text = Files.readString(copy.resolve(file));
        int at = text.indexOf("\n" + key + ":\n");
        int image = text.indexOf("  image: ", at);
        int end = text.indexOf('\n', image);
        Files.writeString(copy.resolve(file), text.substring(0, end) + "-rebuilt" + text.substring(end));

        Plan plan = PlanFixture.plan(copy, commit + "~1", null);

        assertFalse(plan.sweepComputed());
        Plan.AppendOnlyCheck check = plan.appendOnly().get(0);
        assertFalse(check.holds());
        assertEquals(real.appendOnly().get(0).basePoints(), check.changed().size());
        assertTrue(check.changed().stream().allMatch(p -> p.fields().contains("image")));
    }

    /** The seed's change: a master config gets an MTP twin of one of its configs, with its entry. */
    @Test
    void anMtpTwinOfARealConfigRunsExactlyItsOwnJobs() throws IOException {
        Path copy = worktree("twin", "history");
        String file = "configs/amd-master.yaml";
        String text = Files.readString(copy.resolve(file));
        Twin twin = twin(text);
        Files.writeString(copy.resolve(file), text.replace(twin.original(), twin.original() + "\n" + twin.copy()));
        String changelog = Files.readString(copy.resolve("perf-changelog.yaml")).stripTrailing();
        Files.writeString(copy.resolve("perf-changelog.yaml"), changelog + "\n\n- config-keys:\n    - " + twin.key()
                + "\n  description:\n    - \"Add an MTP twin\"\n  pr-link: XXX\n");

        Plan plan = PlanFixture.plan(copy, "history", null);

        assertTrue(plan.sweepComputed(), plan.problems().toString());
        assertEquals(1, plan.entries().get(0).configs().size());
        Plan.ConfigJobs jobs = plan.entries().get(0).configs().get(0);
        assertEquals(twin.key(), jobs.key());
        ConfigSet head = loadConfigs(copy);
        int rows = new SweepComputation().throughputRows(head, twin.key()).size();
        assertEquals(rows, jobs.throughput().size());
        assertEquals(List.of(twin.key()), plan.configChanges().stream().map(Plan.ConfigChange::key).toList());
        assertTrue(plan.configChanges().get(0).isNew());
        assertEquals(jobs.throughput().size() + jobs.evals().size(), plan.totals().jobs());
    }

    /** A wildcard that selects a family of real configs: each is listed with its own jobs. */
    @Test
    void aWildcardEntrySelectsEveryMatchingRealConfig() throws IOException {
        Path copy = worktree("wildcard", "history");
        ConfigSet head = loadConfigs(copy);
        String prefix = head.keys().get(0);
        String changelog = Files.readString(copy.resolve("perf-changelog.yaml")).stripTrailing();
        Files.writeString(copy.resolve("perf-changelog.yaml"), changelog + "\n\n- config-keys:\n    - " + prefix
                + "*\n  description:\n    - \"Rerun the family\"\n  pr-link: XXX\n");

        Plan plan = PlanFixture.plan(copy, "history", null);

        assertTrue(plan.sweepComputed(), plan.problems().toString());
        List<String> expected = head.keys().stream().filter(k -> k.startsWith(prefix)).toList();
        assertTrue(expected.size() > 1, "the family of " + prefix);
        Plan.EntryJobs entry = plan.entries().get(0);
        assertEquals(expected, entry.configs().stream().map(Plan.ConfigJobs::key).toList());
        SweepComputation computation = new SweepComputation();
        int jobs = 0;
        for (Plan.ConfigJobs config : entry.configs()) {
            assertEquals(computation.throughputRows(head, config.key()).size(), config.throughput().size(), config.key());
            jobs += config.throughput().size() + config.evals().size();
        }
        assertEquals(jobs, plan.totals().jobs());
    }

    private record Twin(String key, String original, String copy) {
    }

    /** The first single-node fixed-seq-len config written in flow style that has no -mtp twin yet. */
    private static Twin twin(String master) {
        Matcher block = Pattern.compile("(?m)^([a-z0-9.-]+):\\n(?:  .*\\n|\\n(?=  ))+").matcher(master);
        while (block.find()) {
            String key = block.group(1);
            String text = block.group();
            if (key.endsWith("-mtp") || master.contains("\n" + key + "-mtp:\n") || !text.contains("multinode: false")
                    || text.contains("agentic-coding:") || text.contains("spec-decoding")
                    || !text.contains("      - { tp:")) {
                continue;
            }
            String copy = text.replaceFirst(Pattern.quote(key + ":"), key + "-mtp:").replace(" }\n", ", spec-decoding: mtp }\n");
            return new Twin(key + "-mtp", text, copy);
        }
        throw new IllegalStateException("no config to twin");
    }

    private static Path worktree(String name, String commit) {
        Path dir = clones.resolve(name);
        git("worktree", "add", "-q", "--detach", dir.toString(), commit);
        return dir;
    }

    private static String masterFileOf(Path dir, String key) throws IOException {
        for (String file : PlanFixture.MASTERS) {
            if (Files.readString(dir.resolve(file)).contains("\n" + key + ":\n")) {
                return file;
            }
        }
        throw new IllegalStateException(key + " is in no master config");
    }

    private static ConfigSet loadConfigs(Path dir) throws IOException {
        List<SourceFile> masters = new ArrayList<>();
        for (String file : PlanFixture.MASTERS) {
            masters.add(new SourceFile(file, Files.readAllBytes(dir.resolve(file))));
        }
        return ConfigLoader.load(masters, new SourceFile("configs/runners.yaml",
                Files.readString(dir.resolve("configs/runners.yaml")).getBytes(StandardCharsets.UTF_8)));
    }

    private static String last(String lines) {
        String[] all = lines.split("\n");
        return all[all.length - 1];
    }
}
