package dev.sweepgate.yaml;

/**
 * The bytes of an input file and the name problems should show for it. The bytes may come
 * from the working tree or from a git ref.
 */
public record SourceFile(String name, byte[] bytes) {
}
