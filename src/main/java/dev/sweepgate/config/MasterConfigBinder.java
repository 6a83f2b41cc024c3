package dev.sweepgate.config;

import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.schema.Field;
import dev.sweepgate.schema.Kind;
import dev.sweepgate.schema.Shape;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YSeq;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Turns one top-level entry of a master config into a {@link MasterConfig}, checking configs.md.
 * Fields are read by their definitions in {@link ConfigFormat}; rules across fields live here.
 */
final class MasterConfigBinder {
    /** Fields of the other kind of entry: reported by a dedicated message, not again as unknown. */
    private static final List<String> MISPLACED_IN_SINGLE_NODE = List.of("kv-p2p-transfer", "prefill", "decode");
    private static final List<String> MISPLACED_IN_MULTI_NODE = List.of("tp");

    private final Problems problems;

    MasterConfigBinder(Problems problems) {
        this.problems = problems;
    }

    /** Returns the config, or null when it breaks a rule (the problems say which). */
    MasterConfig bind(YScalar keyNode, YNode value) {
        String key = (String) keyNode.value();
        String what = "config '" + key + "'";
        int before = problems.size();
        if (!(value instanceof YMap map)) {
            problems.error(value.pos(), "config.type", what + " must be a mapping of fields, got " + value.describe());
            return null;
        }
        MapReader r = new MapReader(map, what, problems);
        Shape c = ConfigFormat.CONFIG;
        r.rejectUnknown(c);
        String image = r.string(c.field("image"));
        String model = r.string(c.field("model"));
        String modelPrefix = r.string(c.field("model-prefix"));
        String precision = r.string(c.field("precision"));
        String framework = r.string(c.field("framework"));
        String runner = r.string(c.field("runner"));
        Boolean multinode = r.bool(c.field("multinode"));
        Boolean disaggValue = r.bool(c.field("disagg"));
        boolean disagg = Boolean.TRUE.equals(disaggValue);
        if (disagg && Boolean.FALSE.equals(multinode)) {
            problems.error(map.get("disagg").pos(), "config.disagg-single-node",
                    what + " sets disagg: true but multinode: false; disaggregated serving needs multinode: true");
        }
        Component router = component(r, c.field("router"));
        String transfer = r.string(c.field("kv-p2p-transfer"));
        if (transfer != null && Boolean.FALSE.equals(multinode)) {
            problems.error(map.get("kv-p2p-transfer").pos(), "config.transfer-single-node",
                    "`kv-p2p-transfer` in " + what + " needs multinode: true; remove it from this single-node config");
        }
        boolean isMultinode = Boolean.TRUE.equals(multinode);

        List<Scenario.FixedSeqLen> fixed = new ArrayList<>();
        List<Scenario.AgenticCoding> agentic = new ArrayList<>();
        Set<ScenarioType> scenarioKeys = EnumSet.noneOf(ScenarioType.class);
        YMap scenarios = r.mapping(c.field("scenarios"));
        if (scenarios != null) {
            MapReader s = new MapReader(scenarios, "the scenarios of " + what, problems);
            s.rejectUnknown(ConfigFormat.SCENARIOS);
            YSeq fixedList = s.list(ConfigFormat.SCENARIOS.field("fixed-seq-len"));
            YSeq agenticList = s.list(ConfigFormat.SCENARIOS.field("agentic-coding"));
            if (scenarios.has("fixed-seq-len")) {
                scenarioKeys.add(ScenarioType.FIXED_SEQ_LEN);
            }
            if (scenarios.has("agentic-coding")) {
                scenarioKeys.add(ScenarioType.AGENTIC_CODING);
            }
            if (fixedList != null) {
                for (YNode item : fixedList.items()) {
                    Scenario.FixedSeqLen f = fixedItem(item, what, isMultinode);
                    if (f != null) {
                        fixed.add(f);
                    }
                }
            }
            if (agenticList != null) {
                for (YNode item : agenticList.items()) {
                    Scenario.AgenticCoding a = agenticItem(item, what, isMultinode);
                    if (a != null) {
                        agentic.add(a);
                    }
                }
            }
            boolean anyItems = (fixedList != null && fixedList.size() > 0) || (agenticList != null && agenticList.size() > 0);
            if (!anyItems && !problems.hasErrorsSince(before)) {
                problems.error(scenarios.pos(), "config.no-scenarios", what
                        + " has no scenario: give `fixed-seq-len` or `agentic-coding` at least one item");
            }
            if (agenticList != null && agenticList.size() > 0 && runner != null && !runner.startsWith("cluster:")) {
                problems.error(map.get("runner").pos(), "config.agentic-runner", what + " has agentic-coding scenarios, so its runner must be a "
                        + "`cluster:` label (got `" + runner + "`)");
            }
        }
        checkDeclaredOnce(what, map, fixed, agentic);
        checkDisaggTransfer(what, map, disagg, transfer, fixed, agentic);
        if (problems.hasErrorsSince(before)) {
            return null;
        }
        return new MasterConfig(key, image, model, modelPrefix, precision, framework, runner, isMultinode, disagg,
                router, transfer, fixed, agentic, scenarioKeys, map, keyNode.pos());
    }

