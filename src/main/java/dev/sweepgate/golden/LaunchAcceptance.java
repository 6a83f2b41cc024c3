package dev.sweepgate.golden;

import dev.sweepgate.config.Concurrency;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.RunnerConfig;
import dev.sweepgate.config.SearchEntry;
import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.launch.AcceptanceReader;
import dev.sweepgate.launch.Engine;
import dev.sweepgate.launch.LaunchResolver;
import dev.sweepgate.launch.LaunchTarget;
import dev.sweepgate.launch.Reading;
import dev.sweepgate.launch.RepoFiles;
import dev.sweepgate.launch.Scripts;
import dev.sweepgate.yaml.YNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The golden acceptance length of an agentic speculative-decoding config whose config does not
 * pin it: read where the config's server is set up (its launch script or recipe, resolved as
 * the runners resolve it) and compared with the golden curves.
 */
public final class LaunchAcceptance {
    /** Where the value is simulated but not at the golden AL. */
    public static final String VALUE = "golden.value";
    /** Where a throughput run does not simulate acceptance at all. */
    public static final String NOT_SIMULATED = "golden.not-simulated";
    public static final String NO_CURVE = "golden.no-curve";

    /** One verdict about one file a config reaches. */
    public enum Status {
        PASS, FAIL, NOT_CHECKABLE
    }

    /**
     * @param at      the line the verdict is about (the value, or what could not be read)
     * @param rule    for a FAIL, the rule broken
     * @param message what was found, with the values compared
     */
    public record Judgement(Status status, Position at, String rule, String message) {
    }

    private LaunchAcceptance() {
    }

    /** Judges the agentic entries of {@code config} that use speculative decoding. */
    public static List<Judgement> judge(MasterConfig config, List<SearchEntry> entries, RepoFiles files, RunnerConfig runners,
                                        GoldenCurves curves) {
        List<Judgement> out = new ArrayList<>();
        Engine engine = Engine.of(config.framework());
        for (var reached : reachedFrom(config, entries, files, runners).entrySet()) {
            LaunchTarget target = reached.getKey();
            if (!target.resolved()) {
                out.add(new Judgement(Status.NOT_CHECKABLE, target.from(), null, target.unresolved()));
                continue;
            }
            if (engine == null) {
                out.add(new Judgement(Status.NOT_CHECKABLE, target.from(), null, "no reader for framework "
                        + config.framework() + " (" + target.path() + ")"));
                continue;
            }
            List<Integer> concurrencies = List.copyOf(reached.getValue());
            // the golden check and review's check 11 read the same targets: once between them
            List<Reading> readings = files.once(List.of("acceptance", engine, target.path(), String.valueOf(target.selector()),
                    concurrencies), view -> read(engine, target, view, concurrencies));
            for (Reading r : readings) {
                out.add(judge(config, target, r, curves));
            }
        }
        return out;
    }

    /** Each file the entries reach, with the concurrencies ({@code conc-list}) of the entries that reach it. */
    private static Map<LaunchTarget, TreeSet<Integer>> reachedFrom(MasterConfig config, List<SearchEntry> entries, RepoFiles files,
                                                                   RunnerConfig runners) {
        Map<LaunchTarget, TreeSet<Integer>> out = new LinkedHashMap<>();
        for (SearchEntry e : entries) {
            for (LaunchTarget t : LaunchResolver.targets(config, true, List.of(e), files, runners)) {
                TreeSet<Integer> concs = out.computeIfAbsent(t, k -> new TreeSet<>());
                if (e.concurrency() instanceof Concurrency.ListOf list) {
                    concs.addAll(list.values());
                }
            }
        }
        return out;
    }

