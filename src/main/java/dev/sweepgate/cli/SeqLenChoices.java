package dev.sweepgate.cli;

import dev.sweepgate.matrix.SeqLen;
import java.util.Iterator;
import java.util.List;
import picocli.CommandLine;

/** The names --seq-lens accepts; anything else is a usage error. */
final class SeqLenChoices implements Iterable<String>, CommandLine.ITypeConverter<String> {
    @Override
    public Iterator<String> iterator() {
        return List.of("1k1k", "8k1k").iterator();
    }

    @Override
    public String convert(String value) {
        if (SeqLen.fromName(value).isEmpty()) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a sequence length; choose 1k1k or 8k1k");
        }
        return value;
    }
}
