package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogFormat;
import dev.sweepgate.config.ConfigFormat;
import dev.sweepgate.schema.Format;
import dev.sweepgate.schema.JsonSchema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "schema",
        description = {"Print the JSON Schema (draft 2020-12) of a file format on stdout, generated from the field "
                + "definitions the validators use, for editors that validate YAML while typing.",
                "Exit 0, or 2 for an unknown format."})
final class SchemaCommand implements ContextCommand {
    /**
     * The formats by the names the user writes. The definitions are looked up only when the
     * command runs: picocli reads the constants of every command's enums when it builds the tree.
     */
    enum FileFormat {
        master, runners, changelog;

        Format format() {
            return switch (this) {
                case master -> ConfigFormat.MASTER_FILE;
                case runners -> ConfigFormat.RUNNERS_FILE;
                case changelog -> ChangelogFormat.FILE;
            };
        }
    }

    @Parameters(paramLabel = "FORMAT", description = "master (configs/*-master.yaml), runners (configs/runners.yaml) "
            + "or changelog (perf-changelog.yaml).")
    private FileFormat kind;

    @Override
    public int call(Context context) {
        context.out().println(JsonSchema.text(kind.format()));
        return Main.OK;
    }
}
