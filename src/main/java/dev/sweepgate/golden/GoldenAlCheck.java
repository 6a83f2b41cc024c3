package dev.sweepgate.golden;

import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.RunnerConfig;
import dev.sweepgate.config.Scenario;
import dev.sweepgate.config.SearchEntry;
import dev.sweepgate.config.Worker;
import dev.sweepgate.hints.Nearest;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.problem.Sources;
import dev.sweepgate.launch.RepoFiles;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks that synthetic acceptance settings pin the golden acceptance length (golden-al.md):
 * what reviewers checked by hand.
 */
public final class GoldenAlCheck {
    static final String SYNTHETIC = "SYNTHETIC_ACCEPTANCE";
    static final String SYNTHETIC_LENGTH = "SYNTHETIC_ACCEPTANCE_LENGTH";
    static final String UNPINNED = "golden.unpinned";
    /** The note of the configs whose launch files a change does not reach ({@link LaunchScope}). */
    public static final String SCOPED = "golden.launch-scoped";
    private static final Pattern RECIPE_MTP = Pattern.compile("mtp(\\d+)$");
    private static final Pattern YAML_SUFFIX = Pattern.compile("\\.ya?ml$");

    private GoldenAlCheck() {
    }

    /** The check with the unpinned entries summed up in one warning (see {@link #check(ConfigSet, GoldenCurves, boolean)}). */
    public static List<Problem> check(ConfigSet configs, GoldenCurves curves) {
        return check(configs, curves, false);
    }

    /**
     * @param listUnpinned one warning per config with unpinned entries, instead of one summary:
     *                     on a clean checkout they are dozens, and reviewers look at them on request
     */
    public static List<Problem> check(ConfigSet configs, GoldenCurves curves, boolean listUnpinned) {
        return check(configs, curves, listUnpinned, null);
    }

    /**
     * @param files the benchmark repository's files, where an unpinned config's launch script or
     *              recipe is read (LaunchAcceptance); null to leave unpinned configs unpinned
     */
    public static List<Problem> check(ConfigSet configs, GoldenCurves curves, boolean listUnpinned, RepoFiles files) {
        return check(configs, curves, listUnpinned, files, LaunchScope.ALL);
    }

    /**
     * @param scope whose launch files are read: a config out of it is neither verified nor counted as
     *              unpinned, and one {@value #SCOPED} note says how many were left out
     */
    public static List<Problem> check(ConfigSet configs, GoldenCurves curves, boolean listUnpinned, RepoFiles files,
                                      LaunchScope scope) {
        Problems problems = new Problems();
        List<MasterConfig> leftOut = new ArrayList<>();
        for (MasterConfig config : configs.configs()) {
            for (Scenario.FixedSeqLen f : config.fixedSeqLen()) {
                f.searchSpace().forEach(e -> checkWorkers(config, e, curves, problems));
            }
            List<SearchEntry> unpinned = new ArrayList<>();
            for (Scenario.AgenticCoding a : config.agenticCoding()) {
                for (SearchEntry e : a.searchSpace()) {
                    boolean pinned = checkWorkers(config, e, curves, problems);
                    if (!pinned && !"none".equals(e.specDecoding())) {
                        unpinned.add(e);
                    }
                }
            }
            if (files != null && !unpinned.isEmpty()) {
                if (scope.reads(config)) {
                    verifyInLaunchFiles(config, unpinned, files, configs.runners(), curves, problems);
                } else {
                    leftOut.add(config);
                }
            } else {
                warnUnpinned(config, unpinned, problems, "");
            }
        }
        if (!leftOut.isEmpty()) {
            problems.add(new Problem(Problem.Severity.NOTE, leftOut.get(0).pos().file(), 0, 0, SCOPED, "the launch "
                    + "files of " + (leftOut.size() == 1 ? "1 config" : leftOut.size() + " configs") + " with agentic "
                    + "speculative-decoding entries (" + String.join(", ", leftOut.subList(0, Math.min(3, leftOut.size()))
                    .stream().map(MasterConfig::key).toList()) + (leftOut.size() > 3 ? ", ..." : "") + ") were not read "
                    + "for their acceptance length: the change reaches neither their entries nor the files they run "
                    + "(validate-configs without --base-ref reads every config's)"));
        }
        Map<String, byte[]> sources = new java.util.HashMap<>(configs.sources());
        if (files != null) {
            problems.addAll(files.problems());
            sources.putAll(files.sources());
        }
        List<Problem> all = Sources.apply(problems.all(), sources);
        return listUnpinned ? all : summarizeUnpinned(all);
    }

