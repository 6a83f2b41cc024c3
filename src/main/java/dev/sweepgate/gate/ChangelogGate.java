package dev.sweepgate.gate;

import dev.sweepgate.changelog.AddedText;
import dev.sweepgate.changelog.ByteRules;
import dev.sweepgate.changelog.ChangelogChange;
import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.changelog.ChangelogFile;
import dev.sweepgate.changelog.HistoryRules;
import dev.sweepgate.changelog.KeyResolver;
import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.concurrent.SideBySide;
import dev.sweepgate.config.ConfigLoader;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.git.Git;
import dev.sweepgate.git.Remotes;
import dev.sweepgate.git.RepoRoot;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.problem.ProblemException;
import dev.sweepgate.problem.Problems;
import dev.sweepgate.problem.Sources;
import dev.sweepgate.sweep.Sweep;
import dev.sweepgate.sweep.SweepComputation;
import dev.sweepgate.sweep.SweepOptions;
import dev.sweepgate.yaml.SourceFile;
import dev.sweepgate.yaml.YNode;
import dev.sweepgate.yaml.YamlLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * validate-changelog and process-changelog over git: reads the changelog and the configs at
 * the refs (or the head from the working tree), applies the rules and computes the sweep.
 */
public final class ChangelogGate {
    public static final String DEFAULT_CHANGELOG = "perf-changelog.yaml";
    /** History-rule problems about a link's value only, which leave the change's shape intact. */
    private static final java.util.Set<String> LINK_RULES = java.util.Set.of("changelog.new-link", "changelog.correction-link");

    private final Git git;
    private final Function<String, byte[]> workingTree;
    private final List<String> masterFiles;
    private final String runnerFile;
    private final SweepComputation computation;
    /** The repository canonical pr-links point to, asked only when a change does more than append (step 0). */
    private final Supplier<String> repo;

    /**
     * @param workingTree reads a file of the working tree (missing files are an environment failure)
     * @param masterFiles the master config files in load order, read at each side
     */
    public ChangelogGate(Git git, Function<String, byte[]> workingTree, List<String> masterFiles, String runnerFile) {
        this(git, workingTree, masterFiles, runnerFile, new SweepComputation());
    }

    ChangelogGate(Git git, Function<String, byte[]> workingTree, List<String> masterFiles, String runnerFile,
                  SweepComputation computation) {
        this.git = git;
        this.workingTree = workingTree;
        // From a subdirectory the repository's files are found at its top, as git finds them.
        this.masterFiles = masterFiles.stream().map(this::located).toList();
        this.runnerFile = located(runnerFile);
        this.computation = computation;
        this.repo = () -> Remotes.githubRepoOr(git, PrLinkPolicy.DEFAULT_REPO);
    }

    private ChangelogGate(ChangelogGate gate, Supplier<String> repo) {
        this.git = gate.git;
        this.workingTree = gate.workingTree;
        this.masterFiles = gate.masterFiles;
        this.runnerFile = gate.runnerFile;
        this.computation = gate.computation;
        this.repo = repo;
    }

    /**
     * This gate with the repository whose pull-request links are canonical (process-changelog's
     * {@code --repo}); by default the GitHub repository of the origin remote, else the benchmark
     * repository, as validate-changelog's {@code --repo} defaults.
     */
    public ChangelogGate withRepo(Supplier<String> repo) {
        return new ChangelogGate(this, repo);
    }

    /** The repository the gate reads (launch files are read through it too). */
    public Git git() {
        return git;
    }

    /** {@code path} as seen from where git runs: the repository's file when the directory has none (RepoRoot). */
    public String located(String path) {
        return RepoRoot.locate(git.dir(), path);
    }

