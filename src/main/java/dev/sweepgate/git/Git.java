package dev.sweepgate.git;

import dev.sweepgate.concurrent.Memo;
import dev.sweepgate.hints.Nearest;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.UsageException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The git command line, run directly (never through a shell) in one directory. Every call
 * that names a ref checks it first, so a typo or a missing fetch becomes a message that
 * says what to do instead of git's own error.
 */
public final class Git {
    private final Path dir;
    private final Map<String, String> environment;
    private final Memo memo;

    /** The result of one git call: its exit status and raw output. */
    public record Result(int exitCode, byte[] stdout, String stderr) {
        public boolean ok() {
            return exitCode == 0;
        }

        public String stdoutText() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    /** One line of {@code git ls-files -s}: a blob at a merge stage (0 merged, 1 base, 2 ours, 3 theirs). */
    public record StageEntry(String mode, String objectId, int stage, String path) {
    }

    /**
     * @param dir         where git runs (the {@code -C} directory)
     * @param environment extra variables for git (for instance from tests); may be empty
     */
    public Git(Path dir, Map<String, String> environment) {
        this(dir, environment, new Memo());
    }

    /**
     * @param memo what this run has worked out from the repository's commits, shared by every
     *             {@code Git} of the run (the gate's checks): the files of a commit, the configs parsed
     *             from them
     */
    public Git(Path dir, Map<String, String> environment, Memo memo) {
        this.dir = dir;
        this.environment = Map.copyOf(environment);
        this.memo = memo;
    }

    public Git(Path dir) {
        this(dir, Map.of());
    }

    public Path dir() {
        return dir;
    }

    /** This repository read from {@code other} (the work tree's top, say), with the same environment and memo. */
    public Git at(Path other) {
        return new Git(other, environment, memo);
    }

    /** What this run worked out from the repository's commits, each value once (keys name the commit). */
    public Memo memo() {
        return memo;
    }

    /**
     * Refuses a ref that git would read as an option. Checked before any git call so that
     * {@code --base-ref=--output=x} can never reach git.
     */
    public static void checkRefSyntax(String ref, String option) {
        if (ref == null || ref.isEmpty()) {
            throw new UsageException(option + " needs a ref (a branch, tag or commit id)");
        }
        if (ref.startsWith("-")) {
            throw new UsageException(option + " " + ref + ": a ref cannot start with '-'; name a branch, tag or commit id");
        }
        for (int i = 0; i < ref.length(); i++) {
            char c = ref.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw new UsageException(option + ": the ref contains a control character; name a branch, tag or commit id");
            }
        }
    }

    /** Fails with exit 3 unless the directory is inside a git work tree. */
    public void requireRepository() {
        Result r = run(List.of("rev-parse", "--is-inside-work-tree"));
        if (!r.ok() || !r.stdoutText().trim().equals("true")) {
            throw new EnvironmentException("not inside a git work tree: " + dir
                    + " (run sweepgate from a clone of the repository, or pass -C DIR)");
        }
    }

    /**
     * Resolves a ref to a commit id.
     *
     * @throws UsageException       when the ref is malformed
     * @throws EnvironmentException when it does not name a commit in this repository
     */
    public String resolveCommit(String ref, String option) {
        checkRefSyntax(ref, option);
        Result r = run(List.of("rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}"));
        if (r.ok()) {
            return r.stdoutText().trim();
        }
        // only now is it worth telling "no repository here" apart from "no such ref"
        requireRepository();
        throw new EnvironmentException(option + " " + ref + ": " + unresolvedHint(ref));
    }

    /**
     * Resolves several refs with one git call (each git process costs tens of milliseconds);
     * on any failure the first bad ref is reported as {@link #resolveCommit} reports it.
     *
     * @param options the option each ref came from, for messages, in the same order
     */
    public List<String> resolveCommits(List<String> refs, List<String> options) {
        for (int i = 0; i < refs.size(); i++) {
            checkRefSyntax(refs.get(i), options.get(i));
        }
        List<String> args = new ArrayList<>(List.of("rev-parse", "--end-of-options"));
        refs.forEach(ref -> args.add(ref + "^{commit}"));
        Result r = run(args);
        List<String> ids = revParseLines(r);
        if (r.ok() && ids.size() == refs.size()) {
            return ids;
        }
        List<String> resolved = new ArrayList<>();
        for (int i = 0; i < refs.size(); i++) {
            resolved.add(resolveCommit(refs.get(i), options.get(i)));
        }
        return resolved;
    }

