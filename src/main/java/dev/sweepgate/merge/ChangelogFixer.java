package dev.sweepgate.merge;

import dev.sweepgate.changelog.ByteRules;
import dev.sweepgate.changelog.ByteText;
import dev.sweepgate.changelog.ChangelogChange;
import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.HistoryRules;
import dev.sweepgate.changelog.InsertedEntries;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.changelog.PyValues;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.yaml.YNode;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * {@code fix-changelog}: a working-tree changelog whose change is right in value but breaks
 * the byte rules (a trimmed separator line, missing or doubled empty lines, trailing blank
 * lines, no final newline, CRLF line ends) is rebuilt from the base bytes plus each new entry's own text,
 * one empty line apart. A change that is wrong in value (history edited, deleted, reordered,
 * corrected alongside new entries) is refused: only its author knows what was meant.
 */
public final class ChangelogFixer {
    private static final String REFUSED = "fix.refused";
    private static final String DETAIL = "fix.history-detail";
    private static final int LISTED_LINES = 5;
    /** fix-changelog repairs a working tree: a pull request's change (the byte rules blame it for a trailing line of spaces). */
    private static final PrLinkPolicy WORKING_TREE = PrLinkPolicy.of(PrLinkPolicy.DEFAULT_REPO, null, true);

    private ChangelogFixer() {
    }

    /**
     * @param base      the changelog at the base ref
     * @param headBytes the working-tree changelog
     * @param headName  how the working-tree file is named in messages
     * @param baseRef   the base ref as the user wrote it
     */
    public static MergeOutcome fix(ChangelogFile base, byte[] headBytes, String headName, String baseRef) {
        Problems problems = new Problems();
        if (!ChangeRules.file(base, problems)) {
            problems.add(Problem.fileError(base.name(), REFUSED, "the changelog at " + baseRef + " breaks the file "
                    + "rules (reported with this one); fix-changelog rebuilds the file from those bytes, so it cannot help: compare "
                    + "with a base ref whose changelog is valid"));
            return MergeOutcome.failed(problems.all());
        }
        // CRLF line ends (an editor's setting) are a repair too: the entries are read with LF ends.
        int crlf = countCrlf(headBytes);
        byte[] lf = crlf > 0 ? withLfEnds(headBytes) : headBytes;
        // A missing final newline is one of the repairs; parse as if it were there.
        boolean missingNewline = lf.length > 0 && lf[lf.length - 1] != '\n';
        byte[] parsed = missingNewline ? append(lf, new byte[] {'\n'}) : lf;
        ChangelogFile head = ChangelogFile.check(parsed, headName);
        if (!ChangeRules.file(head, problems)) {
            problems.add(Problem.fileError(headName, REFUSED, "the working-tree changelog breaks the file rules "
                    + "(reported with this one), so its entries cannot be found; fix-changelog only repairs the bytes between entries: "
                    + "fix these problems first (each entry must be valid YAML starting with its own `"
                    + ChangelogFile.ENTRY_START + "` line at column 1), then run it again; the file is unchanged"));
            return MergeOutcome.failed(problems.all());
        }
        Problems history = new Problems();
        ChangelogChange change = HistoryRules.check(base, head, WORKING_TREE, history);
        // New entries' links are the gate's business (it knows the pull request number), not a byte matter.
        List<Problem> historyProblems = history.all().stream()
                .filter(p -> !p.rule().equals(ChangeRules.NEW_LINK_RULE)).toList();
        // the head indexes of the new entries, which go at the end
        List<Integer> added;
        if (historyProblems.stream().anyMatch(Problem::isError)) {
            // New entries written among the old ones, which are all there in value: moved to the end.
            added = InsertedEntries.newItems(base.items(), head.items(), 0);
            if (added == null || added.isEmpty()) {
                return refuseHistory(base, head, change, historyProblems, baseRef);
            }
        } else {
            if (!missingNewline && crlf == 0 && passesByteRules(base, head, change)) {
                return new MergeOutcome(null, headName + ": nothing to fix: the byte rules already pass against " + baseRef
                        + " (file unchanged)", List.of());
            }
            added = change.additions().stream().map(e -> e.number() - 1).toList();
        }
        List<String> repairs = new ArrayList<>();
        if (crlf > 0) {
            repairs.add("converted " + crlf + " CRLF line end" + (crlf == 1 ? "" : "s") + " to LF");
        }
        byte[] result;
        if (!added.isEmpty()) {
            result = reappend(base, head, added, baseRef, missingNewline, repairs, problems);
        } else if (!change.corrections().isEmpty()) {
            result = reapplyCorrections(base, head, change, repairs, problems);
        } else {
            result = base.bytes();
            repairs.add("no entry is appended and history is unchanged in value: restored the bytes of " + baseRef
                    + inParentheses(diffLines(head.bytes(), base.bytes(), baseRef)));
        }
        if (result == null) {
            return MergeOutcome.failed(problems.all());
        }
        if (missingNewline && added.isEmpty()) {
            repairs.add("added the missing final newline");
        }
        if (!verify(base, head, added, result, headName, problems)) {
            return MergeOutcome.failed(problems.all());
        }
        StringBuilder message = new StringBuilder(headName).append(": repaired against ").append(baseRef).append(':');
        repairs.forEach(r -> message.append("\n  - ").append(r));
        message.append("\nthe byte rules of validate-changelog now pass");
        return new MergeOutcome(result, message.toString(), problems.all());
    }

