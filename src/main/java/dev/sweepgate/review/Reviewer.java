package dev.sweepgate.review;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.changelog.KeyResolver;
import dev.sweepgate.changelog.PyValues;
import dev.sweepgate.config.MasterConfig;
import dev.sweepgate.config.Scenario;
import dev.sweepgate.config.SearchEntry;
import dev.sweepgate.config.Worker;
import dev.sweepgate.golden.GoldenAlCheck;
import dev.sweepgate.golden.GoldenCurves;
import dev.sweepgate.golden.LaunchAcceptance;
import dev.sweepgate.plan.Plan;
import dev.sweepgate.output.Plural;
import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.Sources;
import dev.sweepgate.launch.AcceptanceReader;
import dev.sweepgate.launch.LaunchChanges;
import dev.sweepgate.launch.LaunchIndex;
import dev.sweepgate.launch.LaunchResolver;
import dev.sweepgate.launch.LaunchTarget;
import dev.sweepgate.launch.Scripts;
import dev.sweepgate.review.models.ModelsFile;
import dev.sweepgate.review.owners.CodeOwners;
import dev.sweepgate.launch.shell.ScriptView;
import dev.sweepgate.launch.shell.ShellScript.Statement;
import dev.sweepgate.launch.shell.Words;
import dev.sweepgate.yaml.YMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The checks of the sign-off checklist that a machine can decide (spec review.md), on the
 * configs and files a change touches. Reads only the scripts and recipes those configs reach.
 */
public final class Reviewer {
    public static final Set<String> ESTABLISHED = Set.of("h100", "h200", "b200", "b300", "gb200", "gb300", "mi300x", "mi325x", "mi355x");
    static final String MODELS = "MODELS.md";
    private static final List<String> CODEOWNERS = List.of(".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS");
    private static final List<String> REVIEWED_DIRS = List.of("benchmarks/", "runners/", "docs/waiver/");
    private static final Pattern PATCHES = Pattern.compile(
            "\\bgit\\s+(?:-C\\s+\\S+\\s+)?apply\\b|(?:^|[\\s;&|(])patch\\s+(?:-[pNiRs]|<|--)|\\.patch\\b|sitecustomize"
                    + "|importlib\\.util\\.find_spec"
                    + "|\\bsed\\s+(?:-[a-zE]*i[a-zE]*\\b|--in-place).*(?:site-packages|dist-packages|/sgl-workspace)"
                    + "|(?:>|\\btee\\b)\\s*\"?\\S*(?:site-packages|dist-packages|/sgl-workspace)"
                    + "|\\bpip3?\\s+install\\b.*(?:\\.whl\\b|\\b(?:vllm|sglang|tensorrt[-_]llm|atom|sgl[-_]kernel|flashinfer[-\\w]*)(?:==|@|\\s|$))");
    /** Searched for as plain text: a regex alternation tries each at every character (seconds on a 60 MB line). */
    private static final List<String> ARCHITECTURE_FLAGS = List.of("--hf-overrides", "hf_overrides", "--json-model-override-args");

    private final Change change;
    private final GoldenCurves curves;
    private final List<String> reviewedConfigs;
    /** The reviewed configs and those that run a launch file the change modifies: checks 9 and 11 read what they run. */
    private final List<String> launchConfigs;
    private final List<Change.ChangedFile> reviewedFiles;
    private final Map<String, byte[]> configSources = new HashMap<>();
    private final SignOff signOff;

    /** @param signOff the sign-off text (--pr-body), where 6a and 6b read documented exceptions; null when not given */
    public Reviewer(Change change, GoldenCurves curves, SignOff signOff) {
        this.change = change;
        this.curves = curves;
        this.signOff = signOff;
        this.reviewedConfigs = reviewedConfigs(change);
        this.reviewedFiles = change.files().stream().filter(f -> !f.deleted()
                && REVIEWED_DIRS.stream().anyMatch(d -> f.path().startsWith(d))).toList();
        this.launchConfigs = launchConfigs(change, reviewedConfigs);
        if (change.head() != null) {
            configSources.putAll(change.head().sources());
        }
    }

