package dev.sweepgate.changelog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LineIndexTest {
    @Test
    void everyOffsetHasThePositionAScanFromTheStartGives() {
        for (String text : new String[] {"", "\n", "a", "ab\n\ncd\n", "- config-keys:\n  - é\u2028x\n\n  pr-link: y"}) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            LineIndex index = LineIndex.of(bytes);
            for (int offset = 0; offset <= bytes.length + 1; offset++) {
                assertEquals(ByteText.positionOf(bytes, offset, "f"), index.positionOf(offset, "f"),
                        () -> text + " at some offset");
                assertEquals(ByteText.lineFeeds(bytes, Math.min(offset, bytes.length)) + 1, index.lineOf(offset));
            }
        }
    }

    @Test
    void aLineStartsRightAfterItsLineFeed() {
        LineIndex index = LineIndex.of("ab\ncd\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(1, index.lineOf(2));
        assertEquals(2, index.lineOf(3));
        assertEquals(3, index.lineOf(6));
    }
}
