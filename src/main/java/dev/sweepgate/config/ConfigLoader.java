package dev.sweepgate.config;

import dev.sweepgate.concurrent.Memo;
import dev.sweepgate.concurrent.SideBySide;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.problem.Sources;
import dev.sweepgate.yaml.SourceFile;
import dev.sweepgate.yaml.YMap;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YScalar;
import dev.sweepgate.yaml.YamlLoader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/** Loads and validates the master configs and the runner config (configs.md). */
public final class ConfigLoader {
    private ConfigLoader() {
    }

    /**
     * {@link #load(List, SourceFile)} once per run for the same files (names and bytes): the gate's
     * checks each read the head's configs, and parse them once between them.
     */
    public static ConfigSet load(List<SourceFile> masterFiles, SourceFile runnerFile, Memo memo) {
        return load(masterFiles, runnerFile, memo, List.of());
    }

    /**
     * {@link #load(List, SourceFile, Memo)} of files that are another version of {@code earlier} (the base
     * of a change, its head loaded already in this run): what they hold byte for byte is taken from the
     * earlier parse, its positions moved ({@link YamlLoader#loadAgainst}), and only the entries that
     * differ are parsed. The result is the one a parse of the files gives.
     *
     * @param earlier the other version of each file in the same order, masters then runner (or empty)
     */
    public static ConfigSet load(List<SourceFile> masterFiles, SourceFile runnerFile, Memo memo, List<SourceFile> earlier) {
        List<Object> key = new ArrayList<>(List.of("configs"));
        key.addAll(masterFiles);
        key.add(runnerFile);
        return memo.once(List.copyOf(key), () -> {
            List<SourceFile> files = new ArrayList<>(masterFiles);
            files.add(runnerFile);
            List<Earlier> known = new ArrayList<>();
            for (int i = 0; i < files.size(); i++) {
                YamlLoader.Document d = i < earlier.size() ? memo.known(documentKey(earlier.get(i))) : null;
                known.add(d == null ? null : new Earlier(earlier.get(i).bytes(), d));
            }
            return load(masterFiles, runnerFile, known, parsed -> {
                for (int i = 0; i < files.size(); i++) {
                    YamlLoader.Document d = parsed.get(i);
                    if (d != null) {
                        memo.once(documentKey(files.get(i)), () -> d);
                    }
                }
            });
        });
    }

    private static List<Object> documentKey(SourceFile file) {
        return List.of("yaml", file);
    }

    /** Another version of a file, and the clean document a parse of it gave. */
    private record Earlier(byte[] bytes, YamlLoader.Document document) {
    }

    /**
     * Reads every file, validates every rule, and returns the typed configs in load order.
     *
     * @throws ProblemException carrying every problem found, when any rule is broken
     */
    public static ConfigSet load(List<SourceFile> masterFiles, SourceFile runnerFile) {
        return load(masterFiles, runnerFile, List.of(), parsed -> { });
    }

    /**
     * @param earlier  for each file, another version and its document, or null
     * @param whenRead given each file's clean document (null for one with problems), once all are parsed
     */
    private static ConfigSet load(List<SourceFile> masterFiles, SourceFile runnerFile, List<Earlier> earlier,
                                  java.util.function.Consumer<List<YamlLoader.Document>> whenRead) {
        List<SourceFile> files = new ArrayList<>(masterFiles);
        files.add(runnerFile);
        ExecutorService pool = SideBySide.pool(1, "sweepgate-config-reader");
        Map<String, byte[]> sources = new HashMap<>();
        files.forEach(f -> sources.putIfAbsent(f.name(), f.bytes()));
        try {
            List<Supplier<Parsed>> parsed = parse(files, pool, earlier);
            ConfigSet set = bind(masterFiles, runnerFile, parsed, pool);
            whenRead.accept(parsed.stream().map(p -> p.get().clean()).toList());
            return new ConfigSet(set.configs(), set.runners(), sources);
        } catch (ProblemException e) {
            throw new ProblemException(Sources.apply(e.problems(), sources));
        } finally {
            pool.shutdownNow();
        }
    }

