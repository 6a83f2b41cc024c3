package dev.sweepgate.changelog;

import dev.sweepgate.problem.Position;
import dev.sweepgate.problem.Problems;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The byte rules of changelog.md: history stays byte for byte, new entries are appended
 * after exactly one empty line, and pr-link corrections touch nothing but their lines.
 * Every failure names the first differing byte on both sides and shows both lines.
 */
public final class ByteRules {
    private static final String START = ChangelogFile.ENTRY_START;
    private static final String LINE_START = "\n" + START;
    private static final String PR_LINK_LINE = "  pr-link:";
    /** The file ends with a line of spaces after the last entry: an error in a pull request, a warning on a push. */
    public static final String TRAILING_SPACES = "changelog.trailing-spaces";
    /** File-rule problems after which a head's bytes are not text the byte rules can read. */
    private static final Set<String> UNREADABLE = Set.of("changelog.empty", "changelog.encoding", "yaml.too-large",
            "yaml.too-long");
    /** Appended to every failure of an append: the tool that repairs them. */
    static String fixHint(ChangelogFile base, ChangelogFile head) {
        return "\n  " + fixCommand(base, head) + " makes this repair when the new entries themselves are right";
    }

    /** The fix-changelog command line for this change, in backquotes: the base ref is the one the base side names. */
    static String fixCommand(ChangelogFile base, ChangelogFile head) {
        String prefix = head.name() + "@";
        String ref = base.name().startsWith(prefix) ? base.name().substring(prefix.length()) : "BASE";
        return "`sweepgate fix-changelog --base-ref " + ref + "`";
    }

    private ByteRules() {
    }

    /**
     * @param pullRequest a pull request's change, not a push to main ({@link PrLinkPolicy#pullRequest}): a
     *                    whitespace-only line that ends the file is then the error of the change that
     *                    writes it, and a base that already ends in one does not fail the change after it
     */
    public static void check(ChangelogFile base, ChangelogFile head, ChangelogChange change, boolean pullRequest,
                             Problems problems) {
        if (!change.additions().isEmpty()) {
            checkAppend(base, head, pullRequest, problems);
        } else if (!change.corrections().isEmpty()) {
            checkCorrections(base, head, change.corrections().size(), problems);
        } else {
            int diff = ByteText.firstDifference(base.bytes(), head.bytes());
            if (diff >= 0) {
                problems.error(ByteText.positionOf(head.bytes(), diff, head.name()), "changelog.bytes-changed",
                        "the changelog's bytes changed but no entry was added or corrected; "
                                + describeDifference(base, head, diff)
                                + "\n  fix: restore the base file byte for byte (formatting and comments of history included)");
            }
        }
    }

    /**
     * Whether the head, which begins with the base's bytes, goes on with a new entry after one
     * empty line: {@code - config-keys:} when the base ends with an empty line, else
     * {@code \n- config-keys:}.
     */
    static boolean separatedFromHistory(byte[] base, byte[] head) {
        byte[] start = ((endsWithEmptyLine(base) ? "" : "\n") + START).getBytes(StandardCharsets.US_ASCII);
        return head.length >= base.length + start.length
                && Arrays.equals(start, 0, start.length, head, base.length, base.length + start.length);
    }

    /**
     * The byte rules of a change whose head breaks a file rule but can still be read as text: when
     * it has more {@code - config-keys:} lines than the base, it appends, and the rules of an append
     * judge its bytes. So a changed history byte is reported with the new entry's type error, in one
     * run, instead of after it is fixed. The base must pass the file rules; a head that is not UTF-8
     * or is too large or holds a line too long to parse gets its one problem only, and a head that appends nothing (history edited,
     * entries deleted) is the history rules' to judge once it parses.
     */
    public static void checkBrokenHead(ChangelogFile base, ChangelogFile head, boolean pullRequest, Problems problems) {
        if (!base.ok() || head.ok() || head.problems().stream().anyMatch(p -> UNREADABLE.contains(p.rule()))) {
            return;
        }
        String text = new String(head.bytes(), StandardCharsets.UTF_8);
        if (ChangelogFile.countEntryStarts(text) > base.items().size()) {
            checkAppend(base, head, pullRequest, problems);
        }
    }

    private static boolean endsWithEmptyLine(byte[] bytes) {
        return bytes.length > 1 && bytes[bytes.length - 1] == '\n' && bytes[bytes.length - 2] == '\n';
    }