    private Scenario.FixedSeqLen fixedItem(YNode node, String what, boolean multinode) {
        if (!(node instanceof YMap map)) {
            problems.error(node.pos(), "config.type", "items of fixed-seq-len in " + what
                    + " must be mappings with isl, osl and search-space, got " + node.describe());
            return null;
        }
        String itemWhat = "a fixed-seq-len item of " + what;
        MapReader r = new MapReader(map, itemWhat, problems);
        Shape item = ConfigFormat.FIXED_SEQ_LEN_ITEM;
        r.rejectUnknown(item);
        Integer isl = r.integer(item.field("isl"));
        Integer osl = r.integer(item.field("osl"));
        YSeq space = r.list(item.field("search-space"));
        List<SearchEntry> entries = new ArrayList<>();
        if (space != null) {
            for (YNode e : space.items()) {
                SearchEntry entry = multinode ? multiNodeEntry(e, what, ConfigFormat.MULTI_NODE_ENTRY, false)
                        : singleNodeEntry(e, what, ConfigFormat.SINGLE_NODE_ENTRY, false);
                if (entry != null) {
                    entries.add(entry);
                }
            }
        }
        if (isl == null || osl == null || space == null) {
            return null;
        }
        return new Scenario.FixedSeqLen(isl, osl, entries, map.pos());
    }

    private Scenario.AgenticCoding agenticItem(YNode node, String what, boolean multinode) {
        if (!(node instanceof YMap map)) {
            problems.error(node.pos(), "config.type", "items of agentic-coding in " + what
                    + " must be mappings with search-space, got " + node.describe());
            return null;
        }
        MapReader r = new MapReader(map, "an agentic-coding item of " + what, problems);
        Shape item = ConfigFormat.AGENTIC_ITEM;
        r.rejectUnknown(item);
        Field dramField = item.field("dram-utilization");
        Kind.Num dramRange = dramField.kind(Kind.Num.class);
        Double dram = r.number(dramField);
        if (dram != null && !(dram > dramRange.exclusiveMin() && dram <= dramRange.max())) {
            problems.error(map.get("dram-utilization").pos(), "config.range", "`dram-utilization` in " + what
                    + " is " + ((YScalar) map.get("dram-utilization")).text() + "; it must be a fraction in (0, 1], such as 0.9");
        }
        YSeq space = r.list(item.field("search-space"));
        List<SearchEntry> entries = new ArrayList<>();
        boolean needsDram = false;
        if (space != null) {
            for (YNode e : space.items()) {
                SearchEntry entry = agenticEntry(e, what, multinode);
                if (entry != null) {
                    entries.add(entry);
                    needsDram |= "dram".equals(entry.kvOffloading());
                }
            }
        }
        if (needsDram && !map.has("dram-utilization")) {
            problems.error(map.pos(), "config.dram-utilization", "an agentic-coding item of " + what
                    + " offloads KV cache to DRAM (kv-offloading: dram) but sets no `dram-utilization`: add one, such as dram-utilization: 0.9");
        }
        if (space == null) {
            return null;
        }
        return new Scenario.AgenticCoding(entries, dram, map.pos());
    }

