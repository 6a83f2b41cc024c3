package dev.sweepgate.yaml;

import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import java.nio.ByteBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.common.Anchor;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.CollectionStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.NodeEvent;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * Reads one YAML document into {@link YNode}s that keep their positions, resolving scalars
 * with YAML 1.1 rules. Builds the tree from parser events itself (instead of snakeyaml's
 * composer) to control scalar resolution, merge keys, duplicate keys and the limits.
 */
public final class YamlLoader {
    public static final int MAX_BYTES = 64 * 1024 * 1024;
    public static final int MAX_DEPTH = 64;
    /**
     * Nodes that aliases and merge keys may add to a document beyond the ones written in it; a
     * billion-laughs document blows past it long before it costs time or memory.
     */
    public static final long MAX_EXPANDED_NODES = 5_000_000;
    /**
     * Map entries merge keys may copy in one document. Real configs merge a few small maps; a
     * chain of maps that each merge the previous one copies quadratically many entries.
     */
    public static final long MAX_MERGED_ENTRIES = 1_000_000;
    /**
     * Characters (UTF-16 units) a line may hold. snakeyaml-engine's reader copies its whole
     * look-ahead window each time it reads on, and a scalar or comment without a space or line
     * break is one look-ahead: a line of n characters costs it about n^2/2048 copies (8 MB on one
     * line: 27 s). Its code-point limit bounds the document, not a line. The longest line of any
     * version of any YAML file in the benchmark repository's history is 2 482 characters (a
     * recipe; configs/*.yaml 244, perf-changelog.yaml 1 181; docs/problems.md), so this is 26
     * times that, and a file of such lines parses in linear time. Checked on the bytes first
     * ({@link #refuseLongLine}).
     */
    public static final int MAX_LINE = 64 * 1024;
    /**
     * Characters a scalar may hold (one written over many lines, which the reader takes line by
     * line). The longest in the history of the files sweepgate reads is 1 985 characters.
     */
    public static final int MAX_SCALAR = 1024 * 1024;

    private static final String TAG_PREFIX = "tag:yaml.org,2002:";
    private static final java.util.regex.Pattern DECIMAL_OR_SEXAGESIMAL =
            java.util.regex.Pattern.compile("[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])*");

    private final boolean allowMergeKeys;

    private YamlLoader(boolean allowMergeKeys) {
        this.allowMergeKeys = allowMergeKeys;
    }

    /** A loader for configs: merge keys allowed. */
    public static YamlLoader standard() {
        return new YamlLoader(true);
    }

    /** A loader that refuses merge keys (the changelog). */
    public static YamlLoader withoutMergeKeys() {
        return new YamlLoader(false);
    }

    /**
     * The result: the root node, and non-fatal problems such as duplicate keys.
     *
     * @param selfContained no node is anchored or aliased and the root has no merge key: each top-level
     *                      entry is what its own lines say ({@link #loadAgainst} may take it as it is)
     */
    public record Document(YNode root, List<Problem> problems, boolean selfContained) {
        public Document(YNode root, List<Problem> problems) {
            this(root, problems, false);
        }
    }

    /**
     * Loads exactly one document.
     *
     * @throws ProblemException when the bytes are not a single, well-formed YAML document
     */
    public Document load(byte[] bytes, String file) {
        return load(bytes, file, IntUnaryOperator.identity());
    }

    private Document load(byte[] bytes, String file, IntUnaryOperator lineInFile) {
        if (bytes.length > MAX_BYTES) {
            throw new ProblemException(tooLarge(file, bytes.length));
        }
        refuseLongLine(bytes, 0, bytes.length, file, lineInFile);
        return new Composer(file, lineInFile).compose(decodeUtf8(bytes, file));
    }

    /**
     * Throws {@code yaml.too-long} when a line of {@code bytes[from, to)} holds more than
     * {@link #MAX_LINE} characters, before anything decodes, copies or parses them: one pass
     * over the bytes, so a 60 MB line is refused in well under a second and in no memory beyond
     * the bytes themselves.
     *
     * @param lineInFile the 1-based line of the file that holds a 1-based line of the bytes from {@code from}
     */
    public static void refuseLongLine(byte[] bytes, int from, int to, String file, IntUnaryOperator lineInFile) {
        // a byte-order mark is no character of the line (the composer leaves it out)
        boolean bom = to - from >= 3 && bytes[from] == (byte) 0xEF && bytes[from + 1] == (byte) 0xBB && bytes[from + 2] == (byte) 0xBF;
        int past = pastLongLine(bytes, bom ? from + 3 : from, to);
        if (past >= 0) {
            throw new ProblemException(tooLongLine(bytes, bom ? from + 3 : from, past, file, lineInFile));
        }
    }

    /** {@link #refuseLongLine(byte[], int, int, String, IntUnaryOperator)} of a whole file. */
    public static void refuseLongLine(byte[] bytes, String file) {
        refuseLongLine(bytes, 0, bytes.length, file, IntUnaryOperator.identity());
    }

