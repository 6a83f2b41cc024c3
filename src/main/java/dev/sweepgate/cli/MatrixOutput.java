package dev.sweepgate.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.sweepgate.matrix.Row;
import java.io.PrintStream;
import java.util.List;

/** Prints matrix rows as one JSON array. */
final class MatrixOutput {
    private MatrixOutput() {
    }

    static void print(List<Row> rows, PrintStream out) {
        try {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(rows.stream().map(Row::fields).toList()));
            out.flush();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("rows are plain JSON values", e);
        }
    }
}
