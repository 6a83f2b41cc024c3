package dev.sweepgate.hooks;

import dev.sweepgate.problem.EnvironmentException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How git and the pre-push hook run sweepgate: shell text recorded at install time, so that the
 * hook does not depend on a PATH that git's environment may not have.
 *
 * @param command shell text (words quoted as needed)
 * @param foundBy where it came from, for the report
 */
public record Tool(String command, String foundBy) {

    /** What the user passed with --command. */
    public static Tool given(String command) {
        return new Tool(command, "given with --command");
    }

    /**
     * The sweepgate that runs now: the checkout's launcher when it runs from {@code target/sweepgate.jar}
     * of a checkout (the launcher rebuilds a stale jar), else this jar under this JVM, else
     * {@code sweepgate} on PATH.
     *
     * @param path the PATH to search last
     */
    public static Tool find(String path) {
        Path jar = runningJar();
        if (jar != null) {
            Path target = jar.getParent();
            Path launcher = target.getParent() == null ? null : target.getParent().resolve("sweepgate");
            if (String.valueOf(target.getFileName()).equals("target") && launcher != null
                    && Files.isRegularFile(launcher) && Files.isExecutable(launcher)) {
                return new Tool(HookInstaller.shellQuote(launcher.toString()), "the launcher of the checkout this jar was built in");
            }
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            return new Tool(HookInstaller.shellQuote(java.toString()) + " -jar " + HookInstaller.shellQuote(jar.toString()),
                    "the jar this install-hooks runs from");
        }
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path candidate = dir.isEmpty() ? null : Path.of(dir).resolve("sweepgate");
                if (candidate != null && Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return new Tool(HookInstaller.shellQuote(candidate.toAbsolutePath().toString()), "sweepgate on PATH");
                }
            }
        }
        throw new EnvironmentException("cannot tell how to run this sweepgate from a hook (it is not a jar, and no "
                + "sweepgate is on PATH); pass --command 'java -jar /path/to/sweepgate.jar'");
    }

    private static Path runningJar() {
        try {
            Path location = Path.of(Tool.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isRegularFile(location) && location.toString().endsWith(".jar")
                    ? location.toAbsolutePath().normalize() : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }
}
