#!/usr/bin/env bash
# The push job (docs/ci.md, docs/pipeline.md): the sweep for what a push to main appended to the changelog.
#
#   sweep.sh BEFORE AFTER [--changelog FILE] [--output FILE] [--split-dir DIR [--max-chunks N]]
#            [--reuse-source SHA [--reuse-pr-head SHA]] [--priority-policy FILE]
#
# BEFORE and AFTER are the commits before and after the push (github.event.before, github.sha); an
# empty BEFORE means AFTER's first parent (a workflow_dispatch run has no "before").
# Prints the sweep JSON of `sweepgate process-changelog` on stdout (and into --output FILE), and
# with GITHUB_OUTPUT set publishes it as the step output `search-space-config`. A push that only
# corrects pr-links sweeps nothing: every bucket is empty and the exit status is 0.
# --split-dir DIR also writes the sweep as chunks (DIR/index.json and one file per chunk, each
# within GitHub's limits: 256 jobs, 1 MB of output) and publishes `chunk-index` (the index) and
# `fits`: true when every bucket is one chunk and the sweep itself fits a job output (measured
# as 2 bytes per byte of its UTF-8 text, never less than GitHub's UTF-16 count); when it is false,
# `search-space-config` is not published (it could not be) and the chunks are what runs.
# --max-chunks N: a sweep of more chunks than the workflow has chunk jobs fails (exit 1) rather
# than leaving chunks unrun.
# --reuse-source SHA (empty: none): a pull request's completed sweep run on SHA stands in for this
# push; `sweepgate reuse-check` proves which rows it ran, and the sweep printed and published is
# exactly the rows it did not run (none when reuse is sound). Needs a push of one commit (BEFORE
# is AFTER's first parent). --reuse-pr-head SHA: the pull request's head; a source that is not it
# or one of its ancestors is not reused (every row runs). Without --reuse-source, the trailers
# `Sweep-Reuse-Source: SHA` and `Sweep-Reuse-PR-Head: SHA` of AFTER's commit message give them
# (scripts/merge-pr.sh --reuse-source writes them into the squash message): a Source trailer without
# a PR-Head one is ignored, and a PR head (given or from a trailer) whose tree is not AFTER's is
# refused (exit 1): only the head that was merged can name the run that stands in for it.
# --priority-policy FILE: every job gains its CI priority and queue token (sweepgate's priority step,
# as the benchmark repository's ci_priority.py adds them: event push, the queue namespace
# RUN_ID:ATTEMPT of this run), so GitHub's limits are measured on what is really published.
# sweepgate is found as in pr-gate.sh: $SWEEPGATE, `sweepgate` on PATH, the checkout's ./sweepgate.
# Exit: 0 swept, 1 the change cannot be swept, 2 bad usage, 3 environment.
set -euo pipefail

program=sweep
changelog=perf-changelog.yaml
output=
split_dir=
max_chunks=
reuse_source=
reuse_pr_head=
priority_args=()
positional=()
# GitHub's limit on a job's outputs, in bytes of UTF-16 (docs/pipeline.md)
max_output_bytes=1000000

# shellcheck source=sweepgate-command.sh
. "$(dirname "${BASH_SOURCE[0]}")/sweepgate-command.sh" || { echo "$0: sweepgate-command.sh is missing beside it" >&2; exit 3; }

while [ $# -gt 0 ]; do
    case "$1" in
        --changelog) [ $# -ge 2 ] || fail 2 "--changelog needs a value"; changelog=$2; shift ;;
        --output) [ $# -ge 2 ] || fail 2 "--output needs a value"; output=$2; shift ;;
        --split-dir) [ $# -ge 2 ] || fail 2 "--split-dir needs a value"; split_dir=$2; shift ;;
        --max-chunks) [ $# -ge 2 ] || fail 2 "--max-chunks needs a value"
            [[ $2 =~ ^[1-9][0-9]*$ ]] || fail 2 "--max-chunks must be a number above 0, not '$2'"
            max_chunks=$2; shift ;;
        --reuse-source) [ $# -ge 2 ] || fail 2 "--reuse-source needs a value (empty for none)"; reuse_source=$2; shift ;;
        --reuse-pr-head) [ $# -ge 2 ] || fail 2 "--reuse-pr-head needs a value (empty for none)"; reuse_pr_head=$2; shift ;;
        --priority-policy) [ $# -ge 2 ] || fail 2 "--priority-policy needs a value"
            priority_args=(--priority-policy "$2" --event-name push
                --queue-namespace "${GITHUB_RUN_ID:-local}:${GITHUB_RUN_ATTEMPT:-1}"); shift ;;
        -h|--help) sed -n '2,/^set /{/^set /d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
        -*) fail 2 "unknown option $1 (see --help)" ;;
        *) positional+=("$1") ;;
    esac
    shift