    /**
     * The base bytes, then each new entry's own text, one empty line apart, ending with one newline.
     *
     * @param added the head indexes of the new entries: after the old ones, or among them (then moved to the end)
     */
    private static byte[] reappend(ChangelogFile base, ChangelogFile head, List<Integer> added, String baseRef,
                                   boolean missingNewline, List<String> repairs, Problems problems) {
        EntrySpans spans = ChangeRules.spans(head, problems);
        if (spans == null) {
            return null;
        }
        int count = head.items().size();
        for (int i : added) {
            int startLine = spans.lineOf(spans.span(i).start());
            int itemLine = head.items().get(i).pos().line();
            if (startLine != itemLine) {
                problems.error(head.items().get(i).pos(), REFUSED, "new " + ChangelogEntry.label(i + 1, head.items().get(i).pos()) + " does not start with its "
                        + "own `" + ChangelogFile.ENTRY_START + "` line (the nearest such line is line " + startLine
                        + "); begin the entry with `" + ChangelogFile.ENTRY_START + "` at column 1, then run "
                        + "fix-changelog again; the file is unchanged");
            }
        }
        if (problems.hasErrors()) {
            return null;
        }
        byte[] h = head.bytes();
        byte[] b = base.bytes();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(b);
        if (!EntrySpans.endsWithEmptyLine(b)) {
            out.write('\n');
        }
        List<int[]> misplaced = InsertedEntries.misplacedBlocks(added, count);
        if (misplaced.isEmpty()) {
            describePrefix(base, head, spans, out.toByteArray(), baseRef, repairs);
        } else {
            describeMoves(base, head, misplaced, baseRef, repairs);
        }
        for (int k = 0; k < added.size(); k++) {
            int i = added.get(k);
            byte[] content = spans.content(i);
            if (k > 0) {
                out.write('\n');
                EntrySpans.Span previous = spans.span(i - 1);
                byte[] gap = Arrays.copyOfRange(h, previous.contentEnd(), spans.span(i).start());
                if (added.get(k - 1) == i - 1 && !Arrays.equals(gap, new byte[] {'\n'})) {
                    repairs.add("line " + spans.lineOf(spans.span(i).start()) + ": new entry " + (i + 1) + " came "
                            + describeGap(gap) + "; now after exactly one empty line");
                }
            }
            // every content ends with a line end: the parsed head ends with one
            out.writeBytes(content);
        }
        EntrySpans.Span last = spans.span(count - 1);
        byte[] tail = Arrays.copyOfRange(h, last.contentEnd(), last.end());
        if (tail.length > 0 && added.get(added.size() - 1) == count - 1) {
            repairs.add("line " + spans.lineOf(last.contentEnd()) + " on: removed " + lineCount(tail)
                    + " at the end of the file");
        } else if (missingNewline) {
            repairs.add("added the missing final newline");
        }
        return out.toByteArray();
    }

