package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogFormat;
import dev.sweepgate.config.ConfigFormat;
import dev.sweepgate.schema.Format;
import dev.sweepgate.schema.JsonSchema;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "schema", mixinStandardHelpOptions = true,
        description = {"Print the JSON Schema (draft 2020-12) of a file format on stdout, generated from the field "
                + "definitions the validators use, for editors that validate YAML while typing.",
                "Exit 0, or 2 for an unknown format."})
final class SchemaCommand implements Callable<Integer> {
    enum FileFormat {
        master(ConfigFormat.MASTER_FILE),
        runners(ConfigFormat.RUNNERS_FILE),
        changelog(ChangelogFormat.FILE);

        final Format format;

        FileFormat(Format format) {
            this.format = format;
        }
    }

    @ParentCommand
    Main root;

    @Parameters(paramLabel = "FORMAT", description = "master (configs/*-master.yaml), runners (configs/runners.yaml) "
            + "or changelog (perf-changelog.yaml).")
    FileFormat kind;

    @Override
    public Integer call() {
        Context context = root.context();
        context.out().println(JsonSchema.text(kind.format));
        return Main.OK;
    }
}