    /**
     * The two sides of a change. {@code headCommit} null means the working tree.
     *
     * @param baseRef, headRef the refs as the user wrote them (for messages and metadata)
     * @param baseCommit       the merge base of the base ref and the head, where the change starts
     * @param baseTip          the commit the base ref names
     */
    public record Refs(String baseRef, String baseCommit, String headRef, String headCommit, String baseTip) {
        /** Sides whose base is the commit {@code baseRef} names itself (no merge base to tell apart). */
        public Refs(String baseRef, String baseCommit, String headRef, String headCommit) {
            this(baseRef, baseCommit, headRef, headCommit, baseCommit);
        }

        public boolean headIsWorkingTree() {
            return headCommit == null;
        }

        String headLabel() {
            return headIsWorkingTree() ? "the working tree" : headRef;
        }

        /** How a message names the base commit: the ref the user typed, or what the merge base is of. */
        public String baseLabel() {
            return baseCommit.equals(baseTip) ? baseRef
                    : baseCommit.substring(0, Math.min(12, baseCommit.length())) + " (the merge base of " + baseRef
                            + " and " + (headIsWorkingTree() ? "HEAD" : headRef) + ")";
        }
    }

    /** The outcome of validate-changelog: what changed, the sweep (null when nothing to sweep), all problems. */
    public record Validation(ChangelogChange change, Sweep sweep, List<Problem> problems) {
        public Validation {
            problems = List.copyOf(problems);
        }

        public boolean ok() {
            return problems.stream().noneMatch(Problem::isError);
        }
    }

    /**
     * Resolves the refs the user gave; a null head ref means the working tree. The base side is
     * the merge base of the base ref and the head ({@link Git#mergeBase}), as every command that
     * compares a base ref with a head measures the change.
     */
    public Refs refs(String baseRef, String headRef) {
        return refs(git, baseRef, headRef);
    }

    /** {@link #refs(String, String)} for commands that read the two sides without a gate. */
    public static Refs refs(Git git, String baseRef, String headRef) {
        if (headRef == null) {
            String base = git.resolveCommit(baseRef, "--base-ref");
            return new Refs(baseRef, git.mergeBase(base, null, baseRef, "the working tree (HEAD)"), null, null, base);
        }
        Git.Commits commits = git.resolveWithMergeBase(baseRef, headRef, "--base-ref", "--head-ref");
        return new Refs(baseRef, commits.mergeBase(), headRef, commits.head(), commits.base());
    }

    /** Steps 1 to 3 of validate-changelog; its sweep's rows carry no recipe-fingerprint (only counts are printed). */
    public Validation validate(Refs refs, String file, PrLinkPolicy policy, SweepOptions options) {
        String changelog = located(file);
        // The inputs are independent; reading them side by side keeps the gate quick on a cold JVM.
        Sides sides = readSides(refs, changelog);
        ExecutorService pool = pool();
        try {
            byte[] baseBytes = sides.base().require();
            byte[] headBytes = sides.head() == null ? workingTree.apply(changelog) : sides.head().require();
            String baseName = changelog + "@" + refs.baseRef();
            Future<List<ChangelogEntry>> added = pool.submit(() -> addedEntries(refs, changelog, baseBytes, headBytes));
            // A head that appends entries holds the base's history: the base is then checked from the
            // head's parse (ChangelogFile.checkBase), otherwise parsed side by side with the head.
            boolean appends = ChangelogFile.appendsEntries(baseBytes, headBytes);
            Future<ChangelogFile> parsedBase = appends ? null : pool.submit(() -> ChangelogFile.check(baseBytes, baseName));
            Future<ConfigSet> configs = pool.submit(() -> headConfigs(refs, sides.headConfigs()));
            ChangelogFile head = ChangelogFile.check(headBytes, changelog);
            ChangelogFile base = appends ? ChangelogFile.checkBase(baseBytes, baseName, head) : join(parsedBase);
            Problems problems = new Problems();
            RuleCheck rules = checkRules(base, head, policy);
            problems.addAll(rules.problems());
            ChangelogChange change = rules.change();
            if (!rules.historyOk()) {
                // No sweep follows, yet the new entries' config keys are still checked (one round of fixes).
                problems.addAll(unknownKeysOfNewItems(base, head, change, configs));
            }
            if (!rules.historyOk() || change.correctionsOnly()) {
                return new Validation(change, null, withSources(problems.all(), changelog, refs, baseBytes, headBytes));
            }
            Sweep sweep = null;
            try {
                sweep = computation.compute(join(added), join(configs), () -> baseConfigs(refs), options, changelog, false);
            } catch (ProblemException e) {
                // A byte-rule failure already names the changed history; the diff would repeat it as deleted lines.
                boolean bytesBroken = problems.hasErrors();
                e.problems().stream().filter(p -> !(bytesBroken && p.rule().equals("changelog.deleted-line")))
                        .forEach(problems::add);
            }
            return new Validation(change, sweep, withSources(problems.all(), changelog, refs, baseBytes, headBytes));
        } finally {
            pool.shutdownNow();
        }
    }