    /** Added or changed in the master configs, or selected by a new changelog entry; in the head's order. */
    static List<String> reviewedConfigs(Change change) {
        if (change.head() == null) {
            return List.of();
        }
        Set<String> keys = new LinkedHashSet<>();
        Map<String, MasterConfig> before = change.base() == null ? Map.of() : change.base().byKey();
        // The same configs on both sides (the config files did not change): none is added or changed.
        for (MasterConfig c : change.base() == change.head() ? List.<MasterConfig>of() : change.head().configs()) {
            MasterConfig b = before.get(c.key());
            if (change.base() != null && (b == null || !PyValues.equal(b.source().toPlain(), c.source().toPlain()))) {
                keys.add(c.key());
            }
        }
        for (ChangelogEntry e : change.newEntries()) {
            for (String pattern : e.configKeys()) {
                keys.addAll(KeyResolver.matches(pattern, change.head().keys()));
            }
        }
        List<String> ordered = new ArrayList<>();
        change.head().configs().forEach(c -> {
            if (keys.contains(c.key())) {
                ordered.add(c.key());
            }
        });
        return ordered;
    }

    /** {@code reviewed} and, after them in the head's order, the configs that run a changed file under benchmarks/. */
    static List<String> launchConfigs(Change change, List<String> reviewed) {
        List<String> changed = change.files().stream().filter(f -> !f.deleted() && f.path().startsWith(LaunchChanges.BENCHMARKS))
                .map(Change.ChangedFile::path).toList();
        if (change.head() == null || changed.isEmpty()) {
            return reviewed;
        }
        LaunchIndex index = change.headFiles().index(change.head());
        Set<String> keys = new LinkedHashSet<>(reviewed);
        Set<String> reached = new LinkedHashSet<>();
        changed.forEach(p -> reached.addAll(index.reach(p).keys()));
        change.head().keys().stream().filter(reached::contains).forEach(keys::add);
        return List.copyOf(keys);
    }

    public Review review() {
        List<MasterConfig> configs = reviewedConfigs.stream().map(k -> change.head().get(k).orElseThrow()).toList();
        List<MasterConfig> running = launchConfigs.stream().map(k -> change.head().get(k).orElseThrow()).toList();
        List<CheckResult> checks = new ArrayList<>();
        checks.add(new CheckResult("6a", "upstream image", "review.upstream-image", configs.stream().map(this::upstreamImage).toList()));
        checks.add(new CheckResult("6b", "engine first", "review.engine-first", engineFirst(configs)));
        checks.add(new CheckResult("6c", "public image", "review.image", configs.stream().map(this::publicImage).toList()));
        checks.add(new CheckResult("7", "deprecated scenario", "review.deprecated", deprecated(configs)));
        checks.add(new CheckResult("9", "chat template", "review.chat-template", chatTemplate(running)));
        checks.add(new CheckResult("10", "engine patch", "review.engine-patch", enginePatch()));
        checks.add(new CheckResult("11", "golden acceptance length", "review.golden-al", goldenAl(running)));
        checks.add(new CheckResult("12", "append-only", "review.append-only", appendOnly()));
        checks = waive(checks);
        List<String> files = reviewedFiles.stream().map(Change.ChangedFile::path).toList();
        List<Review.Owner> owners = owners();
        // Paths that lead out of the repository were not read: errors of the change's input, whatever the checks say.
        List<Problem> input = new ArrayList<>(change.problems());
        input.addAll(Sources.apply(change.headFiles().problems(), sources()));
        return new Review(change.baseRef(), change.headLabel(), launchConfigs, files, checks, owners,
                forReviewer(), problems(checks), input);
    }

    // ---- 6a, 6b, 6c: images and engines ----

    private Finding upstreamImage(MasterConfig c) {
        String gpu = LaunchResolver.gpu(c.runner());
        Position at = imagePosition(c);
        String f = c.framework() == null ? "" : c.framework();
        String organisation = f.equals("vllm") ? "vllm/" : f.equals("sglang") ? "lmsysorg/" : null;
        if (organisation == null) {
            return new Finding(Verdict.NOT_APPLICABLE, c.key(), at, "framework " + f + ": no upstream image rule");
        }
        if (!ESTABLISHED.contains(gpu)) {
            return new Finding(Verdict.NOT_APPLICABLE, c.key(), at, gpu + " is not established hardware");
        }
        String image = normalized(c.image());
        if (image.startsWith(organisation)) {
            return new Finding(Verdict.PASS, c.key(), at, "image " + c.image() + " is " + organisation + "'s (framework " + f + ")");
        }
        return exceptional(c, at, gpu, "framework " + f + " on " + gpu + " must use an upstream " + organisation
                + " image (" + (f.equals("vllm") ? "vllm/vllm-openai:…, vllm/vllm-openai-rocm:…" : "lmsysorg/sglang:…, lmsysorg/sglang-rocm:…")
                + "), not " + c.image(), "review.upstream-image");
    }