    /**
     * What the target file says, read as a script or as a recipe.
     *
     * @param concurrencies the concurrencies the script is run at, for values that depend on {@code CONC}
     */
    public static List<Reading> read(Engine engine, LaunchTarget target, RepoFiles files, List<Integer> concurrencies) {
        if (!target.recipe()) {
            Scripts.Loaded loaded = files.loaded(target.path());
            List<Reading> readings = AcceptanceReader.script(engine, loaded.view(), target.path(), concurrencies);
            // A child process run before every value read returns before the script passes them: it cannot change them.
            List<String> unread = loaded.unread().stream().filter(u -> !u.child() || !readings.stream().allMatch(r ->
                    r.at().file().equals(u.file()) && r.at().line() > u.line())).map(Scripts.Unread::text).toList();
            if (!unread.isEmpty() && readings.stream().allMatch(r -> r.kind() == Reading.Kind.NOT_PINNED)) {
                // The setting may be in a file sourced from a path only known at run time.
                return List.of(Reading.unreadable(readings.get(0).at(), readings.get(0).evidence() + ", but it sources "
                        + String.join("; ", unread) + ", which is not read"));
            }
            if (!unread.isEmpty()) {
                // A value without its draft length would be checked against any draft length, while the
                // file that is not read may set it (the server command usually lives there).
                return readings.stream().map(r -> r.kind() == Reading.Kind.PINNED && r.draftLength() == null
                        ? Reading.unreadable(r.at(), r.evidence() + ": the draft length is not set in what is read; "
                        + String.join("; ", unread) + " may set it, and is not read")
                        : r).toList();
            }
            return readings;
        }
        YNode root;
        try {
            root = files.yaml(target.path());
        } catch (ProblemException e) {
            var first = e.problems().get(0);
            return List.of(Reading.unreadable(new Position(target.path(), Math.max(first.line(), 1), first.column()),
                    "the recipe is not YAML: " + first.message()));
        }
        return AcceptanceReader.recipe(engine, root, target.path(), target.selector());
    }

    private static Judgement judge(MasterConfig config, LaunchTarget target, Reading r, GoldenCurves curves) {
        String where = target.path() + " (for " + config.key() + ")";
        return switch (r.kind()) {
            case UNREADABLE -> new Judgement(Status.NOT_CHECKABLE, r.at(), null, r.evidence());
            case NOT_PINNED -> new Judgement(Status.FAIL, r.at(), NOT_SIMULATED, r.evidence() + " in " + where
                    + ": pin the golden acceptance length for throughput runs (an EVAL_ONLY branch may verify for real)");
            case PINNED -> compare(config, r, where, curves);
        };
    }

    private static Judgement compare(MasterConfig config, Reading r, String where, GoldenCurves curves) {
        Optional<String> model = curves.modelForAnyWeightFormat(config.model());
        String al = r.al().stripTrailingZeros().toPlainString();
        if (model.isEmpty()) {
            return new Judgement(Status.FAIL, r.at(), NO_CURVE, r.evidence() + " in " + where + ": no golden curve in "
                    + curves.describeFiles() + " matches the model " + config.model() + ": commit its golden AL curve first");
        }
        List<GoldenCurves.Curve> modelCurves = curves.curves(model.get());
        TreeSet<String> allowed = new TreeSet<>();
        for (GoldenCurves.Curve c : modelCurves) {
            for (var e : c.alByDraftLength().entrySet()) {
                if (r.draftLength() != null && !e.getKey().equals(r.draftLength())) {
                    continue;
                }
                BigDecimal golden = e.getValue();
                if (golden.subtract(r.al()).abs().compareTo(r.tolerance()) <= 0) {
                    return new Judgement(Status.PASS, r.at(), null, r.evidence() + ": AL " + al + " is the golden AL of "
                            + model.get() + " (" + c.thinkingMode() + ", " + e.getKey() + " draft tokens, " + c.file() + ")"
                            + (r.draftLength() == null ? "; the draft length is not read statically" : ""));
                }
                allowed.add(golden.toPlainString() + " (" + c.thinkingMode() + (r.draftLength() == null
                        ? ", " + e.getKey() + " draft tokens" : "") + ", " + c.file() + ")");
            }
        }
        return new Judgement(Status.FAIL, r.at(), VALUE, r.evidence() + " in " + where + ": AL " + al
                + " is not the golden AL of " + model.get() + (r.draftLength() != null ? " at " + r.draftLength()
                + " draft tokens" : "") + (allowed.isEmpty() ? ": no golden curve has that draft length"
                : ": the golden value is " + String.join(" or ", allowed)));
    }
}
