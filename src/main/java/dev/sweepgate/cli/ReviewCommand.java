package dev.sweepgate.cli;

import dev.sweepgate.gate.ChangelogGate;
import dev.sweepgate.git.Git;
import dev.sweepgate.git.RepoRoot;
import dev.sweepgate.golden.GoldenCurves;
import dev.sweepgate.output.Format;
import dev.sweepgate.problem.UsageException;
import dev.sweepgate.review.Change;
import dev.sweepgate.review.ChangeReader;
import dev.sweepgate.review.Review;
import dev.sweepgate.review.ReviewFormat;
import dev.sweepgate.review.ReviewReport;
import dev.sweepgate.review.Reviewer;
import dev.sweepgate.review.SignOff;
import java.nio.file.Files;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

final class ReviewCommand implements ContextCommand {
    private final ChangeOptions change = new ChangeOptions();

    private final ConfigFileOptions configFiles = new ConfigFileOptions();

    private final HeadRefOption head = new HeadRefOption();

    private final OptionSpec prNumber = Specs.value("--pr-number", "N", Long.class,
            "The pull request number: an engine patch then needs docs/waiver/N.md.").build();

    private final OptionSpec date = Specs.value("--date", "YYYY-MM-DD", String.class,
            "The review date for dated deprecations in MODELS.md (default: today, UTC).").build();

    private final OptionSpec prBody = Specs.value("--pr-body", "FILE", String.class,
            "The sign-off text (the pull request's body) in a file: where checks 6a and 6b read a documented exception. "
                    + "Without it, a missing upstream image or engine-first config is NOT CHECKABLE, not a FAIL.").build();

    private final OptionSpec goldenDir = Specs.value("--golden-dir", "DIR", String.class,
            "Directory of golden acceptance-length curves (default: ${DEFAULT-VALUE}), read at the head: the "
                    + "commit's with --head-ref, else the working tree's.")
            .defaultValue(GoldenOptions.DEFAULT_DIR).build();

    // Enum values are read in any case (Main sets that for every command).
    private final OptionSpec format = Specs.value("--format", "FORMAT", ReviewFormat.class,
            "text or markdown print the checklist; json, github and sarif print each FAIL as a problem (and what "
                    + "cannot be checked as a warning) (default: ${DEFAULT-VALUE}).").defaultValue("text").build();

    @Override
    public CommandSpec spec() {
        return Specs.exitCodes(Specs.with(Specs.command(this, "Checks a change against the machine-checkable items of "
                                + "the sign-off checklist (docs/review.md): upstream image, engine first, public image, "
                                + "deprecated scenarios, chat template, engine patches, golden acceptance length, "
                                + "append-only; with the code owners and what is left for the reviewer.",
                        "The change is the head against its merge base with --base-ref, as for every command; "
                                + "without --head-ref, the working tree. Reads only the launch scripts and recipes "
                                + "the reviewed configs reach."),
                List.of(change.spec(), configFiles.spec(), head.spec()), prNumber, date, prBody, goldenDir, format),
                "0:no check fails (NOT CHECKABLE items are listed for a person)", "1:a check fails", "2:bad usage",
                "3:environment failure (git, files)");
    }

    @Override
    public int call(Context context) {
        Long pr = prNumber.getValue();
        MergeOptions.checkPrNumber(pr);
        LocalDate day = reviewDate();
        Git git = context.git();
        ChangelogGate gate = new ChangelogGate(git, context::read, configFiles.configFiles(), configFiles.runnerConfig());
        ChangelogGate.Refs refs = gate.refs(change.baseRef(), head.headRef());
        Review review;
        try (Change read = ChangeReader.read(gate, git, RepoRoot.of(context.dir()), refs, change.changelogFile(),
                pr == null ? null : Math.toIntExact(pr), day)) {
            review = new Reviewer(read, curves(context, git, refs), signOff(context)).review();
        }
        ReviewFormat chosen = format.getValue();
        switch (chosen) {
            case TEXT -> {
                context.out().print(ReviewReport.text(review));
                context.report(review.inputProblems(), Format.TEXT, true);
            }
            case MARKDOWN -> {
                context.out().print(ReviewReport.markdown(review));
                context.report(review.inputProblems(), Format.TEXT, true);
            }
            case JSON -> context.report(review.problems(), Format.JSON, false);
            case GITHUB -> context.report(review.problems(), Format.GITHUB, false);
            case SARIF -> context.report(review.problems(), Format.SARIF, false);
        }
        context.out().flush();
        return review.failed() ? Main.RULE_BROKEN : Main.OK;
    }

    private LocalDate reviewDate() {
        String given = date.getValue();
        if (given == null) {
            return LocalDate.now(ZoneOffset.UTC);
        }
        try {
            return LocalDate.parse(given);
        } catch (DateTimeParseException e) {
            throw new UsageException("--date must be a date YYYY-MM-DD, not " + given);
        }
    }

    private SignOff signOff(Context context) {
        String file = prBody.getValue();
        return file == null ? null : SignOff.parse(file, context.read(file));
    }

    /**
     * The golden curves of the head: the commit's with --head-ref (what validate-configs judges against, whatever
     * the working tree holds), else the working tree's; none when the directory is absent (check 11 then names
     * the missing curve).
     */
    private GoldenCurves curves(Context context, Git git, ChangelogGate.Refs refs) {
        String dir = goldenDir.getValue() == null ? GoldenOptions.DEFAULT_DIR : goldenDir.getValue();
        if (!refs.headIsWorkingTree()) {
            GoldenCurves atHead = GoldenOptions.loadAt(git, refs.headCommit(), refs.headRef(), dir);
            return atHead == null ? GoldenCurves.load(List.of()) : atHead;
        }
        if (!Files.isDirectory(context.resolve(RepoRoot.locate(context.dir(), dir)))) {
            return GoldenCurves.load(List.of());
        }
        return GoldenOptions.load(context, dir);
    }
}
