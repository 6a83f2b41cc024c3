package dev.sweepgate.review;

import dev.sweepgate.changelog.ChangelogEntry;
import dev.sweepgate.config.ConfigSet;
import dev.sweepgate.plan.Plan;
import dev.sweepgate.problem.Problem;
import dev.sweepgate.launch.RepoFiles;
import java.time.LocalDate;
import java.util.List;
import java.util.function.Supplier;

/**
 * What a review reads: the change (head against the merge base) as the other commands see it.
 *
 * @param head, base    the master and runner configs on each side (base null when it cannot be read)
 * @param newEntries    the changelog entries the change adds
 * @param files         every file the change adds, changes or deletes, with the lines it adds
 * @param headFiles     the repository at the head, read on demand
 * @param prNumber      the pull request's number, or null
 * @param appendOnly    the plan's append-only proofs, computed only when a new entry asks for one
 * @param problems      what stopped part of the change from being read (configs that break rules, say)
 */
public record Change(String baseRef, String headLabel, ConfigSet head, ConfigSet base, List<ChangelogEntry> newEntries,
                     List<ChangedFile> files, RepoFiles headFiles, Integer prNumber, LocalDate date,
                     Supplier<List<Plan.AppendOnlyCheck>> appendOnly, List<Problem> problems) implements AutoCloseable {
    public Change {
        newEntries = List.copyOf(newEntries);
        files = List.copyOf(files);
        problems = List.copyOf(problems);
    }

    /** Ends the reading of the head's files (a git process when the head is a commit). */
    @Override
    public void close() {
        headFiles.close();
    }

    /** A file of the change and the lines it adds (numbered at the head). */
    public record ChangedFile(String path, boolean added, boolean deleted, List<AddedLine> addedLines) {
        public ChangedFile {
            addedLines = List.copyOf(addedLines);
        }
    }

    public record AddedLine(int line, String text) {
    }
}