    /**
     * The offset of the first byte of the first character past {@link #MAX_LINE} (UTF-16 units,
     * as {@link #pastLongLine(String, int)} counts) on the first line of {@code bytes[from, to)} longer
     * than that, or -1. A line ends at LF and at CR, as for snakeyaml. A character takes at least
     * as many bytes as UTF-16 units, so only a line of more than MAX_LINE bytes is counted.
     */
    static int pastLongLine(byte[] bytes, int from, int to) {
        int lineStart = from;
        int units = -1; // UTF-16 units before i on its line, once the line is long enough to count
        for (int i = from; i < to; i++) {
            byte b = bytes[i];
            if (b == '\n' || b == '\r') {
                lineStart = i + 1;
                units = -1;
            } else if (i - lineStart >= MAX_LINE && (b & 0xC0) != 0x80) {
                if (units < 0) {
                    units = utf16Units(bytes, lineStart, i);
                }
                if (units >= MAX_LINE) {
                    return i;
                }
                units += (b & 0xF8) == 0xF0 ? 2 : 1;
            }
        }
        return -1;
    }

    /** UTF-16 units of the UTF-8 bytes {@code [from, to)}: one per character, two for one past U+FFFF. */
    private static int utf16Units(byte[] bytes, int from, int to) {
        int units = 0;
        for (int i = from; i < to; i++) {
            byte b = bytes[i];
            if ((b & 0xC0) != 0x80) {
                units += (b & 0xF8) == 0xF0 ? 2 : 1;
            }
        }
        return units;
    }

