package dev.sweepgate.cli;

import static dev.sweepgate.cli.ChangelogFixture.HISTORY;
import static dev.sweepgate.cli.ChangelogFixture.LINK;
import static dev.sweepgate.cli.ChangelogFixture.appended;
import static dev.sweepgate.cli.ChangelogFixture.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule of changelog.md, accepted and rejected, through validate-changelog on a real
 * repository: the base is a commit, the head the working-tree file a contributor would check.
 */
class ChangelogRulesTest {
    @TempDir
    static Path dir;

    static ChangelogFixture fx;
    static String placeholderBase;

    private static final String ALPHA = "alpha-fp8-mi355x-sglang";
    private static final String GAMMA = "gamma-fp8-gb200-dynamo";

    @BeforeAll
    static void repository() {
        fx = new ChangelogFixture(dir);
        fx.repo.write("perf-changelog.yaml", HISTORY.replace(LINK + "2", "XXX"));
        placeholderBase = fx.repo.commit("a placeholder landed");
        fx.repo.write("perf-changelog.yaml", HISTORY);
        fx.repo.commit("back to history");
    }

    static String add(String... extra) {
        return appended(entry(ALPHA, LINK + "3", extra));
    }

    static Stream<Arguments> rules() {
        String raw = "- config-keys:\n    - " + ALPHA + "\n  description:\n    - x\n  pr-link: " + LINK + "3\n";
        return Stream.of(
                // entry fields
                ok("an entry with the three required fields", add()),
                ok("every optional field", add("evals-only: false", "all-evals: true", "eval-min-prefill-ep: 2",
                        "scenario-type: [fixed-seq-len, agentic-coding]")),
                bad("no config-keys", appended(raw.replace("- config-keys:\n    - " + ALPHA + "\n  description:",
                        "- config-keys: []\n  description:")), "changelog.empty-list"),
                bad("a config key that is not a string", appended(raw.replace("    - " + ALPHA, "    - 12")), "changelog.type"),
                bad("no description", appended(raw.replace("  description:\n    - x\n", "")), "changelog.missing-field"),
                bad("an empty description", appended(raw.replace("  description:\n    - x\n", "  description: []\n")),
                        "changelog.empty-list"),
                bad("a description that is not a list", appended(raw.replace("  description:\n    - x\n",
                        "  description: just a string\n")), "changelog.type"),
                bad("no pr-link", appended(raw.replace("  pr-link: " + LINK + "3\n", "")), "changelog.missing-field"),
                bad("a quoted boolean", add("evals-only: \"true\""), "changelog.type"),
                bad("an explicit null", add("all-evals: null"), "changelog.null"),
                bad("eval-min-prefill-ep below 1", add("eval-min-prefill-ep: 0"), "changelog.range"),
                bad("eval-min-prefill-ep as a float", add("eval-min-prefill-ep: 2.0"), "changelog.type"),
                bad("an unknown scenario type", add("scenario-type: [agentic]"), "changelog.scenario-type"),
                bad("an empty scenario-type", add("scenario-type: []"), "changelog.empty-list"),
                bad("an unknown field", add("pr_number: 3"), "changelog.unknown-field"),
                ok("append-only with false eval flags", add("append-only: false", "evals-only: false")),
                bad("append-only with evals-only", add("append-only: true", "evals-only: true"),
                        "changelog.append-only-combination"),
                bad("append-only with all-evals", add("append-only: true", "all-evals: true"),
                        "changelog.append-only-combination"),
                bad("append-only with eval-min-prefill-ep", add("append-only: true", "eval-min-prefill-ep: 1"),
                        "changelog.append-only-combination"),
                bad("a merge key", appended(raw + "  <<: {evals-only: true}\n"), "yaml.merge-key"),
                // file rules
                bad("no final newline", add().substring(0, add().length() - 1), "changelog.final-newline"),
                bad("a carriage return", add().replace(LINK + "3\n", LINK + "3\r\n"), "changelog.cr"),
                bad("a tab", add().replace("    - x\n", "\t- x\n").replace("    - \"Tune " + ALPHA, "\t- \"Tune " + ALPHA), "changelog.tab"),
                bad("a NUL byte", add() + "#\0\n", "changelog.nul"),
                bad("a byte-order mark", "\uFEFF" + add(), "changelog.entry-starts"),
                bad("invalid YAML", add("  scenario-type: [x"), "yaml.syntax"),
                bad("a duplicate key", add("pr-link: " + LINK + "4"), "yaml.duplicate-key"),
                bad("a root that is not a list", "entries:\n" + add().indent(2), "changelog.root"),
                bad("an entry that does not start with config-keys", appended("- description:\n    - x\n  config-keys:\n    - "
                        + ALPHA + "\n  pr-link: " + LINK + "3\n"), "changelog.entry-starts"),
                bad("an entry that is not a mapping", appended("- config-keys:alpha\n"), "changelog.entry-not-mapping"),
                // history rules
                bad("a deleted entry", entry(ALPHA, LINK + "1"), "changelog.deleted-entries"),
                bad("a changed entry", add().replace("Tune beta", "Tuned beta"), "changelog.history-changed"),
                bad("corrections mixed with new entries", add().replace(LINK + "2", LINK + "22"), "changelog.mixed-change"),
                ok("a canonical new link on main", add()),
                // the working tree is a pull request whose number is not known yet
                ok("a placeholder in the working tree", appended(entry(ALPHA, "XXX"))),
                ok("another pull request's canonical link in the working tree", appended(entry(ALPHA, LINK + "5"))),
                bad("a link to another repository in the working tree",
                        appended(entry(ALPHA, "https://github.com/o/n/pull/5")), "changelog.new-link"),
                okWith("a placeholder in a pull request", appended(entry(ALPHA, "XXX")), "--pr-number", "9"),
                okWith("a long placeholder in a pull request", appended(entry(ALPHA, LINK + "XXX")), "--pr-number", "9"),
                okWith("the pull request's own link", appended(entry(ALPHA, LINK + "9")), "--pr-number", "9"),
                badWith("another pull request's link", appended(entry(ALPHA, LINK + "8")), "changelog.new-link",
                        "--pr-number", "9"),
                okWith("a link to another repository when --repo says so",
                        appended(entry(ALPHA, "https://github.com/me/fork/pull/3")), "--repo", "me/fork"),
                // byte rules
                bad("no empty line before the new entry", HISTORY + entry(ALPHA, LINK + "3"), "changelog.separator"),
                bad("two empty lines before the new entry", HISTORY + "\n\n" + entry(ALPHA, LINK + "3"), "changelog.separator"),
                bad("no empty line between new entries", add() + entry(GAMMA, LINK + "3"), "changelog.separator"),
                ok("two new entries, one empty line apart", appended(entry(ALPHA, LINK + "3"), entry(GAMMA, LINK + "3"))),
                ok("comments inside the appended text", appended(entry(ALPHA, LINK + "3").replace("  description:",
                        "  # why\n  description:"))),
                bad("an empty line at the end", add() + "\n", "changelog.trailing-blank"),
                bad("the two-space separator rewritten", add().replace("  \n\n", "\n\n"), "changelog.history-bytes"),
                bad("history reformatted without a parsed change", HISTORY.replace("\"Tune beta-fp4-b200-vllm-agentic\"",
                        "'Tune beta-fp4-b200-vllm-agentic'"), "changelog.bytes-changed"),
                bad("nothing appended", HISTORY, "changelog.no-additions"),
                // the sweep
                bad("an unknown config key", appended(entry("alpha-fp8-mi355x", LINK + "3")), "changelog.unknown-config-key"),
                ok("a wildcard", appended(entry("'*-fp8-*'", LINK + "3"))),
                bad("a wildcard without a match", appended(entry("delta-*", LINK + "3")), "changelog.unknown-config-key"),
                bad("append-only mixed with other entries", appended(entry(ALPHA, LINK + "3", "append-only: true"),
                        entry(GAMMA, LINK + "3")), "changelog.append-only-mixed"),
                badWith("append-only with --all-evals", add("append-only: true"), "changelog.append-only-modifiers",
                        "--all-evals"),
                bad("append-only that adds nothing", add("append-only: true"), "changelog.append-only-delta"));
    }