    /**
     * A FAIL of 6a or 6b, unless the sign-off documents the exception (the checklist allows new hardware and a new
     * model architecture): then waived, naming the line. Without the sign-off text whether it does is unknown, so
     * the finding is NOT CHECKABLE (a warning) that names the exception to document.
     */
    private Finding exceptional(MasterConfig c, Position at, String gpu, String broken, String rule) {
        String document = "document the exception (new hardware, or a new model architecture upstream does not support yet) "
                + "in the sign-off's additional detail section, a line such as 'exception: " + c.modelPrefix() + " on " + gpu
                + ": <reason>', or with a `# sweepgate: disable=" + rule + "` comment and its reason";
        if (signOff == null) {
            return new Finding(Verdict.NOT_CHECKABLE, c.key(), at, broken + "; without the sign-off text (--pr-body FILE) "
                    + "whether an exception is documented is unknown: " + document);
        }
        SignOff.Line line = signOff.exception(c.key(), c.modelPrefix(), gpu);
        if (line != null) {
            return new Finding(Verdict.FAIL, c.key(), at, broken + "; the sign-off documents the exception ("
                    + signOff.at(line) + ": " + line.text().strip() + ")").waive();
        }
        return new Finding(Verdict.FAIL, c.key(), at, broken + "; " + signOff.file() + " documents no exception for "
                + c.key() + ": " + document);
    }

    /** The image without a docker.io/ registry, {@code #} read as {@code /}. */
    static String normalized(String image) {
        String i = image == null ? "" : image.strip().replace('#', '/');
        for (String registry : List.of("docker.io/", "index.docker.io/", "registry-1.docker.io/")) {
            if (i.startsWith(registry)) {
                i = i.substring(registry.length());
            }
        }
        return i;
    }

    private Finding publicImage(MasterConfig c) {
        Position at = imagePosition(c);
        String image = c.image() == null ? "" : c.image().strip();
        if (image.startsWith("/") || image.startsWith("./") || image.startsWith("~") || image.startsWith("../")
                || image.toLowerCase(Locale.ROOT).endsWith(".sqsh") || image.startsWith("file:")) {
            return new Finding(Verdict.FAIL, c.key(), at, "image " + image + " is a local path or a squash file: "
                    + "benchmark a public image anyone can pull");
        }
        return new Finding(Verdict.PASS, c.key(), at, "image " + image + " is a registry image");
    }

    private List<Finding> engineFirst(List<MasterConfig> configs) {
        List<Finding> out = new ArrayList<>();
        Map<String, MasterConfig> before = change.base() == null ? Map.of() : change.base().byKey();
        for (MasterConfig c : configs) {
            Position at = frameworkPosition(c);
            String f = c.framework() == null ? "" : c.framework();
            if (f.equals("vllm") || f.equals("sglang")) {
                out.add(new Finding(Verdict.NOT_APPLICABLE, c.key(), at, "framework " + f + " is an upstream engine"));
                continue;
            }
            if (change.base() == null) {
                out.add(new Finding(Verdict.NOT_CHECKABLE, c.key(), at, "the base configs cannot be read, so whether the config is new is unknown"));
                continue;
            }
            if (before.containsKey(c.key())) {
                out.add(new Finding(Verdict.NOT_APPLICABLE, c.key(), at, "not a new config"));
                continue;
            }
            String gpu = LaunchResolver.gpu(c.runner());
            List<String> upstream = change.head().configs().stream()
                    .filter(o -> ("vllm".equals(o.framework()) || "sglang".equals(o.framework()))
                            && c.modelPrefix().equals(o.modelPrefix()) && gpu.equals(LaunchResolver.gpu(o.runner())))
                    .map(MasterConfig::key).toList();
            if (!upstream.isEmpty()) {
                out.add(new Finding(Verdict.PASS, c.key(), at, "new " + f + " config; " + String.join(", ", upstream)
                        + " already runs " + c.modelPrefix() + " on " + gpu + " with an upstream engine"));
            } else {
                out.add(exceptional(c, at, gpu, "new " + f + " config for " + c.modelPrefix() + " on " + gpu
                        + ", but no vllm or sglang config runs " + c.modelPrefix() + " on " + gpu + " (the upstream engine "
                        + "first)", "review.engine-first"));
            }
        }
        return out;
    }

    private static Position imagePosition(MasterConfig c) {
        return fieldPosition(c, "image");
    }

