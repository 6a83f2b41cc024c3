#!/usr/bin/env bash
# The pull request gate (docs/ci.md): every check that can fail the merge, for whichever of the
# changelog, configs/**, golden_al_distribution/**, benchmarks/**, runners/**, docs/waiver/** and
# MODELS.md the change touches, run in one JVM by `sweepgate gate`. One script, three callers, one verdict: the pull request job (.github/workflows/changelog.yml), the pre-push
# hook (`sweepgate install-hooks` installs a copy of this file beside it) and scripts/merge-pr.sh.
#
#   pr-gate.sh BASE HEAD [--pr-number N | --pull-request] [--repo OWNER/NAME]
#              [--changelog FILE] [--sarif-dir DIR] [--date YYYY-MM-DD] [--pr-body FILE]
#
# BASE is the branch the change merges into (origin/main), HEAD the commit checked. The change is
# what HEAD did since its merge base with BASE. --pr-number N: the pull request is #N (CI);
# --pull-request: a pull request whose number is not known yet (the hook), so placeholder
# pr-links are accepted; neither: a push to the base branch (links must be canonical).
# --sarif-dir DIR also writes each check's problems as DIR/CHECK.sarif, for code scanning.
# --date and --pr-body go to review: the day its dated deprecations are judged on (default today,
# UTC; CI passes the day the pull request was last updated) and the pull request's body in a file,
# where documented exceptions to the engine-first and upstream-image rules are read.
#
# sweepgate is run as $SWEEPGATE (shell text, e.g. 'java -jar /opt/sweepgate.jar'), else as
# `sweepgate` on PATH, else through the checkout's launcher ./sweepgate.
# Output: each check's problems (as GitHub annotations when GITHUB_ACTIONS=true), then a verdict
# table and a last line that names the checks that failed; with GITHUB_STEP_SUMMARY set a job
# summary on failure as well as on success. HEAD is a commit: uncommitted edits are no part of
# the change (pre-commit.sh checks what is staged).
# Exit: 0 every check passed (or none applies), 1 a rule is broken, 2 bad usage, 3 environment.
set -uo pipefail

program=pr-gate
changelog=perf-changelog.yaml
repo=
pr_args=()
sarif_dir=
review_args=()
positional=()

# shellcheck source=sweepgate-command.sh
. "$(dirname "${BASH_SOURCE[0]}")/sweepgate-command.sh" || { echo "$0: sweepgate-command.sh is missing beside it" >&2; exit 3; }

while [ $# -gt 0 ]; do
    case "$1" in
        --pr-number) [ $# -ge 2 ] || fail 2 "--pr-number needs a value"
            [[ $2 =~ ^[1-9][0-9]*$ ]] || fail 2 "--pr-number must be a pull request number, not '$2'"
            pr_args=(--pr-number "$2"); shift ;;
        --pull-request) pr_args=(--pull-request) ;;
        --repo) [ $# -ge 2 ] || fail 2 "--repo needs a value"; repo=$2; shift ;;
        --changelog) [ $# -ge 2 ] || fail 2 "--changelog needs a value"; changelog=$2; shift ;;
        --sarif-dir) [ $# -ge 2 ] || fail 2 "--sarif-dir needs a value"; sarif_dir=$2; shift ;;
        --date|--pr-body) [ $# -ge 2 ] || fail 2 "$1 needs a value"; review_args+=("$1" "$2"); shift ;;
        -h|--help) sed -n '2,/^set /{/^set /d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
        -*) fail 2 "unknown option $1 (see --help)" ;;
        *) positional+=("$1") ;;
    esac
    shift
done
[ ${#positional[@]} -eq 2 ] || fail 2 "expected BASE and HEAD (see --help), got ${#positional[@]} arguments"
base=${positional[0]}
head=${positional[1]}
for ref in "$base" "$head"; do
    case "$ref" in -*|'') fail 2 "a ref cannot be empty or start with '-': '$ref'" ;; esac
done

# --- sweepgate ------------------------------------------------------------------------------
find_sweepgate || fail 3 "sweepgate not found: put it on PATH or set SWEEPGATE='java -jar /path/to/sweepgate.jar'"

# --- the gate -------------------------------------------------------------------------------
# `sweepgate gate` runs every check in one JVM and prints the verdict table (docs/ci.md).
repo_args=()
[ -z "$repo" ] || repo_args=(--repo "$repo")
sarif_args=()
[ -z "$sarif_dir" ] || sarif_args=(--sarif-dir "$sarif_dir")
status=0
run_sweepgate gate --base-ref "$base" --head-ref "$head" --changelog-file "$changelog" \
    "${repo_args[@]}" "${pr_args[@]}" "${sarif_args[@]}" "${review_args[@]}" </dev/null || status=$?
if [ "$status" -eq 126 ] || [ "$status" -eq 127 ]; then
    fail 3 "cannot run sweepgate as: $sweepgate_command (set SWEEPGATE, or put sweepgate on PATH)"
fi
exit "$status"
