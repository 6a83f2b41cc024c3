package dev.sweepgate.changelog;

import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YSeq;
import dev.sweepgate.yaml.YamlLoader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One side of a changelog comparison, checked against the file rules of changelog.md: line
 * ends, forbidden bytes, UTF-8, YAML without duplicate keys or merge keys, a list root, one
 * {@code - config-keys:} line per entry, valid entries.
 *
 * @param name    how messages name this side, e.g. "perf-changelog.yaml (at abc123)"
 * @param entries the bound entries; empty when {@code problems} has errors
 * @param items   the parsed list items, for comparisons as values
 */
public record ChangelogFile(String name, byte[] bytes, List<ChangelogEntry> entries, List<YNode> items,
                            List<Problem> problems) {
    public static final String ENTRY_START = "- config-keys:";

    public ChangelogFile {
        entries = List.copyOf(entries);
        items = List.copyOf(items);
        problems = List.copyOf(problems);
    }

    public boolean ok() {
        return problems.stream().noneMatch(Problem::isError);
    }

    /** Checks every file rule; never throws for bad content. */
    public static ChangelogFile check(byte[] bytes, String name) {
        Problems problems = new Problems();
        String text = checkBytes(bytes, name, problems);
        if (problems.hasErrors()) {
            return new ChangelogFile(name, bytes, List.of(), List.of(), problems.all());
        }
        YNode root;
        try {
            // checkBytes has refused invalid UTF-8 and oversized files: the text is the file's.
            YamlLoader.Document doc = YamlLoader.withoutMergeKeys().loadDecoded(text, name);
            problems.addAll(doc.problems());
            root = doc.root();
        } catch (ProblemException e) {
            problems.addAll(e.problems());
            return new ChangelogFile(name, bytes, List.of(), List.of(), problems.all());
        }
        if (!(root instanceof YSeq seq)) {
            problems.error(root.pos(), "changelog.root", "the changelog must be a YAML list of entries (lines starting "
                    + "with `- config-keys:`), not " + root.describe());
            return new ChangelogFile(name, bytes, List.of(), List.of(), problems.all());
        }
        int starts = countEntryStarts(text);
        if (starts != seq.size()) {
            Position at = firstEntryWithoutStartLine(text, seq, name);
            problems.error(at, "changelog.entry-starts", "the file has " + seq.size()
                    + " entries but " + starts + " lines that begin with `" + ENTRY_START + "`; every entry must start "
                    + "with its own line `" + ENTRY_START + "` at column 1 (config-keys first, no other list items)"
                    + (text.startsWith("\uFEFF") ? "; the file starts with a byte-order mark: save it as UTF-8 without BOM" : ""));
        }
        List<ChangelogEntry> entries = new ArrayList<>();
        for (int i = 0; i < seq.size(); i++) {
            ChangelogEntry entry = EntryBinder.bind(seq.get(i), i + 1, problems);
            if (entry != null) {
                entries.add(entry);
            }
        }
        if (problems.hasErrors()) {
            return new ChangelogFile(name, bytes, List.of(), seq.items(), problems.all());
        }
        return new ChangelogFile(name, bytes, entries, seq.items(), problems.all());
    }

    /**
     * Whether {@code head} appends entries to {@code base} the way the byte rules want it: every
     * byte of the base unchanged, then a new entry at column 1 after one empty line. Only then can
     * {@link #checkBase} spare the base's history a second parse.
     */
    public static boolean appendsEntries(byte[] base, byte[] head) {
        return base.length > 0 && base[base.length - 1] == '\n' && head.length > base.length
                && Arrays.equals(base, 0, base.length, head, 0, base.length) && ByteRules.separatedFromHistory(base, head);
    }

    /**
     * The base side of a change whose head only appends entries ({@link #appendsEntries}), with
     * the same result as {@link #check} but without parsing the base's history a second time.
     * YAML is read from the start: the events of every base entry but the last are settled
     * before the parser reaches the end of the base, so they are the head's own, and the head has
     * already been parsed. The last base entry is parsed again on its own, from its
     * {@code - config-keys:} line to the end of the base, because what follows it in the head
     * can change its value (a {@code |+} block scalar keeps the empty line before the next
     * entry). Whenever this cannot be sure of giving exactly what {@link #check} gives — the head
     * breaks a rule within the base's lines, the last entry aliases an older one, the file
     * starts with a directive — it is {@link #check}.
     *
     * <p>The items before the last are the head's nodes, so their positions name the head file;
     * no rule reports them, as each equals the head's entry at its place.
     */
    public static ChangelogFile checkBase(byte[] base, String name, ChangelogFile head) {
        ChangelogFile derived = appendsEntries(base, head.bytes()) ? derivedBase(base, name, head) : null;
        return derived != null ? derived : check(base, name);
    }

    private static ChangelogFile derivedBase(byte[] base, String name, ChangelogFile head) {
        int baseLines = ByteText.lineFeeds(base, base.length);
        for (Problem p : head.problems()) {
            if (p.line() <= baseLines) {
                return null; // a file-wide problem, or one in the base's lines: the base may share it
            }
        }
        List<YNode> headItems = head.items();
        int count = 0;
        while (count < headItems.size() && headItems.get(count).pos().line() <= baseLines) {
            count++;
        }
        if (count == 0) {
            return null;
        }
        // The byte rules hold for the base: it is the head's first lines, where the head broke none
        // (the first CR, tab or NUL of a file is reported; the head is UTF-8 or it would have no items).
        String text = new String(base, StandardCharsets.UTF_8);
        if (text.startsWith("%") || countEntryStarts(text) != count) {
            return null;
        }
        int lastLine = headItems.get(count - 1).pos().line();
        int lastStart = 0;
        for (int line = 1; line < lastLine; line++) {
            int lineFeed = text.indexOf('\n', lastStart);
            if (lineFeed < 0) {
                return null; // the parser broke a line at a CR (the head then broke a byte rule too)
            }
            lastStart = lineFeed + 1;
        }
        if (!text.startsWith(ENTRY_START, lastStart)) {
            return null;
        }
        YNode last;
        try {
            YamlLoader.Document doc = YamlLoader.withoutMergeKeys()
                    .loadDecoded(text.substring(lastStart), name, line -> line + lastLine - 1);
            if (!doc.problems().isEmpty() || !(doc.root() instanceof YSeq seq) || seq.size() != 1) {
                return null;
            }
            last = seq.get(0);
        } catch (ProblemException e) {
            return null; // an alias to an older entry, say: the whole file tells
        }
        List<YNode> items = new ArrayList<>(headItems.subList(0, count - 1));
        items.add(last);
        Problems problems = new Problems();
        // The head bound the same nodes, numbered the same, unless a later entry broke a rule.
        boolean headBound = head.entries().size() == headItems.size();
        List<ChangelogEntry> entries = new ArrayList<>(headBound ? head.entries().subList(0, count - 1) : List.of());
        for (int i = entries.size(); i < count; i++) {
            entries.add(EntryBinder.bind(items.get(i), i + 1, problems));
        }
        if (!problems.all().isEmpty()) {
            return null;
        }
        return new ChangelogFile(name, base, entries, items, List.of());
    }

    /** Same as {@link #check}, throwing the problems when any rule is broken. */
    public static ChangelogFile load(byte[] bytes, String name) {
        ChangelogFile file = check(bytes, name);
        if (!file.ok()) {
            throw new ProblemException(file.problems());
        }
        return file;
    }

    /** The byte rules of the file; its text when it is valid UTF-8 (each pass over a large file costs a cold JVM). */
    private static String checkBytes(byte[] bytes, String name, Problems problems) {
        if (bytes.length == 0) {
            problems.add(Problem.fileError(name, "changelog.empty", "the changelog is empty; it must be a YAML list of entries"));
            return null;
        }
        if (bytes.length > YamlLoader.MAX_BYTES) {
            // Nothing else about a file this size is worth reading (or reporting).
            problems.add(YamlLoader.tooLarge(name, bytes.length));
            return null;
        }
        try {
            // Before anything decodes or scans the text line by line: a 60 MB line is refused at once.
            YamlLoader.refuseLongLine(bytes, name);
        } catch (ProblemException e) {
            problems.addAll(e.problems());
            return null;
        }
        String text = YamlLoader.utf8OrNull(bytes);
        if (text == null) {
            // A file that is not UTF-8 is binary or in another encoding: its CRs, tabs and NULs say nothing more.
            int invalid = YamlLoader.firstInvalidUtf8(bytes);
            problems.error(ByteText.positionOf(bytes, invalid, name), "changelog.encoding", String.format(
                    "the file is not valid UTF-8 (byte 0x%02x at offset %d); save it as UTF-8", bytes[invalid] & 0xff, invalid));
            return null;
        }
        if (hasForbiddenByte(bytes)) {
            reportFirst(bytes, name, (byte) '\r', "changelog.cr", "a carriage return (CR): the file must use LF line ends "
                    + "only; convert it (for instance `sed -i 's/\\r$//' FILE`, or set your editor to LF)", problems);
            reportFirst(bytes, name, (byte) '\t', "changelog.tab", "a tab: indent with spaces only", problems);
            reportFirst(bytes, name, (byte) 0, "changelog.nul", "a NUL byte: the changelog is text; remove it", problems);
        }
        if (bytes[bytes.length - 1] != '\n') {
            Position end = ByteText.positionOf(bytes, bytes.length, name);
            problems.error(end, "changelog.final-newline", "the file must end with a line end (\\n); add one after the last line");
        }
        return text;
    }

    /** Whether any CR, tab or NUL occurs: one pass for the three rules, which then look closer. */
    private static boolean hasForbiddenByte(byte[] bytes) {
        for (byte b : bytes) {
            if (b == '\r' || b == '\t' || b == 0) {
                return true;
            }
        }
        return false;
    }

    private static void reportFirst(byte[] bytes, String name, byte needle, String rule, String what, Problems problems) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == needle) {
                int count = 0;
                for (byte b : bytes) {
                    if (b == needle) {
                        count++;
                    }
                }
                problems.error(ByteText.positionOf(bytes, i, name), rule, "the file contains " + what
                        + (count > 1 ? " (" + count + " occurrences, the first here)" : ""));
                return;
            }
        }
    }

    /** Where to point for a count mismatch: the first entry whose line does not begin with the entry start. */
    private static Position firstEntryWithoutStartLine(String text, YSeq seq, String name) {
        String[] lines = text.split("\n", -1);
        for (YNode item : seq.items()) {
            int line = item.pos().line();
            if (line >= 1 && line <= lines.length && !lines[line - 1].startsWith(ENTRY_START)) {
                return new Position(name, line, 1);
            }
        }
        return Position.ofFile(name);
    }

    /** Lines that begin with {@code - config-keys:}, split the way Python's {@code str.splitlines} splits. */
    static int countEntryStarts(String text) {
        // A line begins the text or follows a line break (CRLF needs no case of its own: what follows
        // a CR and starts an entry follows a lone CR). indexOf finds the few candidates, instead of
        // a test of every character of the file.
        int count = 0;
        for (int at = text.indexOf(ENTRY_START); at >= 0; at = text.indexOf(ENTRY_START, at + 1)) {
            if (at == 0 || isPythonLineBreak(text.charAt(at - 1))) {
                count++;
            }
        }
        return count;
    }

    static boolean isPythonLineBreak(char c) {
        return switch (c) {
            case '\n', '\r', '\u000b', '\u000c', '\u001c', '\u001d', '\u001e', '\u0085', '\u2028', '\u2029' -> true;
            default -> false;
        };
    }
}