    private static Position frameworkPosition(MasterConfig c) {
        return fieldPosition(c, "framework");
    }

    private static Position fieldPosition(MasterConfig c, String field) {
        if (c.source() instanceof YMap m && m.get(field) != null) {
            return m.get(field).pos();
        }
        return c.pos();
    }

    // ---- 7: deprecated ----

    private List<Finding> deprecated(List<MasterConfig> configs) {
        if (configs.isEmpty()) {
            return List.of();
        }
        byte[] bytes = change.headFiles().read(MODELS);
        if (bytes == null) {
            return List.of(new Finding(Verdict.NOT_CHECKABLE, MODELS, Position.ofFile(MODELS), "the repository has no "
                    + MODELS + " here, so what is deprecated is unknown"));
        }
        ModelsFile models = ModelsFile.parse(MODELS, bytes);
        List<Finding> out = new ArrayList<>();
        models.defects().forEach(d -> out.add(new Finding(Verdict.NOT_CHECKABLE, MODELS, d.at(), d.message())));
        if (!out.isEmpty()) {
            return out;
        }
        for (MasterConfig c : configs) {
            out.addAll(deprecated(c, models));
        }
        return out;
    }

    private List<Finding> deprecated(MasterConfig c, ModelsFile models) {
        Position at = c.pos();
        ModelsFile.Model model = models.model(c.modelPrefix());
        if (model == null) {
            return List.of(new Finding(Verdict.FAIL, c.key(), fieldPosition(c, "model-prefix"), "model prefix "
                    + c.modelPrefix() + " is not in " + MODELS + "'s Model support matrix: add the model there"));
        }
        var date = change.date();
        if (model.retired() != null && ModelsFile.inForce(model.retired(), date)) {
            return List.of(new Finding(Verdict.FAIL, c.key(), fieldPosition(c, "model-prefix"), c.modelPrefix()
                    + " is retired since " + model.retired() + " (" + model.at() + "): " + deprecatedFix(
                    "benchmark a model " + MODELS + " keeps active instead and archive this config under configs/deprecated/")));
        }
        List<Finding> out = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (model.retired() != null) {
            notes.add(c.modelPrefix() + " retires on " + model.retired() + ", after the review date " + date);
        }
        for (String scenario : scenarios(c)) {
            boolean failed = false;
            for (ModelsFile.Deprecation d : models.scenarioDeprecations()) {
                if (d.scenario().equalsIgnoreCase(scenario)) {
                    if (ModelsFile.inForce(d.since(), date)) {
                        out.add(new Finding(Verdict.FAIL, c.key(), at, scenario + " is deprecated for all models since "
                                + d.since() + " (" + d.at() + "): " + deprecatedFix("move the config to a scenario "
                                + MODELS + " keeps active (or archive it under configs/deprecated/)")));
                        failed = true;
                    } else {
                        notes.add(scenario + " is deprecated from " + d.since() + ", after the review date " + date);
                    }
                }
            }
            for (ModelsFile.Deprecation d : model.deprecations()) {
                boolean matches = d.scenario() != null ? d.scenario().equalsIgnoreCase(scenario)
                        : d.precision() != null ? d.precision().equalsIgnoreCase(c.precision()) : false;
                if (d.scenario() == null && d.precision() == null && d.qualifier() != null) {
                    continue;
                }
                if (!matches) {
                    continue;
                }
                String what = d.precision() != null ? c.precision() + " recipes" : scenario;
                if (!ModelsFile.inForce(d.since(), date)) {
                    notes.add(what + " is deprecated for " + c.modelPrefix() + " from " + d.since() + ", after the review date " + date);
                } else if (d.qualifier() != null) {
                    out.add(new Finding(Verdict.NOT_CHECKABLE, c.key(), d.at(), MODELS + " deprecates '" + d.text() + "' for "
                            + c.modelPrefix() + ": whether " + c.key() + " is that arm needs a reviewer"));
                    failed = true;
                } else {
                    out.add(new Finding(Verdict.FAIL, c.key(), at, what + " is deprecated for " + c.modelPrefix()
                            + (d.since() != null ? " since " + d.since() : "") + " (" + d.at() + ": " + d.text() + "): "
                            + deprecatedFix("move the config to what " + MODELS + " keeps for " + c.modelPrefix()
                            + " (its active scenarios, precisions or published arm)")));
                    failed = true;
                }
            }
            if (!failed) {
                out.add(new Finding(Verdict.PASS, c.key(), at, scenario + " " + c.precision() + " is active for " + c.modelPrefix()
                        + " (" + model.at() + ")" + (notes.isEmpty() ? "" : "; " + String.join("; ", notes))));
            }
        }
        return out;
    }