    private SearchEntry agenticEntry(YNode node, String what, boolean multinode) {
        if (!(node instanceof YMap map)) {
            problems.error(node.pos(), "config.type", "search-space entries in " + what + " must be mappings, got " + node.describe());
            return null;
        }
        boolean hasTp = map.has("tp");
        boolean hasWorkers = map.has("prefill") || map.has("decode");
        String entryWhat = "an agentic-coding search-space entry of " + what;
        SearchEntry entry;
        if (hasTp && !hasWorkers) {
            if (multinode) {
                problems.error(map.pos(), "config.form", entryWhat + " has the single-node form (tp) but the config is multinode: true; "
                        + "give prefill and decode workers instead of tp");
                return null;
            }
            entry = singleNodeEntry(map, what, ConfigFormat.AGENTIC_ENTRY, true);
        } else if (!hasTp && map.has("prefill") && map.has("decode")) {
            if (!multinode) {
                problems.error(map.pos(), "config.form", entryWhat + " has the multi-node form (prefill and decode) but the config is "
                        + "multinode: false; give tp instead of workers");
                return null;
            }
            for (String field : List.of("pp", "dcp-size", "pcp-size")) {
                YMap.Entry e = map.entry(field);
                if (e != null) {
                    problems.error(e.key().pos(), "config.form", "`" + field + "` is not allowed in a multi-node " + entryWhat.substring(3)
                            + ": set it on the prefill or decode worker instead");
                }
            }
            entry = multiNodeEntry(map, what, ConfigFormat.AGENTIC_ENTRY, true);
        } else {
            problems.error(map.pos(), "config.form", entryWhat + " must either set tp (single-node form) or both prefill and decode "
                    + "(multi-node form), not " + (hasTp ? "tp together with workers" : "one worker alone or neither"));
            return null;
        }
        return entry;
    }

    private SearchEntry singleNodeEntry(YNode node, String what, Shape shape, boolean agentic) {
        if (!(node instanceof YMap map)) {
            problems.error(node.pos(), "config.type", "search-space entries in " + what + " must be mappings, got " + node.describe());
            return null;
        }
        int before = problems.size();
        String entryWhat = "a search-space entry of " + what;
        MapReader r = new MapReader(map, entryWhat, problems);
        if (!agentic) {
            reportMisplaced(map, entryWhat);
        }
        r.rejectUnknown(shape, agentic ? List.of() : MISPLACED_IN_SINGLE_NODE);
        Integer tp = r.integer(shape.field("tp"));
        int pp = orOne(r.integer(shape.field("pp")));
        int dcp = orOne(r.integer(shape.field("dcp-size")));
        int pcp = orOne(r.integer(shape.field("pcp-size")));
        Integer ep = r.integer(shape.field("ep"));
        Boolean dpAttn = r.bool(shape.field("dp-attn"));
        String spec = specDecoding(r, shape);
        Component router = component(r, shape.field("router"));
        String transfer = agentic ? r.string(shape.field("kv-p2p-transfer")) : null;
        if (transfer != null) {
            problems.error(map.get("kv-p2p-transfer").pos(), "config.transfer-single-node",
                    "`kv-p2p-transfer` in " + entryWhat + " needs multinode: true; remove it");
        }
        Concurrency conc = concurrency(r, shape);
        if (tp != null && tp % dcp != 0) {
            problems.error(map.get("tp").pos(), "config.dcp-divides-tp", "tp " + tp + " in " + entryWhat
                    + " is not divisible by dcp-size " + dcp + ": choose a dcp-size that divides tp");
        }
        String kvOffloading = null;
        Component backend = null;
        if (agentic) {
            kvOffloading = kvOffloading(r, shape, true);
            backend = kvOffloadBackend(r, shape, kvOffloading);
        }
        if (problems.hasErrorsSince(before)) {
            return null;
        }
        return new SearchEntry(tp, pp, dcp, pcp, ep, dpAttn, spec, router, transfer, conc, null, null,
                kvOffloading, backend, map.pos());
    }

