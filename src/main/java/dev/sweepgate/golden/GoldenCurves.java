package dev.sweepgate.golden;

import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.problem.Sources;
import dev.sweepgate.yaml.SourceFile;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YamlLoader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The golden acceptance-length curves: model → thinking mode → draft length → AL. Several
 * files may describe the same model (one per speculative method), so a model has a list.
 */
public record GoldenCurves(Map<String, List<Curve>> byModel) {
    public static final List<String> THINKING_MODES = List.of("thinking_on", "thinking_off");

    /** One thinking mode of one model in one file. */
    public record Curve(String file, String model, String thinkingMode, Map<Integer, BigDecimal> alByDraftLength) {
    }

    /**
     * Loads and checks every curve file.
     *
     * @throws ProblemException when a file does not have the curve shape
     */
    public static GoldenCurves load(List<SourceFile> files) {
        Problems problems = new Problems();
        Map<String, List<Curve>> byModel = new LinkedHashMap<>();
        for (SourceFile file : files) {
            YNode root;
            try {
                YamlLoader.Document doc = YamlLoader.standard().load(file.bytes(), file.name());
                problems.addAll(doc.problems());
                root = doc.root();
            } catch (ProblemException e) {
                problems.addAll(e.problems());
                continue;
            }
            if (!(root instanceof YMap models)) {
                problems.error(root.pos(), "golden.shape", file.name() + " must map model names to thinking modes, got " + root.describe());
                continue;
            }
            for (YMap.Entry model : models.entries()) {
                if (!(model.key().value() instanceof String name)) {
                    problems.error(model.key().pos(), "golden.shape", "model names in " + file.name() + " must be strings, got " + model.key().describe());
                    continue;
                }
                if (!(model.value() instanceof YMap modes)) {
                    problems.error(model.value().pos(), "golden.shape", "model '" + name + "' in " + file.name()
                            + " must map thinking_on / thinking_off to curves, got " + model.value().describe());
                    continue;
                }
                for (YMap.Entry mode : modes.entries()) {
                    Optional<Curve> curve = curve(file.name(), name, mode, problems);
                    curve.ifPresent(c -> byModel.computeIfAbsent(name, k -> new ArrayList<>()).add(c));
                }
            }
        }
        if (problems.hasErrors()) {
            Map<String, byte[]> sources = new HashMap<>();
            files.forEach(f -> sources.putIfAbsent(f.name(), f.bytes()));
            throw new ProblemException(Sources.apply(problems.all(), sources));
        }
        return new GoldenCurves(byModel);
    }

    private static Optional<Curve> curve(String file, String model, YMap.Entry mode, Problems problems) {
        Object modeName = mode.key().value();
        if (!(modeName instanceof String m) || !THINKING_MODES.contains(m)) {
            problems.error(mode.key().pos(), "golden.shape", "model '" + model + "' in " + file + " has the key `" + mode.key().text()
                    + "`; only thinking_on and thinking_off are thinking modes");
            return Optional.empty();
        }
        if (!(mode.value() instanceof YMap points)) {
            problems.error(mode.value().pos(), "golden.shape", m + " of model '" + model + "' in " + file
                    + " must map draft lengths to acceptance lengths, got " + mode.value().describe());
            return Optional.empty();
        }
        Map<Integer, BigDecimal> als = new LinkedHashMap<>();
        for (YMap.Entry point : points.entries()) {
            if (!(point.key().value() instanceof Long k) || k < 1 || k > Integer.MAX_VALUE) {
                problems.error(point.key().pos(), "golden.shape", "draft lengths in " + file
                        + " must be positive integers (num_speculative_tokens), got " + point.key().describe());
                continue;
            }
            BigDecimal al = number(point.value());
            if (al == null) {
                problems.error(point.value().pos(), "golden.shape", "the golden AL for draft length " + k + " in " + file
                        + " must be a number, got " + point.value().describe());
                continue;
            }
            als.put(k.intValue(), al);
        }
        return Optional.of(new Curve(file, model, m, als));
    }

    private static BigDecimal number(YNode node) {
        if (node instanceof YScalar s && s.value() instanceof Long l) {
            return BigDecimal.valueOf(l);
        }
        if (node instanceof YScalar s && s.value() instanceof Double d && Double.isFinite(d)) {
            return new BigDecimal(s.text().replace("_", ""));
        }
        return null;
    }

    /**
     * The curves of a config's model: the lower-cased name after the last {@code /} must equal a
     * curve's model name or start with it followed by {@code -}; the longest such name wins.
     */
    public Optional<String> modelFor(String configModel) {
        String name = configModel.substring(configModel.lastIndexOf('/') + 1).toLowerCase(java.util.Locale.ROOT);
        String best = null;
        for (String candidate : byModel.keySet()) {
            boolean matches = name.equals(candidate) || name.startsWith(candidate + "-");
            if (matches && (best == null || candidate.length() > best.length())) {
                best = candidate;
            }
        }
        return Optional.ofNullable(best);
    }

    /** A trailing weight format: {@code -fp8}, {@code -nvfp4-v2}, {@code -mxfp4}, {@code -int4}, {@code -bf16}. */
    private static final java.util.regex.Pattern QUANTIZATION = java.util.regex.Pattern.compile(
            "-(?:nv|mx)?(?:fp4|fp8|int4|int8|bf16|fp16)(?:-v\\d+)?$");

    /**
     * {@link #modelFor}, and when no curve matches, the curve measured on another weight format of
     * the same checkpoint ({@code glm-5.2-fp8} for {@code nvidia/GLM-5.2-NVFP4}): the launch scripts
     * pin one curve per model, since the quantized checkpoints ship the same draft head.
     */
    public Optional<String> modelForAnyWeightFormat(String configModel) {
        Optional<String> exact = modelFor(configModel);
        if (exact.isPresent()) {
            return exact;
        }
        String name = QUANTIZATION.matcher(configModel.substring(configModel.lastIndexOf('/') + 1)
                .toLowerCase(java.util.Locale.ROOT)).replaceFirst("");
        return byModel.keySet().stream().filter(c -> QUANTIZATION.matcher(c).replaceFirst("").equals(name)).sorted().findFirst();
    }

    /** The curve files, for messages: {@code golden_al_distribution/a.yaml, golden_al_distribution/b.yaml}. */
    public String describeFiles() {
        java.util.Set<String> files = new java.util.TreeSet<>();
        byModel.values().forEach(list -> list.forEach(c -> files.add(c.file())));
        return files.isEmpty() ? "the golden directory (it has no curves)" : String.join(", ", files);
    }

    public List<Curve> curves(String model) {
        return byModel.getOrDefault(model, List.of());
    }
}
