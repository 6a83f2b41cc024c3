package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaCommandTest {
    @TempDir
    Path dir;

    private JsonNode schema(String format) throws IOException {
        ChangelogFixture.Run run = ChangelogFixture.runIn(dir, Map.of(), "schema", format);
        assertEquals(0, run.exit(), run.err());
        assertEquals("", run.err());
        return new ObjectMapper().readTree(run.out());
    }

    @Test
    void masterIsAMapOfClosedConfigs() throws IOException {
        JsonNode s = schema("master");
        assertEquals("https://json-schema.org/draft/2020-12/schema", s.get("$schema").asText());
        assertEquals("object", s.get("type").asText());
        assertEquals("#/$defs/config", s.at("/additionalProperties/$ref").asText());
        JsonNode config = s.at("/$defs/config");
        assertEquals(false, config.get("additionalProperties").asBoolean());
        assertTrue(config.get("required").toString().contains("\"multinode\""), config.toString());
        assertEquals("[\"mtp\",\"draft_model\",\"none\"]", s.at("/$defs/single-node-entry/properties/spec-decoding/enum").toString());
        assertEquals(1, s.at("/$defs/worker/properties/tp/minimum").asInt());
        assertTrue(s.get("description").asText().contains("DRAM budget"));
    }

    @Test
    void runnersAndChangelogHaveTheirOwnSchemas() throws IOException {
        JsonNode runners = schema("runners");
        assertEquals("#/$defs/runner-config", runners.get("$ref").asText());
        assertEquals(1, runners.at("/$defs/runner-config/properties/labels/additionalProperties/minItems").asInt());
        JsonNode changelog = schema("CHANGELOG");
        assertEquals("array", changelog.get("type").asText());
        assertEquals("[\"fixed-seq-len\",\"agentic-coding\"]",
                changelog.at("/$defs/entry/properties/scenario-type/items/enum").toString());
        assertEquals(false, changelog.at("/$defs/entry/properties/append-only/default").asBoolean(true));
    }

    @Test
    void anUnknownOrMissingFormatIsBadUsage() {
        ChangelogFixture.Run unknown = ChangelogFixture.runIn(dir, Map.of(), "schema", "matrix");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().contains("master, runners, changelog"), unknown.err());
        assertEquals("", unknown.out());
        ChangelogFixture.Run missing = ChangelogFixture.runIn(dir, Map.of(), "schema");
        assertEquals(2, missing.exit());
        // the positional is KIND, not FORMAT (which reads as --format), and the message lists what it takes
        assertTrue(missing.err().startsWith("sweepgate: missing required parameter: 'KIND' (one of: master, runners, "
                + "changelog, priority)\n"), missing.err());
    }
}