    /**
     * The unpinned warnings as one note with their count, at the first of them: the clean data has
     * dozens (their lengths may sit in recipe files), so by default they inform and fail nothing,
     * not even with --strict; --list-unpinned makes them warnings, one per config.
     */
    private static List<Problem> summarizeUnpinned(List<Problem> problems) {
        List<Problem> unpinned = problems.stream().filter(p -> p.rule().equals(UNPINNED)).toList();
        if (unpinned.isEmpty()) {
            return problems;
        }
        List<Problem> kept = new ArrayList<>(problems.stream().filter(p -> !p.rule().equals(UNPINNED)).toList());
        Problem first = unpinned.get(0);
        String configs = unpinned.size() == 1 ? "1 config has" : unpinned.size() + " configs have";
        kept.add(new Problem(Problem.Severity.NOTE, first.file(), first.line(), first.column(), UNPINNED, configs
                + " agentic entries with speculative decoding and no SYNTHETIC_ACCEPTANCE_LENGTH (the first here); their "
                + "acceptance length may be pinned in a recipe file: run with --list-unpinned to list them",
                first.excerpt()));
        return kept;
    }

    /** Checks the entry's workers; true when any of them pins a synthetic acceptance length. */
    private static boolean checkWorkers(MasterConfig config, SearchEntry entry, GoldenCurves curves, Problems problems) {
        boolean anySynthetic = false;
        for (Worker worker : workers(entry)) {
            anySynthetic |= checkWorker(config, worker, curves, problems);
        }
        return anySynthetic;
    }

    /**
     * The unpinned entries' launch scripts or recipes: a value found there is verified (or an
     * error at its line); the config stays unpinned only when the value cannot be read, with why.
     */
    private static void verifyInLaunchFiles(MasterConfig config, List<SearchEntry> unpinned, RepoFiles files,
                                            RunnerConfig runners, GoldenCurves curves, Problems problems) {
        List<LaunchAcceptance.Judgement> judgements = LaunchAcceptance.judge(config, unpinned, files, runners, curves);
        List<String> reasons = new ArrayList<>();
        for (LaunchAcceptance.Judgement j : judgements) {
            if (j.status() == LaunchAcceptance.Status.FAIL) {
                problems.error(j.at(), j.rule(), j.message());
            } else if (j.status() == LaunchAcceptance.Status.NOT_CHECKABLE) {
                reasons.add(j.at() + ": " + j.message());
            }
        }
        if (!reasons.isEmpty()) {
            warnUnpinned(config, unpinned, problems, "; not checkable: " + String.join("; ", reasons));
        }
    }

    /** One warning per config, so a config with many points does not drown the real errors. */
    private static void warnUnpinned(MasterConfig config, List<SearchEntry> unpinned, Problems problems, String why) {
        if (unpinned.isEmpty()) {
            return;
        }
        String lines = unpinned.stream().map(e -> String.valueOf(e.pos().line())).reduce((a, b) -> a + ", " + b).orElse("");
        problems.warning(unpinned.get(0).pos(), UNPINNED, "config '" + config.key() + "' has " + unpinned.size()
                + " agentic " + (unpinned.size() == 1 ? "entry" : "entries") + " with speculative decoding and no "
                + "SYNTHETIC_ACCEPTANCE_LENGTH (line" + (unpinned.size() == 1 ? " " : "s ") + lines + "): pin the golden acceptance "
                + "length (SYNTHETIC_ACCEPTANCE=true and SYNTHETIC_ACCEPTANCE_LENGTH=<golden AL>) unless the recipe file already does"
                + why);
    }

    private static List<Worker> workers(SearchEntry entry) {
        List<Worker> workers = new ArrayList<>();
        if (entry.prefill() != null) {
            workers.add(entry.prefill());
        }
        if (entry.decode() != null) {
            workers.add(entry.decode());
        }
        return workers;
    }

