package dev.sweepgate.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sweepgate.matrix.Row;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrimConcTest {

    private static Row single(int tp, int conc) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("model", "m");
        f.put("tp", tp);
        f.put("conc", conc);
        f.put("exp-name", "m_tp" + tp + "_conc" + conc);
        return new Row(f);
    }

    private static Row multi(List<Integer> conc) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("model", "m");
        f.put("prefill", Map.of("tp", 4));
        f.put("conc", conc);
        return new Row(f);
    }

    @Test
    void keepsTheFirstRowWithTheLowestConcOfEachCurveInPlace() {
        List<Row> rows = List.of(single(8, 16), single(4, 8), single(8, 4), single(8, 4), single(4, 2), single(8, 32));
        List<Row> trimmed = TrimConc.apply(rows);
        assertEquals(List.of(rows.get(2), rows.get(4)), trimmed);
    }

    @Test
    void ofRowsTiedOnTheLowestConcTheFirstSurvives() {
        Row first = single(8, 4);
        Row second = first.with("exp-name", "m_tp8_conc4_again");
        List<Row> trimmed = TrimConc.apply(List.of(single(8, 16), first, second));
        assertEquals(List.of(first), trimmed);
    }

    @Test
    void multiNodeRowsKeepTheirLowestValue() {
        List<Row> trimmed = TrimConc.apply(List.of(multi(List.of(64, 8, 256)), multi(List.of(32)), multi(List.of(8, 64))));
        assertEquals(List.of(List.of(8), List.of(32), List.of(8)), trimmed.stream().map(r -> r.get("conc")).toList());
    }
}