    private static void checkAppend(ChangelogFile base, ChangelogFile head, boolean pullRequest, Problems problems) {
        byte[] b = base.bytes();
        byte[] h = head.bytes();
        // In a pull request a whitespace-only last line of the base is an earlier change's mistake (changelog.md).
        int spacesLine = pullRequest ? whitespaceLastLine(b) : -1;
        // how much of the base the head must begin with: all of it, or all but that line
        int kept = b.length;
        int diff = ByteText.firstDifference(b, h);
        if (diff >= 0 && diff < b.length) {
            if (spacesLine >= 0 && diff >= spacesLine && separatedFromHistory(Arrays.copyOf(b, spacesLine), h)) {
                kept = spacesLine; // the line emptied or removed, then one empty line before the new entry
            } else {
                problems.error(ByteText.positionOf(h, diff, head.name()), "changelog.history-bytes",
                        "appended entries changed historical " + head.name() + " bytes; " + describeDifference(base, head, diff)
                                + "\n  fix: " + fixFor(b, h, diff) + fixHint(base, head));
                return;
            }
        }
        // One char per byte: the rules compare ASCII bytes, and String's bounds-checked matching does the work.
        String text = new String(h, StandardCharsets.ISO_8859_1);
        // the kept base is a prefix of the head here; a whitespace-only last line of the base kept whole
        // separates as an empty line does
        boolean separated = kept < b.length || separatedFromHistory(b, h)
                || spacesLine >= 0 && text.startsWith(START, b.length);
        if (!separated) {
            problems.error(ByteText.positionOf(h, b.length, head.name()), "changelog.separator",
                    "new changelog entries must be separated from history by one empty line and appended at the end; "
                            + separatorFix(h, text, b.length, endsWithEmptyLine(b)) + fixHint(base, head));
        }
        // Entry starts after the base, each found as its line's start: "\n" in front makes the file's first line one too.
        String lines = "\n" + text;
        int p = lines.indexOf(LINE_START, kept);
        LineIndex lineIndex = null; // for the first of possibly thousands of entries' problems
        // the first appended entry is covered by the separator rule above
        while (p >= 0 && (p = lines.indexOf(LINE_START, p + 1)) >= 0) {
            if (!text.startsWith("\n\n", p - 2) || text.startsWith("\n\n\n", p - 3)) {
                if (lineIndex == null) {
                    lineIndex = LineIndex.of(h);
                }
                problems.error(lineIndex.positionOf(p, head.name()), "changelog.separator",
                        "each new entry must be preceded by exactly one empty line; the line before this `- config-keys:` is "
                                + ByteText.visible(ByteText.lineAt(h, p - 1))
                                + "\n  fix: keep exactly one empty line between appended entries" + fixHint(base, head));
            }
        }
        if (text.endsWith("\n\n")) {
            problems.error(ByteText.positionOf(h, h.length - 1, head.name()), "changelog.trailing-blank",
                    "the final appended changelog entry must end with one newline; the file ends with empty lines"
                            + "\n  fix: delete the empty lines at the end of the file" + fixHint(base, head));
        } else {
            trailingSpaces(base, head, kept, pullRequest, problems);
        }
    }

    /**
     * The offset of the base's last line when it holds only spaces (at least one) and its line end:
     * what an earlier change left after its entry; -1 otherwise.
     */
    static int whitespaceLastLine(byte[] bytes) {
        int start = bytes.length - 1; // the last line's line end
        if (start < 1 || bytes[start] != '\n') {
            return -1;
        }
        while (start > 0 && bytes[start - 1] == ' ') {
            start--;
        }
        return start < bytes.length - 1 && (start == 0 || bytes[start - 1] == '\n') ? start : -1;
    }

    /**
     * An appended text that leaves the file ending in a line of spaces (not empty, so not
     * changelog.trailing-blank): the error of the change that writes it in a pull request; on a push to
     * main a warning, as the reference accepts it and fails the next change instead.
     */
    private static void trailingSpaces(ChangelogFile base, ChangelogFile head, int kept, boolean pullRequest,
                                       Problems problems) {
        byte[] h = head.bytes();
        int last = whitespaceLastLine(h);
        if (last < kept) {
            return;
        }
        int spaces = h.length - 1 - last;
        String line = spaces + (spaces == 1 ? " space" : " spaces");
        String message = "the file must end with the last entry's last line, but it ends with a line of " + line
                + " after it\n  fix: delete the trailing line of " + line + fixHint(base, head);
        Position at = ByteText.positionOf(h, last, head.name());
        if (pullRequest) {
            problems.error(at, TRAILING_SPACES, message);
        } else {
            problems.warning(at, TRAILING_SPACES, message + "\n  (a warning on a push to main, whose reference accepts "
                    + "it; a pull request fails for it, and the next change is not blamed for it there)");
        }
    }

