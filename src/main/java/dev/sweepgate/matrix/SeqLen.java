package dev.sweepgate.matrix;

import java.util.Optional;

/** An input/output sequence-length pair and its short name ({@code 1k1k}, {@code 8k1k}, {@code isl_osl}). */
public record SeqLen(int isl, int osl) {
    public static final SeqLen ONE_K_ONE_K = new SeqLen(1024, 1024);
    public static final SeqLen EIGHT_K_ONE_K = new SeqLen(8192, 1024);

    /** The names accepted on the command line by {@code --seq-lens}. */
    public static Optional<SeqLen> fromName(String name) {
        return switch (name) {
            case "1k1k" -> Optional.of(ONE_K_ONE_K);
            case "8k1k" -> Optional.of(EIGHT_K_ONE_K);
            default -> Optional.empty();
        };
    }

    public String name() {
        if (equals(ONE_K_ONE_K)) {
            return "1k1k";
        }
        if (equals(EIGHT_K_ONE_K)) {
            return "8k1k";
        }
        return isl + "_" + osl;
    }

    public boolean isEightKOneK() {
        return equals(EIGHT_K_ONE_K);
    }

    // Written out: a record's generated equals and hashCode link method handles on first use,
    // which costs a short run more than all the comparisons it then makes.
    @Override
    public boolean equals(Object other) {
        return other instanceof SeqLen s && s.isl == isl && s.osl == osl;
    }

    @Override
    public int hashCode() {
        return 31 * isl + osl;
    }
}
