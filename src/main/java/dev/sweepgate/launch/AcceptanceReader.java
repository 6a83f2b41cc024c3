package dev.sweepgate.launch;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sweepgate.problem.Position;
import dev.sweepgate.launch.shell.ScriptView;
import dev.sweepgate.launch.shell.ShellScript.Statement;
import dev.sweepgate.launch.shell.Words;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YSeq;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads how a launch script or a recipe simulates acceptance for a throughput run
 * (golden-al.md): vLLM's {@code --speculative-config} with {@code "rejection_sample_method":
 * "synthetic"} and {@code "synthetic_acceptance_length"}, SGLang's {@code SGLANG_SIMULATE_ACC_LEN},
 * TRT-LLM's {@code TLLM_SPEC_DECODE_FORCE_NUM_ACCEPTED_TOKENS} (accepted draft tokens, the AL
 * minus one), ATOM's {@code --spec-decode-acceptance-length} (or {@code -rate}, times the draft
 * tokens plus one). Statements only an {@code EVAL_ONLY} run executes are not read: accuracy
 * runs verify for real.
 */
public final class AcceptanceReader {
    static final String SGLANG_ENV = "SGLANG_SIMULATE_ACC_LEN";
    static final String TRT_ENV = "TLLM_SPEC_DECODE_FORCE_NUM_ACCEPTED_TOKENS";
    static final String VLLM_FLAG = "--speculative-config";
    /** The JSON's value named by a variable, also one spliced between single-quoted parts of the JSON. */
    private static final Pattern VLLM_AL_VARIABLE = Pattern.compile("synthetic_acceptance_length\\\\?\"?\\s*:[\\s'\"]*\\$\\{?([A-Za-z_]\\w*)");
    private static final Pattern HEREDOC_DRAFT = Pattern.compile("^\\s*max_draft_len\\s*:\\s*(\\S+)\\s*$");
    /** {@code zip_override_x[2]}. */
    private static final Pattern SELECTOR = Pattern.compile("([A-Za-z0-9_.-]+)(?:\\[(\\d+)])?");
    /** ATOM takes a rate; a golden AL written with two decimals is met within this. */
    private static final BigDecimal RATE_TOLERANCE = new BigDecimal("0.005");

    private AcceptanceReader() {
    }

    /**
     * Made on first use: a mapper is costly to start (tens of milliseconds, at the end of a gate's golden
     * check), and only a recipe's speculative-config, printed back as JSON, needs one ({@link #vllmRecipe}).
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    /** The streaming parser a script's --speculative-config is read with: light to start. */
    private static final class Streaming {
        static final JsonFactory FACTORY = new JsonFactory();
    }

    /**
     * The members of a script's --speculative-config, a small flat JSON object, read with Jackson's streaming
     * parser; as an ObjectMapper reads the same text into a tree: a repeated name keeps its last value, a
     * float is a double, and what follows the object is not read.
     *
     * @param members by name: a String, a Number (Integer, Long, BigInteger or Double), a Boolean,
     *                {@link #NULL}, or a {@link Nested} object or array
     */
    private record JsonObject(Map<String, Object> members) {
        static final Object NULL = new Object() {
            @Override
            public String toString() {
                return "null";
            }
        };

        /** An object or array inside the object, as the script writes it. */
        record Nested(String text) {
            @Override
            public String toString() {
                return text;
            }
        }

