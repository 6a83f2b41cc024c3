package dev.sweepgate.changelog;

import static dev.sweepgate.schema.Field.optional;
import static dev.sweepgate.schema.Field.required;
import static dev.sweepgate.schema.Kind.bool;
import static dev.sweepgate.schema.Kind.integer;
import static dev.sweepgate.schema.Kind.nonEmptyListOf;
import static dev.sweepgate.schema.Kind.object;
import static dev.sweepgate.schema.Kind.oneOf;
import static dev.sweepgate.schema.Kind.string;

import dev.sweepgate.config.ScenarioType;
import dev.sweepgate.schema.Format;
import dev.sweepgate.schema.Kind;
import dev.sweepgate.schema.Shape;
import java.util.Arrays;

/**
 * The fields of a changelog entry (changelog.md): the one definition {@link EntryBinder}
 * reads entries with and {@code sweepgate schema changelog} describes.
 */
public final class ChangelogFormat {
    private ChangelogFormat() {
    }

    /** One entry; field order is the order the sweep's metadata writes them. */
    public static final Shape ENTRY = Shape.of("entry", "Changelog entry",
            "One change that can move a benchmark result.",
            required(EntryBinder.CONFIG_KEYS, nonEmptyListOf(string()),
                    "The master config keys the change affects; `*` in a key matches any run of characters."),
            required(EntryBinder.DESCRIPTION, nonEmptyListOf(string()), "What changed, one line per item."),
            required(EntryBinder.PR_LINK, string(), "The pull request: https://github.com/OWNER/NAME/pull/N "
                    + "(or XXX while the pull request has no number)."),
            optional(EntryBinder.EVALS_ONLY, bool(), "Run only the evals, no throughput rows.").withDefault(false),
            optional(EntryBinder.ALL_EVALS, bool(), "Run the evals of every concurrency.").withDefault(false),
            optional(EntryBinder.APPEND_ONLY, bool(), "Only add new points to existing curves; "
                    + "not with evals-only, all-evals or eval-min-prefill-ep.").withDefault(false),
            optional(EntryBinder.EVAL_MIN_PREFILL_EP, integer(1), "Drop eval rows whose prefill ep is below this (≥ 1)."),
            optional(EntryBinder.SCENARIO_TYPE, nonEmptyListOf(oneOf(Arrays.stream(ScenarioType.values())
                    .map(ScenarioType::key).toList())), "The scenarios the entry runs (both when absent)."));

    /** The changelog file: a list of entries. */
    public static final Kind CHANGELOG = Kind.listOf(object(ENTRY));

    public static final Format FILE = new Format("urn:sweepgate:schema:changelog",
            "sweepgate performance changelog",
            "perf-changelog.yaml: the list of entries, oldest first. Generated from the field definitions "
                    + "`sweepgate validate-changelog` reads entries with. Checked by validate-changelog only, not by "
                    + "this schema: append-only with evals-only, all-evals or eval-min-prefill-ep; config keys that "
                    + "must resolve against the master configs; the file rules (final newline, no tab, CR or NUL, one "
                    + "`- config-keys:` line per entry, no merge keys), the history rules (entries only appended, "
                    + "pr-links canonical) and the byte rules (one empty line between appended entries). YAML 1.1 "
                    + "scalars are resolved first (yes is a boolean).",
            CHANGELOG);
}