    private static void checkCorrections(ChangelogFile base, ChangelogFile head, int corrections, Problems problems) {
        List<byte[]> before = linesKeepingEnds(base.bytes());
        List<byte[]> after = linesKeepingEnds(head.bytes());
        if (before.size() != after.size()) {
            int diff = ByteText.firstDifference(base.bytes(), head.bytes());
            problems.error(ByteText.positionOf(head.bytes(), Math.max(diff, 0), head.name()), "changelog.correction-bytes",
                    "a pr-link correction must keep every line: the base has " + before.size() + " lines, the head "
                            + after.size() + "; " + describeDifference(base, head, Math.max(diff, 0))
                            + "\n  fix: change only the text after `  pr-link:` on the corrected lines");
            return;
        }
        int changed = 0;
        for (int i = 0; i < before.size(); i++) {
            byte[] a = before.get(i);
            byte[] c = after.get(i);
            if (!Arrays.equals(a, c)) {
                changed++;
                String textA = new String(a, StandardCharsets.UTF_8);
                String textC = new String(c, StandardCharsets.UTF_8);
                if (!textA.startsWith(PR_LINK_LINE) || !textC.startsWith(PR_LINK_LINE)
                        || !textA.endsWith("\n") || !textC.endsWith("\n")) {
                    Position at = new Position(head.name(), i + 1, 1);
                    problems.error(at, "changelog.correction-bytes", "a pr-link correction may only change `  pr-link:` "
                            + "lines; line " + (i + 1) + " changed:\n  base: " + ByteText.visible(a, differingColumn(a, c))
                            + "\n  head: " + ByteText.visible(c, differingColumn(a, c))
                            + "\n  fix: restore this line as it is in the base");
                }
            }
        }
        if (changed != corrections && !problems.hasErrors()) {
            problems.add(dev.sweepgate.problem.Problem.fileError(head.name(), "changelog.correction-bytes",
                    changed + " lines changed for " + corrections + " corrected pr-links; change exactly one "
                            + "`  pr-link:` line per corrected entry"));
        }
    }

    /** The 1-based column, in characters, of the first byte where two different lines differ. */
    private static int differingColumn(byte[] a, byte[] b) {
        int at = Math.max(0, Arrays.mismatch(a, b));
        return new String(a, 0, Math.min(at, a.length), StandardCharsets.UTF_8).length() + 1;
    }

    /** What is wrong right after the base, and what to write instead. */
    private static String separatorFix(byte[] bytes, String head, int at, boolean baseEndsWithEmptyLine) {
        int emptyLines = baseEndsWithEmptyLine ? 1 : 0;
        int p = at;
        while (head.startsWith("\n", p)) {
            emptyLines++;
            p++;
        }
        if (head.startsWith(START, p)) {
            return emptyLines == 0
                    ? "the new entry follows the last entry directly\n  fix: add one empty line before `- config-keys:`"
                    : "the new entry follows " + emptyLines + " empty lines\n  fix: keep exactly one empty line before `- config-keys:`";
        }
        return "after the last entry comes " + ByteText.visible(ByteText.lineAt(bytes, p))
                + "\n  fix: leave exactly one empty line after the last entry, then start the new entry with `- config-keys:` at column 1"
                + " (comments may go inside the entry, not before it)";
    }

    /** Both sides of the first difference, with whitespace made visible. */
    static String describeDifference(ChangelogFile base, ChangelogFile head, int offset) {
        Position inBase = ByteText.positionOf(base.bytes(), offset, base.name());
        Position inHead = ByteText.positionOf(head.bytes(), offset, head.name());
        return "the first differing byte is at line " + inBase.line() + ", column " + inBase.column() + " of the base and line "
                + inHead.line() + ", column " + inHead.column() + " of the head:"
                + "\n  base line " + inBase.line() + ": "
                + ByteText.visible(ByteText.lineAt(base.bytes(), offset), inBase.column())
                + "\n  head line " + inHead.line() + ": "
                + ByteText.visible(ByteText.lineAt(head.bytes(), offset), inHead.column());
    }

    private static String fixFor(byte[] base, byte[] head, int offset) {
        String baseLine = new String(ByteText.lineAt(base, offset), StandardCharsets.UTF_8);
        String headLine = new String(ByteText.lineAt(head, offset), StandardCharsets.UTF_8);
        String restore = "restore the base file byte for byte and add new entries only after its last line";
        String baseBody = baseLine.endsWith("\n") ? baseLine.substring(0, baseLine.length() - 1) : baseLine;
        String headBody = headLine.endsWith("\n") ? headLine.substring(0, headLine.length() - 1) : headLine;
        if (!baseBody.isEmpty() && baseBody.isBlank() && headBody.isEmpty()) {
            int spaces = baseBody.length();
            return "this historical line holds " + spaces + (spaces == 1 ? " space" : " spaces")
                    + " and must keep them (an editor that trims trailing whitespace removes them): " + restore;
        }
        if (baseLine.stripTrailing().equals(headLine.stripTrailing())) {
            return "only trailing whitespace differs on this line (check your editor's trim and final-newline settings): "
                    + restore;
        }
        return restore;
    }

    /**
     * Python's {@code splitlines(keepends=True)} over the UTF-8 text, each line back in bytes. Both
     * sides have passed the file rules, which refuse CR, so no CRLF pair reaches here: every line
     * break ends a line on its own.
     */
    static List<byte[]> linesKeepingEnds(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        List<byte[]> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (ChangelogFile.isPythonLineBreak(text.charAt(i))) {
                lines.add(text.substring(start, i + 1).getBytes(StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        if (start < text.length()) {
            lines.add(text.substring(start).getBytes(StandardCharsets.UTF_8));
        }
        return lines;
    }
}