    /** A base and a head commit, and their merge base. */
    public record Commits(String base, String head, String mergeBase) {
    }

    /**
     * Resolves a base and a head ref and finds their merge base, with one git call when it can:
     * the symmetric difference {@code B...H} makes rev-parse print the merge bases ({@code ^id}).
     * {@link #mergeBase} is asked on its own only when there is none (it reports that the two share
     * no history) or several (criss-cross merges: {@code merge-base} picks one). Bad refs are
     * reported as {@link #resolveCommits} reports them.
     *
     * @param baseOption, headOption the options the refs came from, for messages
     */
    public Commits resolveWithMergeBase(String baseRef, String headRef, String baseOption, String headOption) {
        Commits pinned = memo.known(commitsKey(baseRef, headRef, baseOption, headOption));
        return pinned != null ? pinned : resolveNow(baseRef, headRef, baseOption, headOption);
    }

    /**
     * {@link #resolveWithMergeBase}, and the answer kept for every later call with the same refs that
     * shares this memo: the commands the gate runs measure the commits it measures, with no git
     * process of their own, even if a ref moves meanwhile. Only for a memo of one run (the gate's):
     * a ref, unlike a commit id, can name something else later.
     */
    public Commits pinCommits(String baseRef, String headRef, String baseOption, String headOption) {
        return memo.once(commitsKey(baseRef, headRef, baseOption, headOption),
                () -> resolveNow(baseRef, headRef, baseOption, headOption));
    }

    private List<Object> commitsKey(String baseRef, String headRef, String baseOption, String headOption) {
        return List.of("commits", dir, baseRef, headRef, baseOption, headOption);
    }

    private Commits resolveNow(String baseRef, String headRef, String baseOption, String headOption) {
        checkRefSyntax(baseRef, baseOption);
        checkRefSyntax(headRef, headOption);
        String base = baseRef + "^{commit}";
        String head = headRef + "^{commit}";
        Result r = run(List.of("rev-parse", "--end-of-options", base, head, base + "..." + head));
        List<String> lines = revParseLines(r);
        // B, H, then the range: H, B and one ^line per merge base. Anything else (a ref that is itself
        // a range, say) is left to the ref-by-ref path and its messages.
        if (r.ok() && lines.size() >= 4 && lines.get(2).equals(lines.get(1)) && lines.get(3).equals(lines.get(0))
                && lines.subList(4, lines.size()).stream().allMatch(line -> line.startsWith("^"))) {
            String mergeBase = lines.size() == 5 ? lines.get(4).substring(1)
                    : mergeBase(lines.get(0), lines.get(1), baseRef, headRef);
            return new Commits(lines.get(0), lines.get(1), mergeBase);
        }
        List<String> ids = resolveCommits(List.of(baseRef, headRef), List.of(baseOption, headOption));
        return new Commits(ids.get(0), ids.get(1), mergeBase(ids.get(0), ids.get(1), baseRef, headRef));
    }

    /**
     * rev-parse's output lines. git before 2.43 does not know --end-of-options in rev-parse and
     * echoes it as a line of its output; without this every lookup fell back to one call per ref.
     */
    private static List<String> revParseLines(Result r) {
        return r.stdoutText().lines().filter(line -> !line.equals("--end-of-options")).toList();
    }

