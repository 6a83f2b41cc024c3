package dev.sweepgate.sweep.split;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sweepgate.json.PythonJson;
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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The split directory: {@code index.json} (one object per chunk, in order) and one file per
 * chunk. A new (or empty) directory gets the whole set at once ({@link AtomicFiles#replaceDirectory}).
 * In a directory that holds other files, only what the set owns is touched: each chunk file is
 * replaced atomically, the index last (so it names only files already written), then the chunk
 * files the previous index named and the new one does not are removed. Any other file stays.
 */
public final class ChunkSet {
    public static final String INDEX = "index.json";
    /** A chunk file an index may name: a plain file name in the directory. */
    private static final Pattern CHUNK_FILE = Pattern.compile("[^/\\\\]+\\.json");

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
     * Writes the chunk set into {@code dir}, replacing the set an earlier run left there. Files the
     * earlier {@code index.json} does not name are kept; one the new set would overwrite is refused.
     *
     * @param option how the user named the directory, for messages ({@code --split-dir})
     * @throws UsageException       when {@code dir} is a file, holds an {@code index.json} that is no chunk
     *                              index, or holds a file of a new chunk's name that the earlier index does not name
     * @throws EnvironmentException when the set cannot be written
     */
    public static void write(Path dir, List<Chunk> chunks, String option) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (Chunk chunk : chunks) {
            files.put(chunk.file(), (chunk.text() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        files.put(INDEX, (index(chunks) + "\n").getBytes(StandardCharsets.UTF_8));
        if (!Files.exists(dir)) {
            AtomicFiles.replaceDirectory(dir, files);
            return;
        }
        if (!Files.isDirectory(dir)) {
            throw new UsageException(option + " " + dir + ": this is a file, not a directory; name a directory "
                    + "(a new one, or the split directory of an earlier run)");
        }
        if (isEmpty(dir)) {
            AtomicFiles.replaceDirectory(dir, files);
            return;
        }
        Set<String> previous = previousChunks(dir, option);
        for (String name : files.keySet()) {
            Path file = dir.resolve(name);
            boolean owned = name.equals(INDEX) || previous.contains(name);
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && (!owned || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS))) {
                throw new UsageException(option + " " + dir + " holds " + name + ", which " + (owned ? "is not a plain file"
                        : "the earlier " + INDEX + " does not name") + ": the new chunk set would overwrite it, so move it "
                        + "away or name another directory");
            }
        }
        // The index last: a reader that follows it finds every chunk it names already in place.
        files.forEach((name, bytes) -> AtomicFiles.write(dir.resolve(name), bytes));
        for (String stale : previous) {
            if (!files.containsKey(stale)) {
                try {
                    Files.deleteIfExists(dir.resolve(stale));
                } catch (IOException e) {
                    throw new EnvironmentException("cannot remove the stale chunk " + dir.resolve(stale) + ": " + e.getMessage()
                            + " (the new " + INDEX + " does not name it)");
                }
            }
        }
    }

    /**
     * The chunk files the directory's {@code index.json} names (none without one); an index that is not
     * a chunk set's is refused, as the files it would have us replace are not known to be ours.
     */
    private static Set<String> previousChunks(Path dir, String option) {
        Path index = dir.resolve(INDEX);
        if (!Files.exists(index, LinkOption.NOFOLLOW_LINKS)) {
            return Set.of();
        }
        String notAnIndex = option + " " + dir + " holds an " + INDEX + " that is not the index of a chunk set (";
        String fix = "); it would be replaced, so move it away or name another directory";
        if (!Files.isRegularFile(index, LinkOption.NOFOLLOW_LINKS)) {
            throw new UsageException(notAnIndex + "not a plain file" + fix);
        }
        JsonNode tree;
        try {
            tree = PythonJson.read(Files.readString(index, StandardCharsets.UTF_8));
        } catch (PythonJson.NotJson | IOException | java.io.UncheckedIOException e) {
            throw new UsageException(notAnIndex + "not JSON" + fix);
        }
        if (!tree.isArray()) {
            throw new UsageException(notAnIndex + "not a JSON array" + fix);
        }
        Set<String> names = new LinkedHashSet<>();
        for (JsonNode entry : tree) {
            JsonNode file = entry.get("file");
            if (file == null || !file.isTextual() || !CHUNK_FILE.matcher(file.asText()).matches() || file.asText().equals(INDEX)) {
                throw new UsageException(notAnIndex + "an entry without a chunk's file name: " + entry + fix);
            }
            names.add(file.asText());
        }
        return names;
    }

    private static boolean isEmpty(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }
}
