package dev.sweepgate.changelog;

import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YSeq;
import dev.sweepgate.yaml.YamlLoader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Step 1 of process-changelog: the entries a diff adds. Only added lines count; a removed
 * line that is not blank is refused, and the added lines must parse on their own as a
 * list of entries.
 */
public final class AddedText {
    private AddedText() {
    }

    /**
     * Parses the added lines of a unified diff of the changelog.
     *
     * @param file how messages name the changelog
     * @throws ProblemException when a line was deleted, nothing was added, or the addition is not a list of entries
     */
    public static List<ChangelogEntry> entries(String diff, String file) {
        return parse(addedLines(diff, file), file, null);
    }

    /**
     * The same, numbering the entries by their place in {@code head} (the changelog the diff
     * leads to; null when not at hand, then they are numbered among the new ones).
     */
    public static List<ChangelogEntry> entries(String diff, String file, byte[] head) {
        return parse(addedLines(diff, file), file, head);
    }

    /**
     * Added text and where each of its lines sits in the head file, so that problems in it
     * point into the head file rather than into the text on its own.
     *
     * @param headLines the 1-based head line of each line of {@code text}
     */
    public record Added(String text, int[] headLines) {
        /** The head position of a position in the text on its own. */
        int headLine(int line) {
            if (line < 1 || headLines.length == 0) {
                return line;
            }
            return line <= headLines.length ? headLines[line - 1] : headLines[headLines.length - 1] + 1;
        }
    }

    /**
     * The added text of a change that only appends whole lines, as {@link #addedText} would
     * read it from git's diff (each appended line, joined by line feeds; a line that starts
     * with {@code ++} reads as a diff header there, so it is dropped here too); null when the
     * head does not just append to the base, or when git could take either side for binary
     * (a NUL in its first 8000 bytes), which only git diff then decides.
     */
    static String appendedText(byte[] base, byte[] head) {
        Added added = appended(base, head, "perf-changelog.yaml");
        return added == null ? null : added.text();
    }

