package dev.sweepgate.review;

import dev.sweepgate.problem.Position;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The sign-off text (the pull request's body, or the code owner's sign-off comment): where checks 6a and 6b
 * read a documented exception (new hardware, a new model architecture upstream does not support yet).
 *
 * <p>A line documents an exception for a config when it says "exception", "new hardware" or "architecture"
 * and names the config: its key, or its model prefix together with its GPU ({@code dsr1 … gb200}), as words.
 * When the text has the template's "Additional detail section", only the lines after that heading count.
 *
 * @param file  the file the text was read from, for the evidence
 * @param lines the lines that may document an exception, with their line numbers
 */
public record SignOff(String file, List<Line> lines) {
    private static final Pattern DETAIL = Pattern.compile("(?i)^[#*\\s]*additional detail section\\b.*");
    private static final Pattern REASON = Pattern.compile("(?i)\\bexception\\b|\\bnew hardware\\b|\\barchitecture\\b");

    public SignOff {
        lines = List.copyOf(lines);
    }

    public record Line(int number, String text) {
    }

    public static SignOff parse(String file, byte[] bytes) {
        String[] all = new String(bytes, StandardCharsets.UTF_8).split("\r?\n", -1);
        int from = 0;
        for (int i = 0; i < all.length; i++) {
            if (DETAIL.matcher(all[i]).matches()) {
                from = i + 1;
                break;
            }
        }
        List<Line> out = new ArrayList<>();
        for (int i = from; i < all.length; i++) {
            out.add(new Line(i + 1, all[i]));
        }
        return new SignOff(file, out);
    }

    /** The first line that documents an exception for this config, or null. */
    public Line exception(String key, String modelPrefix, String gpu) {
        for (Line l : lines) {
            String t = l.text().toLowerCase(Locale.ROOT);
            if (REASON.matcher(t).find() && (word(t, key) || (word(t, modelPrefix) && word(t, gpu)))) {
                return l;
            }
        }
        return null;
    }

    private static boolean word(String text, String w) {
        if (w == null || w.isBlank()) {
            return false;
        }
        return Pattern.compile("(?<!\\w)" + Pattern.quote(w.toLowerCase(Locale.ROOT)) + "(?!\\w)").matcher(text).find();
    }

    public Position at(Line l) {
        return new Position(file, l.number(), 0);
    }
}