    private static ConfigSet bind(List<SourceFile> masterFiles, SourceFile runnerFile, List<Supplier<Parsed>> parsed,
                                  ExecutorService pool) {
        Problems problems = new Problems();
        List<MasterConfig> configs = new ArrayList<>();
        Map<String, YScalar> firstSeen = new HashMap<>();
        for (int i = 0; i < masterFiles.size(); i++) {
            SourceFile file = masterFiles.get(i);
            YNode root = parsed.get(i).get().root(problems);
            if (root == null) {
                continue;
            }
            if (!(root instanceof YMap map)) {
                problems.error(root.pos(), "config.root", file.name()
                        + " must be a mapping of config keys to configs, got " + root.describe());
                continue;
            }
            // Which entries are bound is decided in order (a key seen before is not bound again);
            // the binding itself, most of the work, is shared with the pool's thread once it has
            // read the files. Each entry's problems stay in file order.
            List<Bound> bound = SideBySide.mapInOrder(pool, admitted(map, firstSeen), ConfigLoader::bindEntry);
            for (Bound b : bound) {
                problems.addAll(b.problems());
                if (b.config() != null) {
                    configs.add(b.config());
                }
            }
        }
        RunnerConfig runners = null;
        YNode runnerRoot = parsed.get(masterFiles.size()).get().root(problems);
        if (runnerRoot != null) {
            runners = new RunnerConfigBinder(problems).bind(runnerRoot, runnerFile.name());
        }
        problems.throwIfErrors();
        return new ConfigSet(configs, runners);
    }

    /** An entry of a master config, with the problem that keeps it from being bound, if any. */
    private record Admitted(YMap.Entry entry, Problem refusal) {
    }

    /** The outcome of one entry: its config (null when refused or broken) and its problems. */
    private record Bound(MasterConfig config, List<Problem> problems) {
    }

    private static List<Admitted> admitted(YMap map, Map<String, YScalar> firstSeen) {
        List<Admitted> admitted = new ArrayList<>();
        for (YMap.Entry e : map.entries()) {
            YScalar key = e.key();
            if (!(key.value() instanceof String name)) {
                admitted.add(new Admitted(e, Problem.error(key.pos(), "config.key-type", "config keys must be strings, got "
                        + key.describe() + ": quote it (\"" + key.text() + "\")")));
                continue;
            }
            if (name.contains("*")) {
                admitted.add(new Admitted(e, Problem.error(key.pos(), "config.wildcard-key", "config key '" + name
                        + "' contains `*`, which is reserved for changelog wildcards: rename the config")));
                continue;
            }
            YScalar previous = firstSeen.putIfAbsent(name, key);
            if (previous != null) {
                if (!previous.pos().file().equals(key.pos().file())) {
                    admitted.add(new Admitted(e, Problem.error(key.pos(), "config.duplicate-config", "config '" + name
                            + "' is also defined in " + previous.pos()
                            + ": each config key must be defined once across all master configs")));
                }
                continue;
            }
            admitted.add(new Admitted(e, null));
        }
        return admitted;
    }

    private static Bound bindEntry(Admitted admitted) {
        if (admitted.refusal() != null) {
            return new Bound(null, List.of(admitted.refusal()));
        }
        Problems problems = new Problems();
        MasterConfig config = new MasterConfigBinder(problems).bind(admitted.entry().key(), admitted.entry().value());
        return new Bound(config, problems.all());
    }

    /** A file read as YAML: its document, whose root is null when it cannot be read as YAML at all. */
    private record Parsed(YamlLoader.Document document) {
        /** The root, after adding the file's problems to {@code all} (in file order, as if read one by one). */
        YNode root(Problems all) {
            all.addAll(document.problems());
            return document.root();
        }

        /** The document, when it has no problem (another version of the file may be loaded against it). */
        YamlLoader.Document clean() {
            return document.root() != null && document.problems().isEmpty() ? document : null;
        }
    }

