package dev.sweepgate.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.UncheckedIOException;

/**
 * The sweep as a Jackson tree, for the steps that work on the JSON a workflow receives rather than
 * on rows (chunks, the canary): made from the maps the sweep is written from, and written back
 * either in the layout of all sweepgate's JSON ({@link PrettyJson}) or compact, as a step output
 * holds it.
 */
public final class JsonTree {
    private JsonTree() {
    }

    /** Built on first use: a short run that needs no tree does not pay for databind's set-up. */
    private static final class Mapper {
        // Numbers stay as written: a tree must print what the maps print (1.50 stays 1.50).
        static final ObjectMapper INSTANCE = JsonMapper.builder()
                .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES).build();
    }

    /** {@code value} (maps, lists, strings, numbers, booleans, null) as a tree, in the maps' order. */
    public static JsonNode of(Object value) {
        return Mapper.INSTANCE.valueToTree(value);
    }

    /** {@code node} as compact JSON: no space or line break between tokens. */
    public static String compact(JsonNode node) {
        try {
            return Mapper.INSTANCE.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("writing JSON to memory", e);
        }
    }

    /** {@code node} in the layout of {@link PrettyJson#write(Object)}, byte for byte. */
    public static String pretty(JsonNode node) {
        try {
            return Mapper.INSTANCE.writer(PrettyJson.printer()).writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("writing JSON to memory", e);
        }
    }
}
