package dev.sweepgate.review.models;

import dev.sweepgate.problem.Position;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two tables of the benchmark repository's {@code MODELS.md} that say what is deprecated:
 * "Model support matrix" (per model prefix: active and deprecated scenarios, a retirement date)
 * and "Scenarios" (a scenario deprecated for all models since a date).
 */
public final class ModelsFile {
    public static final List<String> SCENARIOS = List.of("Agentic coding", "Single-turn 1k1k", "Single-turn 8k1k", "Single-turn 1k8k");
    private static final Pattern DATE = Pattern.compile("(\\d{4}-\\d{2}-\\d{2})");
    private static final Pattern PREFIX = Pattern.compile("`([^`]+)`");
    private static final Pattern RETIRED = Pattern.compile("retired\\s+(after\\s+)?(\\d{4}-\\d{2}-\\d{2})", Pattern.CASE_INSENSITIVE);
    private static final Pattern UNTIL = Pattern.compile("\\(until\\s+(\\d{4}-\\d{2}-\\d{2})\\)", Pattern.CASE_INSENSITIVE);
    // Compiled once, not per row or per line: MODELS.md has hundreds of lines and rows.
    private static final Pattern SCENARIO_DEPRECATED = Pattern.compile(
            "Deprecated for all models\\**\\s*since\\s+(\\d{4}-\\d{2}-\\d{2})", Pattern.CASE_INSENSITIVE);
    private static final Pattern DATED = Pattern.compile("\\((?:removed|deprecated)\\s+(\\d{4}-\\d{2}-\\d{2})");
    private static final Pattern DATED_NOTE = Pattern.compile("\\((?:removed|deprecated)[^)]*\\)");
    private static final Pattern FOOTNOTE = Pattern.compile("\\[\\^\\d+]");
    private static final Pattern DELIMITER_ROW = Pattern.compile("\\|?\\s*:?-+:?\\s*(\\|\\s*:?-+:?\\s*)*\\|?");
    private static final Pattern PRECISION = Pattern.compile("^all\\s+(\\w+)\\s+recipes", Pattern.CASE_INSENSITIVE);

    /**
     * Something deprecated, from {@code since} on (null: undated, in force).
     *
     * @param scenario  the scenario, or null for a precision or the whole model
     * @param precision a deprecated precision, or null
     * @param qualifier words this reader cannot apply ("non-DSpark arm", "(GLM-5 only)"), or null
     */
    public record Deprecation(String scenario, String precision, LocalDate since, String qualifier, String text, Position at) {
    }

    /** A row of the support matrix. */
    public record Model(List<String> prefixes, LocalDate retired, List<Deprecation> deprecations, Position at) {
    }

    /** A problem with the file's tables: where, and what. */
    public record Defect(Position at, String message) {
    }

    private final Map<String, Model> models;
    private final List<Deprecation> scenarios;
    private final List<Defect> defects;

    private ModelsFile(Map<String, Model> models, List<Deprecation> scenarios, List<Defect> defects) {
        this.models = models;
        this.scenarios = List.copyOf(scenarios);
        this.defects = List.copyOf(defects);
    }

    public Model model(String prefix) {
        return models.get(prefix);
    }

    /** Scenarios deprecated for every model. */
    public List<Deprecation> scenarioDeprecations() {
        return scenarios;
    }

    /** The tables' defects: a missing table or column, a row with too few cells, a date that is not one. */
    public List<Defect> defects() {
        return defects;
    }

    public static ModelsFile parse(String file, byte[] bytes) {
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
        Map<String, Model> models = new LinkedHashMap<>();
        List<Deprecation> scenarios = new ArrayList<>();
        List<Defect> defects = new ArrayList<>();
        Table matrix = table(lines, file, "Model support matrix", defects);
        if (matrix != null) {
            int prefix = matrix.column("Prefix", defects);
            int active = matrix.column("Active scenarios", defects);
            int deprecated = matrix.column("Deprecated scenarios", defects);
            if (prefix >= 0 && active >= 0 && deprecated >= 0) {
                for (Row row : matrix.rows()) {
                    if (row.cells().size() <= Math.max(prefix, Math.max(active, deprecated))) {
                        defects.add(new Defect(row.at(), "the Model support matrix row has " + row.cells().size()
                                + " cells, fewer than its header"));
                        continue;
                    }
                    List<String> prefixes = new ArrayList<>();
                    Matcher m = PREFIX.matcher(row.cells().get(prefix));
                    while (m.find()) {
                        prefixes.add(m.group(1).strip());
                    }
                    if (prefixes.isEmpty()) {
                        defects.add(new Defect(row.at(), "the Prefix cell '" + row.cells().get(prefix).strip()
                                + "' has no backticked model prefix"));
                        continue;
                    }
                    Model model = model(prefixes, row, row.cells().get(active), row.cells().get(deprecated), defects);
                    prefixes.forEach(p -> models.putIfAbsent(p, model));
                }
            }
        }
        Table scenarioTable = table(lines, file, "Scenarios", defects);
        if (scenarioTable != null) {
            int name = scenarioTable.column("Scenario", defects);
            int status = scenarioTable.column("Status", defects);
            if (name >= 0 && status >= 0) {
                for (Row row : scenarioTable.rows()) {
                    if (row.cells().size() <= Math.max(name, status)) {
                        defects.add(new Defect(row.at(), "the Scenarios row has fewer cells than its header"));
                        continue;
                    }
                    String cell = row.cells().get(status);
                    Matcher d = SCENARIO_DEPRECATED.matcher(cell);
                    if (d.find()) {
                        scenarios.add(new Deprecation(row.cells().get(name).strip(), null, date(d.group(1), row.at(), defects),
                                null, row.cells().get(name).strip() + ": " + d.group(0).replace("*", ""), row.at()));
                    }
                }
            }
        }
        return new ModelsFile(models, scenarios, defects);
    }

