package dev.sweepgate.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProblemRendererTest {
    private static final Problem AT_NODE = Problem.error(new Position("configs/amd-master.yaml", 12, 7),
            "config.unknown-field", "unknown field \"tpp\"; did you mean \"tp\"?");
    private static final Problem WHOLE_FILE = Problem.fileError("perf-changelog.yaml", "changelog.final-newline",
            "the file must end with a newline");
    private static final Problem NO_FILE = new Problem(Problem.Severity.WARNING, null, 0, 0, "changelog.nothing",
            "nothing appended");

    private static String render(List<Problem> problems, Format format) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProblemRenderer.render(problems, format, "sweepgate", new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void textLooksLikeACompilerMessage() {
        assertEquals("configs/amd-master.yaml:12:7: error: unknown field \"tpp\"; did you mean \"tp\"? [config.unknown-field]",
                ProblemRenderer.text(AT_NODE));
        assertEquals("perf-changelog.yaml: error: the file must end with a newline [changelog.final-newline]",
                ProblemRenderer.text(WHOLE_FILE));
        assertEquals("warning: nothing appended [changelog.nothing]", ProblemRenderer.text(NO_FILE));
        assertEquals("f.yaml:3: error: m [r]",
                ProblemRenderer.text(new Problem(Problem.Severity.ERROR, "f.yaml", 3, 0, "r", "m")));
    }

    @Test
    void textFormatWritesOneLinePerProblemSortedThenTheCount() {
        assertEquals(ProblemRenderer.text(AT_NODE) + "\n" + ProblemRenderer.text(WHOLE_FILE) + "\n"
                + "2 errors, 0 warnings" + System.lineSeparator(), render(List.of(WHOLE_FILE, AT_NODE, WHOLE_FILE), Format.TEXT));
    }

    @Test
    void githubAnnotationsCarryFileLineColumnAndRule() {
        assertEquals("::error file=configs/amd-master.yaml,line=12,col=7,title=config.unknown-field::"
                + "unknown field \"tpp\"; did you mean \"tp\"?", ProblemRenderer.github(AT_NODE));
        assertEquals("::error file=perf-changelog.yaml,title=changelog.final-newline::the file must end with a newline",
                ProblemRenderer.github(WHOLE_FILE));
        assertEquals("::warning title=changelog.nothing::nothing appended", ProblemRenderer.github(NO_FILE));
    }

    @Test
    void githubEscapesTheMessage() {
        Problem p = Problem.error(new Position("a.yaml", 1, 1), "r", "100% sure:\nline two\r, really");
        assertEquals("::error file=a.yaml,line=1,col=1,title=r::100%25 sure:%0Aline two%0D, really",
                ProblemRenderer.github(p));
    }

    @Test
    void githubEscapesPropertiesIncludingColonsAndCommas() {
        Problem p = Problem.error(new Position("dir,x/c:d%e\nf.yaml", 2, 3), "rule:a,b", "m");
        assertEquals("::error file=dir%2Cx/c%3Ad%25e%0Af.yaml,line=2,col=3,title=rule%3Aa%2Cb::m",
                ProblemRenderer.github(p));
    }

    @Test
    void githubFormatWritesEveryAnnotationOnItsOwnLine() {
        String out = render(List.of(AT_NODE, WHOLE_FILE), Format.GITHUB);
        List<String> lines = out.lines().toList();
        assertEquals(2, lines.size());
        assertTrue(lines.stream().allMatch(l -> l.startsWith("::error ")), out);
    }

    @Test
    void jsonListsEveryProblemWithItsFields() throws Exception {
        JsonNode root = new ObjectMapper().readTree(render(List.of(AT_NODE, NO_FILE), Format.JSON));
        assertEquals(1, root.size());
        JsonNode problems = root.get("problems");
        assertEquals(2, problems.size());
        // sorted by file: the problem about no file (the command line) comes first
        assertEquals("warning", problems.get(0).get("severity").asText());
        assertEquals("", problems.get(0).get("file").asText());
        JsonNode first = problems.get(1);
        assertEquals("error", first.get("severity").asText());
        assertEquals("configs/amd-master.yaml", first.get("file").asText());
        assertEquals(12, first.get("line").asInt());
        assertEquals(7, first.get("column").asInt());
        assertEquals("config.unknown-field", first.get("rule").asText());
        assertEquals("unknown field \"tpp\"; did you mean \"tp\"?", first.get("message").asText());
    }

    @Test
    void jsonOfNoProblemsIsAnEmptyList() throws Exception {
        JsonNode root = new ObjectMapper().readTree(render(List.of(), Format.JSON));
        assertTrue(root.get("problems").isArray());
        assertEquals(0, root.get("problems").size());
    }

    @Test
    void sarifHasTheShapeCodeScanningReads() throws Exception {
        JsonNode log = new ObjectMapper().readTree(render(List.of(AT_NODE, WHOLE_FILE, AT_NODE), Format.SARIF));
        assertEquals("2.1.0", log.get("version").asText());
        assertTrue(log.get("$schema").asText().contains("sarif"));
        assertEquals(1, log.get("runs").size());
        JsonNode run = log.get("runs").get(0);
        JsonNode driver = run.get("tool").get("driver");
        assertEquals("sweepgate", driver.get("name").asText());
        List<String> ruleIds = driver.get("rules").findValuesAsText("id");
        assertEquals(List.of("changelog.final-newline", "config.unknown-field"), ruleIds);

        JsonNode results = run.get("results");
        assertEquals(2, results.size(), "the same problem twice is reported once");
        JsonNode first = results.get(0);
        assertEquals("config.unknown-field", first.get("ruleId").asText());
        assertEquals("error", first.get("level").asText());
        assertEquals(AT_NODE.message(), first.get("message").get("text").asText());
        JsonNode location = first.get("locations").get(0).get("physicalLocation");
        assertEquals("configs/amd-master.yaml", location.get("artifactLocation").get("uri").asText());
        assertEquals(12, location.get("region").get("startLine").asInt());
        assertEquals(7, location.get("region").get("startColumn").asInt());

        JsonNode wholeFile = results.get(1).get("locations").get(0).get("physicalLocation");
        assertEquals("perf-changelog.yaml", wholeFile.get("artifactLocation").get("uri").asText());
        assertFalse(wholeFile.has("region"), "a problem about the whole file has no region");
    }

    @Test
    void aNoteIsANoteInEveryFormat() throws Exception {
        Problem note = new Problem(Problem.Severity.NOTE, "configs/amd-master.yaml", 233, 9, "golden.unpinned", "56 configs");
        assertEquals("configs/amd-master.yaml:233:9: note: 56 configs [golden.unpinned]", ProblemRenderer.text(note));
        assertEquals("::notice file=configs/amd-master.yaml,line=233,col=9,title=golden.unpinned::56 configs",
                ProblemRenderer.github(note));
        assertEquals("note", new ObjectMapper().readTree(render(List.of(note), Format.JSON)).at("/problems/0/severity").asText());
        assertEquals("note", new ObjectMapper().readTree(render(List.of(note), Format.SARIF)).at("/runs/0/results/0/level").asText());
        assertTrue(render(List.of(note, AT_NODE), Format.TEXT).endsWith("1 error, 0 warnings, 1 note\n"));
    }

    @Test
    void sarifLevelsFollowSeverity() throws Exception {
        JsonNode log = new ObjectMapper().readTree(render(List.of(NO_FILE), Format.SARIF));
        JsonNode result = log.get("runs").get(0).get("results").get(0);
        assertEquals("warning", result.get("level").asText());
    }

    @Test
    void githubIsTheDefaultInsideGitHubActionsOnly() {
        assertEquals(Format.GITHUB, Format.defaultFor(Map.of("GITHUB_ACTIONS", "true")));
        assertEquals(Format.TEXT, Format.defaultFor(Map.of()));
        assertEquals(Format.TEXT, Format.defaultFor(Map.of("GITHUB_ACTIONS", "false")));
        assertEquals(Format.TEXT, Format.defaultFor(Map.of("CI", "true")));
    }
}
