package dev.sweepgate.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sweepgate.problem.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How code scanning finds the file and the line of each SARIF result. */
class SarifTest {
    @Test
    void lettersDigitsAndTheUnreservedAndSubDelimiterCharactersStayAsTheyAre() {
        String kept = "azAZ09-._~/!$&'()*+,;=@";
        assertEquals(kept, Sarif.uri(kept));
        assertEquals("configs/amd-master.yaml", Sarif.uri("configs/amd-master.yaml"));
    }

    @Test
    void theCharactersJustOutsideEachKeptRangeArePercentEncoded() {
        // ` before a, { after z, [ after Z, : after 9 (it would read as a scheme), then space, %, # and quote
        assertEquals("%60%7B%5B%3A%20%25%23%22", Sarif.uri("`{[: %#\""));
    }

    @Test
    void nonAsciiIsEncodedAsItsUtf8Bytes() {
        assertEquals("configs/caf%C3%A9.yaml", Sarif.uri("configs/café.yaml"));
    }

    @Test
    void aRegionHasAColumnOnlyWhenTheProblemHasOne() throws Exception {
        JsonNode results = new ObjectMapper().readTree(Sarif.render(List.of(
                new Problem(Problem.Severity.ERROR, "a b.yaml", 3, 0, "r", "m"),
                new Problem(Problem.Severity.WARNING, "f.yaml", 4, 1, "r", "m")), "sweepgate"))
                .path("runs").path(0).path("results");
        JsonNode first = results.path(0).path("locations").path(0).path("physicalLocation");
        assertEquals("a%20b.yaml", first.path("artifactLocation").path("uri").asText());
        assertEquals(3, first.path("region").path("startLine").asInt());
        assertFalse(first.path("region").has("startColumn"), first.toString());
        JsonNode second = results.path(1).path("locations").path(0).path("physicalLocation");
        assertEquals(1, second.path("region").path("startColumn").asInt());
        assertEquals("warning", results.path(1).path("level").asText());
    }
}