    /** The problems joined to the text of both sides (excerpts, disable comments). */
    private static List<Problem> withSources(List<Problem> problems, String changelog, Refs refs, byte[] base, byte[] head) {
        return Sources.apply(problems, Map.of(changelog, head, changelog + "@" + refs.baseRef(), base));
    }

    /**
     * When the head breaks a file rule in its entries but parses, or the change breaks a history
     * rule (a mixed change, an edited entry), the config keys its new items name are still
     * checked (with the head configs' problems, if they break rules): the entries the history rules
     * found new (inserted among the old ones, too), else, when a side broke the file rules, the head's
     * items beyond the base's.
     */
    private static List<Problem> unknownKeysOfNewItems(ChangelogFile base, ChangelogFile head, ChangelogChange change,
                                                       Future<ConfigSet> configs) {
        if (!base.ok() || head.items().size() <= base.items().size()) {
            return List.of();
        }
        List<Integer> added = new ArrayList<>();
        if (change != null) {
            change.additions().forEach(e -> added.add(e.number() - 1));
        } else {
            for (int i = base.items().size(); i < head.items().size(); i++) {
                added.add(i);
            }
        }
        ConfigSet set;
        try {
            set = join(configs);
        } catch (ProblemException e) {
            return e.problems();
        }
        List<Problem> problems = new ArrayList<>();
        for (int i : added) {
            YNode item = head.items().get(i);
            problems.addAll(KeyResolver.unknownKeys(item, ChangelogEntry.label(i + 1, item.pos()), set.keys()));
        }
        return problems;
    }

    /**
     * What the file, history and byte rules say about a change.
     *
     * @param change    what the change did; null when a side breaks a file rule
     * @param historyOk whether both sides and the history rules passed (the byte rules may still have failed)
     */
    public record RuleCheck(ChangelogChange change, boolean historyOk, List<Problem> problems) {
        public RuleCheck {
            problems = List.copyOf(problems);
        }

        public boolean ok() {
            return problems.stream().noneMatch(Problem::isError);
        }
    }

    /**
     * Steps 1 and 2 of validate-changelog on two sides already read: the file rules on both,
     * then the history rules and, when those pass, the byte rules (which also judge a head that
     * breaks file rules but appends, {@link ByteRules#checkBrokenHead}). No git and no sweep, so a
     * caller (or a test) can judge many heads against one base cheaply.
     */
    public static RuleCheck checkRules(ChangelogFile base, ChangelogFile head, PrLinkPolicy policy) {
        Problems problems = new Problems();
        problems.addAll(base.problems());
        problems.addAll(head.problems());
        if (!base.ok() || !head.ok()) {
            // The byte rules do not wait for the file rules: one round of fixes (docs/problems.md).
            ByteRules.checkBrokenHead(base, head, policy.pullRequest(), problems);
            return new RuleCheck(null, false, problems.all());
        }
        ChangelogChange change = HistoryRules.check(base, head, policy, problems);
        // A pr-link that is not yet right says nothing about the bytes or the sweep: the other
        // rule families still run, so one round of fixes suffices.
        boolean historyOk = problems.all().stream().noneMatch(p -> p.isError() && !LINK_RULES.contains(p.rule()));
        if (historyOk) {
            ByteRules.check(base, head, change, policy.pullRequest(), problems);
        }
        return new RuleCheck(change, historyOk, problems.all());
    }

