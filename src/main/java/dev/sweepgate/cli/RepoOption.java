package dev.sweepgate.cli;

import dev.sweepgate.changelog.PrLinkPolicy;
import dev.sweepgate.git.Git;
import dev.sweepgate.git.Remotes;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** {@code --repo} as every command that writes or checks pr-links takes it. */
final class RepoOption {
    private final OptionSpec repo = Specs.value("--repo", "OWNER/NAME", String.class,
            "The repository pr-links point to (default: the GitHub repository the origin remote points to, so a fork "
                    + "checks its own links; without one, " + PrLinkPolicy.DEFAULT_REPO + ").").build();

    CommandSpec spec() {
        return Specs.group(repo);
    }

    /**
     * {@link #repo(Context)}, with origin looked up on {@code pool} when no {@code --repo} is given:
     * git answers (a process of its own) while the caller goes on.
     */
    Future<String> repo(Context context, ExecutorService pool) {
        return repo.getValue() != null ? CompletableFuture.completedFuture(repo(context)) : pool.submit(() -> repo(context));
    }

    /**
     * {@link #repo(Context)} when it is needed: a repository given is checked now, origin is looked
     * up (a git process) only if asked.
     */
    Supplier<String> lazily(Context context) {
        if (repo.getValue() != null) {
            String given = repo(context);
            return () -> given;
        }
        return () -> repo(context);
    }

    /** The repository given (checked as OWNER/NAME), or null: a command that passes it on. */
    String given() {
        String given = repo.getValue();
        if (given != null) {
            MergeOptions.checkRepo(given);
        }
        return given;
    }

    /** The repository given, else origin's on GitHub, else the benchmark repository; checked as OWNER/NAME. */
    String repo(Context context) {
        String given = repo.getValue();
        String chosen = given != null ? given : Remotes.githubRepoOr(context.git(), PrLinkPolicy.DEFAULT_REPO);
        MergeOptions.checkRepo(chosen);
        return chosen;
    }
}
