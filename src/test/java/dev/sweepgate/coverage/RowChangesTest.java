package dev.sweepgate.coverage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.matrix.Row;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RowChangesTest {
    private static Row fixed(String expName, int conc, String image) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("image", image);
        fields.put("tp", 8);
        fields.put("conc", conc);
        fields.put("exp-name", expName);
        return new Row(fields);
    }

    private static Row multiNode(String expName, List<Integer> concs) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("image", "img");
        fields.put("prefill", Map.of("tp", 4));
        fields.put("conc", concs);
        fields.put("exp-name", expName);
        return new Row(fields);
    }

    @Test
    void reorderedRowsAreUnchangedAndNumbersCompareByValue() {
        List<Row> base = List.of(fixed("a_1k1k", 4, "img"), fixed("a_1k1k", 8, "img"));
        List<Row> head = List.of(fixed("a_1k1k", 8, "img"), fixed("a_1k1k", 4, "img").with("tp", 8L));
        assertTrue(RowChanges.between(base, head).isEmpty());
    }

    @Test
    void aMultiNodeRowCountsOncePerConcurrency() {
        RowChanges changes = RowChanges.between(List.of(multiNode("g_8k1k", List.of(64, 128))),
                List.of(multiNode("g_8k1k", List.of(64, 128, 256))));
        assertEquals(Set.of(ScenarioType.FIXED_SEQ_LEN), changes.scenarios());
        assertEquals("1 row added (g_8k1k conc 256)", changes.describe(ScenarioType.FIXED_SEQ_LEN));
    }

    @Test
    void pointsOfTheSameIdentityPairUpAsChangedAndTheRestIsAddedOrRemoved() {
        // two entries of one seq-len share exp-name and conc: only the one that differs is "changed"
        List<Row> base = List.of(fixed("a_8k1k", 4, "img"), fixed("a_8k1k", 4, "img").with("tp", 4));
        List<Row> head = List.of(fixed("a_8k1k", 4, "img"), fixed("a_8k1k", 4, "img").with("tp", 2),
                fixed("a_8k1k", 4, "img").with("tp", 1));
        RowChanges changes = RowChanges.between(base, head);
        assertEquals("1 row added (a_8k1k conc 4), 1 row changed (a_8k1k conc 4: tp differs)",
                changes.describe(ScenarioType.FIXED_SEQ_LEN));
    }

    @Test
    void agenticRowsAreTheirOwnScenario() {
        Row agentic = fixed("b_tp4_conc4_kvnone", 4, "img").with("scenario-type", "agentic-coding");
        RowChanges changes = RowChanges.between(List.of(), List.of(agentic));
        assertEquals(Set.of(ScenarioType.AGENTIC_CODING), changes.scenarios());
        assertEquals("1 row added (b_tp4_conc4_kvnone)", changes.describe(ScenarioType.AGENTIC_CODING));
        assertEquals("unchanged", changes.describe(ScenarioType.FIXED_SEQ_LEN));
    }

    @Test
    void hugeDiffsAreCutSayingHowManyMore() {
        List<Row> head = new ArrayList<>();
        for (int seq = 0; seq < RowChanges.MAX_GROUPS + 3; seq++) {
            for (int conc = 1; conc <= RowChanges.MAX_CONCS + 5; conc++) {
                head.add(fixed("m_" + seq, conc, "img"));
            }
        }
        String text = RowChanges.between(List.of(), head).describe(ScenarioType.FIXED_SEQ_LEN);
        int total = (RowChanges.MAX_GROUPS + 3) * (RowChanges.MAX_CONCS + 5);
        assertTrue(text.startsWith(total + " rows added (m_0 conc 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 5 more; m_1 conc"), text);
        assertTrue(text.endsWith("; and 3 more exp-name groups)"), text);
        assertTrue(text.length() < 700, "a bounded message: " + text.length());
    }
}