    /**
     * The commit a change is measured from: the merge base of the base commit and the head
     * (changelog.md, "Which change is checked"). A branch that fell behind its base branch is
     * thereby not a deletion of what the base branch gained since; when the base is an ancestor
     * of the head, that is the base itself.
     *
     * @param headCommit null for the working tree: HEAD, and during a merge MERGE_HEAD too, so that
     *                   a working tree that merged the base branch is measured from the base itself
     * @param baseRef, headLabel how the user named the two sides, for the message
     * @throws EnvironmentException when the two share no history
     */
    public String mergeBase(String baseCommit, String headCommit, String baseRef, String headLabel) {
        List<String> args = new ArrayList<>(List.of("merge-base", baseCommit));
        if (headCommit != null) {
            args.add(headCommit);
        } else {
            args.add("HEAD");
            Result merging = run(List.of("rev-parse", "-q", "--verify", "MERGE_HEAD^{commit}"));
            if (merging.ok()) {
                // `merge-base A B C` is the merge base of A and a merge of B and C: the working tree.
                args.add(merging.stdoutText().trim());
            }
        }
        Result r = run(args);
        if (r.ok()) {
            return r.stdoutText().trim();
        }
        throw new EnvironmentException(baseRef + " and " + headLabel + " share no history, so there is no change "
                + "between them to check; pass as --base-ref the branch the head grew from, fetched with its "
                + "history (git fetch REMOTE BRANCH)" + (isShallow() ? "; this clone is shallow: in GitHub Actions check out with "
                + "fetch-depth: 0" : ""));
    }

    /**
     * The first parent of a commit (for a merge, the branch merged into; for a squash, the commit
     * before it), or null for a root commit.
     */
    public String firstParent(String commit) {
        Result r = run(List.of("rev-parse", "--verify", "--quiet", "--end-of-options", commit + "^1^{commit}"));
        return r.ok() ? r.stdoutText().trim() : null;
    }

    /**
     * Whether {@code ancestor} is {@code commit} or one of its ancestors.
     *
     * @throws EnvironmentException when git cannot tell (a commit it does not have)
     */
    public boolean isAncestor(String ancestor, String commit) {
        Result r = run(List.of("merge-base", "--is-ancestor", ancestor, commit));
        if (r.exitCode() == 0 || r.exitCode() == 1) {
            return r.exitCode() == 0;
        }
        throw new EnvironmentException("git cannot tell whether " + ancestor + " is an ancestor of " + commit + ": "
                + firstLine(r.stderr()));
    }

    private String unresolvedHint(String ref) {
        StringBuilder sb = new StringBuilder("git cannot resolve this ref to a commit");
        int slash = ref.indexOf('/');
        List<String> remotes = remotes();
        String remote = slash > 0 ? ref.substring(0, slash) : "";
        Optional<String> near = Nearest.one(ref, refNames());
        if (near.isPresent()) {
            // a misspelt branch (origin/mian) is likelier than one nobody has fetched
            sb.append("; did you mean ").append(near.get()).append('?');
            if (slash > 0 && remotes.contains(remote)) {
                sb.append(" (if ").append(ref).append(" is a branch you have not fetched: git fetch ").append(remote)
                        .append(' ').append(ref.substring(slash + 1)).append(')');
            }
        } else if (slash > 0 && remotes.contains(remote)) {
            String branch = ref.substring(slash + 1);
            sb.append("; fetch it first: git fetch ").append(remote).append(' ').append(branch);
        } else if (remote.equals("origin")) {
            // `git fetch origin` would fail too: say what is missing instead.
            sb.append("; this clone has no remote named origin")
                    .append(remotes.isEmpty() ? "" : " (its remotes: " + String.join(", ", remotes) + ")")
                    .append(": add it (git remote add origin URL), then git fetch origin ").append(ref.substring(slash + 1))
                    .append(", or pass a local branch or commit id");
        } else {
            sb.append("; check the spelling, or fetch the branch or commit it names");
        }
        if (isShallow()) {
            sb.append(" (this clone is shallow: in GitHub Actions check out with fetch-depth: 0)");
        }
        return sb.toString();
    }

    /** The short names of the branches, remote-tracking branches and tags this clone has. */
    private List<String> refNames() {
        Result r = run(List.of("for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/remotes", "refs/tags"));
        return r.ok() ? r.stdoutText().lines().filter(name -> !name.endsWith("/HEAD")).toList() : List.of();
    }

    private List<String> remotes() {
        Result r = run(List.of("remote"));
        return r.ok() ? r.stdoutText().lines().toList() : List.of();
    }

    private boolean isShallow() {
        Result r = run(List.of("rev-parse", "--is-shallow-repository"));
        return r.ok() && r.stdoutText().trim().equals("true");
    }