    /** Returns true when the worker has a synthetic acceptance length. */
    private static boolean checkWorker(MasterConfig config, Worker worker, GoldenCurves curves, Problems problems) {
        List<String> settings = worker.additionalSettings();
        if (settings == null) {
            return false;
        }
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < settings.size(); i++) {
            int eq = settings.get(i).indexOf('=');
            if (eq > 0) {
                index.putIfAbsent(settings.get(i).substring(0, eq).trim(), i);
            }
        }
        Integer at = index.get(SYNTHETIC_LENGTH);
        if (at == null) {
            return false;
        }
        String where = "config '" + config.key() + "'";
        String raw = value(settings.get(at));
        var pos = worker.settingPosition(at);
        Integer flag = index.get(SYNTHETIC);
        if (flag == null || !value(settings.get(flag)).equalsIgnoreCase("true")) {
            problems.error(pos, "golden.synthetic-flag", SYNTHETIC_LENGTH + "=" + raw + " in " + where
                    + " has no effect without SYNTHETIC_ACCEPTANCE=true in the same additional-settings: add it");
        }
        BigDecimal v;
        try {
            v = new BigDecimal(raw);
        } catch (NumberFormatException e) {
            problems.error(pos, "golden.value", SYNTHETIC_LENGTH + "=" + raw + " in " + where + " is not a number");
            return true;
        }
        Optional<String> model = curves.modelFor(config.model());
        if (model.isEmpty()) {
            problems.error(pos, "golden.no-curve", where + " pins a synthetic acceptance length but no golden curve in "
                    + curves.describeFiles() + " matches its model " + config.model() + " (curves exist for "
                    + String.join(", ", curves.byModel().keySet()) + ")"
                    + Nearest.didYouMean(config.model().substring(config.model().lastIndexOf('/') + 1),
                            curves.byModel().keySet(), 1)
                    + ": commit the model's golden AL curve first");
            return true;
        }
        OptionalInt draft = draftLength(settings, index);
        List<GoldenCurves.Curve> modelCurves = curves.curves(model.get());
        if (draft.isPresent()) {
            int k = draft.getAsInt();
            if (v.compareTo(BigDecimal.ONE) < 0 || v.compareTo(BigDecimal.valueOf(k + 1L)) > 0) {
                problems.error(pos, "golden.range", SYNTHETIC_LENGTH + "=" + raw + " in " + where + " is outside [1, " + (k + 1)
                        + "]: with " + k + " draft tokens at most " + (k + 1) + " tokens are accepted per step");
            }
            TreeSet<String> allowed = new TreeSet<>();
            for (GoldenCurves.Curve c : modelCurves) {
                BigDecimal al = c.alByDraftLength().get(k);
                if (al != null) {
                    if (al.compareTo(v) == 0) {
                        return true;
                    }
                    allowed.add(al.toPlainString() + " (" + c.thinkingMode() + " in " + c.file() + ")");
                }
            }
            problems.error(pos, "golden.value", SYNTHETIC_LENGTH + "=" + raw + " in " + where + " is not the golden AL of "
                    + model.get() + " at draft length " + k + (allowed.isEmpty() ? ": no curve has that draft length"
                    : ": use one of " + String.join(", ", allowed)));
            return true;
        }
        for (GoldenCurves.Curve c : modelCurves) {
            for (BigDecimal al : c.alByDraftLength().values()) {
                if (al.compareTo(v) == 0) {
                    return true;
                }
            }
        }
        problems.error(pos, "golden.value", SYNTHETIC_LENGTH + "=" + raw + " in " + where + " is not a golden AL of "
                + model.get() + ": use a value of its curves: " + String.join("; ", modelCurves.stream()
                        .map(c -> c.file() + " " + c.thinkingMode() + " " + c.alByDraftLength()).toList()));
        return true;
    }

    /** The draft length from DECODE_MTP_SIZE / NUM_SPECULATIVE_TOKENS, or a recipe named ...mtpK.yaml. */
    static OptionalInt draftLength(List<String> settings, Map<String, Integer> index) {
        for (String name : List.of("DECODE_MTP_SIZE", "NUM_SPECULATIVE_TOKENS")) {
            Integer at = index.get(name);
            if (at != null) {
                try {
                    return OptionalInt.of(Integer.parseInt(value(settings.get(at)).trim()));
                } catch (NumberFormatException e) {
                    return OptionalInt.empty();
                }
            }
        }
        Integer recipe = index.get("CONFIG_FILE");
        if (recipe != null) {
            String file = value(settings.get(recipe));
            String base = file.substring(file.lastIndexOf('/') + 1);
            base = YAML_SUFFIX.matcher(base).replaceFirst("");
            Matcher m = RECIPE_MTP.matcher(base);
            if (m.find()) {
                return OptionalInt.of(Integer.parseInt(m.group(1)));
            }
        }
        return OptionalInt.empty();
    }

    private static String value(String setting) {
        return setting.substring(setting.indexOf('=') + 1).trim();
    }
}