done
[ ${#positional[@]} -eq 2 ] || fail 2 "expected BEFORE and AFTER, got ${#positional[@]} arguments"
before=${positional[0]}
after=${positional[1]}
[ -n "$after" ] || fail 2 "AFTER is empty: name the commit the push made"
[ -n "$reuse_source" ] || [ -z "$reuse_pr_head" ] || fail 2 "--reuse-pr-head needs --reuse-source"
[ -n "$split_dir" ] || [ -z "$max_chunks" ] || fail 2 "--max-chunks needs --split-dir"
git rev-parse --verify --quiet "$after^{commit}" >/dev/null ||
    fail 3 "AFTER $after: git cannot resolve it to a commit (check out with fetch-depth: 0)"
reuse_from_trailers=
if [ -z "$reuse_source" ]; then
    reuse_from_trailers=yes
    # the last of each trailer counts, as git interprets repeated trailers
    reuse_source=$(git log -1 --format='%(trailers:key=Sweep-Reuse-Source,valueonly)' "$after" -- | sed -n '/./p' | tail -n 1)
    reuse_pr_head=$(git log -1 --format='%(trailers:key=Sweep-Reuse-PR-Head,valueonly)' "$after" -- | sed -n '/./p' | tail -n 1)
    # A trailer is text anyone can write into a commit message; it counts only when it names the
    # head that was merged (scripts/merge-pr.sh writes both, docs/ci.md#who-can-reuse-a-run).
    if [ -n "$reuse_source" ] && [ -z "$reuse_pr_head" ]; then
        echo "$program: warning: Sweep-Reuse-Source without Sweep-Reuse-PR-Head in $after's message is ignored; every row runs" >&2
        reuse_source=
    fi
fi
if [ -n "$reuse_pr_head" ]; then
    # The squash of a pull request has its head's tree: a head that is not what was merged names a
    # run of something else. From a trailer that only means no reuse; given by hand it is a mistake.
    pr_tree=$(git rev-parse --verify --quiet "$reuse_pr_head^{tree}") || pr_tree=
    if [ "$pr_tree" != "$(git rev-parse "$after^{tree}")" ]; then
        detail="their trees differ"
        [ -n "$pr_tree" ] || detail="not a commit of this clone"
        why="the reuse pull-request head $reuse_pr_head is not the head merged as $after ($detail)"
        [ -z "$reuse_from_trailers" ] || { echo "$program: warning: $why; the trailers are ignored and every row runs" >&2; reuse_source=; reuse_pr_head=; }
        [ -n "$reuse_from_trailers" ] || fail 1 "$why: no run is reused; name the head that was merged (scripts/merge-pr.sh --reuse-source writes it)"
    fi
fi
if [ -z "$before" ]; then
    before=$(git rev-parse --verify --quiet "$after^1^{commit}") || fail 1 "$after has no parent: nothing to compare it with"
fi
case "$before" in
    *[!0]*) ;;
    *) fail 1 "no commit before this push (a new branch?): nothing to compare $after with" ;;
esac

find_sweepgate || fail 3 "sweepgate not found: put it on PATH or set SWEEPGATE='java -jar /path/to/sweepgate.jar'"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
sweep=$scratch/sweep.json
split_args=()
[ -z "$split_dir" ] || split_args=(--split-dir "$split_dir")

if [ -z "$reuse_source" ]; then
    run_sweepgate process-changelog --base-ref "$before" --head-ref "$after" --changelog-file "$changelog" \
        "${split_args[@]}" "${priority_args[@]}" </dev/null >"$sweep"
else
    parent=$(git rev-parse --verify --quiet "$after^1^{commit}") || parent=
    [ "$parent" = "$(git rev-parse --verify --quiet "$before^{commit}")" ] ||
        fail 1 "--reuse-source stands in for one merge: $before is not the first parent of $after"
    pr_head_args=()
    [ -z "$reuse_pr_head" ] || pr_head_args=(--pr-head "$reuse_pr_head")
    status=0
    # The verdict goes to the log (stderr): stdout is the sweep. Exit 1 lists rows to run again.
    run_sweepgate reuse-check --source "$reuse_source" --merge "$after" "${pr_head_args[@]}" \
        --changelog-file "$changelog" --rerun-sweep "$sweep" "${split_args[@]}" "${priority_args[@]}" </dev/null >&2 || status=$?
    if [ "$status" -gt 1 ] || [ ! -s "$sweep" ]; then
        # exit 1 without the rerun sweep: a sweep could not be computed, and the problems are above
        exit "$(( status > 1 ? status : 1 ))"
    fi
fi
if [ -n "$max_chunks" ]; then
    # (grep finds no "file" in an empty index, [], and exits 1)
    chunks=$({ grep -o '"file":' "$split_dir/index.json" || true; } | wc -l)
    [ "$chunks" -le "$max_chunks" ] || fail 1 "the sweep needs $chunks chunks, more than the $max_chunks chunk jobs" \
        "the workflow runs; split the change into pull requests whose entries select fewer configs"
fi
cat "$sweep"
[ -z "$output" ] || cp "$sweep" "$output"

fits=true
if [ -n "$split_dir" ]; then
    # a second chunk of any bucket ({"bucket":..,"chunk":1,...}), or a sweep too large for one job output
    if grep -q '"chunk":1,' "$split_dir/index.json" || (( 2 * $(wc -c <"$sweep") > max_output_bytes )); then
        fits=false
        echo "$program: the sweep is larger than one matrix run or one job output: it runs as the chunks of $split_dir/index.json" >&2
    fi
    publish_output chunk-index "$split_dir/index.json"
    [ -z "${GITHUB_OUTPUT:-}" ] || echo "fits=$fits" >>"$GITHUB_OUTPUT"
fi
if [ "$fits" = true ]; then
    publish_output search-space-config "$sweep"
fi
