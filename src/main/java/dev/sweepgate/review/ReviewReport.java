package dev.sweepgate.review;

import java.util.List;

/** The review as text for a terminal and as a Markdown checklist for the pull request's job summary. */
public final class ReviewReport {
    /** Check 0's heading: its number first would read as "zero owners". */
    static final String OWNERS = "code owners of the changed files (check 0, information)";

    private ReviewReport() {
    }

    public static String text(Review r) {
        StringBuilder b = new StringBuilder();
        b.append("review: ").append(r.baseRef()).append(" -> ").append(r.headLabel()).append('\n');
        b.append("  configs reviewed: ").append(r.configs().isEmpty() ? "none" : String.join(", ", r.configs())).append('\n');
        if (!r.inputProblems().isEmpty()) {
            int n = r.inputProblems().size();
            b.append("  not reviewed: ").append(n).append(n == 1 ? " problem keeps" : " problems keep")
                    .append(" the change from being read (on stderr)\n");
        }
        b.append("  files reviewed: ").append(r.files().isEmpty() ? "none" : String.join(", ", r.files())).append('\n');
        for (CheckResult c : r.checks()) {
            b.append('\n').append(c.number()).append(' ').append(c.title()).append(": ").append(c.verdict().word()).append('\n');
            for (Finding f : c.findings()) {
                b.append("  ").append(f.waived() ? "WAIVED" : f.verdict().word()).append(' ').append(f.subject()).append(": ")
                        .append(f.message()).append(f.at() == null || f.at().file().isEmpty() ? "" : " (" + f.at() + ")")
                        .append(ruleTag(c, f)).append('\n');
            }
        }
        b.append('\n').append(OWNERS).append('\n');
        for (Review.Owner o : r.owners()) {
            b.append("  ").append(o.file()).append(": ").append(o.owners().isEmpty() ? "no code owner" : String.join(" ", o.owners()))
                    .append(o.rule() == null ? "" : " (" + o.rule() + ")").append('\n');
        }
        b.append("\nfor the reviewer\n");
        r.forReviewer().forEach(s -> b.append("  ").append(s).append('\n'));
        b.append('\n').append(summary(r)).append('\n');
        return b.toString();
    }

    public static String markdown(Review r) {
        StringBuilder b = new StringBuilder();
        b.append("## sweepgate review: ").append(r.failed() ? "❌ " : "✅ ").append(summary(r)).append("\n\n");
        b.append("`").append(r.baseRef()).append("` → ").append(r.headLabel()).append(". Configs reviewed: ")
                .append(r.configs().isEmpty() ? "none" : String.join(", ", r.configs().stream().map(k -> "`" + k + "`").toList()))
                .append(". Files reviewed: ").append(r.files().isEmpty() ? "none"
                        : String.join(", ", r.files().stream().map(f -> "`" + f + "`").toList())).append(".\n\n");
        if (!r.inputProblems().isEmpty()) {
            b.append("❌ Part of the change cannot be read, so its configs are not reviewed:\n\n");
            r.inputProblems().stream().limit(20).forEach(p -> b.append("- ").append(cell(p.position() + ": " + p.message()))
                    .append(" [").append(p.rule()).append("]\n"));
            b.append('\n');
        }
        b.append("| # | check | verdict | evidence |\n|---|---|---|---|\n");
        for (CheckResult c : r.checks()) {
            Verdict v = c.verdict();
            b.append("| ").append(c.number()).append(" | ").append(c.title()).append(" | ").append(v.symbol()).append(' ')
                    .append(v.word()).append(" | ").append(evidence(c)).append(" |\n");
        }
        b.append("\n<details><summary>").append(OWNERS).append("</summary>\n\n");
        for (Review.Owner o : r.owners()) {
            b.append("- `").append(o.file()).append("`: ").append(o.owners().isEmpty() ? "no code owner" : String.join(" ", o.owners()))
                    .append(o.rule() == null ? "" : " (" + o.rule() + ")").append('\n');
        }
        b.append("\n</details>\n\n**For the reviewer** (not decided by a machine):\n\n");
        r.forReviewer().forEach(s -> b.append("- [ ] ").append(cell(s)).append('\n'));
        b.append("\n✅ pass · ❌ fail · — not applicable · ? not checkable (never a pass: a person checks it)\n");
        return b.toString();
    }

    private static String evidence(CheckResult c) {
        if (c.findings().isEmpty()) {
            return "nothing in the change that this check covers";
        }
        List<String> lines = c.findings().stream().map(f -> (f.waived() ? "waived ❌" : f.verdict().symbol()) + " `"
                + f.subject() + "`: " + f.message() + (f.at() == null || f.at().file().isEmpty() ? "" : " (" + f.at() + ")")
                + ruleTag(c, f)).toList();
        return cell(String.join("\n", lines));
    }

    /**
     * {@code " [review.golden-al]"} for a finding the problem formats report (a FAIL, a NOT CHECKABLE) or a waived
     * FAIL, whose disable comment names that id; "" for a PASS or N/A.
     */
    private static String ruleTag(CheckResult c, Finding f) {
        boolean reported = f.waived() || f.verdict() == Verdict.FAIL || f.verdict() == Verdict.NOT_CHECKABLE;
        return reported && c.rule() != null ? " [" + c.rule() + "]" : "";
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", "<br>");
    }

    /** {@code 1 check fails, 2 not checkable} or {@code every check passes or does not apply}. */
    static String summary(Review r) {
        long fail = r.checks().stream().filter(c -> c.verdict() == Verdict.FAIL).count();
        if (fail == 0 && r.failed()) {
            return "part of the change cannot be read";
        }
        long open = r.checks().stream().filter(c -> c.verdict() == Verdict.NOT_CHECKABLE).count();
        long pass = r.checks().stream().filter(c -> c.verdict() == Verdict.PASS).count();
        if (fail == 0 && pass == 0 && open == 0) {
            return "no check applies to this change";
        }
        String s = fail == 0 ? pass + (pass == 1 ? " check passes" : " checks pass")
                : fail + (fail == 1 ? " check fails" : " checks fail");
        return s + (open == 0 ? "" : ", " + open + " not checkable");
    }
}
