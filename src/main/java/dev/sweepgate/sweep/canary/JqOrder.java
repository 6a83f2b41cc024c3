package dev.sweepgate.sweep.canary;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.sweepgate.json.PythonJson;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * jq's order of JSON values, which its {@code min_by} sorts by: null (and a missing value), false,
 * true, numbers, strings, arrays, objects; numbers by value, strings by code point, arrays element
 * by element, objects by their sorted keys and then by the values under them.
 */
final class JqOrder implements Comparator<JsonNode> {
    static final JqOrder INSTANCE = new JqOrder();

    private JqOrder() {
    }

    @Override
    public int compare(JsonNode a, JsonNode b) {
        int kinds = Integer.compare(kind(a), kind(b));
        if (kinds != 0) {
            return kinds;
        }
        return switch (kind(a)) {
            case 3 -> Double.compare(a.doubleValue(), b.doubleValue());
            case 4 -> PythonJson.compareCodePoints(a.textValue(), b.textValue());
            case 5 -> compareArrays(elements(a), elements(b));
            case 6 -> compareObjects(a, b);
            default -> 0;
        };
    }

    private static int kind(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return 0;
        }
        if (node.isBoolean()) {
            return node.booleanValue() ? 2 : 1;
        }
        if (node.isNumber()) {
            return 3;
        }
        if (node.isTextual()) {
            return 4;
        }
        return node.isArray() ? 5 : 6;
    }

    private int compareArrays(List<JsonNode> a, List<JsonNode> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private int compareObjects(JsonNode a, JsonNode b) {
        List<String> keysA = sortedKeys(a);
        List<String> keysB = sortedKeys(b);
        List<JsonNode> namesA = keysA.stream().<JsonNode>map(TextNode::valueOf).toList();
        List<JsonNode> namesB = keysB.stream().<JsonNode>map(TextNode::valueOf).toList();
        int c = compareArrays(namesA, namesB);
        if (c != 0) {
            return c;
        }
        for (String key : keysA) {
            c = compare(a.get(key), b.get(key));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static List<String> sortedKeys(JsonNode object) {
        List<String> keys = new ArrayList<>();
        object.fieldNames().forEachRemaining(keys::add);
        keys.sort(PythonJson::compareCodePoints);
        return keys;
    }

    private static List<JsonNode> elements(JsonNode array) {
        List<JsonNode> list = new ArrayList<>();
        array.elements().forEachRemaining(list::add);
        return list;
    }
}