    /**
     * Each file parsed, or loaded against another version of it ({@link YamlLoader#loadAgainst}) when one
     * is given and that gives an exact result; the rest side by side ({@link #parseSideBySide}).
     */
    private static List<Supplier<Parsed>> parse(List<SourceFile> files, ExecutorService pool, List<Earlier> earlier) {
        List<Supplier<Parsed>> parsed = new ArrayList<>();
        List<SourceFile> rest = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            Earlier e = i < earlier.size() ? earlier.get(i) : null;
            SourceFile f = files.get(i);
            YamlLoader.Document d = e == null ? null : YamlLoader.standard().loadAgainst(f.bytes(), f.name(), e.bytes(), e.document());
            if (d != null) {
                Parsed p = new Parsed(d);
                parsed.add(() -> p);
            } else {
                parsed.add(null);
                rest.add(f);
            }
        }
        if (rest.isEmpty()) {
            return parsed;
        }
        List<Supplier<Parsed>> others = parseSideBySide(rest, pool);
        int next = 0;
        for (int i = 0; i < parsed.size(); i++) {
            if (parsed.get(i) == null) {
                parsed.set(i, others.get(next++));
            }
        }
        return parsed;
    }

    /**
     * Parses the files on two threads, this one and the pool's, each taking about half of the
     * bytes: on a cold JVM parsing dominates a short run. When one file holds more than half of
     * the bytes (the real configs: one of 320 KB, two of 50 and 8 KB), it is cut at a top-level
     * key ({@link YamlLoader#cutPoint}) so that the pool's thread parses the end of it and this
     * thread the other files and its beginning; the parts are joined, and when they cannot be
     * joined exactly the whole file is parsed again, so its problems are what one parse gives.
     * Otherwise the files themselves are shared out by size. The caller binds the files in
     * order, the first ones while the others are still being parsed.
     */
    private static List<Supplier<Parsed>> parseSideBySide(List<SourceFile> files, ExecutorService pool) {
        List<Piece> pieces = pieces(files);
        boolean[] onPool = halves(pieces.stream().map(Piece::size).toList());
        List<Supplier<Loaded>> results = new ArrayList<>();
        for (int i = 0; i < pieces.size(); i++) {
            if (onPool[i]) {
                Piece piece = pieces.get(i);
                Future<Loaded> later = pool.submit(() -> piece.load(files));
                results.add(() -> SideBySide.join(later));
            } else {
                results.add(null);
            }
        }
        for (int i = 0; i < pieces.size(); i++) {
            if (!onPool[i]) {
                Loaded here = pieces.get(i).load(files);
                results.set(i, () -> here);
            }
        }
        List<Supplier<Parsed>> parsed = new ArrayList<>();
        for (int i = 0; i < pieces.size(); i++) {
            SourceFile file = files.get(pieces.get(i).file());
            Supplier<Loaded> result = results.get(i);
            if (pieces.get(i).whole(files)) {
                parsed.add(() -> result.get().whole());
            } else {
                Supplier<Loaded> second = results.get(++i);
                parsed.add(() -> joined(file, result.get().part(), second.get().part()));
            }
        }
        return parsed;
    }

    /** The files, in order, the one that holds most of the bytes in two parts when it can be cut. */
    static List<Piece> pieces(List<SourceFile> files) {
        long total = 0;
        int largest = 0;
        for (int i = 0; i < files.size(); i++) {
            total += files.get(i).bytes().length;
            if (files.get(i).bytes().length > files.get(largest).bytes().length) {
                largest = i;
            }
        }
        byte[] big = files.get(largest).bytes();
        // The end of the large file, half of all the bytes, is the pool thread's share.
        int cut = big.length * 2L > total ? YamlLoader.cutPoint(big, (int) (big.length - total / 2)) : -1;
        List<Piece> pieces = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            int size = files.get(i).bytes().length;
            if (i == largest && cut > 0) {
                pieces.add(new Piece(i, 0, cut));
                pieces.add(new Piece(i, cut, size));
            } else {
                pieces.add(new Piece(i, 0, size));
            }
        }
        return pieces;
    }

    /** Bytes {@code from} to {@code to} of a file: the whole file, or one of the two parts it is cut into. */
    record Piece(int file, int from, int to) {
        int size() {
            return to - from;
        }

        boolean whole(List<SourceFile> files) {
            return from == 0 && to == files.get(file).bytes().length;
        }

        Loaded load(List<SourceFile> files) {
            SourceFile source = files.get(file);
            return whole(files) ? new Loaded(parse(source), null)
                    : new Loaded(null, YamlLoader.standard().loadPart(source.bytes(), from, to, source.name()));
        }
    }

    /**
     * What a piece gave: a whole file's {@link Parsed}, or a part's document (null when the part
     * does not load on its own, and the whole file must be parsed).
     */
    private record Loaded(Parsed whole, YamlLoader.Document part) {
    }

    private static Parsed joined(SourceFile file, YamlLoader.Document first, YamlLoader.Document second) {
        YamlLoader.Document whole = first == null || second == null ? null : YamlLoader.join(first, second);
        return whole != null ? new Parsed(whole) : parse(file);
    }

    /** Which pieces the pool's thread parses, by size: largest first, each to the side with fewer bytes so far. */
    static boolean[] halves(List<Integer> sizes) {
        List<Integer> bySize = new ArrayList<>();
        for (int i = 0; i < sizes.size(); i++) {
            bySize.add(i);
        }
        bySize.sort((a, b) -> Integer.compare(sizes.get(b), sizes.get(a)));
        boolean[] onPool = new boolean[sizes.size()];
        long poolBytes = 0;
        long hereBytes = 0;
        for (int i : bySize) {
            int size = sizes.get(i);
            if (poolBytes <= hereBytes) {
                onPool[i] = true;
                poolBytes += size;
            } else {
                hereBytes += size;
            }
        }
        return onPool;
    }

    private static Parsed parse(SourceFile file) {
        try {
            YamlLoader.Document doc = YamlLoader.standard().load(file.bytes(), file.name());
            return new Parsed(doc);
        } catch (ProblemException e) {
            return new Parsed(new YamlLoader.Document(null, e.problems()));
        }
    }
}
