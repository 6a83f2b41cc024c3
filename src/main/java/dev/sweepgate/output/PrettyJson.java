package dev.sweepgate.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;

/**
 * The indented JSON sweepgate prints (matrix rows, the sweep, problems, SARIF, schemas), written
 * by Jackson. The layout is the one users and CI diff against earlier runs, so it is spelled out
 * here rather than left to a default: objects one member a line, indented two spaces a level,
 * {@code "key" : value}; arrays on one line, {@code [ a, b ]}; empty ones {@code { }} and
 * {@code [ ]}; lines ended with the system line separator.
 */
public final class PrettyJson {
    private PrettyJson() {
    }

    /** {@code value} (maps, lists, strings, numbers, booleans, null) as indented JSON text. */
    public static String write(Object value) {
        try {
            return Writer.INSTANCE.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the output is made of plain JSON values", e);
        }
    }

    /** Built on first use only: the commands that print no JSON never start Jackson. */
    private static final class Writer {
        static final ObjectWriter INSTANCE = new ObjectMapper().writer(new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter("  ", DefaultIndenter.SYS_LF))
                .withArrayIndenter(DefaultPrettyPrinter.FixedSpaceIndenter.instance));
    }
}
