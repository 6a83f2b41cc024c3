package dev.sweepgate.hints;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class NearestTest {
    private static final List<String> FIELDS = List.of("image", "model", "model-prefix", "precision", "framework", "runner");

    @Test
    void aTypoFindsItsField() {
        assertEquals(List.of("precision"), Nearest.to("precison", FIELDS, 3));
        // a swapped pair of letters is one edit
        assertEquals(1, Nearest.distance("precision", "perciision".replace("ii", "i")));
        assertEquals(List.of("framework"), Nearest.to("framwork", FIELDS, 3));
    }

    @Test
    void somethingUnrelatedFindsNothing() {
        assertEquals(List.of(), Nearest.to("concurrency", FIELDS, 3));
        assertEquals("", Nearest.didYouMean("concurrency", FIELDS, 3));
    }

    @Test
    void theSuggestionReadsAsASentence() {
        assertEquals("; did you mean h200, b200 or h100?", Nearest.didYouMean("h20", List.of("mi355x", "h100", "b200", "h200"), 3));
        assertEquals("; did you mean model?", Nearest.didYouMean("modle", FIELDS, 1));
    }
}
