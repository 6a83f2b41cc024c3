package dev.sweepgate.yaml;

import java.util.Arrays;

/**
 * The bytes of an input file and the name problems should show for it. The bytes may come
 * from the working tree or from a git ref.
 *
 * <p>A value, equal to another of the same name and bytes, and a key of what a run works out from
 * it (its parse, the configs it holds). A class rather than a record for one reason: its hash, of
 * a few hundred kilobytes, is computed once, not each time a check asks for the configs.
 */
public final class SourceFile {
    private final String name;
    private final byte[] bytes;
    /** 0 until computed (and for bytes whose hash is 0, computed each time). */
    private int hash;

    public SourceFile(String name, byte[] bytes) {
        this.name = name;
        this.bytes = bytes;
    }

    public String name() {
        return name;
    }

    public byte[] bytes() {
        return bytes;
    }

    /** The same name and the same bytes: what was parsed from one is what would be parsed from the other. */
    @Override
    public boolean equals(Object other) {
        return other == this || other instanceof SourceFile f && name.equals(f.name) && hashCode() == f.hashCode()
                && Arrays.equals(bytes, f.bytes);
    }

    @Override
    public int hashCode() {
        // racy but safe, as String's: one int, and every thread that computes it computes the same value
        int h = hash;
        if (h == 0) {
            h = 31 * name.hashCode() + Arrays.hashCode(bytes);
            hash = h;
        }
        return h;
    }

    @Override
    public String toString() {
        return "SourceFile[" + name + ", " + (bytes == null ? "no" : bytes.length) + " bytes]";
    }
}
