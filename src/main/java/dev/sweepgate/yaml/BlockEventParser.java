package dev.sweepgate.yaml;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.snakeyaml.engine.v2.common.Anchor;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.DocumentEndEvent;
import org.snakeyaml.engine.v2.events.DocumentStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.ImplicitTuple;
import org.snakeyaml.engine.v2.events.MappingEndEvent;
import org.snakeyaml.engine.v2.events.MappingStartEvent;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.events.SequenceEndEvent;
import org.snakeyaml.engine.v2.events.SequenceStartEvent;
import org.snakeyaml.engine.v2.events.StreamEndEvent;
import org.snakeyaml.engine.v2.events.StreamStartEvent;
import org.snakeyaml.engine.v2.exceptions.Mark;

/**
 * A fast path for the YAML that configs and changelogs are written in: block mappings and
 * sequences, one-line plain and quoted scalars, one-line flow sequences of scalars, comments,
 * anchors and aliases. It yields the same events, with the same start marks, as snakeyaml's
 * parser, in a fraction of its time on a cold JVM (the parser dominated every command's run).
 *
 * <p>It never decides anything on its own: on the first construct outside that subset, and on
 * anything that might be an error, it gives up ({@code null}) and the caller parses the text
 * with snakeyaml, which then yields its exact events or its exact error. A test compares both
 * parsers' events on every historical config and changelog, and on mutations of them.
 */
final class BlockEventParser {
    /** Nesting beyond this is left to snakeyaml and the composer's own depth limit. */
    private static final int MAX_NESTING = 60;
    /** snakeyaml refuses longer simple keys; such a file takes the slow path and gets its error. */
    private static final int MAX_SIMPLE_KEY = 1024;
    private static final ImplicitTuple PLAIN = new ImplicitTuple(true, false);
    private static final ImplicitTuple QUOTED = new ImplicitTuple(false, true);
    private static final int[] NO_SNIPPET = new int[0];
    private static final Optional<String> NO_TAG = Optional.empty();

    /** Thrown to abandon the fast path; carries no stack, as it is control flow, not a failure. */
    private static final class GiveUp extends RuntimeException {
        private static final long serialVersionUID = 1L;

        GiveUp() {
            super(null, null, false, false);
        }
    }

    private static final GiveUp GIVE_UP = new GiveUp();

    private final String label;
    private final String text;
    private final int end;
    private final Consumer<Event> events;
    private int pos;
    private int line;
    private int lineStart;
    private int depth;
    private boolean complete;

    private BlockEventParser(String label, String text, Consumer<Event> events) {
        this.label = label;
        this.text = text;
        this.end = text.length();
        this.events = events;
    }

    /**
     * Feeds the events of {@code text} to {@code sink} as they are read, which keeps no more of
     * them alive than the sink does. Returns false when the text needs the full parser; the
     * sink has then seen a prefix of the events and must be discarded.
     */
    static boolean parse(String label, String text, Consumer<Event> sink) {
        return run(label, text, sink).complete;
    }

    /** The events of {@code text}, or null when the text needs the full parser. */
    static List<Event> parse(String label, String text) {
        List<Event> events = new ArrayList<>();
        return parse(label, text, events::add) ? events : null;
    }

    /** Where the fast path gives up on {@code text} (line:column, 1-based), or null; for tests. */
    static String givesUpAt(String text) {
        BlockEventParser parser = run("", text, event -> { });
        if (parser.complete) {
            return null;
        }
        return parser.pos < 0 ? "a character outside the plain set"
                : (parser.line + 1) + ":" + (parser.pos - parser.lineStart + 1);
    }

    /** The parser after its run: complete when it read the whole text. */
    private static BlockEventParser run(String label, String text, Consumer<Event> sink) {
        BlockEventParser parser = new BlockEventParser(label, text, sink);
        if (!plainCharacters(text)) {
            parser.pos = -1;
            return parser;
        }
        try {
            parser.document();
        } catch (GiveUp giveUp) {
            // parser.complete stays false
        }
        return parser;
    }

