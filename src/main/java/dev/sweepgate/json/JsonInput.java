package dev.sweepgate.json;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.yaml.SourceFile;
import dev.sweepgate.yaml.YamlLoader;

/** A JSON input file (a sweep to annotate, say) read into a Jackson tree, its problems at line and column. */
public final class JsonInput {
    public static final String SYNTAX_RULE = "json.syntax";
    public static final String ENCODING_RULE = "json.encoding";

    private JsonInput() {
    }

    /**
     * The one JSON value of the file, read as Python's {@code json.loads} reads it.
     *
     * @throws ProblemException when the bytes are not UTF-8 or not one JSON value
     */
    public static JsonNode read(SourceFile file) {
        byte[] bytes = file.bytes();
        String text = YamlLoader.utf8OrNull(bytes);
        if (text == null) {
            int offset = YamlLoader.firstInvalidUtf8(bytes);
            throw new ProblemException(Problem.fileError(file.name(), ENCODING_RULE, String.format(
                    "invalid UTF-8 at byte %d (0x%02x): JSON is read as UTF-8", offset, bytes[offset] & 0xff)));
        }
        try {
            return PythonJson.read(text);
        } catch (PythonJson.NotJson e) {
            PythonJson.SyntaxError error = e.error();
            throw new ProblemException(new Problem(Problem.Severity.ERROR, file.name(), error.line(), error.column(),
                    SYNTAX_RULE, file.name() + " is not JSON: " + error.message()
                    + " (the input must be one JSON value, such as the sweep process-changelog prints)"));
        }
    }
}