    /** Notes on new entries that sat among the old ones, moved to the end. */
    private static void describeMoves(ChangelogFile base, ChangelogFile head, List<int[]> misplaced, String baseRef,
                                      List<String> repairs) {
        for (int[] block : misplaced) {
            int[] lines = InsertedEntries.lineSpan(head.items(), block);
            int count = block[1] - block[0] + 1;
            repairs.add("moved " + (count == 1 ? "new entry " + (block[0] + 1) : "new entries " + (block[0] + 1) + "-"
                    + (block[1] + 1)) + " (lines " + lines[0] + "-" + lines[1] + "), which sat in the middle of the "
                    + "file, to its end, after one empty line");
        }
        if (!InsertedEntries.onlyLinesAdded(base.bytes(), head.bytes())) {
            repairs.add("restored history as it is at " + baseRef + " (it differed in more than the new entries: "
                    + "`git diff` before the repair shows how)");
        }
    }

    /**
     * Notes on what differed before the first new entry: history lines (compared up to the
     * last historical entry's content) and the blank lines between history and the new entries.
     */
    private static void describePrefix(ChangelogFile base, ChangelogFile head, EntrySpans spans, byte[] expected,
                                       String baseRef, List<String> repairs) {
        int first = base.items().size();
        byte[] h = head.bytes();
        int firstStart = spans.span(first).start();
        byte[] headPrefix = Arrays.copyOfRange(h, 0, firstStart);
        if (Arrays.equals(expected, headPrefix)) {
            return;
        }
        EntrySpans baseSpans = EntrySpans.of(base.bytes());
        if (first == 0 || baseSpans.size() != first) {
            repairs.add("restored the bytes of " + baseRef + " before the first new entry: "
                    + String.join("; ", diffLines(headPrefix, expected, baseRef)));
            return;
        }
        int headHistoryEnd = spans.span(first - 1).contentEnd();
        int baseHistoryEnd = baseSpans.span(first - 1).contentEnd();
        List<String> history = diffLines(Arrays.copyOfRange(h, 0, headHistoryEnd),
                Arrays.copyOfRange(base.bytes(), 0, baseHistoryEnd), baseRef);
        if (!history.isEmpty()) {
            repairs.add("restored history as it is at " + baseRef + ": " + String.join("; ", history));
        }
        byte[] headGap = Arrays.copyOfRange(h, headHistoryEnd, firstStart);
        byte[] expectedGap = Arrays.copyOfRange(expected, baseHistoryEnd, expected.length);
        if (!Arrays.equals(headGap, expectedGap)) {
            byte[] baseEnding = Arrays.copyOfRange(base.bytes(), baseHistoryEnd, base.bytes().length);
            String ownEnding = "the base's own ending " + visibleLines(baseEnding);
            // the base's own ending kept, the entry right after it: a pull request may, a push to main may not (changelog.md)
            String came = baseEnding.length > 0 && Arrays.equals(headGap, baseEnding)
                    ? "right after " + ownEnding + ", without an empty line" : describeGap(headGap);
            repairs.add("line " + spans.lineOf(firstStart) + ": the first new entry (" + (first + 1) + ") came "
                    + came + "; now " + (expectedGap.length == 1 ? "after exactly one empty line"
                    : "after " + ownEnding + (EntrySpans.endsWithEmptyLine(base.bytes()) ? "" : " and one empty line")));
        }
    }

