package dev.sweepgate.changelog;

import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YSeq;
import dev.sweepgate.yaml.YamlLoader;
import java.util.ArrayList;
import java.util.List;

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
        String text = addedText(diff, file);
        String label = "the text added to " + file;
        if (isPythonBlank(text)) {
            throw noAdditions(file);
        }
        YNode root;
        Problems problems = new Problems();
        try {
            YamlLoader.Document doc = YamlLoader.withoutMergeKeys().load(text, label);
            problems.addAll(doc.problems());
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
            ChangelogEntry entry = EntryBinder.bind(seq.get(i), "new entry " + (i + 1), problems);
            if (entry != null) {
                entries.add(entry);
            }
        }
        problems.throwIfErrors();
        return entries;
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