    private SearchEntry multiNodeEntry(YNode node, String what, Shape shape, boolean agentic) {
        if (!(node instanceof YMap map)) {
            problems.error(node.pos(), "config.type", "search-space entries in " + what + " must be mappings, got " + node.describe());
            return null;
        }
        int before = problems.size();
        String entryWhat = "a multi-node search-space entry of " + what;
        MapReader r = new MapReader(map, entryWhat, problems);
        if (!agentic && map.has("tp")) {
            problems.error(map.entry("tp").key().pos(), "config.form", "`tp` is not a field of " + entryWhat
                    + " (multinode: true): set tp on the prefill and decode workers");
        }
        r.rejectUnknown(shape, agentic ? List.of() : MISPLACED_IN_MULTI_NODE);
        String spec = specDecoding(r, shape);
        Worker prefill = worker(r, shape.field("prefill"), entryWhat);
        Worker decode = worker(r, shape.field("decode"), entryWhat);
        if (prefill != null && decode != null && (prefill.hardware() == null) != (decode.hardware() == null)) {
            problems.error(map.pos(), "config.hardware-pairing", entryWhat + " sets `hardware` on "
                    + (prefill.hardware() != null ? "prefill" : "decode") + " only: set it on both workers or on neither");
        }
        Component router = component(r, shape.field("router"));
        String transfer = r.string(shape.field("kv-p2p-transfer"));
        Concurrency conc = concurrency(r, shape);
        Integer ep = agentic ? r.integer(shape.field("ep")) : null;
        Boolean dpAttn = agentic ? r.bool(shape.field("dp-attn")) : null;
        String kvOffloading = null;
        Component backend = null;
        if (agentic) {
            kvOffloading = kvOffloading(r, shape, false);
            backend = kvOffloadBackend(r, shape, kvOffloading);
        }
        if (problems.hasErrorsSince(before)) {
            return null;
        }
        return new SearchEntry(null, 1, 1, 1, ep, dpAttn, spec, router, transfer, conc, prefill, decode,
                kvOffloading, backend, map.pos());
    }

    /** Fields that belong to the other kind of entry get a message that names the real cause. */
    private void reportMisplaced(YMap map, String entryWhat) {
        YMap.Entry transfer = map.entry("kv-p2p-transfer");
        if (transfer != null) {
            problems.error(transfer.key().pos(), "config.transfer-single-node",
                    "`kv-p2p-transfer` in " + entryWhat + " needs multinode: true; remove it from this single-node entry");
        }
        for (String worker : List.of("prefill", "decode")) {
            YMap.Entry e = map.entry(worker);
            if (e != null) {
                problems.error(e.key().pos(), "config.form", "`" + worker + "` in " + entryWhat
                        + " needs multinode: true; single-node entries set tp directly");
            }
        }
    }