    /**
     * The bytes of a file at a commit.
     *
     * @param path a path as the user wrote it, relative to the git directory
     * @throws EnvironmentException when the file does not exist at that commit
     */
    public byte[] show(String commit, String path) {
        return show(commit, path, null);
    }

    /**
     * The same, naming the commit in the message as the user knows it.
     *
     * @param at how the user named the commit (a ref such as {@code main}); null names it by its id
     */
    public byte[] show(String commit, String path, String at) {
        Result r = run(List.of("cat-file", "blob", commit + ":" + revisionPath(path)));
        if (!r.ok()) {
            Result type = run(List.of("cat-file", "-t", commit + ":" + revisionPath(path)));
            if (type.ok() && type.stdoutText().strip().equals("tree")) {
                throw directory(path, commit, at);
            }
            throw new EnvironmentException(missing(path, commit, at));
        }
        return r.stdout();
    }

    private static String missing(String path, String commit, String at) {
        return path + " does not exist at " + (at == null ? abbreviate(commit) : at);
    }

    /** A directory named where a file belongs is the caller's mistake (bad usage), not a missing file. */
    private static UsageException directory(String path, String commit, String at) {
        return new UsageException(path + " is a directory at " + (at == null ? abbreviate(commit) : at)
                + ", not a file");
    }

    /**
     * A file to read at a commit, for {@link #showAll}.
     *
     * @param at how messages name the commit (the ref the user typed); null names it by its id
     */
    public record Blob(String commit, String path, String at) {
        public Blob(String commit, String path) {
            this(commit, path, null);
        }
    }

    /**
     * What {@link #showAll} found for one file: its bytes, or null when it does not exist at that commit
     * (or is a directory there, which {@code directory} says).
     */
    public record BlobContent(Blob blob, byte[] bytes, boolean directory) {
        public BlobContent(Blob blob, byte[] bytes) {
            this(blob, bytes, false);
        }

        /** The bytes; a missing file is an environment failure naming it, a directory bad usage. */
        public byte[] require() {
            if (directory) {
                throw Git.directory(blob.path(), blob.commit(), blob.at());
            }
            if (bytes == null) {
                throw new EnvironmentException(missing(blob.path(), blob.commit(), blob.at()));
            }
            return bytes;
        }
    }

    /**
     * The bytes of several files at commits, read through one {@code git cat-file --batch}. A file of a
     * commit named by its id never changes: each is read once per run, whichever check asks, and checks
     * that ask side by side for the same files wait for one read rather than each starting git.
     */
    public List<BlobContent> showAll(List<Blob> blobs) {
        if (!blobs.stream().allMatch(blob -> isObjectId(blob.commit()))) {
            return fetch(blobs);
        }
        List<List<String>> keys = blobs.stream().map(Git::blobKey).toList();
        Map<List<String>, Blob> byKey = new HashMap<>();
        for (int i = 0; i < blobs.size(); i++) {
            byKey.putIfAbsent(keys.get(i), blobs.get(i));
        }
        List<BlobContent> known = memo.onceAll(keys, missing -> fetch(missing.stream().map(byKey::get).toList()));
        List<BlobContent> contents = new ArrayList<>(blobs.size());
        for (int i = 0; i < blobs.size(); i++) {
            // the bytes read for whoever asked first, under the name this caller gives the file
            contents.add(new BlobContent(blobs.get(i), known.get(i).bytes(), known.get(i).directory()));
        }
        return contents;
    }

    private static List<String> blobKey(Blob blob) {
        return List.of("blob", blob.commit(), blob.path());
    }