    /**
     * Only line feeds and printable characters of the Basic Multilingual Plane: marks count
     * columns in code points, and snakeyaml treats tabs, other line breaks and special
     * characters in ways the fast path does not reproduce.
     */
    private static boolean plainCharacters(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 ? c != '\n' : c >= 0x7f && (c < 0xa0 || c >= 0xd800 && c < 0xe000 || c == 0xfeff || c >= 0xfffe)) {
                return false;
            }
        }
        return true;
    }

    private void document() {
        events.accept(new StreamStartEvent(mark(), mark()));
        skipBlankLines();
        if (pos >= end || pos != lineStart || at(pos, '%') || startsWith("---") || startsWith("...")) {
            throw GIVE_UP;
        }
        events.accept(new DocumentStartEvent(false, Optional.empty(), java.util.Map.of(), mark(), mark()));
        blockCollection(0, Optional.empty(), null, -1);
        if (pos < end) {
            throw GIVE_UP;
        }
        events.accept(new DocumentEndEvent(false, mark(), mark()));
        events.accept(new StreamEndEvent(mark(), mark()));
        complete = true;
    }

    /**
     * A block mapping or sequence whose first entry starts at {@code pos}, in column
     * {@code indent}; {@code startMark} is the node's own mark when properties (an anchor) came
     * before it, and {@code parentIndent} the indentation of the entry that holds it.
     */
    private void blockCollection(int indent, Optional<Anchor> anchor, Optional<Mark> startMark, int parentIndent) {
        enter();
        Optional<Mark> start = startMark != null ? startMark : mark();
        if (isDash(pos)) {
            blockSequence(indent, anchor, start, false);
        } else {
            blockMapping(indent, anchor, start);
        }
        depth--;
    }

    private void blockMapping(int indent, Optional<Anchor> anchor, Optional<Mark> start) {
        events.accept(new MappingStartEvent(anchor, NO_TAG, true, FlowStyle.BLOCK, start, start));
        while (true) {
            key();
            value(indent);
            int next = nextIndent();
            if (next < indent) {
                break;
            }
            if (next > indent || isDash(pos)) {
                throw GIVE_UP;
            }
        }
        events.accept(new MappingEndEvent(mark(), mark()));
    }

    /**
     * A block sequence at {@code indent}; an indentless one (the value of a mapping entry at
     * the same indentation) ends at the mapping's next key.
     */
    private void blockSequence(int indent, Optional<Anchor> anchor, Optional<Mark> start, boolean indentless) {
        events.accept(new SequenceStartEvent(anchor, NO_TAG, true, FlowStyle.BLOCK, start, start));
        while (true) {
            pos++; // the dash
            skipSpaces();
            if (atLineEnd()) {
                throw GIVE_UP; // an item on the following lines, or an empty one
            }
            if (startsCompactMapping()) {
                enter();
                blockMapping(pos - lineStart, Optional.empty(), mark());
                depth--;
            } else {
                inlineValue(indent);
            }
            int next = nextIndent();
            if (next < indent) {
                break;
            }
            if (next > indent) {
                throw GIVE_UP;
            }
            if (!isDash(pos)) {
                if (indentless) {
                    break;
                }
                throw GIVE_UP;
            }
        }
        events.accept(new SequenceEndEvent(mark(), mark()));
    }

    /** A mapping key at {@code pos} and its `:`; the position ends after the colon. */
    private void key() {
        Optional<Mark> keyMark = mark();
        char c = text.charAt(pos);
        String key;
        if (c == '\'' || c == '"') {
            key = quoted(c);
            if (!at(pos, ':')) {
                throw GIVE_UP;
            }
            events.accept(new ScalarEvent(Optional.empty(), NO_TAG, QUOTED, key,
                    c == '\'' ? ScalarStyle.SINGLE_QUOTED : ScalarStyle.DOUBLE_QUOTED, keyMark, keyMark));
        } else {
            if (!plainStart(pos)) {
                throw GIVE_UP;
            }
            int from = pos;
            int colon = -1;
            while (pos < end && text.charAt(pos) != '\n') {
                char ch = text.charAt(pos);
                if (ch == ':' && isBlankOrEnd(pos + 1)) {
                    colon = pos;
                    break;
                }
                if (ch == '#' && text.charAt(pos - 1) == ' ') {
                    break;
                }
                pos++;
            }
            if (colon < 0) {
                throw GIVE_UP;
            }
            key = trimTrailingSpaces(from, colon);
            events.accept(new ScalarEvent(Optional.empty(), NO_TAG, PLAIN, key, ScalarStyle.PLAIN, keyMark, keyMark));
        }
        if (pos - lineStart > MAX_SIMPLE_KEY) {
            throw GIVE_UP;
        }
        pos++; // the colon
    }

    /** The value of a mapping entry whose key sits in column {@code indent}; {@code pos} is after the colon. */
    private void value(int indent) {
        Optional<Mark> afterColon = mark(); // snakeyaml's mark of an empty value
        skipSpaces();
        Optional<Anchor> anchor = Optional.empty();
        Optional<Mark> anchorMark = null;
        if (at(pos, '&')) {
            anchorMark = mark();
            anchor = Optional.of(anchorName());
            skipSpaces();
        }
        if (!atLineEnd()) {
            if (anchor.isPresent()) {
                throw GIVE_UP; // an anchored scalar: rare enough to leave to snakeyaml
            }
            inlineValue(indent);
            return;
        }
        int next = nextIndent();
        if (next > indent && !isDash(pos) && !startsCompactMapping()) {
            if (anchor.isPresent()) {
                throw GIVE_UP;
            }
            inlineValue(indent); // a scalar written on the line below its key
        } else if (next > indent) {
            blockCollection(next, anchor, anchorMark, indent);
        } else if (next == indent && isDash(pos)) {
            enter();
            blockSequence(indent, anchor, anchorMark != null ? anchorMark : mark(), true);
            depth--;
        } else {
            if (anchor.isPresent()) {
                throw GIVE_UP;
            }
            events.accept(new ScalarEvent(Optional.empty(), NO_TAG, PLAIN, "", ScalarStyle.PLAIN, afterColon, afterColon));
        }
    }

    /**
     * A value that starts on the current line at {@code pos} (a scalar, an alias or a flow
     * sequence) and ends it; the entry that holds it sits in column {@code indent}.
     */
    private void inlineValue(int indent) {
        Optional<Mark> start = mark();
        char c = text.charAt(pos);
        switch (c) {
            case '\'', '"' -> {
                String value = quoted(c);
                events.accept(new ScalarEvent(Optional.empty(), NO_TAG, QUOTED, value,
                        c == '\'' ? ScalarStyle.SINGLE_QUOTED : ScalarStyle.DOUBLE_QUOTED, start, start));
            }
            case '*' -> {
                Anchor name = anchorName();
                events.accept(new AliasEvent(Optional.of(name), start, start));
            }
            case '[', '{' -> flowCollection(start);
            default -> {
                if (!plainStart(pos)) {
                    throw GIVE_UP;
                }
                int from = pos;
                while (pos < end && text.charAt(pos) != '\n') {
                    char ch = text.charAt(pos);
                    if (ch == ':' && isBlankOrEnd(pos + 1)) {
                        throw GIVE_UP; // a mapping where a scalar was expected
                    }
                    if (ch == '#' && text.charAt(pos - 1) == ' ') {
                        break;
                    }
                    pos++;
                }
                String value = trimTrailingSpaces(from, pos);
                events.accept(new ScalarEvent(Optional.empty(), NO_TAG, PLAIN, value, ScalarStyle.PLAIN, start, start));
            }
        }
        endLine();
        // A more indented line after a one-line value continues a plain scalar or is an error.
        if (nextIndent() > indent) {
            throw GIVE_UP;
        }
    }

    /**
     * A flow collection that closes on its line: `[1, 2, "x"]`, `{ tp: 4, conc-end: 64 }`,
     * nested ones included; keys are scalars.
     */
    private void flowCollection(Optional<Mark> start) {
        enter();
        boolean mapping = text.charAt(pos) == '{';
        char close = mapping ? '}' : ']';
        events.accept(mapping
                ? new MappingStartEvent(Optional.empty(), NO_TAG, true, FlowStyle.FLOW, start, start)
                : new SequenceStartEvent(Optional.empty(), NO_TAG, true, FlowStyle.FLOW, start, start));
        pos++;
        skipSpaces();
        if (at(pos, close)) {
            pos++;
        } else {
            while (true) {
                if (mapping) {
                    flowScalar(true);
                    if (!at(pos, ':') || !at(pos + 1, ' ')) {
                        throw GIVE_UP;
                    }
                    pos++;
                    skipSpaces();
                }
                flowNode();
                skipSpaces();
                if (at(pos, close)) {
                    pos++;
                    break;
                }
                if (!at(pos, ',')) {
                    throw GIVE_UP;
                }
                pos++;
                skipSpaces();
                if (at(pos, close)) {
                    throw GIVE_UP; // a trailing comma
                }
            }
        }
        events.accept(mapping ? new MappingEndEvent(mark(), mark()) : new SequenceEndEvent(mark(), mark()));
        depth--;
    }

    /** An item or mapping value inside a flow collection. */
    private void flowNode() {
        if (at(pos, '[') || at(pos, '{')) {
            flowCollection(mark());
        } else {
            flowScalar(false);
        }
    }

    /** A quoted scalar, or a plain one of flow context (it ends at `,`, `]`, `}` and, as a key, at `: `). */
    private void flowScalar(boolean key) {
        Optional<Mark> start = mark();
        char c = pos < end ? text.charAt(pos) : '\n';
        if (c == '\'' || c == '"') {
            String value = quoted(c);
            events.accept(new ScalarEvent(Optional.empty(), NO_TAG, QUOTED, value,
                    c == '\'' ? ScalarStyle.SINGLE_QUOTED : ScalarStyle.DOUBLE_QUOTED, start, start));
            skipSpaces();
            return;
        }
        if (!plainStart(pos) || c == '?' || c == ':' || c == '-' && isFlowIndicator(pos + 1)) {
            throw GIVE_UP;
        }
        int from = pos;
        while (pos < end) {
            char ch = text.charAt(pos);
            if (ch == ',' || ch == ']' || ch == '}') {
                break;
            }
            if (ch == ':') {
                if (key && at(pos + 1, ' ')) {
                    break;
                }
                throw GIVE_UP;
            }
            if (ch == '\n' || ch == '[' || ch == '{' || ch == '#') {
                throw GIVE_UP;
            }
            pos++;
        }
        events.accept(new ScalarEvent(Optional.empty(), NO_TAG, PLAIN, trimTrailingSpaces(from, pos),
                ScalarStyle.PLAIN, start, start));
    }

    private boolean isFlowIndicator(int p) {
        return p < end && ",[]{}".indexOf(text.charAt(p)) >= 0;
    }

    /** A quoted scalar that closes on its line; {@code pos} ends after the closing quote. */
    private String quoted(char quote) {
        pos++;
        int from = pos;
        int close = text.indexOf(quote, from);
        int lineEnd = text.indexOf('\n', from);
        if (close >= 0 && (lineEnd < 0 || close < lineEnd) && !(quote == '\'' && at(close + 1, '\''))
                && !(quote == '"' && hasBackslash(from, close))) {
            pos = close + 1;
            return text.substring(from, close); // the usual case: no escape, no doubled quote
        }
        pos = from;
        StringBuilder value = new StringBuilder();
        while (true) {
            if (pos >= end || text.charAt(pos) == '\n') {
                throw GIVE_UP; // a quoted scalar over several lines folds them: left to snakeyaml
            }
            char c = text.charAt(pos);
            if (c == quote) {
                if (quote == '\'' && at(pos + 1, '\'')) {
                    value.append('\'');
                    pos += 2;
                    continue;
                }
                pos++;
                return value.toString();
            }
            if (c == '\\' && quote == '"') {
                escape(value);
                continue;
            }
            value.append(c);
            pos++;
        }
    }

    private boolean hasBackslash(int from, int to) {
        for (int p = from; p < to; p++) {
            if (text.charAt(p) == '\\') {
                return true;
            }
        }
        return false;
    }

    /** A double-quoted scalar's escape sequence at {@code pos}; an escaped line break is left to snakeyaml. */
    private void escape(StringBuilder value) {
        char c = pos + 1 < end ? text.charAt(pos + 1) : '\n';
        pos += 2;
        switch (c) {
            case '0' -> value.append('\0');
            case 'a' -> value.append('\u0007');
            case 'b' -> value.append('\b');
            case 't' -> value.append('\t');
            case 'n' -> value.append('\n');
            case 'v' -> value.append('\u000b');
            case 'f' -> value.append('\f');
            case 'r' -> value.append('\r');
            case 'e' -> value.append('\u001b');
            case ' ' -> value.append(' ');
            case '"' -> value.append('"');
            case '/' -> value.append('/');
            case '\\' -> value.append('\\');
            case 'N' -> value.append('\u0085');
            case '_' -> value.append('\u00a0');
            case 'L' -> value.append('\u2028');
            case 'P' -> value.append('\u2029');
            case 'x' -> value.appendCodePoint(hex(2));
            case 'u' -> value.appendCodePoint(hex(4));
            case 'U' -> value.appendCodePoint(hex(8));
            default -> throw GIVE_UP;
        }
    }

    /** The code point written as {@code digits} hex digits at {@code pos}. */
    private int hex(int digits) {
        if (pos + digits > end) {
            throw GIVE_UP;
        }
        int codePoint = 0;
        for (int i = 0; i < digits; i++) {
            int digit = Character.digit(text.charAt(pos + i), 16);
            if (digit < 0) {
                throw GIVE_UP;
            }
            codePoint = codePoint * 16 + digit;
        }
        if (codePoint > Character.MAX_CODE_POINT || codePoint >= 0xd800 && codePoint < 0xe000) {
            throw GIVE_UP;
        }
        pos += digits;
        return codePoint;
    }

    /** An anchor or alias name after `&` or `*`; the names snakeyaml accepts and more are left to it. */
    private Anchor anchorName() {
        int from = ++pos;
        while (pos < end) {
            char c = text.charAt(pos);
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
                pos++;
            } else {
                break;
            }
        }
        if (pos == from || !isBlankOrEnd(pos)) {
            throw GIVE_UP;
        }
        return new Anchor(text.substring(from, pos));
    }

    /** One level deeper; past {@link #MAX_NESTING} the text is left to snakeyaml. Paired with {@code depth--}. */
    private void enter() {
        if (++depth > MAX_NESTING) {
            throw GIVE_UP;
        }
    }

    /** After a value: only spaces and a comment may follow on its line. */
    private void endLine() {
        skipSpaces();
        if (!atLineEnd() || at(pos, '#') && text.charAt(pos - 1) != ' ') {
            throw GIVE_UP;
        }
    }

    /**
     * Moves to the first character of the next line that holds content and returns its
     * column, or -1 at the end of the text. Expects to be at the end of a line (before a
     * comment or the line feed), or already at the first character of a content line.
     */
    private int nextIndent() {
        if (pos < end && text.charAt(pos) != '\n' && text.charAt(pos) != '#') {
            return pos - lineStart; // already on the first character of a content line
        }
        while (pos < end && text.charAt(pos) != '\n') {
            pos++;
        }
        skipBlankLines();
        return pos >= end ? -1 : pos - lineStart;
    }

    /** Skips empty lines, lines of spaces and comment lines, leaving {@code pos} on content. */
    private void skipBlankLines() {
        while (pos < end) {
            if (text.charAt(pos) == '\n') {
                pos++;
                line++;
                lineStart = pos;
                continue;
            }
            int p = pos;
            while (p < end && text.charAt(p) == ' ') {
                p++;
            }
            if (p < end && text.charAt(p) == '#') {
                while (p < end && text.charAt(p) != '\n') {
                    p++;
                }
                pos = p;
                continue;
            }
            if (p >= end || text.charAt(p) == '\n') {
                pos = p;
                continue;
            }
            pos = p;
            return;
        }
    }

    /**
     * Whether a plain scalar in block context may start at {@code p}: not with an indicator,
     * except `-`, `?` and `:` followed by a non-space character.
     */
    private boolean plainStart(int p) {
        if (p >= end) {
            return false;
        }
        char c = text.charAt(p);
        switch (c) {
            case '-', '?', ':' -> {
                return p + 1 < end && text.charAt(p + 1) != ' ' && text.charAt(p + 1) != '\n';
            }
            case ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`', ' ', '\n' -> {
                return false;
            }
            default -> {
                return true;
            }
        }
    }

    /** Whether a sequence item of the form `- key: ...` starts at {@code pos}. */
    private boolean startsCompactMapping() {
        char c = text.charAt(pos);
        if (c == '\'' || c == '"') {
            int save = pos;
            int saveLine = line;
            int saveLineStart = lineStart;
            try {
                quoted(c);
                return at(pos, ':') && isBlankOrEnd(pos + 1);
            } catch (GiveUp e) {
                return false;
            } finally {
                pos = save;
                line = saveLine;
                lineStart = saveLineStart;
            }
        }
        if (!plainStart(pos)) {
            return false;
        }
        for (int p = pos; p < end && text.charAt(p) != '\n'; p++) {
            if (text.charAt(p) == ':' && isBlankOrEnd(p + 1)) {
                return true;
            }
            if (text.charAt(p) == '#' && text.charAt(p - 1) == ' ') {
                return false;
            }
        }
        return false;
    }

    private boolean isDash(int p) {
        return at(p, '-') && isBlankOrEnd(p + 1);
    }

    private boolean isBlankOrEnd(int p) {
        return p >= end || text.charAt(p) == ' ' || text.charAt(p) == '\n';
    }

    private boolean atLineEnd() {
        return pos >= end || text.charAt(pos) == '\n' || text.charAt(pos) == '#';
    }

    private boolean at(int p, char c) {
        return p < end && text.charAt(p) == c;
    }

    private boolean startsWith(String prefix) {
        if (pos + prefix.length() > end) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (text.charAt(pos + i) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private void skipSpaces() {
        while (pos < end && text.charAt(pos) == ' ') {
            pos++;
        }
    }

    private String trimTrailingSpaces(int from, int to) {
        while (to > from && text.charAt(to - 1) == ' ') {
            to--;
        }
        return text.substring(from, to);
    }

    private Optional<Mark> mark() {
        return Optional.of(new Mark(label, pos, line, pos - lineStart, NO_SNIPPET, 0));
    }
}