    private Worker worker(MapReader parent, Field field, String entryWhat) {
        YMap map = parent.mapping(field);
        if (map == null) {
            return null;
        }
        int before = problems.size();
        String what = "the " + field.name() + " worker of " + entryWhat;
        MapReader r = new MapReader(map, what, problems);
        Shape w = field.kind(Kind.Obj.class).shape();
        r.rejectUnknown(w);
        Integer numWorker = r.integer(w.field("num-worker"));
        Integer tp = r.integer(w.field("tp"));
        int pp = orOne(r.integer(w.field("pp")));
        int dcp = orOne(r.integer(w.field("dcp-size")));
        int pcp = orOne(r.integer(w.field("pcp-size")));
        Integer ep = r.integer(w.field("ep"));
        Boolean dpAttn = r.bool(w.field("dp-attn"));
        String hardware = r.string(w.field("hardware"));
        List<String> settings = r.stringList(w.field("additional-settings"));
        if (tp != null && tp % dcp != 0) {
            problems.error(map.get("tp").pos(), "config.dcp-divides-tp", "tp " + tp + " of " + what
                    + " is not divisible by dcp-size " + dcp + ": choose a dcp-size that divides tp");
        }
        if (problems.hasErrorsSince(before)) {
            return null;
        }
        List<Position> settingPositions = new ArrayList<>();
        if (map.get("additional-settings") instanceof YSeq seq) {
            for (YNode item : seq.items()) {
                settingPositions.add(item.pos());
            }
        }
        return new Worker(numWorker, tp, pp, dcp, pcp, ep, dpAttn, hardware, settings, map.pos(), settingPositions);
    }

    private String specDecoding(MapReader r, Shape shape) {
        Field field = shape.field("spec-decoding");
        List<String> values = field.kind(Kind.Enum.class).values();
        String spec = r.enumText(field);
        if (spec == null) {
            return (String) field.defaultValue();
        }
        if (!values.contains(spec)) {
            problems.error(r.map().get("spec-decoding").pos(), "config.spec-decoding", "`spec-decoding` in " + r.what()
                    + " is `" + spec + "`; it must be one of " + String.join(", ", values));
            return null;
        }
        return spec;
    }

    private String kvOffloading(MapReader r, Shape shape, boolean required) {
        Field field = shape.field("kv-offloading");
        List<String> values = field.kind(Kind.Enum.class).values();
        if (!r.has("kv-offloading") && required) {
            problems.error(r.pos(), "config.missing-field", r.what() + " lacks the required field `kv-offloading` (none or dram)");
            return null;
        }
        String value = r.enumText(field);
        if (value != null && !values.contains(value)) {
            problems.error(r.map().get("kv-offloading").pos(), "config.kv-offloading", "`kv-offloading` in " + r.what()
                    + " is `" + value + "`; it must be " + String.join(" or ", values));
            return null;
        }
        return value;
    }

    private Component kvOffloadBackend(MapReader r, Shape shape, String kvOffloading) {
        Component backend = component(r, shape.field("kv-offload-backend"));
        if ("dram".equals(kvOffloading) && !r.has("kv-offload-backend")) {
            problems.error(r.pos(), "config.kv-offload-backend", r.what()
                    + " offloads KV cache to DRAM but names no `kv-offload-backend`: add one, such as kv-offload-backend: { name: lmcache }");
        }
        if (!"dram".equals(kvOffloading) && r.has("kv-offload-backend")) {
            problems.error(r.map().entry("kv-offload-backend").key().pos(), "config.kv-offload-backend",
                    "`kv-offload-backend` in " + r.what() + " needs kv-offloading: dram; remove it or offload to DRAM");
        }
        return backend;
    }

    private Concurrency concurrency(MapReader r, Shape shape) {
        Field listField = shape.field("conc-list");
        boolean hasList = r.has("conc-list");
        boolean hasStart = r.has("conc-start");
        boolean hasEnd = r.has("conc-end");
        String what = r.what();
        if (hasList && (hasStart || hasEnd)) {
            problems.error(r.pos(), "config.concurrency", what + " sets both conc-list and conc-start/conc-end: keep one form");
            return null;
        }
        if (hasList) {
            YSeq seq = r.list(listField);
            if (seq == null) {
                return null;
            }
            if (seq.size() == 0 && listField.kind(Kind.ListOf.class).nonEmpty()) {
                problems.error(seq.pos(), "config.concurrency", "`conc-list` in " + what + " is empty: list at least one concurrency");
                return null;
            }
            List<Integer> values = new ArrayList<>();
            for (YNode item : seq.items()) {
                Integer v = r.integerItem(item, listField);
                if (v == null) {
                    return null;
                }
                values.add(v);
            }
            return new Concurrency.ListOf(values);
        }
        if (!hasStart && !hasEnd) {
            problems.error(r.pos(), "config.concurrency", what + " sets no concurrency: add conc-list, or conc-start and conc-end");
            return null;
        }
        if (hasStart != hasEnd) {
            problems.error(r.pos(), "config.concurrency", what + " sets " + (hasStart ? "conc-start without conc-end" : "conc-end without conc-start")
                    + ": give both, or use conc-list");
            return null;
        }
        Integer start = r.integer(shape.field("conc-start"));
        Integer end = r.integer(shape.field("conc-end"));
        if (start == null || end == null) {
            return null;
        }
        if (start > end) {
            problems.error(r.map().get("conc-start").pos(), "config.concurrency", what + " has conc-start " + start
                    + " above conc-end " + end + ": swap them");
            return null;
        }
        return new Concurrency.Range(start, end);
    }