    private static boolean isObjectId(String commit) {
        return commit.length() >= 40 && commit.chars().allMatch(c -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f');
    }

    /** The blobs through one {@code git cat-file --batch}. */
    private List<BlobContent> fetch(List<Blob> blobs) {
        if (blobs.isEmpty()) {
            return List.of();
        }
        StringBuilder input = new StringBuilder();
        for (Blob blob : blobs) {
            String name = blob.commit() + ":" + revisionPath(blob.path());
            if (name.indexOf('\n') >= 0) {
                throw new UsageException("a file name cannot contain a line break: " + blob.path());
            }
            input.append(name).append('\n');
        }
        Result r = run(List.of("cat-file", "--batch"), input.toString().getBytes(StandardCharsets.UTF_8));
        if (!r.ok()) {
            throw new EnvironmentException("git cat-file failed: " + firstLine(r.stderr()));
        }
        byte[] out = r.stdout();
        List<BlobContent> contents = new ArrayList<>();
        int pos = 0;
        for (Blob blob : blobs) {
            int eol = indexOf(out, (byte) '\n', pos);
            if (eol < 0) {
                throw new EnvironmentException("git cat-file ended early while reading " + blob.path());
            }
            ObjectHeader header = ObjectHeader.parse(new String(out, pos, eol - pos, StandardCharsets.UTF_8));
            if (header == null || !header.type().equals("blob")) {
                // no such file, or a directory (tree) where a file was expected
                contents.add(new BlobContent(blob, null, header != null && header.type().equals("tree")));
                pos = header == null ? eol + 1 : eol + 1 + header.size() + 1;
                continue;
            }
            contents.add(new BlobContent(blob, Arrays.copyOfRange(out, eol + 1, eol + 1 + header.size())));
            pos = eol + 1 + header.size() + 1;
        }
        return contents;
    }

    private static final Pattern OBJECT_ID = Pattern.compile("[0-9a-f]{40,64}");
    private static final Pattern SIZE = Pattern.compile("\\d+");

    /** The line {@code git cat-file --batch} prints before an object's bytes. */
    private record ObjectHeader(String type, int size) {
        /**
         * The header, or null for any other answer: "{@code <name> missing}" names no object, and
         * the name may hold spaces, so only "{@code <oid> <type> <size>}" counts.
         */
        static ObjectHeader parse(String line) {
            String[] fields = line.split(" ");
            if (fields.length != 3 || !OBJECT_ID.matcher(fields[0]).matches() || !SIZE.matcher(fields[2]).matches()) {
                return null;
            }
            return new ObjectHeader(fields[1], Integer.parseInt(fields[2]));
        }
    }

    /** What {@code cat-file --follow-symlinks} prints for a link it does not follow to an object. */
    private static final Pattern LINK_ANSWER = Pattern.compile("(symlink|dangling|loop|notdir) (\\d{1,9})");

    /**
     * An object read by a {@link BlobReader}: its type ({@code blob}, {@code tree}, ...) and bytes; or
     * {@link #SYMLINK} with the link's target, for a path that leaves the tree through a symbolic link.
     */
    public record GitObject(String type, byte[] bytes) {
        public static final String SYMLINK = "symlink";
    }

    /**
     * One {@code git cat-file --batch --follow-symlinks} kept open for reads that come one after another
     * (a script, then the files it sources): one process instead of one per read. A symbolic link is
     * followed within the tree, as a checkout would; one that leaves it is a {@link GitObject#SYMLINK}.
     * Not thread-safe; close it.
     */
    public final class BlobReader implements AutoCloseable {
        private Process process;
        private OutputStream requests;
        private InputStream answers;

        private BlobReader() {
        }

        /** The object at {@code commit:path}, or null when there is none. */
        public GitObject read(String commit, String path) {
            String name = commit + ":" + revisionPath(path);
            if (name.indexOf('\n') >= 0) {
                throw new UsageException("a file name cannot contain a line break: " + path);
            }
            try {
                if (process == null) {
                    start();
                }
                requests.write((name + "\n").getBytes(StandardCharsets.UTF_8));
                requests.flush();
                String line = line();
                ObjectHeader header = ObjectHeader.parse(line);
                // --follow-symlinks answers "symlink|dangling|loop|notdir <size>", then the link's target or the name.
                Matcher link = LINK_ANSWER.matcher(line);
                boolean followed = header == null && link.matches();
                if (header == null && !followed) {
                    return null;
                }
                int size = followed ? Integer.parseInt(link.group(2)) : header.size();
                byte[] bytes = answers.readNBytes(size);
                if (bytes.length != size || answers.read() != '\n') {
                    throw new EnvironmentException("git cat-file ended early while reading " + path);
                }
                if (followed) {
                    return link.group(1).equals(GitObject.SYMLINK) ? new GitObject(GitObject.SYMLINK, bytes) : null;
                }
                return new GitObject(header.type(), bytes);
            } catch (IOException e) {
                throw new EnvironmentException("git cat-file failed while reading " + path + " (" + e.getMessage() + ")");
            }
        }

        private void start() throws IOException {
            ProcessBuilder pb = new ProcessBuilder("git", "cat-file", "--batch", "--follow-symlinks").directory(dir.toFile());
            pb.environment().putAll(environment);
            pb.environment().put("LC_ALL", "C");
            pb.redirectError(ProcessBuilder.Redirect.DISCARD);
            try {
                process = pb.start();
            } catch (IOException e) {
                throw new EnvironmentException("cannot run git (" + e.getMessage() + "); install git and make sure it is on PATH");
            }
            requests = process.getOutputStream();
            answers = new java.io.BufferedInputStream(process.getInputStream());
        }

        private String line() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b = answers.read(); b != '\n'; b = answers.read()) {
                if (b < 0) {
                    throw new IOException("git cat-file ended early");
                }
                line.write(b);
            }
            return line.toString(StandardCharsets.UTF_8);
        }