    /** yaml.too-long at the character of {@code bytes} that starts at {@code offset}, as file:line:column. */
    private static Problem tooLongLine(byte[] bytes, int from, int offset, String file, IntUnaryOperator lineInFile) {
        int line = 1;
        int lineStart = from;
        for (int i = from; i < offset; i++) {
            if (bytes[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int column = 1;
        for (int i = lineStart; i < offset; i++) {
            if ((bytes[i] & 0xC0) != 0x80) {
                column++;
            }
        }
        return tooLongLine(new Position(file, lineInFile.applyAsInt(line), column));
    }

    /** Reads no further than the column: the rest of a 60 MB line is not worth a pass to count it. */
    private static Problem tooLongLine(Position at) {
        return Problem.error(at, "yaml.too-long", "this line holds more than " + MAX_LINE + " characters; YAML lines are "
                + "limited to that (the longest real line is about 2 500), and the YAML "
                + "parser slows down with the square of a line's length: break it up (a list in block style, "
                + "one item a line; a long text as a folded `>` block) or remove what does not belong in the file");
    }

    /**
     * Loads exactly one document from text the caller has already decoded from at most
     * {@link #MAX_BYTES} bytes of valid UTF-8 (a large changelog is not decoded twice).
     */
    public Document loadDecoded(String text, String file) {
        return loadDecoded(text, file, IntUnaryOperator.identity());
    }

    /**
     * Loads text made of some lines of {@code file} (the lines a change adds to it, say), so
     * that every position, of the nodes and of the problems, is one in {@code file} itself.
     *
     * @param lineInFile the 1-based line of {@code file} that holds a 1-based line of {@code text}
     */
    public Document loadDecoded(String text, String file, IntUnaryOperator lineInFile) {
        int tooLong = pastLongLine(text, text.startsWith("\uFEFF") ? 1 : 0);
        if (tooLong >= 0) {
            throw new ProblemException(tooLongLine(text, text.startsWith("\uFEFF") ? 1 : 0, tooLong, file, lineInFile));
        }
        return new Composer(file, lineInFile).compose(text);
    }

    /** Files smaller than this are parsed whole: cutting them saves less than it costs. */
    static final int SMALLEST_TO_CUT = 64 * 1024;

    /**
     * Where a large document whose root is a block mapping may be cut in two, so that two threads
     * parse it ({@link #loadPart}, {@link #join}): the start of the first line at or after byte
     * {@code from} that begins a top-level key. Any value the line before it holds is closed by
     * then: block content is indented, and an open flow collection or quote makes the first part
     * fail to load on its own. -1 for a small file, one that starts with a directive, when no
     * such line follows, or when a line longer than {@link #MAX_LINE} bytes comes first (the whole
     * file's load refuses it without reading the rest of that line).
     */
    public static int cutPoint(byte[] bytes, int from) {
        if (bytes.length < SMALLEST_TO_CUT || bytes.length > MAX_BYTES || bytes[0] == '%') {
            return -1;
        }
        int lineStart = Math.max(from, 1) - 1;
        for (int i = lineStart; i < bytes.length - 1; i++) {
            if (bytes[i] == '\n') {
                if (beginsKey(bytes, i + 1)) {
                    return i + 1;
                }
                lineStart = i;
            } else if (i - lineStart > MAX_LINE) {
                return -1;
            }
        }
        return -1;
    }

    /** A line that begins a plain key at column 1: a letter, digit or underscore, and a `: ` or `:` at its end. */
    private static boolean beginsKey(byte[] bytes, int at) {
        byte first = bytes[at];
        if (!(first >= 'a' && first <= 'z' || first >= 'A' && first <= 'Z' || first >= '0' && first <= '9' || first == '_')) {
            return false;
        }
        for (int i = at + 1; i < bytes.length && bytes[i] != '\n'; i++) {
            if (bytes[i] == ':' && (i + 1 == bytes.length || bytes[i + 1] == ' ' || bytes[i + 1] == '\n')) {
                return true;
            }
            if (bytes[i] == '#' || bytes[i] == '"' || bytes[i] == '\'' || bytes[i] == '{' || bytes[i] == '[') {
                return false;
            }
        }
        return false;
    }

    /**
     * Bytes {@code from} to {@code to} of {@code file}, one of the parts {@link #cutPoint} cuts it
     * into, loaded on their own with every position the one in the whole file; null when they do
     * not load cleanly as a mapping (a syntax error, an alias to an anchor in the other part, a
     * duplicate key, a limit): the caller then loads the whole file, whose problems are exact.
     */
    public Document loadPart(byte[] bytes, int from, int to, String file) {
        int linesBefore = 0;
        for (int i = 0; i < from; i++) {
            if (bytes[i] == '\n') {
                linesBefore++;
            } else if (bytes[i] == '\r') {
                // snakeyaml-engine breaks lines at LF, CRLF and a lone CR: with a CR before the part,
                // counting LFs may not give its marks' lines.
                return null;
            }
        }
        int offset = linesBefore;
        if (pastLongLine(bytes, from, to) >= 0) {
            return null;
        }
        try {
            String text = decodeUtf8(Arrays.copyOfRange(bytes, from, to), file);
            Composer composer = new Composer(file, line -> line + offset);
            Document part = composer.compose(text);
            // A top-level merge key puts what it merges after all of its mapping's keys: those of both parts.
            return part.problems().isEmpty() && part.root() instanceof YMap && !composer.rootMerges ? part : null;
        } catch (ProblemException e) {
            return null;
        }
    }

    /**
     * The document two parts of one file make (first, then second), as loading the whole file
     * gives it; null when a key of the second part is also one of the first, which the whole
     * file reports as a duplicate key.
     */
    public static Document join(Document first, Document second) {
        YMap a = (YMap) first.root();
        YMap b = (YMap) second.root();
        Set<Object> keys = new HashSet<>();
        for (YMap.Entry e : a.entries()) {
            keys.add(dedupKey(e.key().value()));
        }
        List<YMap.Entry> entries = new ArrayList<>(a.entries());
        for (YMap.Entry e : b.entries()) {
            if (!keys.add(dedupKey(e.key().value()))) {
                return null;
            }
            entries.add(e);
        }
        return new Document(new YMap(entries, a.pos()), List.of(), first.selfContained() && second.selfContained());
    }

    /**
     * {@code bytes} (named {@code file}) loaded as {@link #load} loads them, from {@code known}: what another
     * version of the same file, {@code knownBytes}, loaded to, clean and {@link Document#selfContained}. The
     * top-level entries both versions hold byte for byte, before and after the lines that differ, are
     * {@code known}'s with their positions moved to this file; only the entries between are parsed
     * ({@link #loadPart}). The base of a change is its head with a few lines changed, so its configs are
     * not parsed again. Null when that cannot be exact (a line break other than LF, a cut that is not an
     * entry's start in both, a part that does not load on its own, a key in two parts): load the whole file.
     */
    public Document loadAgainst(byte[] bytes, String file, byte[] knownBytes, Document known) {
        if (!known.selfContained() || !known.problems().isEmpty() || !(known.root() instanceof YMap head)
                || bytes.length == 0 || bytes.length > MAX_BYTES || bytes[0] == '%' || knownBytes.length == 0
                || knownBytes[0] == '%' || contains(bytes, (byte) '\r') || contains(knownBytes, (byte) '\r')) {
            return null;
        }
        int common = Arrays.mismatch(bytes, knownBytes);
        if (common < 0) {
            return new Document(moved(head, file, 0), List.of(), true);
        }
        int shorter = Math.min(bytes.length, knownBytes.length);
        int end = 0;
        while (end < shorter - common && bytes[bytes.length - 1 - end] == knownBytes[knownBytes.length - 1 - end]) {
            end++;
        }
        int shift = knownBytes.length - bytes.length;
        // The last top-level key that starts at or before the first difference, in both versions.
        int from = common;
        while (from > 0 && !(bytes[from - 1] == '\n' && keyAt(bytes, from) && keyAt(knownBytes, from))) {
            from--;
        }
        // The first top-level key of the identical end (the line break before it identical too), in both.
        int to = bytes.length - end + 1;
        while (to < bytes.length && !(bytes[to - 1] == '\n' && keyAt(bytes, to) && keyAt(knownBytes, to + shift))) {
            to++;
        }
        to = Math.max(Math.min(to, bytes.length), from);
        int fromLine = 1 + count(knownBytes, 0, from, (byte) '\n');
        int knownLinesBeforeTo = count(knownBytes, 0, to + shift, (byte) '\n');
        int toLine = 1 + knownLinesBeforeTo;
        // Both cuts must be where the known file's entries start: then what precedes and follows them is parsed alike.
        if (from > 0 && !startsEntry(head, fromLine) || to < bytes.length && !startsEntry(head, toLine)) {
            return null;
        }
        Document middle = null;
        if (to > from) {
            middle = loadPart(bytes, from, to, file);
            if (middle == null || !middle.selfContained()) {
                return null;
            }
        }
        int moveAfter = count(bytes, 0, to, (byte) '\n') - knownLinesBeforeTo;
        List<YMap.Entry> entries = new ArrayList<>();
        for (YMap.Entry e : head.entries()) {
            if (e.key().pos().line() < fromLine) {
                entries.add(moved(e, file, 0));
            }
        }
        if (middle != null) {
            entries.addAll(((YMap) middle.root()).entries());
        }
        for (YMap.Entry e : head.entries()) {
            if (to < bytes.length && e.key().pos().line() >= toLine) {
                entries.add(moved(e, file, moveAfter));
            }
        }
        Set<Object> keys = new HashSet<>();
        for (YMap.Entry e : entries) {
            if (!keys.add(dedupKey(e.key().value()))) {
                return null; // a duplicate key: the whole file's load reports it
            }
        }
        Position root;
        if (from > 0) {
            root = moved(head.pos(), file, 0);
        } else if (middle != null) {
            root = middle.root().pos();
        } else {
            return null;
        }
        return new Document(new YMap(entries, root), List.of(), true);
    }

    /** {@link #beginsKey}, false at the end (one version may be the other and more). */
    private static boolean keyAt(byte[] bytes, int at) {
        return at < bytes.length && beginsKey(bytes, at);
    }

    /** Whether a top-level entry of {@code map} has its key at column 1 of {@code line}. */
    private static boolean startsEntry(YMap map, int line) {
        for (YMap.Entry e : map.entries()) {
            if (e.key().pos().line() == line && e.key().pos().column() == 1) {
                return true;
            }
        }
        return false;
    }

    private static boolean contains(byte[] bytes, byte b) {
        return count(bytes, 0, bytes.length, b) > 0;
    }

    private static int count(byte[] bytes, int from, int to, byte b) {
        int n = 0;
        for (int i = from; i < to; i++) {
            if (bytes[i] == b) {
                n++;
            }
        }
        return n;
    }

    private static YMap.Entry moved(YMap.Entry e, String file, int lines) {
        return new YMap.Entry((YScalar) moved(e.key(), file, lines), moved(e.value(), file, lines));
    }

    /** The node as it stands {@code lines} lines further down in {@code file}. */
    private static YNode moved(YNode node, String file, int lines) {
        if (node instanceof YScalar s) {
            return new YScalar(s.value(), s.text(), s.plain(), moved(s.pos(), file, lines));
        }
        if (node instanceof YSeq q) {
            List<YNode> items = new ArrayList<>(q.items().size());
            for (YNode item : q.items()) {
                items.add(moved(item, file, lines));
            }
            return new YSeq(items, moved(q.pos(), file, lines));
        }
        YMap m = (YMap) node;
        List<YMap.Entry> entries = new ArrayList<>(m.entries().size());
        for (YMap.Entry e : m.entries()) {
            entries.add(moved(e, file, lines));
        }
        return new YMap(entries, moved(m.pos(), file, lines));
    }

    private static Position moved(Position p, String file, int lines) {
        return new Position(file, p.line() > 0 ? p.line() + lines : p.line(), p.column());
    }

    /** The problem of a file over {@link #MAX_BYTES}, also for callers that refuse it before reading it. */
    public static Problem tooLarge(String file, long size) {
        return Problem.fileError(file, "yaml.too-large", "the file is " + size + " bytes; YAML inputs are limited to "
                + MAX_BYTES + " bytes (64 MiB)");
    }

    public Document load(String text, String file) {
        return load(text.getBytes(StandardCharsets.UTF_8), file);
    }

    /** {@link #load(String, String)} of some lines of {@code file}: see {@link #loadDecoded(String, String, IntUnaryOperator)}. */
    public Document load(String text, String file, IntUnaryOperator lineInFile) {
        return load(text.getBytes(StandardCharsets.UTF_8), file, lineInFile);
    }

    static String decodeUtf8(byte[] bytes, String file) {
        String text = utf8OrNull(bytes);
        if (text != null) {
            return text;
        }
        int offset = firstInvalidUtf8(bytes);
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (bytes[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        throw new ProblemException(new Problem(Problem.Severity.ERROR, file, line, offset - lineStart + 1,
                "yaml.encoding", String.format("invalid UTF-8 at byte %d (0x%02x): save the file as UTF-8",
                        offset, bytes[offset] & 0xff)));
    }

    /**
     * The text of {@code bytes}, or null when they are not valid UTF-8 ({@link #firstInvalidUtf8}
     * says where). One decoding pass: the JDK's lenient decoder replaces what it cannot read with
     * U+FFFD, so only a text holding U+FFFD needs the strict check.
     */
    public static String utf8OrNull(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        return text.indexOf('\uFFFD') < 0 || firstInvalidUtf8(bytes) < 0 ? text : null;
    }

    /** The offset of the first byte that is not part of valid UTF-8, or -1 when all of them are. */
    public static int firstInvalidUtf8(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(8192); // reused: only the verdict matters
        while (true) {
            java.nio.charset.CoderResult result = decoder.decode(in, out, true);
            if (result.isError()) {
                return in.position();
            }
            if (result.isUnderflow()) {
                return decoder.flush(out).isError() ? in.position() : -1;
            }
            out.clear();
        }
    }

    /**
     * The offset of the first character past {@link #MAX_LINE} on the first line longer than that,
     * or -1. One pass, before snakeyaml-engine sees the text: a line ends at LF, and at a CR too,
     * as it does for snakeyaml.
     */
    static int pastLongLine(String text, int from) {
        int n = text.length();
        // The next LF and the next CR, each searched for again only once passed: a CR search from
        // every line start runs to the end of the text each time when there is none (quadratic).
        int lf = -1;
        int cr = -1;
        int start = from;
        while (start < n) {
            if (lf < start) {
                lf = text.indexOf('\n', start);
                lf = lf < 0 ? n : lf;
            }
            if (cr < start) {
                cr = text.indexOf('\r', start);
                cr = cr < 0 ? n : cr;
            }
            int end = Math.min(lf, cr);
            if (end - start > MAX_LINE) {
                return start + MAX_LINE;
            }
            start = end + 1;
        }
        return -1;
    }

    /** yaml.too-long at the first character past {@link #MAX_LINE} of its line in {@code text}, as file:line:column. */
    private static Problem tooLongLine(String text, int from, int offset, String file, IntUnaryOperator lineInFile) {
        int line = 1;
        int lineStart = from;
        for (int nl = text.indexOf('\n', from); nl >= 0 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
            line++;
            lineStart = nl + 1;
        }
        return tooLongLine(new Position(file, lineInFile.applyAsInt(line), text.codePointCount(lineStart, offset) + 1));
    }

    /** Builds nodes from the event stream with an explicit stack, so no input can overflow ours. */
    private final class Composer {
        private final String file;
        private final Deque<Frame> stack = new ArrayDeque<>();
        private final Map<String, YNode> anchors = new HashMap<>();
        private final Map<String, Boolean> anchorsInProgress = new HashMap<>();
        /** How many nodes each collection stands for once every alias in it is expanded (scalars: 1). */
        private final IdentityHashMap<YNode, Long> weights = new IdentityHashMap<>();
        /** Nodes written in the document so far: they never count against the expansion limit. */
        private long writtenNodes;
        /** Map entries copied by merge keys so far: each copy costs time even when the result is small. */
        private long mergedEntries;
        private final List<Problem> problems = new ArrayList<>();
        private YNode root;
        /** Whether the root is a mapping with a merge key. */
        private boolean rootMerges;
        /** Whether any node is an alias. */
        private boolean aliased;
        private int documents;

        private final IntUnaryOperator lineInFile;

        Composer(String file, IntUnaryOperator lineInFile) {
            this.file = file;
            this.lineInFile = lineInFile;
        }

        /** The document {@code text} holds, a byte-order mark at its start left out. */
        Document compose(String document) {
            String text = document.startsWith("\uFEFF") ? document.substring(1) : document;
            try {
                Iterator<Event> events = snakeyamlEvents(text);
                while (events.hasNext()) {
                    accept(events.next());
                }
            } catch (MarkedYamlEngineException e) {
                Optional<Mark> mark = e.getProblemMark().or(e::getContextMark);
                Position at = mark.map(this::position).orElse(Position.ofFile(file));
                String message = Objects.requireNonNullElse(e.getProblem(), "invalid YAML");
                if (e.getContext() != null) {
                    message = e.getContext() + ": " + message;
                }
                throw new ProblemException(Problem.error(at, "yaml.syntax", "invalid YAML: " + message
                        + mark.map(m -> IndentationHint.at(text, m.getLine() + 1, lineInFile)).orElse("")));
            } catch (ReaderException e) {
                throw new ProblemException(Problem.error(firstOccurrence(text, e.getCodePoint()), "yaml.syntax",
                        String.format("invalid YAML: the control character U+%04X is not allowed; remove it",
                                e.getCodePoint())));
            } catch (YamlEngineException e) {
                throw new ProblemException(Problem.fileError(file, "yaml.syntax", "invalid YAML: " + e.getMessage()));
            }
            if (root == null) {
                throw new ProblemException(Problem.fileError(file, "yaml.empty", "the file is empty: it holds no YAML document"));
            }
            return new Document(root, problems, anchors.isEmpty() && !aliased && !rootMerges);
        }

        private void accept(Event event) {
            switch (event.getEventId()) {
                case DocumentStart -> {
                    documents++;
                    if (documents > 1) {
                        throw fail(event, "yaml.multiple-documents",
                                "the file holds more than one YAML document; keep exactly one (remove the `---` line)");
                    }
                }
                case Scalar -> attach(scalar((ScalarEvent) event), event);
                case Alias -> attach(alias((AliasEvent) event), event);
                case SequenceStart, MappingStart -> start((CollectionStartEvent) event);
                case SequenceEnd, MappingEnd -> end();
                default -> {
                    // stream and document boundaries carry nothing
                }
            }
        }

        private Iterator<Event> snakeyamlEvents(String text) {
            LoadSettings settings = LoadSettings.builder()
                    .setLabel(file)
                    .setCodePointLimit(MAX_BYTES + 1)
                    .setUseMarks(true)
                    .build();
            return new Parse(settings).parseString(text).iterator();
        }

        /** Where a code point first occurs, as line and column (in code points, as marks count). */
        private Position firstOccurrence(String text, int codePoint) {
            int line = 1;
            int column = 1;
            for (int i = 0; i < text.length(); ) {
                int c = text.codePointAt(i);
                if (c == codePoint) {
                    return new Position(file, lineInFile.applyAsInt(line), column);
                }
                if (c == '\n') {
                    line++;
                    column = 1;
                } else {
                    column++;
                }
                i += Character.charCount(c);
            }
            return Position.ofFile(file);
        }

        private Position position(Mark mark) {
            return new Position(file, lineInFile.applyAsInt(mark.getLine() + 1), mark.getColumn() + 1);
        }

        // The per-event helpers below test their Optionals instead of mapping them: a lambda or
        // method reference there costs an allocation and, interpreted, a method-handle call for
        // every node of the document.

        private Position position(Event event) {
            Optional<Mark> mark = event.getStartMark();
            return mark.isPresent() ? position(mark.get()) : Position.ofFile(file);
        }

        /** The tag written on a node, or null when none is (or only the non-specific `!`). */
        private static String explicitTag(Optional<String> tag) {
            String name = tag.orElse(null);
            return "!".equals(name) ? null : name;
        }

        private ProblemException fail(Event event, String rule, String message) {
            return new ProblemException(Problem.error(position(event), rule, message));
        }

        private YScalar scalar(ScalarEvent event) {
            String text = event.getValue();
            if (text.length() > MAX_SCALAR) {
                throw fail(event, "yaml.too-long", "this value is " + text.length() + " characters long; YAML values "
                        + "are limited to " + MAX_SCALAR + " characters (the longest real one is about 2 000): "
                        + "shorten it or remove what does not belong in the file");
            }
            Position pos = position(event);
            String tag = explicitTag(event.getTag());
            YScalar node;
            if (tag != null) {
                node = new YScalar(tagged(event, tag, text), text, false, pos);
            } else if (event.getImplicit().canOmitTagInPlainScalar()) {
                node = new YScalar(resolvePlain(event, text), text, true, pos);
            } else {
                node = new YScalar(text, text, false, pos);
            }
            register(event, node);
            writtenNodes++; // a scalar weighs 1 (weightOf): not stored, most nodes are scalars
            return node;
        }

        private Object resolvePlain(ScalarEvent event, String text) {
            return switch (Yaml11Scalars.kindOf(text)) {
                case NULL -> null;
                case BOOL -> Yaml11Scalars.parseBool(text);
                case INT -> integer(event, text);
                case FLOAT -> Yaml11Scalars.parseFloat(text);
                case TIMESTAMP -> new YTimestamp(text);
                case MERGE -> MergeKey.INSTANCE;
                case VALUE -> throw fail(event, "yaml.value-key",
                        "`=` is the YAML 1.1 value key and cannot be loaded; quote it (\"=\") if you mean the text");
                case STRING -> text;
            };
        }

        private long integer(Event event, String text) {
            try {
                return Yaml11Scalars.parseInt(text);
            } catch (ArithmeticException e) {
                throw fail(event, "yaml.integer-range",
                        "the integer " + text + " does not fit in 64 bits; use a smaller number");
            } catch (NumberFormatException e) {
                // `0x_` and `0b_` match the YAML 1.1 int pattern but hold no digit.
                throw fail(event, "yaml.bad-integer", "`" + text
                        + "` reads as an integer but has no digits; write the number, or quote it (\"" + text
                        + "\") if you mean the text");
            }
        }

        private Object tagged(ScalarEvent event, String tag, String text) {
            String name = tag.startsWith(TAG_PREFIX) ? tag.substring(TAG_PREFIX.length()) : null;
            if (name == null) {
                throw unsupportedTag(event, tag);
            }
            Yaml11Scalars.Kind kind = Yaml11Scalars.kindOf(text);
            return switch (name) {
                case "str" -> text;
                case "int" -> {
                    if (kind != Yaml11Scalars.Kind.INT) {
                        throw fail(event, "yaml.bad-tagged-value", "`!!int " + text + "` is not an integer");
                    }
                    yield integer(event, text);
                }
                case "float" -> {
                    if (kind == Yaml11Scalars.Kind.FLOAT) {
                        yield Yaml11Scalars.parseFloat(text);
                    }
                    if (DECIMAL_OR_SEXAGESIMAL.matcher(text).matches()) {
                        // A float tag reads digits as decimal: `!!float 010` is 10.0, not octal 8.
                        yield Yaml11Scalars.parseFloat(text);
                    }
                    throw fail(event, "yaml.bad-tagged-value", "`!!float " + text + "` is not a number");
                }
                case "bool" -> {
                    if (kind != Yaml11Scalars.Kind.BOOL) {
                        throw fail(event, "yaml.bad-tagged-value", "`!!bool " + text + "` is not a boolean");
                    }
                    yield Yaml11Scalars.parseBool(text);
                }
                case "null" -> null;
                default -> throw unsupportedTag(event, tag);
            };
        }

        private ProblemException unsupportedTag(Event event, String tag) {
            return fail(event, "yaml.tag", "the tag `" + shortTag(tag)
                    + "` is not allowed: sweepgate reads plain data only (strings, numbers, booleans, lists, mappings); remove the tag");
        }

        private String shortTag(String tag) {
            return tag.startsWith(TAG_PREFIX) ? "!!" + tag.substring(TAG_PREFIX.length()) : tag;
        }

        private YNode alias(AliasEvent event) {
            aliased = true;
            String name = event.getAlias().getValue();
            if (anchorsInProgress.containsKey(name)) {
                throw fail(event, "yaml.recursive-alias", "the alias *" + name + " refers to a node that contains it");
            }
            YNode node = anchors.get(name);
            if (node == null) {
                throw fail(event, "yaml.unknown-alias", "the alias *" + name + " has no anchor &" + name + " before it");
            }
            if (node instanceof YScalar s) {
                // A problem with an aliased value points at where it is used, not at its anchor.
                return new YScalar(s.value(), s.text(), s.plain(), position(event));
            }
            return node;
        }

        private void register(NodeEvent event, YNode node) {
            Optional<Anchor> anchor = event.getAnchor();
            if (anchor.isPresent()) {
                String name = anchor.get().getValue();
                anchorsInProgress.remove(name);
                anchors.put(name, node);
            }
        }

        private void start(CollectionStartEvent event) {
            if (stack.size() >= MAX_DEPTH) {
                throw fail(event, "yaml.too-deep",
                        "the document nests deeper than " + MAX_DEPTH + " levels; flatten it");
            }
            String tag = explicitTag(event.getTag());
            if (tag != null) {
                String expected = event.getEventId() == Event.ID.MappingStart ? TAG_PREFIX + "map" : TAG_PREFIX + "seq";
                if (!tag.equals(expected)) {
                    throw unsupportedTag(event, tag);
                }
            }
            Optional<Anchor> anchor = event.getAnchor();
            if (anchor.isPresent()) {
                anchorsInProgress.put(anchor.get().getValue(), Boolean.TRUE);
            }
            stack.push(new Frame(event, position(event), event.getEventId() == Event.ID.MappingStart));
        }

        private void end() {
            Frame frame = stack.pop();
            rootMerges = stack.isEmpty() && !frame.merges.isEmpty();
            writtenNodes++;
            YNode node;
            long weight = 1;
            if (frame.mapping) {
                YMap map = buildMap(frame);
                // Merged entries count too: alternating merges and aliases must not hide a bomb.
                for (YMap.Entry e : map.entries()) {
                    weight += 1 + weightOf(e.value());
                }
                node = map;
            } else {
                for (YNode child : frame.items) {
                    weight += weightOf(child);
                }
                node = new YSeq(frame.items, frame.pos);
            }
            if (weight > MAX_EXPANDED_NODES + writtenNodes) {
                throw aliasBomb(frame.event);
            }
            weights.put(node, weight);
            register(frame.event, node);
            attach(node, frame.event);
        }

        /** A scalar weighs 1 without a look-up, which would also make it an identity hash; collections are stored. */
        private long weightOf(YNode node) {
            return node instanceof YScalar ? 1 : weights.getOrDefault(node, 1L);
        }

        private void attach(YNode node, Event event) {
            Frame top = stack.peek();
            if (top == null) {
                root = node;
                return;
            }
            if (!top.mapping) {
                if (node instanceof YScalar s && s.value() == MergeKey.INSTANCE) {
                    throw mergeValue(event);
                }
                top.items.add(node);
                return;
            }
            if (top.pendingKey == null) {
                if (!(node instanceof YScalar key)) {
                    throw fail(event, "yaml.complex-key", "a mapping key must be a plain value, not " + node.describe());
                }
                if (key.value() == MergeKey.INSTANCE && !allowMergeKeys) {
                    throw fail(event, "yaml.merge-key", "merge keys (`<<`) are not allowed in this file; write the fields out");
                }
                top.pendingKey = key;
                return;
            }
            if (node instanceof YScalar s && s.value() == MergeKey.INSTANCE) {
                throw mergeValue(event);
            }
            if (top.pendingKey.value() == MergeKey.INSTANCE) {
                if (!top.merges.isEmpty()) {
                    // Two `<<` keys: YAML 1.1 loaders disagree on which wins, so it is a duplicate like any other.
                    problems.add(duplicateKey(top.pendingKey, top.merges.get(0).key()));
                }
                top.merges.add(new YMap.Entry(top.pendingKey, node));
            } else {
                top.entries.add(new YMap.Entry(top.pendingKey, node));
            }
            top.pendingKey = null;
        }

        private ProblemException aliasBomb(Event event) {
            return fail(event, "yaml.alias-bomb", "aliases and merge keys here expand the document by more than "
                    + MAX_EXPANDED_NODES + " nodes or copy more than " + MAX_MERGED_ENTRIES
                    + " merged entries (an alias bomb); refer to each anchor a few times only");
        }

        private ProblemException mergeValue(Event event) {
            return fail(event, "yaml.merge-key", "`<<` is a merge key and cannot stand as a value; quote it (\"<<\") if you mean the text");
        }

        private YMap buildMap(Frame frame) {
            Map<Object, YScalar> seen = new HashMap<>();
            // YMap copies its entries: only merged ones need a list of their own first.
            List<YMap.Entry> entries = frame.merges.isEmpty() ? frame.entries : new ArrayList<>(frame.entries);
            for (YMap.Entry e : frame.entries) {
                YScalar previous = seen.putIfAbsent(dedupKey(e.key().value()), e.key());
                if (previous != null) {
                    problems.add(duplicateKey(e.key(), previous));
                }
            }
            // YAML 1.1 merge: explicit keys win, and among merged sources the earlier one wins.
            for (YMap.Entry merge : frame.merges) {
                for (YMap source : mergeSources(merge)) {
                    mergedEntries += source.size();
                    if (mergedEntries > MAX_MERGED_ENTRIES) {
                        throw aliasBomb(frame.event);
                    }
                    for (YMap.Entry e : source.entries()) {
                        if (seen.putIfAbsent(dedupKey(e.key().value()), e.key()) == null) {
                            entries.add(e);
                        }
                    }
                }
            }
            return new YMap(entries, frame.pos);
        }

        private Problem duplicateKey(YScalar key, YScalar previous) {
            return Problem.error(key.pos(), "yaml.duplicate-key", "the key \"" + key.text()
                    + "\" is already set at line " + previous.pos().line()
                    + " of this mapping; keep one of the two (YAML would silently drop the first)");
        }

        private List<YMap> mergeSources(YMap.Entry merge) {
            YNode value = merge.value();
            if (value instanceof YMap map) {
                return List.of(map);
            }
            if (value instanceof YSeq seq) {
                List<YMap> sources = new ArrayList<>();
                for (YNode item : seq.items()) {
                    if (!(item instanceof YMap map)) {
                        throw new ProblemException(Problem.error(item.pos(), "yaml.merge-key",
                                "a merge key (`<<`) takes mappings, not " + item.describe()));
                    }
                    sources.add(map);
                }
                return sources;
            }
            throw new ProblemException(Problem.error(value.pos(), "yaml.merge-key",
                    "a merge key (`<<`) takes a mapping or a list of mappings, not " + value.describe()));
        }
    }

    private static Object dedupKey(Object value) {
        // YAML keys compare by value: 1 and 1.0 are the same key, as are true and 1. Integral
        // numbers compare as longs (not doubles) so that large distinct integers stay distinct.
        if (value instanceof Boolean b) {
            return b ? 1L : 0L;
        }
        // [-2^63, 2^63): the doubles a long holds exactly (2^63 itself would become Long.MAX_VALUE).
        if (value instanceof Double d && d == Math.rint(d) && d >= -0x1p63 && d < 0x1p63) {
            return (long) d.doubleValue();
        }
        return value == null ? NullKey.INSTANCE : value;
    }

    private enum NullKey { INSTANCE }

    /** The resolved value of an untagged plain `<<`; never escapes the loader. */
    enum MergeKey { INSTANCE }

    private static final class Frame {
        final CollectionStartEvent event;
        final Position pos;
        final boolean mapping;
        final List<YNode> items = new ArrayList<>();
        final List<YMap.Entry> entries = new ArrayList<>();
        final List<YMap.Entry> merges = new ArrayList<>();
        YScalar pendingKey;

        Frame(CollectionStartEvent event, Position pos, boolean mapping) {
            this.event = event;
            this.pos = pos;
            this.mapping = mapping;
        }
    }
}
