package dev.sweepgate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** full-sweep's --max-tp and --max-ep as typed: each flag reaches its own filter. */
class FullSweepFiltersTest {
    private static final String MASTER = """
            dsr1-fp8-mi355x-sglang:
              image: rocm/sglang:1
              model: deepseek-ai/DeepSeek-R1
              model-prefix: dsr1
              precision: fp8
              framework: sglang
              runner: mi355x
              multinode: false
              scenarios:
                fixed-seq-len:
                - isl: 1024
                  osl: 1024
                  search-space:
                  - { tp: 8, ep: 4, conc-list: [16] }
            """;

    @TempDir
    Path dir;

    private List<Integer> epOfRows(String... flags) throws IOException {
        Files.createDirectories(dir.resolve("configs"));
        Files.writeString(dir.resolve("configs/amd-master.yaml"), MASTER);
        Files.writeString(dir.resolve("configs/runners.yaml"), "labels:\n  mi355x: [mi355x-amds_0]\n");
        List<String> args = new ArrayList<>(List.of("-C", dir.toString(), "full-sweep", "--config-files",
                "configs/amd-master.yaml", "--runner-config", "configs/runners.yaml"));
        args.addAll(List.of(flags));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(args.toArray(String[]::new), new Env(dir, Map.of(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertEquals(0, exit, err.toString(StandardCharsets.UTF_8));
        List<Integer> eps = new ArrayList<>();
        for (JsonNode row : new ObjectMapper().readTree(out.toByteArray())) {
            eps.add(row.get("ep").asInt());
        }
        return eps;
    }

    @Test
    void maxTpSkipsTheEntryAndMaxEpCapsItsEp() throws IOException {
        assertEquals(List.of(4), epOfRows());
        assertEquals(List.of(2), epOfRows("--max-tp", "8", "--max-ep", "2"));
        assertEquals(List.of(), epOfRows("--max-tp", "4", "--max-ep", "8"));
        assertEquals(List.of(4), epOfRows("--max-ep", "4"));
    }
}