    private static String visibleLines(byte[] bytes) {
        List<String> shown = new ArrayList<>();
        for (byte[] line : lines(bytes)) {
            shown.add(ByteText.visible(line));
        }
        return String.join(", ", shown);
    }

    /** Corrections only: the base bytes with each corrected entry's pr-link line rewritten to the new link. */
    private static byte[] reapplyCorrections(ChangelogFile base, ChangelogFile head, ChangelogChange change,
                                             List<String> repairs, Problems problems) {
        EntrySpans spans = ChangeRules.spans(base, problems);
        if (spans == null) {
            return null;
        }
        SortedMap<Integer, String> links = new TreeMap<>();
        for (int i : change.corrections()) {
            links.put(i, head.entries().get(i).prLink());
        }
        List<Integer> withoutLine = new ArrayList<>();
        byte[] bytes = spans.withPrLinks(links, withoutLine);
        if (!withoutLine.isEmpty()) {
            int i = withoutLine.get(0);
            problems.error(base.items().get(i).pos(), REFUSED, "entry " + (i + 1) + " of the base has no line "
                    + "starting with `  pr-link:`, so its correction cannot be replayed on the base bytes; "
                    + "restore the other lines by hand (git diff shows them); the file is unchanged");
            return null;
        }
        repairs.add("restored every byte of the base except the corrected `  pr-link:` "
                + (change.corrections().size() == 1 ? "line of entry " : "lines of entries ")
                + change.corrections().stream().map(i -> i + 1).toList()
                + inParentheses(diffLines(head.bytes(), bytes, "the base")));
        return bytes;
    }

    /**
     * The result must pass every rule and hold the same values as the working tree, its new entries
     * ({@code added}, head indexes) at the end; else nothing is written.
     */
    private static boolean verify(ChangelogFile base, ChangelogFile head, List<Integer> added, byte[] result, String name,
                                  Problems problems) {
        ChangelogFile fixed = ChangelogFile.check(result, name);
        Problems again = new Problems();
        List<YNode> expected = new ArrayList<>();
        Set<Integer> moved = new HashSet<>(added);
        for (int i = 0; i < head.items().size(); i++) {
            if (!moved.contains(i)) {
                expected.add(head.items().get(i));
            }
        }
        added.forEach(i -> expected.add(head.items().get(i)));
        boolean ok = ChangeRules.file(fixed, again)
                && ChangeRules.historyAndBytes(base, fixed, WORKING_TREE, false, again) != null
                && sameValues(expected, fixed.items());
        if (ok) {
            return true;
        }
        problems.add(Problem.fileError(name, REFUSED, "the repaired file would not hold the same entries or would "
                + "still break the rules" + (again.size() > 0 ? " (reported with this one)" : "") + " (an entry whose value depends on "
                + "its trailing blank lines, such as a `|+` block, cannot be moved); the file is unchanged: restore "
                + "the base bytes and append the new entries after one empty line by hand"));
        problems.addAll(again.all());
        return false;
    }

    private static boolean sameValues(List<YNode> a, List<YNode> b) {
        return PyValues.equal(a.stream().map(YNode::toPlain).toList(), b.stream().map(YNode::toPlain).toList());
    }

    private static boolean passesByteRules(ChangelogFile base, ChangelogFile head, ChangelogChange change) {
        Problems bytes = new Problems();
        ByteRules.check(base, head, change, WORKING_TREE.pullRequest(), bytes);
        return !bytes.hasErrors();
    }

