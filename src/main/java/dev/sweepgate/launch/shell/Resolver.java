package dev.sweepgate.launch.shell;

import dev.sweepgate.launch.shell.ScriptView.Value;
import dev.sweepgate.launch.shell.ShellScript.Statement;

/** What a word holds where it is written; substitutions resolve their arguments through the same branches. */
interface Resolver {
    Value resolve(String raw, Statement at, int depth);
}
