package dev.sweepgate.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.sweepgate.matrix.Row;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GpusTest {
    @Test
    void aSingleNodeJobUsesTpTimesPpTimesPcp() {
        assertEquals(8, Gpus.perJob(new Row(Map.of("tp", 8, "pp", 1, "pcp-size", 1, "ep", 8, "dp-attn", true))));
        assertEquals(16, Gpus.perJob(new Row(Map.of("tp", 4, "pp", 2, "pcp-size", 2, "dcp-size", 4))));
        assertEquals(4, Gpus.perJob(new Row(Map.of("tp", 4))));
    }

    @Test
    void aMultiNodeJobAddsEveryWorkerInstance() {
        Row row = new Row(Map.of("prefill", Map.of("num-worker", 2, "tp", 4, "pp", 1, "pcp-size", 1),
                "decode", Map.of("num-worker", 1, "tp", 8, "pp", 2, "pcp-size", 1)));
        assertEquals(2 * 4 + 8 * 2, Gpus.perJob(row));
    }

    @Test
    void aRowWithoutTheFieldsDoesNotDetermineIt() {
        assertNull(Gpus.perJob(new Row(Map.of("conc", 4))));
        assertNull(Gpus.perJob(new Row(Map.of("prefill", Map.of("tp", 4), "decode", Map.of("num-worker", 1, "tp", 8)))));
    }
}
