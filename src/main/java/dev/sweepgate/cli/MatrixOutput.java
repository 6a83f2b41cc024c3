package dev.sweepgate.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.sweepgate.changelog.CanonicalJson;
import dev.sweepgate.matrix.Row;
import java.io.PrintStream;
import java.util.List;

/** Prints matrix rows as one JSON array, in Jackson's indented layout. */
final class MatrixOutput {
    private MatrixOutput() {
    }

    static void print(List<Row> rows, PrintStream out) {
        List<Object> values = rows.stream().<Object>map(Row::fields).toList();
        String json;
        try {
            // Starting Jackson costs more than writing the rows; the hand-written layout is identical.
            json = CanonicalJson.jacksonPretty(values);
        } catch (CanonicalJson.UnsupportedValueException e) {
            json = withJackson(values);
        }
        out.println(json);
        out.flush();
    }

    private static String withJackson(List<Object> values) {
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(values);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("rows are plain JSON values", e);
        }
    }
}