    @org.junit.jupiter.api.Test
    void aCorrectionToACanonicalLinkIsValid() throws IOException {
        fx.repo.write("perf-changelog.yaml", HISTORY);
        assertEquals(0, validate(placeholderBase, List.of()).exit());
        fx.repo.write("perf-changelog.yaml", HISTORY.replace(LINK + "2", LINK + "2a"));
        assertEquals(List.of("changelog.correction-link"), rules(validate(placeholderBase, List.of())));
        fx.repo.write("perf-changelog.yaml", HISTORY.replace("  pr-link: " + LINK + "2", "  pr-link:\n    " + LINK + "2"));
        assertEquals(List.of("changelog.correction-bytes"), rules(validate(placeholderBase, List.of())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void validateChangelog(String name, String head, List<String> args, String rule) throws IOException {
        fx.repo.write("perf-changelog.yaml", head.getBytes(StandardCharsets.UTF_8));
        ChangelogFixture.Run r = validate(fx.repo.git("rev-parse", "HEAD").trim(), args);
        if (rule == null) {
            assertEquals(0, r.exit(), r.out() + r.err());
        } else {
            assertEquals(1, r.exit(), r.out() + r.err());
            assertTrue(rules(r).contains(rule), "expected " + rule + " in " + r.out());
        }
    }

    private static ChangelogFixture.Run validate(String base, List<String> extra) {
        List<String> args = new ArrayList<>(List.of("validate-changelog", "--base-ref", base, "--format", "json"));
        args.addAll(extra);
        return fx.run(args.toArray(String[]::new));
    }

    private static List<String> rules(ChangelogFixture.Run r) throws IOException {
        JsonNode doc = new ObjectMapper().readTree(r.out().substring(r.out().indexOf('{')));
        List<String> rules = new ArrayList<>();
        doc.get("problems").forEach(p -> rules.add(p.get("rule").asText()));
        return rules;
    }

    private static Arguments ok(String name, String head) {
        return Arguments.of(name, head, List.of(), null);
    }

    private static Arguments okWith(String name, String head, String... args) {
        return Arguments.of(name, head, List.of(args), null);
    }

    private static Arguments bad(String name, String head, String rule) {
        return Arguments.of(name, head, List.of(), rule);
    }

    private static Arguments badWith(String name, String head, String rule, String... args) {
        return Arguments.of(name, head, List.of(args), rule);
    }
}
