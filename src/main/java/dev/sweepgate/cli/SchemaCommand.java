package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogFormat;
import dev.sweepgate.config.ConfigFormat;
import dev.sweepgate.schema.Format;
import dev.sweepgate.schema.JsonSchema;

record SchemaCommand(FileFormat kind) {
    enum FileFormat {
        master(ConfigFormat.MASTER_FILE),
        runners(ConfigFormat.RUNNERS_FILE),
        changelog(ChangelogFormat.FILE);

        final Format format;

        FileFormat(Format format) {
            this.format = format;
        }
    }

    static final CommandSpec SPEC = CommandSpec.of("schema", (args, context) -> from(args).call(context),
                    "Print the JSON Schema (draft 2020-12) of a file format on stdout, generated from the field "
                            + "definitions the validators use, for editors that validate YAML while typing.",
                    "Exit 0, or 2 for an unknown format.")
            .withPositionals(new PositionalSpec("FORMAT", "master (configs/*-master.yaml), runners "
                    + "(configs/runners.yaml) or changelog (perf-changelog.yaml).",
                    Converters.choice(FileFormat.values())));

    static SchemaCommand from(ParsedArgs args) {
        return new SchemaCommand(args.value("FORMAT"));
    }

    int call(Context context) {
        context.out().println(JsonSchema.text(kind.format));
        return Main.OK;
    }
}