    /**
     * {@link #appendedText} with the head line of each appended line.
     *
     * @param file how a problem names the head
     * @throws ProblemException {@code yaml.too-long} when an appended line is too long to parse,
     *                          before the text is decoded and split
     */
    public static Added appended(byte[] base, byte[] head, String file) {
        if (base.length > 0 && base[base.length - 1] != '\n' || head.length <= base.length
                || !Arrays.equals(base, 0, base.length, head, 0, base.length)
                || mayLookBinary(base) || mayLookBinary(head)) {
            return null;
        }
        int firstLine = ByteText.lineFeeds(base, base.length) + 1;
        YamlLoader.refuseLongLine(head, base.length, head.length, file, line -> line + firstLine - 1);
        String appended = new String(head, base.length, head.length - base.length, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(List.of(appended.split("\n", -1)));
        if (appended.endsWith("\n")) {
            lines.remove(lines.size() - 1);
        }
        List<String> kept = new ArrayList<>();
        List<Integer> headLines = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("++")) {
                kept.add(lines.get(i));
                headLines.add(firstLine + i);
            }
        }
        return new Added(String.join("\n", kept), headLines.stream().mapToInt(Integer::intValue).toArray());
    }

    /** How many entries begin before {@code line} (1-based) of {@code head}. */
    private static int entriesBefore(byte[] head, int line) {
        // Read as Latin-1, one char per byte, not decoded: the entry start and the line feed are
        // ASCII, and no byte of another character in UTF-8 is, so the lines and their starts are the same.
        String text = new String(head, StandardCharsets.ISO_8859_1);
        int count = 0;
        int current = 1;
        int start = 0;
        while (current < line && start < text.length()) {
            if (text.startsWith(ChangelogFile.ENTRY_START, start)) {
                count++;
            }
            int end = text.indexOf('\n', start);
            if (end < 0) {
                break;
            }
            start = end + 1;
            current++;
        }
        return count;
    }

    private static boolean mayLookBinary(byte[] bytes) {
        for (int i = 0; i < Math.min(bytes.length, 8000); i++) {
            if (bytes[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /** The entries in text added to the changelog (see {@link #entries}); {@code head} numbers them, may be null. */
    public static List<ChangelogEntry> parse(Added added, String file, byte[] head) {
        String text = added.text();
        if (isPythonBlank(text)) {
            throw noAdditions(file);
        }
        // The text is parsed on its own (that is what the reference sweeps) with every position
        // mapped to the head line it sits on, so that the entries, and every problem found in
        // them later (unknown keys, wildcards matching nothing), point into the head file.
        YNode root;
        Problems problems = new Problems();
        try {
            YamlLoader.Document doc = YamlLoader.withoutMergeKeys().load(text, file, added::headLine);
            // Duplicate keys are a file rule (validate-changelog's); here the last one wins, as in the reference.
            doc.problems().stream().filter(p -> !p.rule().equals("yaml.duplicate-key")).forEach(problems::add);
            root = doc.root();
        } catch (ProblemException e) {
            if (e.problems().stream().anyMatch(p -> p.rule().equals("yaml.empty"))) {
                throw noAdditions(file);
            }
            throw e;
        }
        if (root instanceof YScalar s && s.isNull()) {
            throw noAdditions(file);
        }
        if (!(root instanceof YSeq seq)) {
            throw new ProblemException(Problem.error(root.pos(), "changelog.added-not-list", "the lines added to " + file
                    + " are not a YAML list of entries (they parse as " + root.describe() + "); append entries that start "
                    + "with `- config-keys:` at column 1"));
        }
        if (seq.size() == 0) {
            throw noAdditions(file);
        }
        List<ChangelogEntry> entries = new ArrayList<>();
        // Numbered by place in the head file, as every other message numbers entries.
        int before = head == null ? 0 : entriesBefore(head, seq.get(0).pos().line());
        for (int i = 0; i < seq.size(); i++) {
            YNode item = seq.get(i);
            ChangelogEntry entry = EntryBinder.bind(lastWins(item), before + i + 1, problems);
            if (entry != null) {
                entries.add(entry);
            }
        }
        problems.throwIfErrors();
        return entries;
    }

    /** A mapping with each repeated key reduced to its last value, at the place of its first occurrence. */
    static YNode lastWins(YNode node) {
        if (!(node instanceof YMap map)) {
            return node;
        }
        Map<Object, YMap.Entry> byKey = new LinkedHashMap<>();
        for (YMap.Entry e : map.entries()) {
            Object key = PyValues.normalize(e.key().value());
            YMap.Entry first = byKey.get(key);
            byKey.put(key, first == null ? e : new YMap.Entry(first.key(), e.value()));
        }
        return byKey.size() == map.size() ? map : new YMap(new ArrayList<>(byKey.values()), map.pos());
    }

    /** The added lines joined with {@code \n}; throws on a removed line that is not blank. */
    static String addedText(String diff, String file) {
        return addedLines(diff, file).text();
    }

    /** {@link #addedText} with the head line of each added line, counted from the hunk headers. */
    static Added addedLines(String diff, String file) {
        List<String> added = new ArrayList<>();
        List<Integer> headLines = new ArrayList<>();
        int headLine = 0;
        int baseLine = 0;
        for (String line : diff.split("\n", -1)) {
            java.util.regex.Matcher hunk = HUNK.matcher(line);
            if (hunk.lookingAt()) {
                baseLine = Integer.parseInt(hunk.group(1));
                headLine = Integer.parseInt(hunk.group(2));
                continue;
            }
            if (line.startsWith("+") && !line.startsWith("+++")) {
                added.add(line.substring(1));
                headLines.add(headLine);
                headLine++;
            } else if (line.startsWith("+") || line.startsWith(" ")) {
                headLine++;
                baseLine++;
            } else if (line.startsWith("-") && !line.startsWith("---")) {
                String content = line.substring(1);
                if (!isPythonBlank(content)) {
                    // Reported where the line was in the head's text (what now stands there), so an
                    // annotation lands on the diff; the base's line number is in the message.
                    throw new ProblemException(new Problem(Problem.Severity.ERROR, file, Math.max(headLine, 1), 1,
                            "changelog.deleted-line", "deletions are not allowed in " + file + ": only additions to the "
                            + "changelog are permitted. Found deleted line: " + content + "\n  fix: restore this line (line "
                            + baseLine + " of the base); history is append-only"));
                }
                baseLine++;
            }
        }
        return new Added(String.join("\n", added), headLines.stream().mapToInt(Integer::intValue).toArray());
    }

    private static final java.util.regex.Pattern HUNK = java.util.regex.Pattern.compile("@@ -(\\d+)(?:,\\d+)? \\+(\\d+)");

    private static ProblemException noAdditions(String file) {
        return new ProblemException(Problem.fileError(file, "changelog.no-additions", "no additions found in " + file
                + ": append a new entry at the end of the file (or, to only correct pr-links, validate-changelog accepts that)"));
    }

    /** Python's {@code not s.strip()}: empty or only Unicode whitespace. */
    static boolean isPythonBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!isPythonSpace(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    static boolean isPythonSpace(char c) {
        return switch (c) {
            case ' ', '\t', '\n', '\u000b', '\u000c', '\r', '\u001c', '\u001d', '\u001e', '\u001f', '\u0085', '\u00a0',
                 '\u1680', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000' -> true;
            default -> c >= '\u2000' && c <= '\u200a';
        };
    }
}
