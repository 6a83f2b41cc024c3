package dev.sweepgate.problem;

/**
 * The text a problem is about: its line of the file (without the line end) and the line
 * before, which the text format shows and a disable comment may stand on.
 *
 * @param lineEnd  whether the line ends with a line feed (a last line may not)
 * @param previous the line before, or null on line 1
 */
public record Excerpt(String line, boolean lineEnd, String previous) {
}
