package dev.sweepgate.yaml;

/**
 * The likely cause of a YAML syntax error: a line indented differently from its siblings
 * ("mapping values are not allowed here" says nothing of the kind).
 */
final class IndentationHint {
    private IndentationHint() {
    }

    /**
     * {@code "; line 3 is indented by 3 spaces, its siblings by 2: ..."} when line {@code number}
     * (1-based) of {@code text} is indented unlike the content line before it, which does not
     * open a nested block; "" otherwise. {@code lineInFile} gives the lines the numbers the
     * message shows (text that is some lines of a file names the file's lines).
     */
    static String at(String text, int number, java.util.function.IntUnaryOperator lineInFile) {
        String[] lines = text.split("\n", -1);
        if (number < 2 || number > lines.length) {
            return "";
        }
        String line = lines[number - 1];
        if (isBlankOrComment(line)) {
            return "";
        }
        int previous = number - 2;
        while (previous >= 0 && isBlankOrComment(lines[previous])) {
            previous--;
        }
        if (previous < 0) {
            return "";
        }
        String before = lines[previous].stripTrailing();
        if (before.endsWith(":") || before.endsWith("-") || before.endsWith("|") || before.endsWith(">")) {
            return "";
        }
        int indent = indent(line);
        // The sibling is the nearest line at this depth or shallower: deeper lines in between are the
        // nested block of a sibling (the items under `config-keys:`, say), not the line's level.
        int sibling = previous;
        while (sibling >= 0 && (isBlankOrComment(lines[sibling]) || keyColumn(lines[sibling]) > indent)) {
            sibling--;
        }
        if (sibling < 0) {
            sibling = previous;
        }
        int siblings = keyColumn(lines[sibling]);
        if (indent == siblings || line.strip().startsWith("- ")) {
            return "";
        }
        return "; line " + lineInFile.applyAsInt(number) + " is indented by " + spaces(indent) + ", its siblings (line "
                + lineInFile.applyAsInt(sibling + 1)
                + ") by " + spaces(siblings) + ": indent it like them, or by more under a key that ends with `:`";
    }

    private static boolean isBlankOrComment(String line) {
        String stripped = line.strip();
        return stripped.isEmpty() || stripped.startsWith("#");
    }

    /** Where a line's key starts: after its indentation and, for a list item, after the `- `. */
    private static int keyColumn(String line) {
        return indent(line) + (line.strip().startsWith("- ") ? 2 : 0);
    }

    private static int indent(String line) {
        int n = 0;
        while (n < line.length() && line.charAt(n) == ' ') {
            n++;
        }
        return n;
    }

    private static String spaces(int n) {
        return n == 1 ? "1 space" : n + " spaces";
    }
}