    /**
     * Steps 1 to 7 of process-changelog. With both sides committed (the command always names its
     * head) and a change that only appends, the added entries need no git diff.
     */
    public Sweep process(Refs refs, String file, SweepOptions options) {
        String changelog = located(file);
        Sides sides = readSides(refs, changelog);
        ExecutorService pool = pool();
        try {
            Future<ConfigSet> configs = pool.submit(() -> headConfigs(refs, sides.headConfigs()));
            byte[] base = sides.base().bytes();
            // A working-tree head is left to git diff, which also reads a deleted file as deleted lines.
            byte[] head = sides.head() == null ? null : sides.head().bytes();
            // A working-tree head is read too, to number the entries and to refuse it when it is not
            // UTF-8 exactly as a committed head is (the diff would decode it leniently).
            byte[] numbered = head != null ? head : workingTreeOrNull(refs, changelog);
            if (numbered != null) {
                try {
                    // before the head is decoded: a 60 MB line is refused without a pass over its text
                    YamlLoader.refuseLongLine(numbered, changelog);
                } catch (ProblemException e) {
                    throw new ProblemException(Sources.apply(e.problems(), changelog, numbered));
                }
                refuseIfNotUtf8(numbered, changelog);
            }
            boolean bothSides = base != null && head != null;
            try {
                // Once: whether the head only appends decides both step 0 and where the entries come from.
                AddedText.Added appended = bothSides ? AddedText.appended(base, head, changelog) : null;
                if (bothSides && appended == null && correctsLinksOnly(base, head, changelog, refs, repo.get())) {
                    return new Sweep(List.of(), List.of(), List.of(), List.of());
                }
                List<ChangelogEntry> entries = appended != null ? AddedText.parse(appended, changelog, head)
                        : addedEntries(refs, changelog, numbered);
                return computation.compute(entries, join(configs), () -> baseConfigs(refs), options, changelog, true);
            } catch (ProblemException e) {
                throw new ProblemException(Sources.apply(e.problems(), changelog, head));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Process step 0: the reference decoded the head strictly and failed on anything else, so a
     * head that is not UTF-8 is refused here too (the other file rules are the gate's alone).
     */
    private static void refuseIfNotUtf8(byte[] head, String changelog) {
        List<Problem> encoding = encodingProblems(head, changelog);
        if (!encoding.isEmpty()) {
            throw new ProblemException(Sources.apply(encoding, changelog, head));
        }
    }

    /** The {@code changelog.encoding} problem of a side that is not UTF-8; none for one that is. */
    private static List<Problem> encodingProblems(byte[] bytes, String name) {
        if (YamlLoader.utf8OrNull(bytes) != null) {
            return List.of();
        }
        return ChangelogFile.check(bytes, name).problems().stream().filter(p -> p.rule().equals("changelog.encoding")).toList();
    }

    /**
     * Process step 0: whether the change only makes corrections the history rules accept (each
     * a pr-link alone, changed into the canonical link of {@code repo}'s pull request), so that
     * there is nothing to sweep (the diff would read the old link lines as deletions). Any other
     * change, a pr-link turned into a link that is not canonical included, is processed as the
     * reference processes it: its removed lines are "deletions are not allowed".
     */
    private static boolean correctsLinksOnly(byte[] base, byte[] head, String changelog, Refs refs, String repo) {
        ChangelogFile baseFile = ChangelogFile.check(base, changelog + "@" + refs.baseRef());
        ChangelogFile headFile = ChangelogFile.check(head, changelog);
        if (!baseFile.ok() || !headFile.ok()) {
            return false;
        }
        Problems history = new Problems();
        ChangelogChange change = HistoryRules.check(baseFile, headFile, new PrLinkPolicy(repo, null), history);
        return !history.hasErrors() && change.correctionsOnly();
    }

    /**
     * A working-tree head's bytes, only to number the diff's entries by their place in it (as
     * validate-changelog numbers them); null when the head is committed or the file cannot be
     * read (git diff then says what became of it).
     */
    private byte[] workingTreeOrNull(Refs refs, String changelog) {
        if (!refs.headIsWorkingTree()) {
            return null;
        }
        try {
            return workingTree.apply(changelog);
        } catch (EnvironmentException | ProblemException e) {
            return null;
        }
    }

    /** Step 1 of process-changelog: the entries the diff adds, numbered in {@code head} when given. */
    private List<ChangelogEntry> addedEntries(Refs refs, String changelog, byte[] head) {
        return AddedText.entries(git.diff(refs.baseCommit(), refs.headCommit(), changelog), changelog, head);
    }

    /**
     * The same from both sides already read: when the head only appends lines, those are what
     * git diff adds, and one git process fewer keeps a short run short.
     */
    private List<ChangelogEntry> addedEntries(Refs refs, String changelog, byte[] base, byte[] head) {
        if (Arrays.equals(base, head)) {
            // a change that leaves the changelog alone: git's diff of the same bytes is empty, without asking it
            return AddedText.entries("", changelog, head);
        }
        AddedText.Added appended = AddedText.appended(base, head, changelog);
        return appended != null ? AddedText.parse(appended, changelog, head) : addedEntries(refs, changelog, head);
    }

    /**
     * The changelog at the base and, for a committed head, the changelog and the configs there.
     *
     * @param head null for a working-tree head (then {@code headConfigs} is empty)
     */
    private record Sides(Git.BlobContent base, Git.BlobContent head, List<Git.BlobContent> headConfigs) {
    }

    /** The {@link Sides} of a change through one git call (each git process costs tens of milliseconds). */
    private Sides readSides(Refs refs, String changelog) {
        List<Git.Blob> wanted = new ArrayList<>(List.of(new Git.Blob(refs.baseCommit(), changelog, refs.baseLabel())));
        if (refs.headIsWorkingTree()) {
            return new Sides(git.showAll(wanted).get(0), null, List.of());
        }
        wanted.add(new Git.Blob(refs.headCommit(), changelog, refs.headRef()));
        wanted.addAll(configBlobs(refs.headCommit(), refs.headRef()));
        List<Git.BlobContent> blobs = git.showAll(wanted);
        return new Sides(blobs.get(0), blobs.get(1), blobs.subList(2, blobs.size()));
    }

    /** The head's configs: from the working tree, or from {@code blobs} read at the head commit. */
    private ConfigSet headConfigs(Refs refs, List<Git.BlobContent> blobs) {
        return refs.headIsWorkingTree()
                ? load(path -> new SourceFile(path, workingTree.apply(path)))
                : load(blobs, path -> path);
    }

    private static ExecutorService pool() {
        return SideBySide.pool(3, "sweepgate-reader");
    }

    private static <T> T join(Future<T> future) {
        return SideBySide.join(future);
    }

    /**
     * The master configs and the runner config on the head side: at the head ref, or from the
     * working tree when there is none. Problems name the files by their plain paths.
     *
     * @throws ProblemException when they break the config rules
     */
    public ConfigSet headConfigs(Refs refs) {
        return headConfigs(refs, refs.headIsWorkingTree() ? List.of() : git.showAll(configBlobs(refs.headCommit(), refs.headRef())));
    }

    /**
     * The master configs and the runner config at the base ref; problems name the files
     * {@code FILE@REF}.
     *
     * @throws ProblemException when they break the config rules
     */
    public ConfigSet configsAtBase(Refs refs) {
        return load(git.showAll(configBlobs(refs.baseCommit(), refs.baseLabel())), path -> path + "@" + refs.baseRef());
    }

    /**
     * {@link #configsAtBase}, or empty when every config file at the base is byte for byte the
     * head's: the head's configs then stand for both sides, and a change that leaves the configs
     * alone (the everyday one, an appended entry) does not parse them twice.
     *
     * @throws ProblemException when they differ and the base's break the config rules
     */
    public Optional<ConfigSet> configsAtBaseIfChanged(Refs refs) {
        List<Git.Blob> wanted = configBlobs(refs.baseCommit(), refs.baseLabel());
        int files = wanted.size();
        if (!refs.headIsWorkingTree()) {
            wanted.addAll(configBlobs(refs.headCommit(), refs.headRef()));
        }
        List<Git.BlobContent> blobs = git.showAll(wanted);
        List<Git.BlobContent> base = blobs.subList(0, files);
        Map<String, byte[]> head = new HashMap<>();
        boolean same = true;
        for (int i = 0; i < files; i++) {
            String path = base.get(i).blob().path();
            head.putIfAbsent(path, refs.headIsWorkingTree() ? workingTree.apply(path) : blobs.get(files + i).bytes());
            same &= Arrays.equals(base.get(i).bytes(), head.get(path));
        }
        if (same) {
            return Optional.empty();
        }
        // The base is the head with a few lines changed: loaded against the head's parse (the head's
        // configs are every check's anyway), only the entries that differ are parsed.
        Function<String, SourceFile> headFile = path -> new SourceFile(path, head.get(path));
        boolean headLoaded = head.values().stream().allMatch(Objects::nonNull);
        if (headLoaded) {
            try {
                load(headFile);
            } catch (ProblemException e) {
                headLoaded = false; // the head's problems are its checks' to report; the base is parsed whole
            }
        }
        return Optional.of(load(base, path -> path + "@" + refs.baseRef(), headLoaded ? headFile : path -> null));
    }

    /**
     * The entries a change adds to the changelog: those process-changelog would sweep (the
     * entries in the lines the diff adds; none when it adds none). When the diff cannot be swept
     * (it deletes lines, as a pr-link correction does, or its added lines do not parse on their
     * own), the head's entries beyond the base's, as the history rules count them. Whether the
     * change keeps the changelog's rules is validate-changelog's question, not asked here.
     *
     * @throws ProblemException when the diff cannot be swept and either side breaks the file rules
     */
    public List<ChangelogEntry> appendedEntries(Refs refs, String file) {
        String changelog = located(file);
        if (refs.headIsWorkingTree()) {
            return appendedEntries(refs, changelog, git.showAll(List.of(
                    new Git.Blob(refs.baseCommit(), changelog, refs.baseLabel()))));
        }
        // Coverage and review each ask, in one gate: two commits' answer is worked out once per run.
        return git.memo().once(List.of("appended-entries", git.dir(), changelog, refs.baseRef(), refs.baseCommit(),
                refs.baseTip(), refs.headRef(), refs.headCommit()), () -> appendedEntries(refs, changelog, git.showAll(List.of(
                new Git.Blob(refs.baseCommit(), changelog, refs.baseLabel()),
                new Git.Blob(refs.headCommit(), changelog, refs.headRef())))));
    }

    private List<ChangelogEntry> appendedEntries(Refs refs, String changelog, List<Git.BlobContent> blobs) {
        byte[] baseBytes = blobs.get(0).bytes();
        byte[] headBytes = refs.headIsWorkingTree() ? workingTree.apply(changelog) : blobs.get(1).bytes();
        // Entries read from a side that is not UTF-8 would be guesses: that side's one problem instead (docs/usage.md).
        Map<String, byte[]> sides = new HashMap<>();
        if (baseBytes != null) {
            sides.put(changelog + "@" + refs.baseRef(), baseBytes);
        }
        if (headBytes != null) {
            sides.put(changelog, headBytes);
        }
        List<Problem> encoding = new ArrayList<>();
        // Two sides alike (a change that leaves the changelog alone) are decoded once when they are UTF-8.
        boolean alike = headBytes != null && Arrays.equals(baseBytes, headBytes);
        if (!alike || YamlLoader.utf8OrNull(headBytes) == null) {
            sides.forEach((name, bytes) -> encoding.addAll(encodingProblems(bytes, name)));
        }
        if (!encoding.isEmpty()) {
            throw new ProblemException(Sources.apply(encoding, sides));
        }
        try {
            // With the head at hand the entries are numbered by their place in it, as everywhere else.
            return baseBytes != null && headBytes != null ? addedEntries(refs, changelog, baseBytes, headBytes)
                    : addedEntries(refs, changelog, headBytes);
        } catch (ProblemException e) {
            if (e.problems().stream().allMatch(p -> p.rule().equals("changelog.no-additions"))) {
                return List.of();
            }
        }
        ChangelogFile base = ChangelogFile.check(blobs.get(0).require(), changelog + "@" + refs.baseRef());
        ChangelogFile head = ChangelogFile.check(headBytes != null ? headBytes : blobs.get(1).require(), changelog);
        Problems problems = new Problems();
        problems.addAll(base.problems());
        problems.addAll(head.problems());
        if (problems.hasErrors()) {
            // with their excerpts, as process() gives them: plan collects both, and one problem is one line
            throw new ProblemException(withSources(problems.all(), changelog, refs, base.bytes(), head.bytes()));
        }
        // Link rules are not asked here: only which entries are new.
        return HistoryRules.check(base, head, new PrLinkPolicy(PrLinkPolicy.DEFAULT_REPO, null), new Problems())
                .additions();
    }

    private ConfigSet baseConfigs(Refs refs) {
        try {
            return configsAtBase(refs);
        } catch (ProblemException e) {
            List<Problem> problems = new ArrayList<>();
            problems.add(Problem.fileError(masterFiles.get(0) + "@" + refs.baseRef(), "changelog.append-only-base",
                    "append-only compares with the configs at " + refs.baseRef() + ", which break these rules:"));
            problems.addAll(e.problems());
            throw new ProblemException(problems);
        }
    }

    /** The master configs, then the runner config, at a commit ({@code at} names it in messages). */
    private List<Git.Blob> configBlobs(String commit, String at) {
        List<Git.Blob> blobs = new ArrayList<>();
        masterFiles.forEach(path -> blobs.add(new Git.Blob(commit, path, at)));
        blobs.add(new Git.Blob(commit, runnerFile, at));
        return blobs;
    }

    /** Loads configs read by {@link #configBlobs}; {@code name} gives each file the name problems show. */
    private ConfigSet load(List<Git.BlobContent> blobs, UnaryOperator<String> name) {
        return load(blobs, name, path -> null);
    }

    /** {@link #load(List, UnaryOperator)}, starting from {@code earlier} as {@link #load(Function, Function)} does. */
    private ConfigSet load(List<Git.BlobContent> blobs, UnaryOperator<String> name, Function<String, SourceFile> earlier) {
        Map<String, byte[]> bytes = new HashMap<>();
        for (Git.BlobContent blob : blobs) {
            bytes.putIfAbsent(blob.blob().path(), blob.require());
        }
        return load(path -> new SourceFile(name.apply(path), bytes.get(path)), earlier);
    }

    private ConfigSet load(Function<String, SourceFile> read) {
        return load(read, path -> null);
    }

    /** {@code earlier}: another version of each file, loaded in this run (or null), which the load may start from. */
    private ConfigSet load(Function<String, SourceFile> read, Function<String, SourceFile> earlier) {
        List<SourceFile> masters = new ArrayList<>();
        List<SourceFile> before = new ArrayList<>();
        for (String path : masterFiles) {
            masters.add(read.apply(path));
            before.add(earlier.apply(path));
        }
        before.add(earlier.apply(runnerFile));
        return ConfigLoader.load(masters, read.apply(runnerFile), git.memo(),
                before.contains(null) ? List.of() : before);
    }
}
