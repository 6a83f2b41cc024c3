package dev.sweepgate.config;

import dev.sweepgate.problem.Problems;
import dev.sweepgate.schema.Field;
import dev.sweepgate.schema.Kind;
import dev.sweepgate.schema.Shape;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YSeq;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Checks {@code configs/runners.yaml} (fields as {@link ConfigFormat#RUNNER_CONFIG} defines them) and turns it into a {@link RunnerConfig}. */
final class RunnerConfigBinder {
    private final Problems problems;

    RunnerConfigBinder(Problems problems) {
        this.problems = problems;
    }

    RunnerConfig bind(YNode root, String file) {
        if (!(root instanceof YMap map)) {
            problems.error(root.pos(), "runners.type", "the runner config " + file
                    + " must be a mapping with `labels` (and optionally `hardware`), got " + root.describe());
            return null;
        }
        int before = problems.size();
        MapReader r = new MapReader(map, "the runner config", problems);
        Shape shape = ConfigFormat.RUNNER_CONFIG;
        r.rejectUnknown(shape);
        Map<String, List<String>> labels = new LinkedHashMap<>();
        Field labelsField = shape.field("labels");
        boolean nodesNonEmpty = ((Kind.ListOf) labelsField.kind(Kind.MapOf.class).value()).nonEmpty();
        YMap labelMap = r.mapping(labelsField);
        if (labelMap != null) {
            for (YMap.Entry e : labelMap.entries()) {
                String label = labelKey(e.key());
                if (label == null) {
                    continue;
                }
                if (!(e.value() instanceof YSeq seq)) {
                    problems.error(e.value().pos(), "runners.type", "runner label '" + label
                            + "' must be a list of runner node names, got " + e.value().describe());
                    continue;
                }
                if (seq.size() == 0 && nodesNonEmpty) {
                    problems.error(seq.pos(), "runners.empty-label", "runner label '" + label
                            + "' is an empty list: list its runner nodes, or remove the label");
                    continue;
                }
                List<String> nodes = new ArrayList<>();
                for (YNode item : seq.items()) {
                    if (item instanceof YScalar s && s.value() instanceof String str) {
                        nodes.add(str);
                    } else {
                        problems.error(item.pos(), "runners.type", "runner nodes of label '" + label
                                + "' must be strings, got " + item.describe() + ": quote it");
                    }
                }
                labels.put(label, nodes);
            }
        }
        Map<String, RunnerConfig.Hardware> hardware = new LinkedHashMap<>();
        Field hardwareField = shape.field("hardware");
        Shape hardwareShape = ((Kind.Obj) hardwareField.kind(Kind.MapOf.class).value()).shape();
        YMap hardwareMap = r.mapping(hardwareField);
        if (hardwareMap != null) {
            for (YMap.Entry e : hardwareMap.entries()) {
                String label = labelKey(e.key());
                if (label == null) {
                    continue;
                }
                if (!(e.value() instanceof YMap hw)) {
                    problems.error(e.value().pos(), "runners.type", "hardware of runner label '" + label
                            + "' must be a mapping with available-cpu-dram-mib and gpus-per-node, got " + e.value().describe());
                    continue;
                }
                MapReader h = new MapReader(hw, "the hardware of runner label '" + label + "'", problems);
                h.rejectUnknown(hardwareShape);
                Integer dram = h.integer(hardwareShape.field("available-cpu-dram-mib"));
                Integer gpus = h.integer(hardwareShape.field("gpus-per-node"));
                if (dram != null && gpus != null) {
                    hardware.put(label, new RunnerConfig.Hardware(dram, gpus));
                }
            }
        }
        if (problems.hasErrorsSince(before)) {
            return null;
        }
        return new RunnerConfig(labels, hardware);
    }

    private String labelKey(YScalar key) {
        if (key.value() instanceof String s) {
            return s;
        }
        problems.error(key.pos(), "runners.type", "runner labels must be strings, got " + key.describe() + ": quote it");
        return null;
    }
}
