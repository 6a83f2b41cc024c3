package dev.sweepgate.output;

import dev.sweepgate.problem.Problem;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** SARIF 2.1.0, for GitHub code scanning. */
final class Sarif {
    private Sarif() {
    }

    /**
     * A file name as a relative URI reference, which SARIF requires: a space, {@code #}, {@code %}
     * or non-ASCII character is percent-encoded (UTF-8), as is {@code :} (which would otherwise
     * read as a scheme), so code scanning finds the file.
     */
    static String uri(String file) {
        StringBuilder sb = new StringBuilder();
        for (byte b : file.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            boolean keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "-._~/!$&'()*+,;=@".indexOf(c) >= 0;
            if (keep) {
                sb.append(c);
            } else {
                sb.append('%').append(String.format("%02X", b & 0xff));
            }
        }
        return sb.toString();
    }

    static String render(List<Problem> problems, String tool) {
        List<Map<String, Object>> results = new ArrayList<>();
        TreeSet<String> ruleIds = new TreeSet<>();
        for (Problem p : problems) {
            ruleIds.add(p.rule());
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("ruleId", p.rule());
            result.put("level", p.severity().word());
            result.put("message", Map.of("text", p.message()));
            Map<String, Object> physical = new LinkedHashMap<>();
            physical.put("artifactLocation", Map.of("uri", p.file().isEmpty() ? "." : uri(p.file())));
            if (p.line() > 0) {
                Map<String, Object> region = new LinkedHashMap<>();
                region.put("startLine", p.line());
                if (p.column() > 0) {
                    region.put("startColumn", p.column());
                }
                physical.put("region", region);
            }
            result.put("locations", List.of(Map.of("physicalLocation", physical)));
            results.add(result);
        }
        List<Map<String, Object>> rules = new ArrayList<>();
        for (String id : ruleIds) {
            rules.add(Map.of("id", id));
        }
        Map<String, Object> driver = new LinkedHashMap<>();
        driver.put("name", tool);
        driver.put("informationUri", "https://github.com/SemiAnalysisAI/InferenceX");
        driver.put("rules", rules);
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("tool", Map.of("driver", driver));
        run.put("results", results);
        Map<String, Object> log = new LinkedHashMap<>();
        log.put("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
        log.put("version", "2.1.0");
        log.put("runs", List.of(run));
        return PrettyJson.write(log);
    }
}
