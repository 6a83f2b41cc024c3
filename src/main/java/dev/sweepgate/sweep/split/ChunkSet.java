package dev.sweepgate.sweep.split;

import dev.sweepgate.output.AtomicFiles;
import dev.sweepgate.output.JsonTree;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.UsageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The split directory: {@code index.json} (one object per chunk, in order) and one file per
 * chunk. The whole set is replaced at once ({@link AtomicFiles#replaceDirectory}): a reader sees
 * the previous set or the new one, never a mix, and no chunk file of an earlier run survives.
 */
public final class ChunkSet {
    public static final String INDEX = "index.json";

    private ChunkSet() {
    }

    /** The index as compact JSON: {@code [{"bucket":..,"chunk":..,"rows":..,"file":..}, ...]}. */
    public static String index(List<Chunk> chunks) {
        List<Object> entries = new ArrayList<>();
        for (Chunk chunk : chunks) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("bucket", chunk.bucket());
            entry.put("chunk", chunk.index());
            entry.put("rows", chunk.rows().size());
            entry.put("file", chunk.file());
            entries.add(entry);
        }
        return JsonTree.compact(JsonTree.of(entries));
    }

    /**
     * Replaces {@code dir} with the chunk set. A directory that holds anything but an earlier
     * chunk set (an index and JSON files) is refused rather than replaced: its files would be lost.
     *
     * @param option how the user named the directory, for messages ({@code --split-dir})
     * @throws UsageException       when {@code dir} is a file or a directory of other files
     * @throws EnvironmentException when the set cannot be written; {@code dir} is then unchanged
     */
    public static void write(Path dir, List<Chunk> chunks, String option) {
        refuseForeign(dir, option);
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put(INDEX, (index(chunks) + "\n").getBytes(StandardCharsets.UTF_8));
        for (Chunk chunk : chunks) {
            files.put(chunk.file(), (chunk.text() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        AtomicFiles.replaceDirectory(dir, files);
    }

    private static void refuseForeign(Path dir, String option) {
        if (!Files.exists(dir)) {
            return;
        }
        if (!Files.isDirectory(dir)) {
            throw new UsageException(option + " " + dir + ": this is a file, not a directory; name a directory "
                    + "(a new one, or the split directory of an earlier run)");
        }
        List<String> foreign = new ArrayList<>();
        boolean indexed;
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path entry : entries.toList()) {
                String name = entry.getFileName().toString();
                if (!name.endsWith(".json") || !Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    foreign.add(name);
                }
            }
            indexed = Files.isRegularFile(dir.resolve(INDEX), LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new EnvironmentException("cannot read " + option + " " + dir + ": " + e.getMessage());
        }
        boolean empty = foreign.isEmpty() && !indexed && isEmpty(dir);
        if (!empty && (!indexed || !foreign.isEmpty())) {
            throw new UsageException(option + " " + dir + " holds " + (foreign.isEmpty() ? "JSON files but no " + INDEX
                    : "files that are not a chunk set (" + String.join(", ", foreign.stream().sorted().limit(3).toList())
                    + (foreign.size() > 3 ? ", ..." : "") + ")") + "; its contents would be replaced, so name a new "
                    + "directory or the split directory of an earlier run");
        }
    }

    private static boolean isEmpty(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }
}
