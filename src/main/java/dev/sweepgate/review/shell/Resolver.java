package dev.sweepgate.review.shell;

import dev.sweepgate.review.shell.ScriptView.Value;
import dev.sweepgate.review.shell.ShellScript.Statement;

/** What a word holds where it is written; substitutions resolve their arguments through the same branches. */
interface Resolver {
    Value resolve(String raw, Statement at, int depth);
}