    /** What to do about a deprecation in force: move to what replaces it, or document the exception. */
    private static String deprecatedFix(String move) {
        return move + "; or, if it must still run, document why: `# sweepgate: disable=review.deprecated` and the "
                + "reason at the end of this line";
    }

    /** The MODELS.md scenarios of a config: agentic coding, and single-turn ISL/OSL names. */
    private static List<String> scenarios(MasterConfig c) {
        Set<String> out = new LinkedHashSet<>();
        for (Scenario.FixedSeqLen f : c.fixedSeqLen()) {
            out.add("Single-turn " + kilo(f.isl()) + kilo(f.osl()));
        }
        if (!c.agenticCoding().isEmpty()) {
            out.add("Agentic coding");
        }
        return List.copyOf(out);
    }

    private static String kilo(long tokens) {
        return tokens % 1024 == 0 ? (tokens / 1024) + "k" : String.valueOf(tokens);
    }

    // ---- 9: chat template ----

    private List<Finding> chatTemplate(List<MasterConfig> configs) {
        List<Finding> out = new ArrayList<>();
        for (MasterConfig c : configs) {
            List<SearchEntry> spec = new ArrayList<>();
            c.fixedSeqLen().forEach(f -> f.searchSpace().stream().filter(Reviewer::speculative).forEach(spec::add));
            if (spec.isEmpty()) {
                continue;
            }
            for (LaunchTarget t : LaunchResolver.targets(c, false, spec, change.headFiles(), change.head().runners())) {
                if (!t.resolved()) {
                    out.add(new Finding(Verdict.NOT_CHECKABLE, c.key(), t.from(), t.unresolved()));
                } else if (t.recipe()) {
                    out.add(new Finding(Verdict.NOT_CHECKABLE, c.key(), new Position(t.path(), 1, 0), "a multi-node recipe: "
                            + "srt-slurm's benchmark client decides the chat template (its use_chat_template default is true)"));
                } else {
                    out.addAll(chatTemplate(c, t.path()));
                }
            }
        }
        return out;
    }

    private List<Finding> chatTemplate(MasterConfig c, String script) {
        ScriptView view = change.headFiles().loaded(script).view();
        List<Finding> out = new ArrayList<>();
        for (Statement s : view.throughputCommands()) {
            List<Words.Word> words = Words.of(s.text());
            if (words.isEmpty() || !words.get(0).raw().equals("run_benchmark_serving")) {
                continue;
            }
            Position at = new Position(s.file(), s.line(), 0);
            if (passes(view, s, words)) {
                out.add(new Finding(Verdict.PASS, c.key(), at, "run_benchmark_serving gets --use-chat-template"));
            } else if (hidesArguments(words)) {
                out.add(new Finding(Verdict.NOT_CHECKABLE, c.key(), at, "run_benchmark_serving's arguments come from a "
                        + "variable this reader cannot expand"));
            } else {
                out.add(new Finding(Verdict.FAIL, c.key(), at, "a fixed-seq-len config with speculative decoding must "
                        + "benchmark through the chat template: pass --use-chat-template (or --dsv4) to run_benchmark_serving"));
            }
        }
        if (out.isEmpty()) {
            out.add(new Finding(Verdict.NOT_CHECKABLE, c.key(), new Position(script, 1, 0), "the script does not call "
                    + "run_benchmark_serving, so its benchmark client's chat template is not read"));
        }
        return out;
    }

    /** A quoted expansion or an arithmetic expansion, which is one word: after an option, that option's value. */
    private static final Pattern ONE_VALUE = Pattern.compile("\"\\$(?:\\w+|\\{[^}\\[]*})\"|\"?\\$\\(\\(.*\\)\\)\"?");

    /**
     * Whether an argument may expand to flags this reader cannot see: an array ({@code "${ARGS[@]}"}) or a bare
     * expansion; a quoted expansion or arithmetic right after an option ({@code --model "$MODEL"},
     * {@code --num-prompts $((CONC * 10))}) is that option's value, not a hidden flag.
     */
    static boolean hidesArguments(List<Words.Word> words) {
        for (int i = 1; i < words.size(); i++) {
            String raw = words.get(i).raw();
            if (raw.contains("[@]")) {
                return true;
            }
            boolean expansion = raw.startsWith("$") || raw.startsWith("\"$");
            if (!expansion) {
                continue;
            }
            String previous = words.get(i - 1).raw();
            boolean value = previous.startsWith("-") && !previous.contains("=") && ONE_VALUE.matcher(raw).matches();
            if (!value) {
                return true;
            }
        }
        return false;
    }