        /** The object {@code text} holds; null when it is JSON but not an object. */
        static JsonObject parse(String text) throws IOException {
            try (JsonParser p = Streaming.FACTORY.createParser(text)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    return null;
                }
                Map<String, Object> members = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    members.put(name, value(p, p.nextToken(), text));
                }
                return new JsonObject(members);
            }
        }

        private static Object value(JsonParser p, JsonToken token, String text) throws IOException {
            return switch (token) {
                case VALUE_STRING -> p.getText();
                case VALUE_NUMBER_INT -> p.getNumberValue();
                case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
                case VALUE_TRUE, VALUE_FALSE -> token == JsonToken.VALUE_TRUE;
                case VALUE_NULL -> NULL;
                default -> {
                    long start = p.currentTokenLocation().getCharOffset();
                    p.skipChildren();
                    yield new Nested(text.substring((int) start, (int) p.currentLocation().getCharOffset()));
                }
            };
        }

        Object get(String name) {
            return members.get(name);
        }

        /** An int as a tree's node converts to one: an integer in range, a double in range truncated; else null. */
        static Integer toInt(Object value) {
            if (value instanceof Double d) {
                return d >= Integer.MIN_VALUE && d <= Integer.MAX_VALUE ? d.intValue() : null;
            }
            if (value instanceof Number n && !(n instanceof Double)) {
                java.math.BigInteger i = new java.math.BigInteger(n.toString());
                return i.bitLength() < 32 ? i.intValue() : null;
            }
            return null;
        }
    }

    /**
     * What a launch script pins for a throughput run.
     *
     * @param concurrencies the config's concurrencies that reach the script ({@code CONC}), for values
     *                      that depend on it; empty when not known
     */
    public static List<Reading> script(Engine engine, ScriptView view, String file, List<Integer> concurrencies) {
        return switch (engine) {
            case VLLM -> vllm(view, file, concurrencies);
            case SGLANG -> environment(view, file, SGLANG_ENV, BigDecimal.ZERO,
                    sglangDraft(flag -> draftFromFlags(view, "--" + flag, 0, null, 0).value()));
            case TRTLLM -> environment(view, file, TRT_ENV, BigDecimal.ONE, trtDraft(view));
            case ATOM -> atom(view, file);
        };
    }

    /** Whether a throughput run of the script sets any synthetic acceptance (for configs that must not). */
    public static List<Reading> anySynthetic(ScriptView view) {
        List<Reading> found = new ArrayList<>();
        for (Statement s : view.throughputCommands()) {
            String t = s.text();
            for (String marker : List.of(SGLANG_ENV + "=", TRT_ENV + "=", "synthetic_acceptance_length",
                    "--spec-decode-acceptance-length", "--spec-decode-acceptance-rate", "SYNTHETIC_ACCEPTANCE_LENGTH=")) {
                int at = t.indexOf(marker);
                if (at >= 0) {
                    found.add(Reading.notPinned(position(s, at), marker.replace("=", "") + " is set"));
                    break;
                }
            }
        }
        return found;
    }

    private static Position position(Statement s, int offset) {
        return new Position(s.file(), s.lineAt(offset), 0);
    }

    private static Position position(Statement s) {
        return new Position(s.file(), s.line(), 0);
    }

    // ---- vLLM ----

    private static List<Reading> vllm(ScriptView view, String file, List<Integer> concurrencies) {
        List<Reading> out = new ArrayList<>();
        List<Statement> evalUses = new ArrayList<>();
        for (Statement s : view.statements()) {
            if (s.heredoc()) {
                continue;
            }
            List<Words.Word> words = Words.of(s.text());
            for (int i = 0; i < words.size(); i++) {
                String w = words.get(i).raw();
                String value;
                int offset = words.get(i).offset();
                if (w.equals(VLLM_FLAG) && i + 1 < words.size()) {
                    value = words.get(i + 1).raw();
                    offset = words.get(i + 1).offset();
                } else if (w.startsWith(VLLM_FLAG + "=")) {
                    value = w.substring(VLLM_FLAG.length() + 1);
                } else {
                    continue;
                }
                ScriptView.Path path = ScriptView.path(s);
                if (path == ScriptView.Path.EVAL_ONLY || path == ScriptView.Path.NEVER) {
                    evalUses.add(s);
                    continue;
                }
                if (path == ScriptView.Path.UNKNOWN) {
                    out.add(Reading.unreadable(position(s, offset), VLLM_FLAG + " sits under a test of EVAL_ONLY this reader cannot read"));
                    continue;
                }
                out.addAll(vllmValue(view, s, value, offset, concurrencies));
            }
        }
        if (out.isEmpty()) {
            if (!evalUses.isEmpty()) {
                Statement first = evalUses.get(0);
                out.add(Reading.notPinned(position(first), VLLM_FLAG + " is passed only in the EVAL_ONLY branch (line "
                        + first.line() + "): the throughput run speculates without synthetic acceptance"));
            } else {
                out.add(Reading.notPinned(new Position(file, 1, 0), "the script passes no " + VLLM_FLAG
                        + ", so the throughput run does not simulate acceptance"));
            }
        }
        return out;
    }

    private static List<Reading> vllmValue(ScriptView view, Statement use, String raw, int offset, List<Integer> concurrencies) {
        ScriptView.Value v = view.resolve(raw, use);
        if (v.known()) {
            return List.of(vllmJson(view, use, v, offset, Map.of()));
        }
        return branches(view, use, raw, offset, concurrencies, VLLM_FLAG + " " + raw,
                alt -> vllmJson(view, use, alt.value(), offset, alt.assignments()));
    }

    /** What one text of the flag says; {@code assignments} are the branch's choices for variables assigned several times. */
    private static Reading vllmJson(ScriptView view, Statement use, ScriptView.Value v, int offset, Map<String, Statement> assignments) {
        Statement origin = v.origin();
        Position at = origin == use ? position(use, offset) : position(origin);
        JsonObject json;
        try {
            json = JsonObject.parse(v.text());
        } catch (IOException e) {
            return Reading.unreadable(at, VLLM_FLAG + " is not JSON: " + v.text());
        }
        if (json == null) {
            return Reading.unreadable(at, VLLM_FLAG + " is not a JSON object: " + v.text());
        }
        Object method = json.get("rejection_sample_method");
        Object length = json.get("synthetic_acceptance_length");
        Integer k = JsonObject.toInt(json.get("num_speculative_tokens"));
        boolean synthetic = "synthetic".equals(method);
        if (!synthetic || length == null) {
            return Reading.notPinned(at, "the throughput run's " + VLLM_FLAG + " " + v.text() + " has no "
                    + (!synthetic ? "\"rejection_sample_method\": \"synthetic\"" : "")
                    + (length == null ? (!synthetic ? " and no " : "") + "\"synthetic_acceptance_length\"" : ""));
        }
        if (!(length instanceof Number) && !(length instanceof String)) {
            return Reading.unreadable(at, "synthetic_acceptance_length is not a number: " + length);
        }
        BigDecimal al;
        try {
            al = new BigDecimal(length.toString());
        } catch (NumberFormatException e) {
            return Reading.notPinned(at, "synthetic_acceptance_length " + (length instanceof String ? "\"" + length + "\"" : length)
                    + " is not a number");
        }
        // The line that holds the value: the variable's assignment when the JSON names one.
        Matcher m = VLLM_AL_VARIABLE.matcher(origin.text());
        if (m.find()) {
            Statement chosen = assignments.get(m.group(1));
            ScriptView.Value holder = chosen != null ? null : view.variable(m.group(1), origin);
            if (chosen != null) {
                at = position(chosen);
            } else if (holder.known()) {
                at = position(holder.origin());
            }
        }
        return Reading.pinned(at, al, k, VLLM_FLAG + " " + v.text());
    }


    /**
     * A value that depends on the run's branches: read on every branch that can reach {@code use}, for
     * each of the config's concurrencies ({@code CONC}) when there are any, and each distinct finding
     * reported once (naming the concurrencies it holds for). Any branch that cannot be read makes the
     * whole value NOT CHECKABLE.
     */
    private static List<Reading> branches(ScriptView view, Statement use, String raw, int offset, List<Integer> concurrencies,
                                          String what, Function<ScriptView.Alternative, Reading> read) {
        List<Map<String, String>> runs = concurrencies.isEmpty() ? List.of(Map.of())
                : concurrencies.stream().distinct().map(c -> Map.of("CONC", String.valueOf(c))).toList();
        Map<List<Object>, Reading> found = new LinkedHashMap<>();
        Map<List<Object>, List<String>> concs = new LinkedHashMap<>();
        Map<List<Object>, Set<String>> branchTexts = new LinkedHashMap<>();
        List<String> without = new ArrayList<>();
        for (Map<String, String> facts : runs) {
            String conc = facts.isEmpty() ? "" : " (at CONC=" + facts.get("CONC") + ")";
            ScriptView.Alternatives alts = view.alternatives(raw, use, facts);
            if (!alts.known()) {
                return List.of(Reading.unreadable(position(alts.unknown().origin()), what + ": " + alts.unknown().reason() + conc));
            }
            if (alts.values().isEmpty() && !facts.isEmpty()) {
                without.add(facts.get("CONC"));
            }
            for (ScriptView.Alternative alt : alts.values()) {
                Reading r = read.apply(alt);
                if (r.kind() == Reading.Kind.UNREADABLE) {
                    return List.of(r.withEvidence(r.evidence() + conc));
                }
                List<Object> key = Arrays.asList(r.kind(), r.at(), r.al(), r.draftLength());
                found.putIfAbsent(key, r);
                branchTexts.computeIfAbsent(key, k -> new HashSet<>()).add(alt.value().text());
                concs.computeIfAbsent(key, k -> new ArrayList<>());
                if (!facts.isEmpty() && !concs.get(key).contains(facts.get("CONC"))) {
                    concs.get(key).add(facts.get("CONC"));
                }
            }
        }
        if (found.isEmpty()) {
            return List.of(Reading.notPinned(position(use, offset), what + " is passed on no branch a throughput run at the config's "
                    + "concurrencies takes, so it does not simulate acceptance"));
        }
        List<Reading> out = new ArrayList<>();
        String rest = without.isEmpty() ? "" : "; at CONC " + String.join(", ", without) + " no branch passes it";
        found.forEach((key, r) -> out.add(r.withEvidence(r.evidence() + " (on " + (branchTexts.get(key).size() == 1 ? "one branch"
                : branchTexts.get(key).size() + " branches") + " of the script"
                + (concs.get(key).isEmpty() ? "" : ", at CONC " + String.join(", ", concs.get(key))) + rest + ")")));
        return out;
    }

    // ---- SGLang and TRT-LLM: an environment variable ----

    private static List<Reading> environment(ScriptView view, String file, String name, BigDecimal plus, DraftLength draft) {
        List<Reading> out = new ArrayList<>();
        Pattern setting = Pattern.compile("(?:^|[\\s\"'(])" + name + "=");
        boolean onlyEval = false;
        for (Statement s : view.statements()) {
            if (s.heredoc()) {
                continue;
            }
            Matcher m = setting.matcher(s.text());
            if (!m.find()) {
                continue;
            }
            ScriptView.Path path = ScriptView.path(s);
            if (path == ScriptView.Path.EVAL_ONLY || path == ScriptView.Path.NEVER) {
                onlyEval = true;
                continue;
            }
            int valueAt = m.end();
            Position at = position(s, valueAt);
            if (path == ScriptView.Path.UNKNOWN) {
                out.add(Reading.unreadable(at, name + " sits under a test of EVAL_ONLY this reader cannot read"));
                continue;
            }
            List<Words.Word> rest = Words.of(s.text().substring(valueAt));
            String raw = rest.isEmpty() || rest.get(0).offset() != 0 ? "" : rest.get(0).raw();
            ScriptView.Value v = view.resolve(raw, s);
            if (!v.known()) {
                out.add(Reading.unreadable(position(v.origin()), name + "=" + raw + ": " + v.reason()));
                continue;
            }
            Position holder = v.origin() == s ? at : position(v.origin());
            try {
                BigDecimal value = new BigDecimal(v.text().strip());
                out.add(Reading.pinned(holder, value.add(plus), draft.value(), name + "=" + v.text().strip()
                        + (plus.signum() == 0 ? "" : " (AL " + value.add(plus).toPlainString() + ")")));
            } catch (NumberFormatException e) {
                out.add(Reading.notPinned(holder, name + "=" + v.text() + " is not a number"));
            }
        }
        if (out.isEmpty()) {
            out.add(Reading.notPinned(new Position(file, 1, 0), onlyEval
                    ? name + " is set only in the EVAL_ONLY branch: the throughput run does not simulate acceptance"
                    : "the script sets no " + name + ", so the throughput run does not simulate acceptance"));
        }
        return out;
    }

    // ---- ATOM ----

    private static List<Reading> atom(ScriptView view, String file) {
        List<Reading> out = new ArrayList<>();
        Integer k = draftFromFlags(view, "--num-speculative-tokens", 0, null, 0).value();
        for (Statement s : view.throughputCommands()) {
            List<Words.Word> words = Words.of(s.text());
            for (int i = 0; i + 1 < words.size(); i++) {
                String flag = words.get(i).raw();
                boolean length = flag.equals("--spec-decode-acceptance-length");
                if (!length && !flag.equals("--spec-decode-acceptance-rate")) {
                    continue;
                }
                Words.Word arg = words.get(i + 1);
                ScriptView.Value v = view.resolve(arg.raw(), s);
                Position at = position(s, arg.offset());
                if (!v.known()) {
                    out.add(Reading.unreadable(position(v.origin()), flag + " " + arg.raw() + ": " + v.reason()));
                    continue;
                }
                Position holder = v.origin() == s ? at : position(v.origin());
                BigDecimal value;
                try {
                    value = new BigDecimal(v.text().strip());
                } catch (NumberFormatException e) {
                    out.add(Reading.notPinned(holder, flag + " " + v.text() + " is not a number"));
                    continue;
                }
                if (length) {
                    out.add(Reading.pinned(holder, value, k, flag + " " + v.text()));
                } else if (k == null) {
                    out.add(Reading.unreadable(holder, flag + " " + v.text() + " needs the number of draft tokens "
                            + "(--num-speculative-tokens), which is not read statically"));
                } else {
                    BigDecimal al = value.multiply(BigDecimal.valueOf(k)).add(BigDecimal.ONE);
                    out.add(Reading.pinned(holder, al, k, flag + " " + v.text() + " with " + k + " draft tokens (AL "
                            + al.stripTrailingZeros().toPlainString() + ")").withTolerance(RATE_TOLERANCE));
                }
            }
        }
        if (out.isEmpty()) {
            out.add(Reading.notPinned(new Position(file, 1, 0), "the throughput run passes neither "
                    + "--spec-decode-acceptance-length nor --spec-decode-acceptance-rate, so it does not simulate acceptance"));
        }
        return out;
    }

    // ---- draft lengths ----

    /** A draft length read from the file, or null. */
    private record DraftLength(Integer value) {
    }

    private static DraftLength draftFromFlags(ScriptView view, String flag, int plus, String other, int otherPlus) {
        for (Statement s : view.throughputCommands()) {
            List<Words.Word> words = Words.of(s.text());
            for (int i = 0; i < words.size(); i++) {
                String w = words.get(i).raw();
                String raw = null;
                int add = 0;
                if (w.equals(flag) && i + 1 < words.size()) {
                    raw = words.get(i + 1).raw();
                    add = plus;
                } else if (w.startsWith(flag + "=")) {
                    raw = w.substring(flag.length() + 1);
                    add = plus;
                } else if (other != null && w.equals(other) && i + 1 < words.size()) {
                    raw = words.get(i + 1).raw();
                    add = otherPlus;
                }
                if (raw != null) {
                    Integer k = integer(view.resolve(raw, s));
                    if (k != null) {
                        return new DraftLength(k + add);
                    }
                }
            }
        }
        return new DraftLength(null);
    }

    /**
     * SGLang's draft length: DSpark's block size; else the draft tokens verified per step minus the
     * bonus token, for a chain ({@code --speculative-eagle-topk 1}); else the number of steps.
     */
    private static DraftLength sglangDraft(java.util.function.Function<String, Integer> setting) {
        Integer block = setting.apply("speculative-dspark-block-size");
        if (block != null) {
            return new DraftLength(block);
        }
        Integer tokens = setting.apply("speculative-num-draft-tokens");
        Integer topk = setting.apply("speculative-eagle-topk");
        if (tokens != null && (topk == null || topk == 1)) {
            return new DraftLength(tokens - 1);
        }
        return new DraftLength(setting.apply("speculative-num-steps"));
    }

    private static DraftLength trtDraft(ScriptView view) {
        for (Statement s : view.statements()) {
            if (!s.heredoc() || !ScriptView.path(s).throughput()) {
                continue;
            }
            Matcher m = HEREDOC_DRAFT.matcher(s.text());
            if (m.matches()) {
                Integer k = integer(view.resolve("\"" + m.group(1) + "\"", s));
                if (k != null) {
                    return new DraftLength(k);
                }
            }
        }
        return draftFromFlags(view, "--max_draft_len", 0, "--max-draft-len", 0);
    }

    private static Integer integer(ScriptView.Value v) {
        if (!v.known()) {
            return null;
        }
        try {
            return Integer.parseInt(v.text().strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // ---- recipes ----

    /**
     * What an srt-slurm recipe pins: the environment of the decode (or aggregated) workers for
     * SGLang and TRT-LLM, the {@code speculative-config} of vLLM's decode (or aggregated) workers.
     *
     * @param selector the recipe's {@code :override} suffix, or null
     */
    public static List<Reading> recipe(Engine engine, YNode root, String file, String selector) {
        Position top = new Position(file, 1, 0);
        if (!(root instanceof YMap map)) {
            return List.of(Reading.unreadable(top, "the recipe is not a mapping"));
        }
        // A recipe with variants keeps the shared settings under base: and each variant in a zip_override_* section.
        YMap effective = map.get("base") instanceof YMap base ? base : map;
        if (selector != null) {
            Matcher s = SELECTOR.matcher(selector);
            YNode override = s.matches() ? map.get(s.group(1)) : null;
            if (override == null) {
                return List.of(Reading.unreadable(top, "the selector :" + selector + " names no section of the recipe"));
            }
            if (!s.group(1).startsWith("zip_override") || !(override instanceof YMap zip)) {
                YNode found = find(override, SGLANG_ENV, TRT_ENV);
                YNode spec = found != null ? found : find(override, "speculative-config", "speculative_config");
                if (spec != null) {
                    return List.of(Reading.unreadable(new Position(file, spec.pos().line(), 0), "the override " + selector
                            + " sets the acceptance, and this reader merges only zip_override sections"));
                }
            } else {
                try {
                    effective = (YMap) RecipeVariants.zip(effective, zip, s.group(2) == null ? 0 : Integer.parseInt(s.group(2)));
                } catch (RecipeVariants.OutOfRange e) {
                    return List.of(Reading.unreadable(new Position(file, e.at().line(), e.at().column()), "the selector :"
                            + selector + " picks item " + s.group(2) + " of a list of " + e.size()));
                }
            }
        }
        if (!(effective.get("backend") instanceof YMap backend)) {
            return List.of(Reading.unreadable(top, "the recipe has no backend: section"));
        }
        return switch (engine) {
            case VLLM -> vllmRecipe(backend, file);
            case SGLANG -> envRecipe(backend, file, SGLANG_ENV, BigDecimal.ZERO, "sglang_config");
            case TRTLLM -> envRecipe(backend, file, TRT_ENV, BigDecimal.ONE, "trtllm_config");
            case ATOM -> List.of(Reading.unreadable(top, "no reader for ATOM recipes"));
        };
    }

    private static List<Reading> envRecipe(YMap backend, String file, String name, BigDecimal plus, String configKey) {
        List<Reading> out = new ArrayList<>();
        boolean disaggregated = backend.has("decode_environment") || backend.has("prefill_environment");
        for (String section : List.of("decode_environment", "aggregated_environment")) {
            if (!(backend.get(section) instanceof YMap env)) {
                continue;
            }
            YMap.Entry e = env.entry(name);
            if (e == null) {
                continue;
            }
            Position at = new Position(file, e.value().pos().line(), e.value().pos().column());
            String worker = section.substring(0, section.indexOf('_'));
            YNode settings = backend.get(configKey) instanceof YMap c && c.get(worker) != null ? c.get(worker) : backend;
            Integer k = configKey.equals("sglang_config") ? sglangDraft(key -> recipeInt(settings, key)).value()
                    : recipeInt(settings, "max_draft_len");
            if (!(e.value() instanceof YScalar scalar) || scalar.value() == null) {
                out.add(Reading.notPinned(at, name + " in " + section + " is not a value"));
                continue;
            }
            try {
                BigDecimal value = new BigDecimal(String.valueOf(scalar.value()).strip());
                out.add(Reading.pinned(at, value.add(plus), k, section + "." + name + "=" + scalar.value()
                        + (plus.signum() == 0 ? "" : " (AL " + value.add(plus).toPlainString() + ")")));
            } catch (NumberFormatException ex) {
                out.add(Reading.unreadable(at, section + "." + name + "=" + scalar.value() + " is not a number"));
            }
        }
        if (out.isEmpty()) {
            Position at = new Position(file, backend.pos().line(), 0);
            out.add(Reading.notPinned(at, "the recipe sets no " + name + " in its " + (disaggregated ? "decode_environment"
                    : "aggregated_environment") + ", so the benchmark does not simulate acceptance"));
        }
        return out;
    }

    private static List<Reading> vllmRecipe(YMap backend, String file) {
        List<Reading> out = new ArrayList<>();
        YNode config = backend.get("vllm_config");
        for (String section : List.of("decode", "aggregated")) {
            if (!(config instanceof YMap c) || !(c.get(section) instanceof YMap worker)) {
                continue;
            }
            YMap.Entry e = worker.entry("speculative-config");
            if (e == null) {
                e = worker.entry("speculative_config");
            }
            if (e == null) {
                out.add(Reading.notPinned(new Position(file, worker.pos().line(), 0), "vllm_config." + section
                        + " has no speculative-config with synthetic acceptance"));
                continue;
            }
            Position at = new Position(file, e.value().pos().line(), e.value().pos().column());
            JsonNode json;
            try {
                Object plain = e.value().toPlain();
                json = plain instanceof String text ? Json.MAPPER.readTree(text) : Json.MAPPER.valueToTree(plain);
            } catch (Exception ex) {
                out.add(Reading.unreadable(at, "speculative-config is not JSON"));
                continue;
            }
            JsonNode method = json.get("rejection_sample_method");
            JsonNode length = json.get("synthetic_acceptance_length");
            JsonNode draft = json.get("num_speculative_tokens");
            if (method == null || !"synthetic".equals(method.asText()) || length == null) {
                out.add(Reading.notPinned(at, "vllm_config." + section + ".speculative-config " + json
                        + " has no synthetic acceptance"));
                continue;
            }
            try {
                out.add(Reading.pinned(at, new BigDecimal(length.asText()), draft != null && draft.canConvertToInt()
                        ? draft.asInt() : null, "vllm_config." + section + ".speculative-config " + json));
            } catch (NumberFormatException ex) {
                out.add(Reading.unreadable(at, "synthetic_acceptance_length " + length + " is not a number"));
            }
        }
        if (out.isEmpty()) {
            out.add(Reading.notPinned(new Position(file, backend.pos().line(), 0),
                    "the recipe has no vllm_config.decode or vllm_config.aggregated with a speculative-config"));
        }
        return out;
    }

    private static Integer recipeInt(YNode node, String key) {
        YNode found = find(node, key, key);
        if (found instanceof YScalar s && s.value() instanceof Number n) {
            return n.intValue();
        }
        return null;
    }

    /** The first value under {@code node} whose key is {@code a} or {@code b}, depth first. */
    private static YNode find(YNode node, String a, String b) {
        if (node instanceof YMap m) {
            for (YMap.Entry e : m.entries()) {
                Object k = e.key().value();
                if (a.equals(k) || b.equals(k)) {
                    return e.value();
                }
                YNode inner = find(e.value(), a, b);
                if (inner != null) {
                    return inner;
                }
            }
        } else if (node instanceof YSeq s) {
            for (YNode item : s.items()) {
                YNode inner = find(item, a, b);
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }
}
