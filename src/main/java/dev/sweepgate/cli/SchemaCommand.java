package dev.sweepgate.cli;

import dev.sweepgate.changelog.ChangelogFormat;
import dev.sweepgate.config.ConfigFormat;
import dev.sweepgate.schema.Format;
import dev.sweepgate.schema.JsonSchema;
import dev.sweepgate.sweep.priority.PolicyFormat;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

final class SchemaCommand implements ContextCommand {
    /**
     * The formats by the names the user writes. The definitions are looked up only when the
     * command runs: picocli reads the constants of every command's enums when it builds the tree.
     */
    enum FileFormat {
        master, runners, changelog, priority;

        Format format() {
            return switch (this) {
                case master -> ConfigFormat.MASTER_FILE;
                case runners -> ConfigFormat.RUNNERS_FILE;
                case changelog -> ChangelogFormat.FILE;
                case priority -> PolicyFormat.FILE;
            };
        }
    }

    private final PositionalParamSpec kind = Specs.positional("KIND", FileFormat.class, "master "
            + "(configs/*-master.yaml), runners (configs/runners.yaml), changelog (perf-changelog.yaml) or priority "
            + "(configs/ci-priority.yaml).").build();

    @Override
    public CommandSpec spec() {
        CommandSpec spec = Specs.command(this, "Print the JSON Schema (draft 2020-12) of a file format on stdout, "
                        + "generated from the field definitions the validators use, for editors that validate YAML "
                        + "while typing.",
                "Exit 0, or 2 for an unknown format.");
        return spec.addPositional(kind);
    }

    @Override
    public int call(Context context) {
        context.out().println(JsonSchema.text(kind.<FileFormat>getValue().format()));
        return Main.OK;
    }
}