    private static boolean passes(ScriptView view, Statement call, List<Words.Word> words) {
        for (Words.Word w : words) {
            if (w.raw().equals("--use-chat-template") || w.raw().equals("--dsv4")) {
                return true;
            }
            var m = Pattern.compile("\\$\\{(\\w+)\\[@]}").matcher(w.raw());
            if (m.find()) {
                for (ScriptView.Assignment a : view.throughputAssignments(m.group(1))) {
                    if (a.value().contains("--use-chat-template") || a.value().contains("--dsv4")) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    static boolean speculative(SearchEntry e) {
        return e.specDecoding() != null && !"none".equals(e.specDecoding());
    }

    // ---- 10: engine patch ----

    private List<Finding> enginePatch() {
        List<Finding> patches = new ArrayList<>();
        for (Change.ChangedFile f : reviewedFiles) {
            if (!(f.path().startsWith("benchmarks/") || f.path().startsWith("runners/"))) {
                continue;
            }
            if (f.added() && f.path().endsWith(".patch")) {
                patches.add(new Finding(Verdict.FAIL, f.path(), new Position(f.path(), 1, 0), "adds the patch file " + f.path()));
                continue;
            }
            for (Change.AddedLine l : f.addedLines()) {
                var m = PATCHES.matcher(l.text());
                if (m.find() && !l.text().strip().startsWith("#")) {
                    patches.add(new Finding(Verdict.FAIL, f.path(), new Position(f.path(), l.line(), m.start() + 1),
                            "patches the serving stack: " + l.text().strip()));
                }
            }
        }
        if (patches.isEmpty()) {
            return List.of();
        }
        if (change.prNumber() == null) {
            List<String> waivers = change.files().stream().filter(f -> !f.deleted() && f.path().matches("docs/waiver/[^/]+\\.md"))
                    .map(Change.ChangedFile::path).toList();
            if (!waivers.isEmpty()) {
                return patches.stream().map(p -> new Finding(Verdict.PASS, p.subject(), p.at(), p.message() + "; the change adds "
                        + String.join(", ", waivers))).toList();
            }
            return patches.stream().map(p -> new Finding(Verdict.NOT_CHECKABLE, p.subject(), p.at(), p.message()
                    + "; without --pr-number the waiver docs/waiver/<PR>.md cannot be named")).toList();
        }
        String waiver = "docs/waiver/" + change.prNumber() + ".md";
        if (change.headFiles().read(waiver) != null) {
            return patches.stream().map(p -> new Finding(Verdict.PASS, p.subject(), p.at(), p.message() + "; waived by " + waiver)).toList();
        }
        return patches.stream().map(p -> new Finding(Verdict.FAIL, p.subject(), p.at(), p.message()
                + "; an engine patch needs the waiver " + waiver + " (why, what it changes, when it goes)")).toList();
    }

    // ---- 11: golden acceptance length ----

    private List<Finding> goldenAl(List<MasterConfig> configs) {
        List<Finding> out = new ArrayList<>();
        for (MasterConfig c : configs) {
            List<SearchEntry> agentic = new ArrayList<>();
            c.agenticCoding().forEach(a -> a.searchSpace().stream().filter(Reviewer::speculative).forEach(agentic::add));
            List<SearchEntry> fixed = new ArrayList<>();
            c.fixedSeqLen().forEach(f -> fixed.addAll(f.searchSpace()));
            if (!agentic.isEmpty()) {
                out.addAll(agenticAl(c, agentic));
            }
            if (!fixed.isEmpty()) {
                out.addAll(noSyntheticOn(c, fixed));
            }
        }
        return out;
    }

    private List<Finding> agenticAl(MasterConfig c, List<SearchEntry> entries) {
        List<Finding> out = new ArrayList<>();
        List<SearchEntry> unpinned = new ArrayList<>();
        for (SearchEntry e : entries) {
            Position own = ownSetting(e);
            if (own == null) {
                unpinned.add(e);
            }
        }
        if (unpinned.size() < entries.size()) {
            // The config's own SYNTHETIC_ACCEPTANCE_LENGTH is judged by the config rules' golden check.
            var single = new dev.sweepgate.config.ConfigSet(List.of(c), change.head().runners(), configSources);
            List<Problem> problems = GoldenAlCheck.check(single, curves, true).stream()
                    .filter(p -> !p.rule().equals("golden.unpinned")).toList();
            if (problems.stream().anyMatch(Problem::isError)) {
                problems.stream().filter(Problem::isError).forEach(p -> out.add(new Finding(Verdict.FAIL, c.key(), p.position(), p.message())));
            } else {
                out.add(new Finding(Verdict.PASS, c.key(), ownSetting(entries.stream().filter(e -> ownSetting(e) != null)
                        .findFirst().orElseThrow()), "the config's SYNTHETIC_ACCEPTANCE_LENGTH is the golden AL"));
            }
        }
        if (!unpinned.isEmpty()) {
            for (LaunchAcceptance.Judgement j : LaunchAcceptance.judge(c, unpinned, change.headFiles(), change.head().runners(), curves)) {
                Verdict v = switch (j.status()) {
                    case PASS -> Verdict.PASS;
                    case FAIL -> Verdict.FAIL;
                    case NOT_CHECKABLE -> Verdict.NOT_CHECKABLE;
                };
                out.add(new Finding(v, c.key(), j.at(), j.message()));
            }
        }
        return out;
    }

    private static Position ownSetting(SearchEntry e) {
        for (Worker w : new Worker[] {e.prefill(), e.decode()}) {
            if (w == null || w.additionalSettings() == null) {
                continue;
            }
            for (int i = 0; i < w.additionalSettings().size(); i++) {
                if (w.additionalSettings().get(i).strip().startsWith("SYNTHETIC_ACCEPTANCE_LENGTH=")) {
                    return w.settingPosition(i);
                }
            }
        }
        return null;
    }

    /** Synthetic acceptance belongs to agentic runs only: a fixed-seq-len run measures the real acceptance. */
    private List<Finding> noSyntheticOn(MasterConfig c, List<SearchEntry> fixed) {
        List<Finding> out = new ArrayList<>();
        for (SearchEntry e : fixed) {
            Position own = ownSetting(e);
            if (own != null) {
                out.add(new Finding(Verdict.FAIL, c.key(), own, "SYNTHETIC_ACCEPTANCE_LENGTH on a fixed-seq-len entry: "
                        + "synthetic acceptance is for agentic configs only"));
            }
        }
        for (LaunchTarget t : LaunchResolver.targets(c, false, fixed.stream().filter(Reviewer::speculative).toList(), change.headFiles(),
                change.head().runners())) {
            if (!t.resolved() || t.recipe()) {
                continue;
            }
            for (var r : AcceptanceReader.anySynthetic(change.headFiles().loaded(t.path()).view())) {
                out.add(new Finding(Verdict.FAIL, c.key(), r.at(), r.evidence() + " in " + t.path() + ", the launch script "
                        + "of a fixed-seq-len config: synthetic acceptance is for agentic configs only"));
            }
        }
        return out;
    }

    // ---- 12: append-only ----

    private List<Finding> appendOnly() {
        List<ChangelogEntry> entries = change.newEntries();
        List<ChangelogEntry> promised = entries.stream().filter(ChangelogEntry::appendOnly).toList();
        if (promised.isEmpty()) {
            return List.of();
        }
        if (promised.size() < entries.size()) {
            ChangelogEntry regular = entries.stream().filter(e -> !e.appendOnly()).findFirst().orElseThrow();
            return List.of(new Finding(Verdict.FAIL, regular.label(), regular.pos(), "the change adds append-only and "
                    + "regular entries together: an append-only change adds append-only entries only"));
        }
        List<Finding> out = new ArrayList<>();
        Map<Integer, ChangelogEntry> byNumber = new HashMap<>();
        promised.forEach(e -> byNumber.put(e.number(), e));
        for (Plan.AppendOnlyCheck check : change.appendOnly().get()) {
            ChangelogEntry e = byNumber.get(check.entry());
            Position at = e == null ? null : e.pos();
            String label = e == null ? "entry " + check.entry() : e.label();
            if (check.holds()) {
                out.add(new Finding(Verdict.PASS, label, at, Plural.count(check.basePoints(), "existing point keeps its", "existing points keep their")
                        + " recipe; " + Plural.count(check.newPoints().size(), "new point")));
            } else if (!check.sweepComputed()) {
                out.add(new Finding(Verdict.FAIL, label, at, "the sweep cannot be computed, so the promise is not proven "
                        + "(validate-changelog names why)"));
            } else {
                out.add(new Finding(Verdict.FAIL, label, at, "append-only breaks: "
                        + Plural.count(check.removed().size(), "existing point") + " removed, " + check.changed().size() + " with another recipe, "
                        + check.rerun().size() + " rerun (sweepgate plan lists them)"));
            }
        }
        return out;
    }

    // ---- 0, 8 ----

    private List<Review.Owner> owners() {
        CodeOwners owners = null;
        String file = null;
        for (String candidate : CODEOWNERS) {
            byte[] bytes = change.headFiles().read(candidate);
            if (bytes != null) {
                owners = CodeOwners.parse(bytes);
                file = candidate;
                break;
            }
        }
        List<Review.Owner> out = new ArrayList<>();
        for (Change.ChangedFile f : change.files()) {
            CodeOwners.Rule r = owners == null ? null : owners.ruleFor(f.path());
            out.add(new Review.Owner(f.path(), r == null ? List.of() : r.owners(), r == null ? null : file + ":" + r.line()
                    + " (" + r.pattern() + ")"));
        }
        return out;
    }

    private List<String> forReviewer() {
        List<String> out = new ArrayList<>();
        out.add("1-4: a passing sweep and evals on a commit of this pull request, recipe links merged upstream, the reuse command posted");
        out.add("5: the checklist template's wording");
        List<String> flags = new ArrayList<>();
        for (Change.ChangedFile f : change.files()) {
            for (Change.AddedLine l : f.addedLines()) {
                if (ARCHITECTURE_FLAGS.stream().anyMatch(l.text()::contains)) {
                    flags.add(f.path() + ":" + l.line() + ": " + l.text().strip());
                }
            }
        }
        out.add("8: architecture-changing flags need judgement" + (flags.isEmpty() ? "; the change adds no --hf-overrides, "
                + "hf_overrides or --json-model-override-args" : "; the change adds: " + String.join("; ", flags)));
        return out;
    }

    // ---- disable comments and problems ----

    private Map<String, byte[]> sources() {
        Map<String, byte[]> all = new HashMap<>(configSources);
        all.putAll(change.headFiles().sources());
        return all;
    }

    /** FAILs (and NOT CHECKABLEs) on a line with {@code # sweepgate: disable=RULE} are waived (a documented exception). */
    private List<CheckResult> waive(List<CheckResult> checks) {
        Map<String, byte[]> sources = sources();
        List<CheckResult> out = new ArrayList<>();
        for (CheckResult c : checks) {
            List<Finding> findings = new ArrayList<>();
            for (Finding f : c.findings()) {
                // A NOT CHECKABLE of 6a/6b (no sign-off text) is documented by the comment as well as a FAIL is.
                if ((f.verdict() == Verdict.FAIL || f.verdict() == Verdict.NOT_CHECKABLE) && f.at() != null && f.at().line() > 0
                        && Sources.apply(List.of(problem(c, f)), sources).isEmpty()) {
                    findings.add(f.waive());
                } else {
                    findings.add(f);
                }
            }
            out.add(new CheckResult(c.number(), c.title(), c.rule(), findings));
        }
        return out;
    }

    private static Problem problem(CheckResult c, Finding f) {
        Position at = f.at() == null ? Position.ofFile("") : f.at();
        Problem.Severity severity = f.verdict() == Verdict.FAIL ? Problem.Severity.ERROR : Problem.Severity.WARNING;
        return new Problem(severity, at.file(), at.line(), at.column(), c.rule(),
                "check " + c.number() + " (" + c.title() + "): " + f.subject() + ": " + f.message()
                        + (f.verdict() == Verdict.NOT_CHECKABLE ? " (not checkable)" : ""));
    }

    private List<Problem> problems(List<CheckResult> checks) {
        List<Problem> out = new ArrayList<>(change.problems());
        List<Problem> outside = change.headFiles().problems();
        out.addAll(outside);
        Set<Position> refused = new java.util.HashSet<>();
        outside.forEach(p -> refused.add(new Position(p.file(), p.line(), p.column())));
        for (CheckResult c : checks) {
            for (Finding f : c.findings()) {
                // A file not read because it is outside the repository is that error, not a second warning at its line.
                boolean isRefusal = f.verdict() == Verdict.NOT_CHECKABLE && refused.contains(f.at());
                if (!f.waived() && !isRefusal && (f.verdict() == Verdict.FAIL || f.verdict() == Verdict.NOT_CHECKABLE)) {
                    out.add(problem(c, f));
                }
            }
        }
        return Sources.apply(out, sources());
    }
}
