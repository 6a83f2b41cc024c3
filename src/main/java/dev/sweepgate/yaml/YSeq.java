package dev.sweepgate.yaml;

import dev.sweepgate.problem.Position;
import java.util.ArrayList;
import java.util.List;

public record YSeq(List<YNode> items, Position pos) implements YNode {
    public YSeq {
        items = List.copyOf(items);
    }

    public int size() {
        return items.size();
    }

    public YNode get(int index) {
        return items.get(index);
    }

    @Override
    public String describe() {
        return "a list";
    }

    @Override
    public Object toPlain() {
        List<Object> out = new ArrayList<>(items.size());
        for (YNode item : items) {
            out.add(item.toPlain());
        }
        return out;
    }
}
