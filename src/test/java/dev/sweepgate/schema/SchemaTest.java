package dev.sweepgate.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.sweepgate.changelog.ChangelogFormat;
import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.config.ConfigFormat;
import dev.sweepgate.config.ConfigLoader;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.yaml.SourceFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The generated schemas, checked by an independent JSON Schema validator: the real configs and
 * changelog pass them, and the mistakes the validator refuses by field rules fail them too.
 */
class SchemaTest {
    static final SchemaValidation MASTER = new SchemaValidation(ConfigFormat.MASTER_FILE);
    static final SchemaValidation RUNNERS = new SchemaValidation(ConfigFormat.RUNNERS_FILE);
    static final SchemaValidation CHANGELOG = new SchemaValidation(ChangelogFormat.FILE);

    static Stream<Format> formats() {
        return Stream.of(ConfigFormat.MASTER_FILE, ConfigFormat.RUNNERS_FILE, ChangelogFormat.FILE);
    }

    @ParameterizedTest
    @MethodSource("formats")
    void everySchemaIsAValidDraft2020_12Schema(Format format) {
        JsonNode schema = SchemaValidation.read(JsonSchema.text(format));
        assertEquals(JsonSchema.DIALECT, schema.get("$schema").asText());
        assertEquals(format.id(), schema.get("$id").asText());
        com.networknt.schema.JsonSchema meta = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                .getSchema(SchemaLocation.of(JsonSchema.DIALECT));
        Set<ValidationMessage> found = meta.validate(schema);
        assertTrue(found.isEmpty(), SchemaValidation.messages(found).toString());
        // Every object definition refuses unknown fields, as the validator does.
        schema.get("$defs").forEach(def -> assertFalse(def.get("additionalProperties").asBoolean(true), def.toString()));
    }

    @Test
    void theSchemaSaysWhichRulesOnlyTheValidatorChecks() {
        assertTrue(ConfigFormat.MASTER_FILE.description().contains("DRAM budget"));
        assertTrue(ConfigFormat.MASTER_FILE.description().contains("golden acceptance lengths"));
        assertTrue(ChangelogFormat.FILE.description().contains("append-only"));
    }

    // --- the real files pass ---

    @Test
    void theRepositoryConfigsPassTheirSchemas() throws Exception {
        for (String master : List.of("configs/amd-master.yaml", "configs/nvidia-master.yaml")) {
            assertPasses(MASTER, Files.readAllBytes(Path.of(master)), master);
        }
        assertPasses(RUNNERS, Files.readAllBytes(Path.of("configs/runners.yaml")), "configs/runners.yaml");
    }

