package dev.sweepgate.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YamlLoader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/** Checks values against a generated schema with an independent JSON Schema 2020-12 validator. */
final class SchemaValidation {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);

    private final com.networknt.schema.JsonSchema schema;

    SchemaValidation(Format format) {
        // Through the text the command prints, so what editors read is what is tested.
        JsonNode node = read(JsonSchema.text(format));
        SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
        schema = FACTORY.getSchema(node, config);
    }

    static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The schema's complaints about a value. */
    Set<ValidationMessage> validate(JsonNode value) {
        return schema.validate(value);
    }

    /** The schema's complaints about a YAML document, as sweepgate parses it (YAML 1.1 scalars resolved). */
    Set<ValidationMessage> validateYaml(String yaml) {
        return validate(parsedYaml(yaml.getBytes(StandardCharsets.UTF_8)));
    }

    static JsonNode parsedYaml(byte[] yaml) {
        YamlLoader.Document doc;
        try {
            doc = YamlLoader.standard().load(yaml, "test.yaml");
        } catch (ProblemException e) {
            throw new AssertionError("not YAML: " + e.problems());
        }
        if (!doc.problems().isEmpty()) {
            throw new AssertionError("not YAML: " + doc.problems());
        }
        return toJson(doc.root());
    }

    /** The parsed shape as JSON; a YAML date becomes an object, so it matches no string. */
    static JsonNode toJson(YNode node) {
        return JSON.valueToTree(node.toPlain());
    }

    static List<String> messages(Set<ValidationMessage> found) {
        return found.stream().map(ValidationMessage::getMessage).toList();
    }
}