    /** History changed in value: say what, where, and how to get back to a fixable state. */
    private static MergeOutcome refuseHistory(ChangelogFile base, ChangelogFile head, ChangelogChange change,
                                              List<Problem> historyProblems, String baseRef) {
        Problems problems = new Problems();
        problems.add(Problem.fileError(head.name(), REFUSED, "history changed in value, not only in bytes (reported with this one), "
                + "so fix-changelog will not guess what was meant and left the file unchanged: restore the historical "
                + "entries as they are at " + baseRef + " (`git show " + baseRef + ":" + head.name()
                + "` prints them), keep your new entries at the end, then run fix-changelog again"));
        int baseCount = base.items().size();
        int headCount = head.items().size();
        if (headCount < baseCount) {
            int missing = firstDifference(base.items(), head.items());
            YNode gone = base.items().get(missing);
            problems.error(gone.pos(), DETAIL, "entry " + (missing + 1) + " of " + baseRef + " (config-keys "
                    + base.entries().get(missing).configKeys() + ") is no longer at position " + (missing + 1)
                    + " of the working tree: " + (baseCount - headCount) + (baseCount - headCount == 1 ? " entry was"
                    : " entries were") + " deleted; restore " + (baseCount - headCount == 1 ? "it" : "them"));
        } else {
            int reported = 0;
            for (int i = 0; i < baseCount && reported < LISTED_LINES; i++) {
                Object now = head.items().get(i).toPlain();
                Object was = base.items().get(i).toPlain();
                if (PyValues.equal(was, now)) {
                    continue;
                }
                int movedFrom = indexOf(base.items(), now);
                int wasNowAt = indexOf(head.items(), was);
                if (movedFrom < 0 && wasNowAt > i) {
                    // New entries written inside history push it down: a misplaced append, not an edit.
                    problems.error(head.items().get(i).pos(), DETAIL, (wasNowAt - i == 1 ? "entry " + (i + 1) + " is new but sits"
                            : "entries " + (i + 1) + "-" + wasNowAt + " are new but sit") + " inside history, before what "
                            + "was entry " + (i + 1) + " at " + baseRef + " (now line " + head.items().get(wasNowAt).pos().line()
                            + "); move " + (wasNowAt - i == 1 ? "it" : "them") + " to the end of the file, after one "
                            + "empty line");
                    break;
                }
                if (movedFrom > i && wasNowAt < 0) {
                    // Later history moved up into this place: the entry that was here is gone.
                    problems.error(base.items().get(i).pos(), DETAIL, "entry " + (i + 1) + " of " + baseRef
                            + " (config-keys " + base.entries().get(i).configKeys() + ") is missing from the working "
                            + "tree, whose entry " + (i + 1) + " is what was entry " + (movedFrom + 1)
                            + ": it was deleted; restore it");
                    break;
                }
                if (movedFrom >= 0 && movedFrom != i) {
                    problems.error(head.items().get(i).pos(), DETAIL, "entry " + (i + 1) + " holds what was entry "
                            + (movedFrom + 1) + " at " + baseRef + ": entries were reordered; put them back in their order");
                    reported++;
                }
            }
            if (!change.additions().isEmpty()) {
                for (int i : change.corrections()) {
                    problems.error(HistoryRules.valuePos(head.items().get(i), "pr-link"), DETAIL, "entry " + (i + 1)
                            + ": its pr-link changed from \"" + base.entries().get(i).prLink() + "\" to \""
                            + head.entries().get(i).prLink() + "\" in the same change that appends entries; restore \""
                            + base.entries().get(i).prLink() + "\" here and correct it in a pull request of its own");
                }
            }
        }
        problems.addAll(historyProblems);
        return MergeOutcome.failed(problems.all());
    }

    private static int firstDifference(List<YNode> base, List<YNode> head) {
        int n = Math.min(base.size(), head.size());
        for (int i = 0; i < n; i++) {
            if (!PyValues.equal(base.get(i).toPlain(), head.get(i).toPlain())) {
                return i;
            }
        }
        return n;
    }