        @Override
        public void close() {
            if (process == null) {
                return;
            }
            try {
                requests.close();
                process.waitFor();
            } catch (IOException e) {
                process.destroy();
            } catch (InterruptedException e) {
                process.destroy();
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A reader for many objects, one after another, through one process (started on the first read). */
    public BlobReader blobReader() {
        return new BlobReader();
    }

    private static int indexOf(byte[] bytes, byte needle, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == needle) {
                return i;
            }
        }
        return -1;
    }

    /** Whether a file exists at a commit. */
    public boolean exists(String commit, String path) {
        return run(List.of("cat-file", "-e", commit + ":" + revisionPath(path))).ok();
    }

    /**
     * {@code git diff} of one file between two commits, or between a commit and the working
     * tree when {@code head} is null. The algorithm is pinned (myers, git's default) so the
     * added lines never depend on a user's configuration.
     */
    public String diff(String base, String head, String path) {
        List<String> args = new ArrayList<>(List.of("-c", "core.quotepath=off", "diff", "--no-color", "--no-ext-diff",
                "--no-textconv", "--no-renames", "--diff-algorithm=myers", base));
        if (head != null) {
            args.add(head);
        }
        args.add("--");
        args.add(pathspec(path));
        Result r = run(args);
        if (!r.ok()) {
            throw new EnvironmentException("git diff failed for " + path + ": " + firstLine(r.stderr()));
        }
        return r.stdoutText();
    }

    /** The index entries of one path; during a conflicted merge, stages 1, 2 and 3. */
    public List<StageEntry> stages(String path) {
        Result r = run(List.of("ls-files", "-s", "--", pathspec(path)));
        if (!r.ok()) {
            throw new EnvironmentException("git ls-files failed for " + path + ": " + firstLine(r.stderr()));
        }
        List<StageEntry> entries = new ArrayList<>();
        for (String line : r.stdoutText().split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            int tab = line.indexOf('\t');
            String[] meta = line.substring(0, tab).split(" ");
            entries.add(new StageEntry(meta[0], meta[1], Integer.parseInt(meta[2]), line.substring(tab + 1)));
        }
        return entries;
    }

    /** A file a change adds ({@code A}), modifies ({@code M}), deletes ({@code D}) or retypes ({@code T}), from the work tree's top. */
    public record Change(String status, String path) {
        /** git's status of an added file. */
        public static final String ADDED = "A";

        public boolean deleted() {
            return status.startsWith("D");
        }

        /** What {@code git diff --name-status -z} prints, one change per status and path. */
        public static List<Change> listed(String nameStatus) {
            List<Change> out = new ArrayList<>();
            String[] fields = nameStatus.split("\0");
            for (int i = 0; i + 1 < fields.length; i += 2) {
                out.add(new Change(fields[i], fields[i + 1]));
            }
            return List.copyOf(out);
        }
    }

