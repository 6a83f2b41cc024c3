package dev.sweepgate.yaml;

/**
 * The bytes of an input file and the name problems should show for it. The bytes may come
 * from the working tree or from a git ref.
 */
public record SourceFile(String name, byte[] bytes) {
    /** The same name and the same bytes: what was parsed from one is what would be parsed from the other. */
    @Override
    public boolean equals(Object other) {
        return other instanceof SourceFile f && name.equals(f.name) && java.util.Arrays.equals(bytes, f.bytes);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + java.util.Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "SourceFile[" + name + ", " + (bytes == null ? "no" : bytes.length) + " bytes]";
    }
}
