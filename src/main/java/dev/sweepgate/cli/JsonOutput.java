package dev.sweepgate.cli;

import dev.sweepgate.matrix.Row;
import dev.sweepgate.output.Format;
import dev.sweepgate.output.PrettyJson;
import dev.sweepgate.problem.ProblemException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Supplier;

/** The JSON sweepgate prints on stdout (matrix rows, the sweep), written by Jackson ({@link PrettyJson}). */
final class JsonOutput {
    private JsonOutput() {
    }

    /**
     * What full-sweep and test-config do with their rows: print them as one JSON array (exit 0),
     * or report the problems that kept the configs from producing them (exit 1).
     */
    static int printRows(Context context, FormatOption format, Supplier<List<Row>> rows, String filters) {
        List<Object> fields;
        try {
            List<Row> made = rows.get();
            if (made.isEmpty()) {
                // an empty matrix fails the workflow that consumes it: say which filters emptied it
                context.err().println(dev.sweepgate.matrix.MatrixGenerator.noRowsWarning(filters));
            }
            if (context.env().stdoutIsTerminal()
                    && (format.chosen() == null || format.chosen() == Format.TEXT)) {
                context.out().print(RowSummary.of(made).render());
                context.out().flush();
                return Main.OK;
            }
            fields = made.stream().<Object>map(Row::fields).toList();
        } catch (ProblemException e) {
            context.report(e.problems(), format.chosen(), true);
            return Main.RULE_BROKEN;
        }
        try {
            PrettyJson.write(fields, context.out());
        } catch (IOException e) {
            throw new UncheckedIOException("writing to stdout", e);
        }
        context.out().println();
        context.out().flush();
        return Main.OK;
    }

    /** {@code value} in the indented layout of all sweepgate's JSON. */
    static String pretty(Object value) {
        return PrettyJson.write(value);
    }
}