    /**
     * Every file that differs between two commits (renames as a deletion and an addition, as the
     * runners see them), read once per run: the gate, validate-configs and the coverage check each
     * ask which files a change touches.
     */
    public List<Change> changes(String baseCommit, String headCommit) {
        return memo.once(List.of("changes", baseCommit, headCommit), () -> {
            Result r = run(List.of("-c", "core.quotepath=off", "diff", "--name-status", "--no-renames", "-z", baseCommit,
                    headCommit));
            if (!r.ok()) {
                throw new EnvironmentException("git diff " + abbreviate(baseCommit) + " " + abbreviate(headCommit)
                        + " failed: " + r.stderr().strip());
            }
            return Change.listed(r.stdoutText());
        });
    }

    /** The bytes of a blob by object id. */
    public byte[] blob(String objectId) {
        Result r = run(List.of("cat-file", "blob", objectId));
        if (!r.ok()) {
            throw new EnvironmentException("git cannot read blob " + objectId + ": " + firstLine(r.stderr()));
        }
        return r.stdout();
    }

    /** Runs git with the given arguments; never through a shell. Exit 3 when git is missing. */
    public Result run(List<String> args) {
        return run(args, null);
    }

    /** Runs git with the given arguments and bytes on its standard input. */
    public Result run(List<String> args, byte[] stdin) {
        List<String> command = new ArrayList<>(args.size() + 1);
        command.add("git");
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().putAll(environment);
        // Messages we parse must not be translated, and git must never wait for a pager or a prompt.
        pb.environment().put("LC_ALL", "C");
        pb.environment().put("GIT_PAGER", "cat");
        pb.environment().put("GIT_TERMINAL_PROMPT", "0");
        pb.redirectInput(ProcessBuilder.Redirect.PIPE);
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new EnvironmentException("cannot run git (" + e.getMessage()
                    + "); install git and make sure it is on PATH");
        }
        // Own threads for stdin and stderr: a shared pool could starve them while git waits on a pipe.
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread errReader = new Thread(() -> {
            try (InputStream stream = process.getErrorStream()) {
                stream.transferTo(err);
            } catch (IOException e) {
                // the exit status tells what happened
            }
        }, "git-stderr");
        Thread inWriter = new Thread(() -> {
            try (OutputStream stream = process.getOutputStream()) {
                if (stdin != null) {
                    stream.write(stdin);
                }
            } catch (IOException e) {
                // git stopped reading early; its exit status and stderr say why
            }
        }, "git-stdin");
        errReader.setDaemon(true);
        inWriter.setDaemon(true);
        errReader.start();
        inWriter.start();
        try (InputStream stream = process.getInputStream()) {
            byte[] out = stream.readAllBytes();
            int exit = process.waitFor();
            inWriter.join();
            errReader.join();
            return new Result(exit, out, err.toString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new EnvironmentException("reading from git failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroy();
            throw new EnvironmentException("interrupted while waiting for git");
        }
    }

    /** {@code REV:./path} reads relative to the directory git runs in, as the user meant it. */
    private String revisionPath(String path) {
        if (!path.startsWith("/") && !path.startsWith(".") && path.indexOf('\\') < 0 && path.indexOf(':') < 0) {
            return "./" + path; // a plain relative path (the launch files' reads): no Path to build
        }
        Path p = Path.of(path);
        if (p.isAbsolute()) {
            return "./" + dir.relativize(p).toString().replace('\\', '/');
        }
        String unix = path.replace('\\', '/');
        return unix.startsWith("./") || unix.startsWith("../") ? unix : "./" + unix;
    }

    /** A literal pathspec, so that a file name with glob characters matches only itself. */
    private String pathspec(String path) {
        Path p = Path.of(path);
        String relative = p.isAbsolute() ? dir.relativize(p).toString() : path;
        return ":(literal)" + relative.replace('\\', '/');
    }

    private static String firstLine(String text) {
        String trimmed = text.strip();
        int nl = trimmed.indexOf('\n');
        return nl < 0 ? trimmed : trimmed.substring(0, nl);
    }

    private static String abbreviate(String commit) {
        return commit.length() == 40 && commit.chars().allMatch(c -> Character.digit(c, 16) >= 0)
                ? commit.substring(0, 12) : commit;
    }
}
