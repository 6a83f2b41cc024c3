package dev.sweepgate.output;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.SegmentedStringWriter;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.Map;

/**
 * The indented JSON sweepgate prints (matrix rows, the sweep, problems, SARIF, schemas), written
 * by Jackson's generator. The layout is the one users and CI diff against earlier runs, so it is
 * spelled out here rather than left to a default: objects one member a line, indented two spaces
 * a level, {@code "key" : value}; arrays on one line, {@code [ a, b ]}; empty ones {@code { }} and
 * {@code [ ]}; lines ended with the system line separator.
 *
 * <p>The streaming generator rather than an {@code ObjectMapper}: the values are plain maps, lists
 * and scalars, and setting up databind's serializers cost a short run more than writing a
 * megabyte of rows (67 ms against the generator's 6, with the class-data-sharing archive).
 */
public final class PrettyJson {
    private PrettyJson() {
    }

    /** {@code value} (maps, collections, strings, numbers, booleans, null) as indented JSON text. */
    public static String write(Object value) {
        SegmentedStringWriter text = new SegmentedStringWriter(new BufferRecycler());
        try {
            try (JsonGenerator generator = pretty(new JsonFactory().createGenerator(text))) {
                write(generator, value);
            }
            return text.getAndClear();
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to memory", e);
        }
    }

    /**
     * {@code value} as indented JSON, in UTF-8, straight into {@code out} (left open): a megabyte of
     * rows needs no text in memory first.
     */
    public static void write(Object value, OutputStream out) throws IOException {
        // A character beyond the BMP as its four UTF-8 bytes, as the text form writes it (not as
        // an escaped surrogate pair, the UTF-8 generator's default).
        JsonFactory factory = JsonFactory.builder()
                .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
                .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
                .build();
        try (JsonGenerator generator = pretty(factory.createGenerator(out, JsonEncoding.UTF8))) {
            write(generator, value);
        }
    }

    private static JsonGenerator pretty(JsonGenerator generator) {
        return generator.setPrettyPrinter(printer());
    }

    /** The layout above, for a writer of Jackson trees ({@link JsonTree#pretty}). */
    static DefaultPrettyPrinter printer() {
        return new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter("  ", DefaultIndenter.SYS_LF))
                .withArrayIndenter(DefaultPrettyPrinter.FixedSpaceIndenter.instance);
    }

    private static void write(JsonGenerator generator, Object value) throws IOException {
        if (value instanceof Map<?, ?> map) {
            generator.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                generator.writeFieldName(String.valueOf(entry.getKey()));
                write(generator, entry.getValue());
            }
            generator.writeEndObject();
        } else if (value instanceof Collection<?> items) {
            generator.writeStartArray();
            for (Object item : items) {
                write(generator, item);
            }
            generator.writeEndArray();
        } else {
            // Strings, numbers, booleans and null; anything else is a programming error the generator reports.
            generator.writeObject(value);
        }
    }
}