    @Test
    void olderRealConfigsPassTheirSchemas() throws Exception {
        // Versions from the benchmark repository's history (see schema-fixtures/README.md).
        Path dir = Path.of("src/test/resources/schema-fixtures");
        int checked = 0;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                if (name.contains("-master")) {
                    byte[] bytes = Files.readAllBytes(file);
                    ConfigLoader.load(List.of(new SourceFile(name, bytes)), runners());
                    assertPasses(MASTER, bytes, name);
                    checked++;
                }
            }
        }
        assertTrue(checked >= 2, "fixtures missing in " + dir);
    }

    @Test
    void theRepositoryChangelogPassesItsSchema() throws Exception {
        byte[] bytes = Files.readAllBytes(Path.of("perf-changelog.yaml"));
        assertTrue(ChangelogFile.check(bytes, "perf-changelog.yaml").ok());
        assertPasses(CHANGELOG, bytes, "perf-changelog.yaml");
    }

    static SourceFile runners() throws Exception {
        return new SourceFile("configs/runners.yaml", Files.readAllBytes(Path.of("configs/runners.yaml")));
    }

    static void assertPasses(SchemaValidation schema, byte[] yaml, String name) {
        Set<ValidationMessage> found = schema.validate(SchemaValidation.parsedYaml(yaml));
        assertTrue(found.isEmpty(), name + " fails its schema: " + SchemaValidation.messages(found).stream().limit(10).toList());
    }

    // --- rejected examples fail ---

    static final String CONFIG = """
            alpha-fp8-mi355x-sglang:
              image: img/alpha:1
              model: org/alpha
              model-prefix: alpha
              runner: mi355x
              precision: fp8
              framework: sglang
              multinode: false
              scenarios:
                fixed-seq-len:
                - isl: 1024
                  osl: 1024
                  search-space:
                  - { tp: 8, spec-decoding: mtp, conc-list: [4, 8] }
                  - { tp: 4, conc-start: 4, conc-end: 64 }
            beta-fp4-gb200-dynamo:
              image: img/beta:1
              model: org/beta
              model-prefix: beta
              runner: cluster:gb200
              precision: fp4
              framework: dynamo-sglang
              multinode: true
              disagg: true
              kv-p2p-transfer: nixl
              router: { name: sglang-router, version: 0.5.2 }
              scenarios:
                fixed-seq-len:
                - isl: 8192
                  osl: 1024
                  search-space:
                  - prefill: { num-worker: 1, tp: 4, ep: 4, dp-attn: true }
                    decode: { num-worker: 1, tp: 8, ep: 8, dp-attn: true, additional-settings: ["A=1"] }
                    conc-list: [64, 128]
                agentic-coding:
                - dram-utilization: 0.9
                  search-space:
                  - prefill: { num-worker: 1, tp: 4, ep: 4, dp-attn: true }
                    decode: { num-worker: 1, tp: 8, ep: 8, dp-attn: true }
                    kv-offloading: dram
                    kv-offload-backend: { name: lmcache }
                    conc-list: [1, 2]
            gamma-fp8-h200-vllm:
              image: img/gamma:1
              model: org/gamma
              model-prefix: gamma
              runner: cluster:h200
              precision: fp8
              framework: vllm
              multinode: false
              scenarios:
                agentic-coding:
                - search-space:
                  - { tp: 8, kv-offloading: none, conc-start: 1, conc-end: 8 }
            """;

    static final String RUNNER_CONFIG = """
            labels:
              mi355x: [mi355x-a_00]
              cluster:gb200: [gb200-y_00]
              cluster:h200: [h200-z_00]
            hardware:
              cluster:gb200: { available-cpu-dram-mib: 1000000, gpus-per-node: 4 }
            """;

    @Test
    void theExamplesPassBothTheValidatorAndTheSchema() {
        assertEquals(List.of(), validatorRules(CONFIG, RUNNER_CONFIG));
        assertEquals(List.of(), SchemaValidation.messages(MASTER.validateYaml(CONFIG)));
        assertEquals(List.of(), SchemaValidation.messages(RUNNERS.validateYaml(RUNNER_CONFIG)));
    }

    /** A change to the valid example, and the rule the validator reports for it. */
    record Mistake(String what, String from, String to, String rule) {
        @Override
        public String toString() {
            return what;
        }
    }

    static Stream<Mistake> configMistakes() {
        return Stream.of(
                new Mistake("unknown config field", "  model: org/alpha\n", "  model: org/alpha\n  modle: x\n", "config.unknown-field"),
                new Mistake("underscore spelling", "spec-decoding: mtp", "spec_decoding: mtp", "config.unknown-field"),
                new Mistake("unknown worker field", "decode: { num-worker: 1, tp: 8, ep: 8, dp-attn: true, additional-settings",
                        "decode: { num-worker: 1, tp: 8, ep: 8, dp-attn: true, gpus: 2, additional-settings", "config.unknown-field"),
                new Mistake("unknown component field", "version: 0.5.2 }", "version: 0.5.2, port: 1 }", "config.unknown-field"),
                new Mistake("quoted integer", "tp: 8, spec-decoding", "tp: \"8\", spec-decoding", "config.type"),
                // 1024.0 would not do: JSON Schema counts a float without fraction as an integer.
                new Mistake("float integer", "- isl: 1024", "- isl: 1024.5", "config.type"),
                new Mistake("string boolean", "  multinode: false\n  scenarios:\n    fixed-seq-len:\n    - isl: 1024",
                        "  multinode: \"no\"\n  scenarios:\n    fixed-seq-len:\n    - isl: 1024", "config.type"),
                new Mistake("explicit null", "  image: img/alpha:1\n", "  image:\n", "config.null"),
                new Mistake("date as string", "  image: img/alpha:1\n", "  image: 2024-01-01\n", "config.type"),
                new Mistake("zero tp", "tp: 4, conc-start", "tp: 0, conc-start", "config.range"),
                new Mistake("zero concurrency", "conc-list: [4, 8]", "conc-list: [0, 8]", "config.range"),
                new Mistake("missing image", "  image: img/alpha:1\n", "", "config.missing-field"),
                new Mistake("missing worker ep", "{ num-worker: 1, tp: 4, ep: 4, dp-attn: true }", "{ num-worker: 1, tp: 4, dp-attn: true }",
                        "config.missing-field"),
                new Mistake("missing search-space", "  - isl: 1024\n      osl: 1024\n      search-space:\n      - { tp: 8, spec-decoding: mtp, conc-list: [4, 8] }\n      - { tp: 4, conc-start: 4, conc-end: 64 }\n",
                        "  - isl: 1024\n      osl: 1024\n", "config.missing-field"),
                new Mistake("bad spec-decoding", "spec-decoding: mtp", "spec-decoding: eagle", "config.spec-decoding"),
                new Mistake("bad kv-offloading", "kv-offloading: none", "kv-offloading: disk", "config.kv-offloading"),
                new Mistake("both concurrency forms", "conc-list: [4, 8] }", "conc-list: [4, 8], conc-start: 4, conc-end: 8 }", "config.concurrency"),
                new Mistake("no concurrency", "{ tp: 4, conc-start: 4, conc-end: 64 }", "{ tp: 4 }", "config.concurrency"),
                new Mistake("empty conc-list", "conc-list: [4, 8]", "conc-list: []", "config.concurrency"),
                new Mistake("empty kv-p2p-transfer", "kv-p2p-transfer: nixl", "kv-p2p-transfer: \"\"", "config.empty"),
                new Mistake("dram-utilization above 1", "dram-utilization: 0.9", "dram-utilization: 1.5", "config.range"),
                new Mistake("component without name", "{ name: lmcache }", "{ version: 1.0 }", "config.missing-field"),
                new Mistake("agentic entry of both forms", "{ tp: 8, kv-offloading: none,", "{ tp: 8, kv-offloading: none, prefill: {}, decode: {},", "config.form"),
                new Mistake("wildcard config key", "gamma-fp8-h200-vllm:", "gamma-*-vllm:", "config.wildcard-key"),
                new Mistake("config not a mapping", "gamma-fp8-h200-vllm:\n  image", "gamma-fp8-h200-vllm: []\nunused:\n  image", "config.type"));
    }

    @ParameterizedTest
    @MethodSource("configMistakes")
    void aConfigMistakeFailsTheValidatorAndTheSchema(Mistake m) {
        String yaml = apply(CONFIG, m);
        assertTrue(validatorRules(yaml, RUNNER_CONFIG).contains(m.rule()), m + ": " + validatorRules(yaml, RUNNER_CONFIG));
        assertFalse(MASTER.validateYaml(yaml).isEmpty(), m + " passes the schema");
    }

    static Stream<Mistake> runnerMistakes() {
        return Stream.of(
                new Mistake("unknown top-level field", "hardware:", "runners: {}\nhardware:", "config.unknown-field"),
                new Mistake("empty label", "[h200-z_00]", "[]", "runners.empty-label"),
                new Mistake("label not a list", "[h200-z_00]", "h200-z_00", "runners.type"),
                new Mistake("node not a string", "[h200-z_00]", "[12]", "runners.type"),
                new Mistake("missing gpus-per-node", ", gpus-per-node: 4 }", " }", "config.missing-field"),
                new Mistake("unknown hardware field", "gpus-per-node: 4 }", "gpus-per-node: 4, cpus: 2 }", "config.unknown-field"),
                new Mistake("zero gpus", "gpus-per-node: 4", "gpus-per-node: 0", "config.range"),
                new Mistake("missing labels", "labels:\n  mi355x: [mi355x-a_00]\n  cluster:gb200: [gb200-y_00]\n  cluster:h200: [h200-z_00]\n", "", "config.missing-field"));
    }

    @ParameterizedTest
    @MethodSource("runnerMistakes")
    void aRunnerConfigMistakeFailsTheValidatorAndTheSchema(Mistake m) {
        String yaml = apply(RUNNER_CONFIG, m);
        List<String> rules = validatorRules(CONFIG, yaml);
        assertTrue(rules.contains(m.rule()), m + ": " + rules);
        assertFalse(RUNNERS.validateYaml(yaml).isEmpty(), m + " passes the schema");
    }

    static final String ENTRY = """
            - config-keys:
                - dsr1-fp8-*-sglang
              description:
                - "Bump the image"
              pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/12
              evals-only: false
              eval-min-prefill-ep: 2
              scenario-type:
                - fixed-seq-len
            """;

    static Stream<Mistake> entryMistakes() {
        return Stream.of(
                new Mistake("unknown field", "  evals-only: false\n", "  evals-only: false\n  eval-only: true\n", "changelog.unknown-field"),
                new Mistake("underscore spelling", "  evals-only: false", "  evals_only: false", "changelog.unknown-field"),
                new Mistake("link not a string", "pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/12", "pr-link: 12", "changelog.type"),
                new Mistake("quoted boolean", "evals-only: false", "evals-only: \"false\"", "changelog.type"),
                new Mistake("description not a list", "description:\n    - \"Bump the image\"", "description: Bump the image", "changelog.type"),
                new Mistake("missing description", "  description:\n    - \"Bump the image\"\n", "", "changelog.missing-field"),
                new Mistake("missing pr-link", "  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/12\n", "", "changelog.missing-field"),
                new Mistake("empty config-keys", "config-keys:\n    - dsr1-fp8-*-sglang", "config-keys: []", "changelog.empty-list"),
                new Mistake("bad scenario type", "    - fixed-seq-len", "    - fixed", "changelog.scenario-type"),
                new Mistake("zero eval-min-prefill-ep", "eval-min-prefill-ep: 2", "eval-min-prefill-ep: 0", "changelog.range"),
                new Mistake("explicit null", "evals-only: false", "evals-only:", "changelog.null"));
    }

    @Test
    void theEntryExamplePassesBothTheValidatorAndTheSchema() {
        assertEquals(List.of(), entryRules(ENTRY));
        assertEquals(List.of(), SchemaValidation.messages(CHANGELOG.validateYaml(ENTRY)));
    }

    @ParameterizedTest
    @MethodSource("entryMistakes")
    void anEntryMistakeFailsTheValidatorAndTheSchema(Mistake m) {
        String yaml = apply(ENTRY, m);
        assertTrue(entryRules(yaml).contains(m.rule()), m + ": " + entryRules(yaml));
        assertFalse(CHANGELOG.validateYaml(yaml).isEmpty(), m + " passes the schema");
    }

    @Test
    void aChangelogThatIsNotAListFailsTheSchema() {
        assertFalse(CHANGELOG.validateYaml("config-keys: [a]\n").isEmpty());
    }

    static String apply(String valid, Mistake m) {
        if (!valid.contains(m.from())) {
            fail(m + ": the example lacks " + m.from());
        }
        return valid.replaceFirst(java.util.regex.Pattern.quote(m.from()), java.util.regex.Matcher.quoteReplacement(m.to()));
    }

    static List<String> validatorRules(String master, String runners) {
        try {
            ConfigLoader.load(List.of(new SourceFile("master.yaml", master.getBytes(StandardCharsets.UTF_8))),
                    new SourceFile("runners.yaml", runners.getBytes(StandardCharsets.UTF_8)));
            return List.of();
        } catch (ProblemException e) {
            return e.problems().stream().map(Problem::rule).toList();
        }
    }

    static List<String> entryRules(String changelog) {
        return ChangelogFile.check(changelog.getBytes(StandardCharsets.UTF_8), "perf-changelog.yaml").problems().stream()
                .map(Problem::rule).toList();
    }
}