    /** A router-like component: exactly name and version (version optional for kv-offload-backend). */
    private Component component(MapReader parent, Field component) {
        String field = component.name();
        Shape shape = component.kind(Kind.Obj.class).shape();
        YMap map = parent.mapping(component);
        if (map == null) {
            return null;
        }
        int before = problems.size();
        MapReader r = new MapReader(map, "`" + field + "` of " + parent.what(), problems);
        r.rejectUnknown(shape);
        String name = r.string(shape.field("name"));
        String version = r.string(shape.field("version"));
        if (version != null && version.startsWith("image:")) {
            problems.error(map.get("version").pos(), "config.component-version", "the version of `" + field + "` in " + parent.what()
                    + " is `" + version + "`: a component names its own release (such as 0.5.2), not the image it ships in");
        }
        if (problems.hasErrorsSince(before)) {
            return null;
        }
        return new Component(name, version);
    }

    private void checkDeclaredOnce(String what, YMap map, List<Scenario.FixedSeqLen> fixed, List<Scenario.AgenticCoding> agentic) {
        for (String field : List.of("router", "kv-p2p-transfer")) {
            if (!map.has(field)) {
                continue;
            }
            for (SearchEntry e : entries(fixed, agentic)) {
                boolean inEntry = field.equals("router") ? e.router() != null : e.kvP2pTransfer() != null;
                if (inEntry) {
                    problems.error(e.pos(), "config.declared-twice", "`" + field + "` is declared at the top of " + what
                            + " and again in this search-space entry: declare it in one place only");
                }
            }
        }
    }

    private void checkDisaggTransfer(String what, YMap map, boolean disagg, String transfer,
                                     List<Scenario.FixedSeqLen> fixed, List<Scenario.AgenticCoding> agentic) {
        if (!disagg || transfer != null || map.has("kv-p2p-transfer")) {
            return;
        }
        List<SearchEntry> all = entries(fixed, agentic);
        if (all.isEmpty() && !map.has("scenarios")) {
            return;
        }
        if (all.isEmpty()) {
            problems.error(map.get("disagg").pos(), "config.disagg-transfer", what
                    + " sets disagg: true but has no search-space entries and no top-level `kv-p2p-transfer`: add kv-p2p-transfer (such as nixl)");
            return;
        }
        for (SearchEntry e : all) {
            if (e.kvP2pTransfer() == null) {
                problems.error(e.pos(), "config.disagg-transfer", "this search-space entry of " + what
                        + " (disagg: true) names no `kv-p2p-transfer`: set it here, or once at the top of the config");
            }
        }
    }

    private static List<SearchEntry> entries(List<Scenario.FixedSeqLen> fixed, List<Scenario.AgenticCoding> agentic) {
        List<SearchEntry> all = new ArrayList<>();
        for (Scenario.FixedSeqLen f : fixed) {
            all.addAll(f.searchSpace());
        }
        for (Scenario.AgenticCoding a : agentic) {
            all.addAll(a.searchSpace());
        }
        return all;
    }

    private static int orOne(Integer value) {
        return value == null ? 1 : value;
    }
}
