package dev.sweepgate.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sweepgate.launch.shell.ScriptView;
import dev.sweepgate.launch.shell.ShellScript;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A script's --speculative-config is read with Jackson's streaming parser: what it pins is what an ObjectMapper's
 * tree of the same text says (the reading this replaced), for well-formed, odd and broken JSON.
 */
class SpeculativeConfigJsonTest {
    private static final String FILE = "benchmarks/single_node/agentic/x_fp4_b200_vllm_mtp.sh";

    private static Reading read(String json) {
        String script = "vllm serve m --speculative-config '" + json + "'\n";
        List<Reading> readings = AcceptanceReader.script(Engine.VLLM, new ScriptView(List.of(ShellScript.parse(FILE, script))),
                FILE, List.of());
        assertEquals(1, readings.size(), readings.toString());
        return readings.get(0);
    }

    /** What the tree of the same text says: the kind, the acceptance length and the draft tokens. */
    private static String byTree(String json) {
        JsonNode tree;
        try {
            tree = new ObjectMapper().readTree(json);
        } catch (Exception e) {
            return "UNREADABLE";
        }
        if (tree == null || !tree.isObject()) {
            return "UNREADABLE";
        }
        JsonNode method = tree.get("rejection_sample_method");
        JsonNode length = tree.get("synthetic_acceptance_length");
        JsonNode draft = tree.get("num_speculative_tokens");
        if (method == null || !"synthetic".equals(method.asText()) || length == null) {
            return "NOT_PINNED";
        }
        if (!length.isNumber() && !length.isTextual()) {
            return "UNREADABLE";
        }
        try {
            return "PINNED " + new BigDecimal(length.asText()) + " " + (draft != null && draft.canConvertToInt() ? draft.asInt() : null);
        } catch (NumberFormatException e) {
            return "NOT_PINNED";
        }
    }

    private static String byStream(String json) {
        Reading r = read(json);
        return r.kind() == Reading.Kind.PINNED ? "PINNED " + r.al() + " " + r.draftLength() : r.kind().name();
    }

    @Test
    void whatItPinsIsWhatTheTreeOfTheSameTextSays() {
        List<String> texts = List.of(
                "{\"method\": \"mtp\", \"num_speculative_tokens\": 3, \"rejection_sample_method\": \"synthetic\", \"synthetic_acceptance_length\": 2.49}",
                "{\"rejection_sample_method\":\"synthetic\",\"synthetic_acceptance_length\":2.490,\"num_speculative_tokens\":3.0}",
                "{\"rejection_sample_method\": \"synthetic\", \"synthetic_acceptance_length\": \"2.5\", \"num_speculative_tokens\": \"3\"}",
                "{\"rejection_sample_method\": \"synthetic\", \"synthetic_acceptance_length\": 1e0, \"num_speculative_tokens\": 99999999999}",
                "{\"rejection_sample_method\": \"synthetic\", \"synthetic_acceptance_length\": 3, \"num_speculative_tokens\": 2.7}",
                "{\"rejection_sample_method\": \"synthetic\", \"synthetic_acceptance_length\": 2.1, \"synthetic_acceptance_length\": 2.6}",
                "{\"draft\": {\"model\": \"x\", \"n\": [1, 2]}, \"rejection_sample_method\": \"synthetic\", \"synthetic_acceptance_length\": 2.2}",
                "{\"rejection_sample_method\": \"synthetic\", \"synthetic_acceptance_length\": true}",
                "{\"rejection_sample_method\": \"synthetic\", \"synthetic_acceptance_length\": null}",
                "{\"rejection_sample_method\": \"synthetic\", \"synthetic_acceptance_length\": [2.5]}",
                "{\"rejection_sample_method\": \"synthetic\", \"synthetic_acceptance_length\": \"fast\"}",
                "{\"rejection_sample_method\": 1, \"synthetic_acceptance_length\": 2.5}",
                "{\"method\": \"mtp\", \"num_speculative_tokens\": 3}",
                "{\"rejection_sample_method\": \"synthetic\", \"synthetic_acceptance_length\": 2.5} trailing",
                "[1, 2]", "3", "{\"rejection_sample_method\": \"synthetic\", ", "{not json}", "{}");
        for (String json : texts) {
            assertEquals(byTree(json), byStream(json), json);
        }
    }
}