    private static int indexOf(List<YNode> items, Object value) {
        for (int i = 0; i < items.size(); i++) {
            if (PyValues.equal(items.get(i).toPlain(), value)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * What differs between the working tree's lines and the restored ones, for the note. A
     * greedy walk with one line of look-ahead (a changed line first, then a dropped or missing one): the differences worth repairing are single
     * lines an editor trimmed, added or dropped, which it names exactly (line numbers are the
     * working tree's, before the repair).
     */
    static List<String> diffLines(byte[] was, byte[] restored, String source) {
        List<byte[]> a = lines(was);
        List<byte[]> b = lines(restored);
        List<String> notes = new ArrayList<>();
        int i = 0;
        int j = 0;
        int changes = 0;
        while (i < a.size() || j < b.size()) {
            if (i < a.size() && j < b.size() && Arrays.equals(a.get(i), b.get(j))) {
                i++;
                j++;
                continue;
            }
            // The next lines agree: this one was changed, not dropped or added.
            boolean nextAgree = i + 1 < a.size() && j + 1 < b.size() && Arrays.equals(a.get(i + 1), b.get(j + 1));
            String note;
            // (past the end of b, i is still inside a: the loop runs while either side has lines)
            if (!nextAgree && (j >= b.size() || i + 1 < a.size() && Arrays.equals(a.get(i + 1), b.get(j)))) {
                note = "line " + (i + 1) + ": dropped " + ByteText.visible(a.get(i)) + ", which " + source
                        + " does not have";
                i++;
            } else if (!nextAgree && (i >= a.size() || j + 1 < b.size() && Arrays.equals(a.get(i), b.get(j + 1)))) {
                note = "after line " + i + ": put back " + ByteText.visible(b.get(j)) + " of " + source;
                j++;
            } else {
                // both sides have a line here (a missing one was handled above)
                note = "line " + (i + 1) + " was " + ByteText.visible(a.get(i)) + ", is again "
                        + ByteText.visible(b.get(j));
                i++;
                j++;
            }
            if (++changes <= LISTED_LINES) {
                notes.add(note);
            }
        }
        if (changes > LISTED_LINES) {
            notes.add("and " + (changes - LISTED_LINES) + " more " + (changes - LISTED_LINES == 1 ? "line" : "lines"));
        }
        return notes;
    }

    private static String lineCount(byte[] blank) {
        int lines = lines(blank).size();
        return lines + (lines == 1 ? " blank line" : " blank lines");
    }

    private static String inParentheses(List<String> notes) {
        return notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")";
    }

    /** How the blank bytes between two entries (or after the last) read to a person. */
    private static String describeGap(byte[] gap) {
        if (gap.length == 0) {
            return "right after the previous entry, without an empty line";
        }
        List<byte[]> lines = lines(gap);
        int blank = 0;
        boolean spaces = false;
        for (byte[] line : lines) {
            blank++;
            for (byte c : line) {
                if (c != '\n') {
                    spaces = true;
                    break;
                }
            }
        }
        return "after " + blank + (blank == 1 ? " blank line" : " blank lines") + (spaces ? " (with whitespace)" : "");
    }

    private static List<byte[]> lines(byte[] bytes) {
        List<byte[]> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                lines.add(Arrays.copyOfRange(bytes, start, i + 1));
                start = i + 1;
            }
        }
        if (start < bytes.length) {
            lines.add(Arrays.copyOfRange(bytes, start, bytes.length));
        }
        return lines;
    }

    private static int countCrlf(byte[] bytes) {
        int count = 0;
        for (int i = 1; i < bytes.length; i++) {
            if (bytes[i] == '\n' && bytes[i - 1] == '\r') {
                count++;
            }
        }
        return count;
    }

    /** The bytes with each CR that ends a line dropped (a lone CR stays, for the file rules to report). */
    private static byte[] withLfEnds(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] != '\r' || i + 1 >= bytes.length || bytes[i + 1] != '\n') {
                out.write(bytes[i]);
            }
        }
        return out.toByteArray();
    }

    private static byte[] append(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