    private static Model model(List<String> prefixes, Row row, String active, String deprecated, List<Defect> defects) {
        LocalDate retired = null;
        List<Deprecation> list = new ArrayList<>();
        Matcher r = RETIRED.matcher(active);
        if (r.find()) {
            LocalDate d = date(r.group(2), row.at(), defects);
            // "retired after D": D is the last day it runs.
            retired = d != null && r.group(1) != null ? d.plusDays(1) : d;
        }
        for (String item : items(active)) {
            Matcher u = UNTIL.matcher(item);
            String scenario = scenario(item);
            if (u.find() && scenario != null) {
                LocalDate d = date(u.group(1), row.at(), defects);
                list.add(new Deprecation(scenario, null, d == null ? null : d.plusDays(1), null, item.strip(), row.at()));
            }
        }
        for (String item : items(deprecated)) {
            String text = item.strip();
            if (text.isEmpty() || text.equals("—") || text.equals("-")) {
                continue;
            }
            Matcher p = PRECISION.matcher(text);
            Matcher dated = DATED.matcher(text);
            LocalDate since = dated.find() ? date(dated.group(1), row.at(), defects) : null;
            if (p.find()) {
                list.add(new Deprecation(null, p.group(1).toLowerCase(Locale.ROOT), since, null, text, row.at()));
                continue;
            }
            String scenario = scenario(text);
            if (scenario == null) {
                list.add(new Deprecation(null, null, since, text, text, row.at()));
                continue;
            }
            String rest = FOOTNOTE.matcher(DATED_NOTE.matcher(text.substring(scenario.length())).replaceAll(""))
                    .replaceAll("").strip();
            list.add(new Deprecation(scenario, null, since, rest.isEmpty() ? null : rest, text, row.at()));
        }
        return new Model(prefixes, retired, list, row.at());
    }

    /** The scenario an item starts with, or null. */
    private static String scenario(String item) {
        String t = item.strip();
        for (String s : SCENARIOS) {
            if (t.regionMatches(true, 0, s, 0, s.length())) {
                return s;
            }
        }
        return null;
    }

    /** Items of a cell: split at commas outside parentheses and brackets. */
    static List<String> items(String cell) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i < cell.length(); i++) {
            char c = cell.charAt(i);
            if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth--;
            } else if (c == ',' && depth == 0) {
                out.add(cell.substring(from, i));
                from = i + 1;
            }
        }
        out.add(cell.substring(from));
        return out;
    }

    private static LocalDate date(String text, Position at, List<Defect> defects) {
        try {
            return LocalDate.parse(text);
        } catch (DateTimeParseException e) {
            defects.add(new Defect(at, "'" + text + "' is not a date (YYYY-MM-DD)"));
            return null;
        }
    }

    private record Row(List<String> cells, Position at) {
    }

    private record Table(List<String> header, List<Row> rows, Position at) {
        int column(String name, List<Defect> defects) {
            for (int i = 0; i < header.size(); i++) {
                if (header.get(i).strip().equalsIgnoreCase(name)) {
                    return i;
                }
            }
            defects.add(new Defect(at, "the table has no column '" + name + "' (its columns: "
                    + String.join(", ", header.stream().map(String::strip).toList()) + ")"));
            return -1;
        }
    }

    /** The first pipe table after the heading {@code ## title}; a missing one is a defect. */
    private static Table table(String[] lines, String file, String title, List<Defect> defects) {
        Pattern titled = Pattern.compile("#+\\s+" + Pattern.quote(title) + "\\s*");
        int i = 0;
        while (i < lines.length && !titled.matcher(lines[i].strip()).matches()) {
            i++;
        }
        if (i == lines.length) {
            defects.add(new Defect(new Position(file, 0, 0), "MODELS.md has no section '" + title + "'"));
            return null;
        }
        int heading = i + 1;
        while (i < lines.length && !lines[i].strip().startsWith("|")) {
            if (i > heading && lines[i].strip().startsWith("#")) {
                break;
            }
            i++;
        }
        if (i >= lines.length || !lines[i].strip().startsWith("|")) {
            defects.add(new Defect(new Position(file, heading, 0), "the section '" + title + "' has no table"));
            return null;
        }
        Position at = new Position(file, i + 1, 0);
        List<String> header = cells(lines[i]);
        if (i + 1 >= lines.length || !DELIMITER_ROW.matcher(lines[i + 1].strip()).matches()) {
            defects.add(new Defect(new Position(file, i + 2, 0), "the table '" + title + "' has no |---| line under its header"));
            return null;
        }
        List<Row> rows = new ArrayList<>();
        for (int k = i + 2; k < lines.length && lines[k].strip().startsWith("|"); k++) {
            rows.add(new Row(cells(lines[k]), new Position(file, k + 1, 0)));
        }
        return new Table(header, rows, at);
    }

    private static List<String> cells(String line) {
        String t = line.strip();
        if (t.startsWith("|")) {
            t = t.substring(1);
        }
        if (t.endsWith("|")) {
            t = t.substring(0, t.length() - 1);
        }
        return List.of(t.split("\\|", -1));
    }

    /** The date MODELS.md's dates mean when a date is given in text, for messages. */
    public static String describe(LocalDate date) {
        return date == null ? "undated" : date.toString();
    }

    /** Whether a deprecation is in force on {@code today}. */
    public static boolean inForce(LocalDate since, LocalDate today) {
        return since == null || !since.isAfter(today);
    }

    /** Unused dates are still checked: a cell with a malformed date is a defect. */
    static boolean hasDate(String cell) {
        return DATE.matcher(cell).find();
    }
}
