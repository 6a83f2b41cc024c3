package dev.sweepgate.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.sweepgate.changelog.CanonicalJson;
import dev.sweepgate.matrix.Row;
import dev.sweepgate.problem.ProblemException;
import java.util.List;
import java.util.function.Supplier;

/** The JSON sweepgate prints on stdout (matrix rows, the sweep), in Jackson's indented layout. */
final class JsonOutput {
    private JsonOutput() {
    }

    /**
     * What full-sweep and test-config do with their rows: print them as one JSON array (exit 0),
     * or report the problems that kept the configs from producing them (exit 1).
     */
    static int printRows(Context context, FormatOption format, Supplier<List<Row>> rows, String filters) {
        try {
            List<Row> made = rows.get();
            if (made.isEmpty()) {
                context.err().println(dev.sweepgate.matrix.MatrixGenerator.noRowsWarning(filters));
            }
            context.out().println(rows(made));
            context.out().flush();
            return Main.OK;
        } catch (ProblemException e) {
            context.report(e.problems(), format.chosen(), true);
            return Main.RULE_BROKEN;
        }
    }

    /** Matrix rows as one JSON array. */
    static String rows(List<Row> rows) {
        return pretty(rows.stream().<Object>map(Row::fields).toList());
    }

    /** {@code value} as Jackson's INDENT_OUTPUT writes it. */
    static String pretty(Object value) {
        try {
            // Starting Jackson costs more than writing the value; the hand-written layout is identical.
            return CanonicalJson.jacksonPretty(value);
        } catch (CanonicalJson.UnsupportedValueException e) {
            return WithJackson.pretty(value);
        }
    }

    /**
     * Jackson itself, for values the hand-written layout does not cover. A class of its own so
     * that the usual run never loads a Jackson class (the verifier loads the exception types a
     * method catches when it loads the method's class).
     */
    private static final class WithJackson {
        private WithJackson() {
        }

        static String pretty(Object value) {
            try {
                return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("the output is made of plain JSON values", e);
            }
        }
    }
}
