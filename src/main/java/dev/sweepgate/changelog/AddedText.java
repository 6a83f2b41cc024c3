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
        return parse(addedText(diff, file), file);
    }

    /**
     * The added text of a change that only appends whole lines, as {@link #addedText} would
     * read it from git's diff (each appended line, joined by line feeds; a line that starts
     * with {@code ++} reads as a diff header there, so it is dropped here too); null when the
     * head does not just append to the base, or when git could take either side for binary
     * (a NUL in its first 8000 bytes), which only git diff then decides.
     */
    static String appendedText(byte[] base, byte[] head) {
        if (base.length > 0 && base[base.length - 1] != '\n' || head.length <= base.length
                || !Arrays.equals(base, 0, base.length, head, 0, base.length)
                || mayLookBinary(base) || mayLookBinary(head)) {
            return null;
        }
        String appended = new String(head, base.length, head.length - base.length, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(List.of(appended.split("\n", -1)));
        if (appended.endsWith("\n")) {
            lines.remove(lines.size() - 1);
        }
        lines.removeIf(line -> line.startsWith("++"));
        return String.join("\n", lines);
    }

    private static boolean mayLookBinary(byte[] bytes) {
        for (int i = 0; i < Math.min(bytes.length, 8000); i++) {
            if (bytes[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /** The entries in text added to the changelog (see {@link #entries}). */
    static List<ChangelogEntry> parse(String text, String file) {
        return parse(text, file, "the text added to " + file, 0);
    }

    /**
     * {@link #parse} of {@link #appendedText}: when every appended line of the head is in the text,
     * the text is parsed below as many empty lines as the base has, so that problems name the
     * head file's own lines and columns (a YAML parser ignores leading empty lines).
     */
    static List<ChangelogEntry> parseAppended(String text, String file, byte[] base, byte[] head) {
        // dropped `++` lines would shift the lines, and a byte-order mark must stay first to read as one
        if (head.length <= base.length || text.startsWith("\uFEFF")
                || count(head, base.length, '\n') + (head[head.length - 1] == '\n' ? 0 : 1) != text.split("\n", -1).length) {
            return parse(text, file);
        }
        return parse(text, file, file, count(base, 0, '\n'));
    }

    private static int count(byte[] bytes, int from, char c) {
        int n = 0;
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == c) {
                n++;
            }
        }
        return n;
    }

    private static List<ChangelogEntry> parse(String text, String file, String label, int emptyLinesBefore) {
        if (isPythonBlank(text)) {
            throw noAdditions(file);
        }
        YNode root;
        Problems problems = new Problems();
        try {
            YamlLoader.Document doc = YamlLoader.withoutMergeKeys().load("\n".repeat(emptyLinesBefore) + text, label);
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
            throw new ProblemException(Problem.fileError(file, "changelog.added-not-list", "the lines added to " + file
                    + " are not a YAML list of entries (they parse as " + root.describe() + "); append entries that start "
                    + "with `- config-keys:` at column 1"));
        }
        if (seq.size() == 0) {
            throw noAdditions(file);
        }
        List<ChangelogEntry> entries = new ArrayList<>();
        for (int i = 0; i < seq.size(); i++) {
            ChangelogEntry entry = EntryBinder.bind(lastWins(seq.get(i)), "new entry " + (i + 1), problems);
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
        List<String> added = new ArrayList<>();
        for (String line : diff.split("\n", -1)) {
            if (line.startsWith("+") && !line.startsWith("+++")) {
                added.add(line.substring(1));
            } else if (line.startsWith("-") && !line.startsWith("---")) {
                String content = line.substring(1);
                if (!isPythonBlank(content)) {
                    throw new ProblemException(Problem.fileError(file, "changelog.deleted-line",
                            "deletions are not allowed in " + file + ": only additions to the changelog are permitted. "
                                    + "Found deleted line: " + content + "\n  fix: restore this line; history is append-only"));
                }
            }
        }
        return String.join("\n", added);
    }

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
