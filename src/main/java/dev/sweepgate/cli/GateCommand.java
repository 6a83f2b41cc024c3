package dev.sweepgate.cli;

import dev.sweepgate.concurrent.SideBySide;
import dev.sweepgate.gate.PullRequestGate;
import dev.sweepgate.gate.PullRequestGate.Check;
import dev.sweepgate.gate.PullRequestGate.Touched;
import dev.sweepgate.git.Git;
import dev.sweepgate.git.RepoRoot;
import dev.sweepgate.output.AtomicFiles;
import dev.sweepgate.problem.EnvironmentException;
import dev.sweepgate.problem.UsageException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code sweepgate gate}: the pull request gate in one JVM. What .github/scripts/pr-gate.sh, the
 * hooks and scripts/merge-pr.sh run: every check of {@link PullRequestGate#CHECKS} the change
 * concerns, each exactly as its own command runs (its output and formats: GitHub annotations in
 * CI), then one verdict table that names the checks that failed.
 */
final class GateCommand implements ContextCommand {
    private static final String PROGRAM = "sweepgate gate";

    private final OptionSpec baseRef = Specs.value("--base-ref", "REF", String.class,
            "The branch the change merges into (origin/main); the change is what --head-ref did since their merge base.")
            .required(true).build();

    private final OptionSpec headRef = Specs.value("--head-ref", "REF", String.class,
            "The commit checked (the gate checks commits: stage or commit an edit to check it).").required(true).build();

    private final OptionSpec prNumber = Specs.value("--pr-number", "N", Long.class,
            "The pull request is #N (CI): new entries may link XXX or .../pull/N; review names the waiver docs/waiver/N.md.")
            .build();

    private final OptionSpec pullRequest = Specs.flag("--pull-request", "A pull request whose number is not known yet "
            + "(the hooks): placeholder pr-links are accepted. Neither option: a push to the base branch (canonical links).")
            .build();

    private final RepoOption repo = new RepoOption();

    private final ChangelogFileOption changelog = new ChangelogFileOption();

    private final OptionSpec date = Specs.value("--date", "YYYY-MM-DD", String.class,
            "review's date for dated deprecations in MODELS.md (default: today, UTC); CI passes the day the pull "
                    + "request was last updated, so a re-run gives the same verdict.").build();

    private final OptionSpec prBody = Specs.value("--pr-body", "FILE", Path.class,
            "The pull request's body (its sign-off) in a file, where review reads documented exceptions to checks 6a "
                    + "and 6b; without it a missing upstream image or engine-first config is a warning.")
            .converters(Path::of).build();

    private final OptionSpec sarifDir = Specs.value("--sarif-dir", "DIR", Path.class,
            "Also write each check's problems as DIR/CHECK.sarif, for code scanning.")
            .converters(Path::of).build();

    @Override
    public CommandSpec spec() {
        return Specs.exitCodes(Specs.with(Specs.command(this, "The pull request gate: for whichever of the changelog, "
                                + "configs/, golden_al_distribution/, benchmarks/, runners/, docs/waiver/ and MODELS.md the "
                                + "change touches, validate-changelog --check-coverage (or check-coverage), validate-configs "
                                + "with the golden check on the head's files, and review; then one verdict table.",
                        "Every check runs even when an earlier one failed. With GITHUB_STEP_SUMMARY set it appends a job "
                                + "summary (the table, each failed check's problems, the review checklist and the plan)."),
                List.of(repo.spec(), changelog.spec()), baseRef, headRef, prNumber, pullRequest, date, prBody,
                sarifDir),
                "0:every check passed (or none applies)", "1:a check found a broken rule", "2:bad usage",
                "3:environment failure (git, files)");
    }

    /** One check's verdict. */
    private record Verdict(String name, int status) {
        boolean passed() {
            return status == Main.OK;
        }
    }

    @Override
    public int call(Context context) {
        Long pr = prNumber.getValue();
        MergeOptions.checkPrNumber(pr);
        if (pr != null && Specs.given(pullRequest)) {
            throw new UsageException("--pr-number and --pull-request exclude each other: pass the number when it is known");
        }
        String base = baseRef.getValue();
        String head = headRef.getValue();
        String file = changelog.changelogFile();
        // Every check runs at the work tree's top, as the paths git names are relative to it.
        Path top = RepoRoot.of(context.dir());
        // One run for the checks: they share what is read and worked out (each config file and launch script
        // parsed once), and measure the commits resolved here (no check resolves the refs again).
        Env env = context.env().newRun(top, context.env().variables(), context.out(), context.err());
        Git git = env.git(top);
        Git.Commits commits = git.pinCommits(base, head, "--base-ref", "--head-ref");
        List<String> pathspecs = new ArrayList<>(List.of(":(literal)" + file));
        pathspecs.addAll(PullRequestGate.WATCHED);
        // every changed file, which the checks ask for again (shared through the run's memo)
        Touched touched = Touched.of(git.changes(commits.mergeBase(), commits.head()).stream().map(Git.Change::path).toList(),
                file);

        List<String> policy = pr != null ? List.of("--pr-number", String.valueOf(pr))
                : Specs.given(pullRequest) ? List.of("--pull-request") : List.of();
        PullRequestGate.Request request = new PullRequestGate.Request(base, head, file, policy, repo.given(),
                reviewOptions(context));
        Path sarif = sarifDir.getValue();
        List<Check> applicable = PullRequestGate.CHECKS.stream().filter(check -> check.applies().test(touched)).toList();
        List<Verdict> verdicts = new ArrayList<>();
        StringBuilder failures = new StringBuilder();
        boolean repairable = false;
        // The checks run side by side, all at once (one after the other for a very large changelog, see
        // SIDE_BY_SIDE_LIMIT): what they share (the configs, the launch index) is worked out once and waited
        // for, and each does its own part meanwhile (a launch-only change: 0.69 -> 0.65 s against two at a
        // time). Their output is kept and printed check by check, in the order of the list.
        ExecutorService pool = SideBySide.pool(sideBySide(top.resolve(file)) ? Math.max(1, applicable.size()) : 1,
                "sweepgate-gate");
        try {
            List<Future<Outcome>> running = new ArrayList<>();
            for (Check check : applicable) {
                running.add(pool.submit(() -> runCaptured(check.command().apply(request), env, context)));
            }
            for (int k = 0; k < applicable.size(); k++) {
                Check check = applicable.get(k);
                Outcome outcome = SideBySide.join(running.get(k));
                context.err().println(PROGRAM + ": " + check.name() + ": sweepgate " + String.join(" ", outcome.command()));
                context.err().write(outcome.err(), 0, outcome.err().length);
                context.err().flush();
                context.out().write(outcome.out(), 0, outcome.out().length);
                context.out().flush();
                verdicts.add(new Verdict(check.name(), outcome.status()));
                if (sarif != null) {
                    writeSarif(context, sarif.resolve(check.name() + ".sarif"), outcome.command(), env);
                }
                if (outcome.status() != Main.OK) {
                    repairable |= new String(outcome.err(), StandardCharsets.UTF_8).contains("sweepgate fix-changelog");
                    if (summaryFile(env) != null) {
                        failures.append("\n#### ").append(check.name()).append("\n\n```\n")
                                .append(captured(outcome.command(), List.of("--format", "text"), env, true, 60_000))
                                .append("\n```\n");
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }

        int worst = worst(verdicts);
        String range = base + "..." + head;
        String verdict = verdict(verdicts, touched, file);
        if (verdicts.size() > 1 || worst != Main.OK) {
            // the table: which check said what, at the end where a person looks first
            int width = verdicts.stream().mapToInt(v -> v.name().length()).max().orElse(0);
            context.err().println(PROGRAM + ": " + range + ":");
            for (Verdict v : verdicts) {
                context.err().println("  " + v.name() + " ".repeat(width - v.name().length() + 2)
                        + (v.passed() ? "passed" : "FAILED (exit " + v.status() + ")"));
            }
        }
        context.err().println(PROGRAM + ": " + range + ": " + verdict);
        if (verdicts.isEmpty()) {
            uncommittedNote(context, git, pathspecs, file);
        }
        if (repairable) {
            context.err().println(PROGRAM + ": fix: `sweepgate fix-changelog --base-ref " + base + "` repairs the changelog "
                    + "mistakes it names above (in the working tree); commit the result and run the gate again");
        }
        if (summaryFile(env) != null) {
            StepSummary.append(context, summary(verdict, verdicts, failures, touched, request, env));
        }
        return worst;
    }

    /** review's {@code --date} and {@code --pr-body} (absolute: every check runs at the work tree's top). */
    private List<String> reviewOptions(Context context) {
        List<String> options = new ArrayList<>();
        if (date.getValue() != null) {
            try {
                LocalDate.parse(date.getValue());
            } catch (DateTimeParseException e) {
                throw new UsageException("--date must be a date YYYY-MM-DD, not " + date.getValue());
            }
            options.addAll(List.of("--date", date.getValue()));
        }
        Path body = prBody.getValue();
        if (body != null) {
            Path file = context.dir().resolve(body).toAbsolutePath().normalize();
            if (!Files.isRegularFile(file)) {
                throw new UsageException("--pr-body " + body + ": no such file (the pull request's body, saved to a file)");
            }
            options.addAll(List.of("--pr-body", file.toString()));
        }
        return options;
    }

    /** passed, nothing to check, or FAILED with the names of the checks that failed. */
    private static String verdict(List<Verdict> verdicts, Touched touched, String file) {
        if (verdicts.isEmpty()) {
            return "nothing to check: the change touches none of " + file + ", " + String.join(", ", PullRequestGate.WATCHED);
        }
        List<String> failed = verdicts.stream().filter(v -> !v.passed()).map(Verdict::name).toList();
        if (failed.isEmpty()) {
            return "passed (" + verdicts.size() + " of " + verdicts.size() + " checks)";
        }
        return "FAILED: " + String.join(", ", failed) + " (" + failed.size() + " of " + verdicts.size() + " checks)";
    }

    /** 2 (usage) and 3 (environment) say more than 1 (a rule): the first of those wins, else 1 for any failure. */
    private static int worst(List<Verdict> verdicts) {
        int worst = Main.OK;
        for (Verdict v : verdicts) {
            if (v.status() == Main.USAGE || v.status() == Main.ENVIRONMENT) {
                if (worst < Main.USAGE) {
                    worst = v.status();
                }
            } else if (v.status() != Main.OK && worst == Main.OK) {
                worst = Main.RULE_BROKEN;
            }
        }
        return worst;
    }

    /**
     * Nothing to check, yet the gate's files have uncommitted edits: those are not part of the
     * change (the gate checks commits), so say how to check them instead of only "nothing".
     */
    private static void uncommittedNote(Context context, Git git, List<String> pathspecs, String file) {
        List<String> status = new ArrayList<>(List.of("status", "--porcelain", "--no-renames", "--"));
        status.addAll(pathspecs);
        Git.Result r = git.run(status);
        if (!r.ok()) {
            return;
        }
        List<String> edited = r.stdoutText().lines().filter(l -> l.length() > 3).map(l -> l.substring(3)).toList();
        if (edited.isEmpty()) {
            return;
        }
        String named = String.join(", ", edited.subList(0, Math.min(3, edited.size())))
                + (edited.size() > 3 ? " and " + (edited.size() - 3) + " more" : "");
        context.err().println(PROGRAM + ": note: uncommitted edits (" + named + ") are not part of the change: the gate "
                + "checks commits. To check them, stage them (git add) and run .github/scripts/pre-commit.sh, "
                + "or commit them and run the gate again");
    }

    /** What one check printed and its exit status. */
    private record Outcome(List<String> command, int status, byte[] out, byte[] err) {
    }

    /** Runs one sweepgate command line in this JVM, its output kept; a status outside 0-3 is an environment failure. */
    private static Outcome runCaptured(List<String> command, Env env, Context context) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
        String[] args = command.toArray(String[]::new);
        int status = Main.run(Main.commandLine(args), args, env.sharing(env.workingDir(), env.variables(), outStream, errStream),
                context.ansi());
        outStream.flush();
        errStream.flush();
        return new Outcome(command, status >= Main.OK && status <= Main.ENVIRONMENT ? status : Main.ENVIRONMENT,
                out.toByteArray(), err.toByteArray());
    }

    /**
     * What a command prints with {@code extra} options, without the job summary (it is being
     * written): stdout, and stderr too when {@code withErrors}, cut at {@code limit} characters.
     */
    private static String captured(List<String> command, List<String> extra, Env env, boolean withErrors, int limit) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        PrintStream err = withErrors ? out : new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        List<String> all = new ArrayList<>(command);
        all.addAll(extra);
        Main.run(all.toArray(String[]::new), env.sharing(env.workingDir(), withoutSummary(env), out, err));
        out.flush();
        String text = bytes.toString(StandardCharsets.UTF_8);
        return text.length() > limit ? text.substring(0, limit) : text;
    }

    private static void writeSarif(Context context, Path file, List<String> command, Env env) {
        String document = captured(command, List.of("--format", "sarif"), env, false, Integer.MAX_VALUE);
        try {
            Files.createDirectories(context.dir().resolve(file).getParent());
        } catch (IOException e) {
            throw new EnvironmentException("cannot create " + file.getParent() + ": " + e.getMessage());
        }
        AtomicFiles.write(context.dir().resolve(file), document.getBytes(StandardCharsets.UTF_8));
    }

    private static Map<String, String> withoutSummary(Env env) {
        Map<String, String> variables = new HashMap<>(env.variables());
        variables.remove("GITHUB_STEP_SUMMARY");
        return variables;
    }

    private static String summaryFile(Env env) {
        String file = env.variable("GITHUB_STEP_SUMMARY");
        return file == null || file.isBlank() ? null : file;
    }

    /** The job summary: the verdict table, each failed check's problems, the checklist and the plan. */
    private static String summary(String verdict, List<Verdict> verdicts, CharSequence failures, Touched touched,
                                  PullRequestGate.Request request, Env env) {
        StringBuilder md = new StringBuilder("### sweepgate gate: ").append(verdict).append("\n\n")
                .append("Change: `").append(request.headRef()).append("` since its merge base with `")
                .append(request.baseRef()).append("`.\n");
        if (!verdicts.isEmpty()) {
            md.append("\n| check | result |\n| --- | --- |\n");
            for (Verdict v : verdicts) {
                md.append("| ").append(v.name()).append(" | ")
                        .append(v.passed() ? "passed" : "**failed** (exit " + v.status() + ")").append(" |\n");
            }
        }
        md.append(failures);
        if (touched.reviewable()) {
            md.append('\n').append(captured(PullRequestGate.reviewMarkdown(request), List.of(), env, false, 200_000));
            if (touched.changelog() || touched.configs()) {
                // what the change will run, for the reviewer (a sweep that cannot be computed is reported above)
                md.append('\n').append(captured(PullRequestGate.planMarkdown(request), List.of(), env, false, 200_000));
            }
        }
        return md.toString();
    }

    /**
     * A changelog this large (25 times the benchmark repository's today) is checked one check after the other: side by
     * side each check holds its own parse of it at once, 2.5-2.7 GB of memory at 100 times today's inputs on JDK 25
     * against 1.8-1.9 GB one after the other (bench/run), in the same time once each check's parse takes seconds.
     */
    static final long SIDE_BY_SIDE_LIMIT = 10L << 20;

    private static boolean sideBySide(Path changelog) {
        try {
            return !Files.isRegularFile(changelog) || Files.size(changelog) <= SIDE_BY_SIDE_LIMIT;
        } catch (IOException e) {
            return true;
        }
    }
}
