#!/usr/bin/env bash
# The pull request gate (docs/ci.md): every check that can fail the merge, for whichever of the
# changelog, configs/** and golden_al_distribution/** the change touches. One script, three
# callers, one verdict: the pull request job (.github/workflows/changelog.yml), the pre-push
# hook (`sweepgate install-hooks` installs a copy of this file beside it) and scripts/merge-pr.sh.
#
#   pr-gate.sh BASE HEAD [--pr-number N | --pull-request] [--repo OWNER/NAME]
#              [--changelog FILE] [--sarif-dir DIR]
#
# BASE is the branch the change merges into (origin/main), HEAD the commit checked. The change is
# what HEAD did since its merge base with BASE. --pr-number N: the pull request is #N (CI);
# --pull-request: a pull request whose number is not known yet (the hook), so placeholder
# pr-links are accepted; neither: a push to the base branch (links must be canonical).
# --sarif-dir DIR also writes each check's problems as DIR/CHECK.sarif, for code scanning.
#
# sweepgate is run as $SWEEPGATE (shell text, e.g. 'java -jar /opt/sweepgate.jar'), else as
# `sweepgate` on PATH, else through the checkout's launcher ./sweepgate.
# Output: each check's problems (as GitHub annotations when GITHUB_ACTIONS=true), and with
# GITHUB_STEP_SUMMARY set a job summary on failure as well as on success.
# Exit: 0 every check passed (or none applies), 1 a rule is broken, 2 bad usage, 3 environment.
set -uo pipefail   # not -e: every check runs, so that one run shows everything that is wrong

program=pr-gate
changelog=perf-changelog.yaml
repo=
pr_args=()
sarif_dir=
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

# --- what the change touches ------------------------------------------------------------------
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || fail 3 "run this inside a clone of the repository"
cd "$(git rev-parse --show-toplevel)" || fail 3 "cannot enter the top of the clone"
base_commit=$(git rev-parse -q --verify "$base^{commit}") ||
    fail 3 "the base $base is unknown here; fetch it first (git fetch origin main, or check out with fetch-depth: 0)"
head_commit=$(git rev-parse -q --verify "$head^{commit}") || fail 3 "the head $head is not a commit here"
merge_base=$(git merge-base "$base_commit" "$head_commit") ||
    fail 3 "$base and $head share no history; pass as BASE the branch $head grew from"
changed=$(git diff --name-only --no-renames "$merge_base" "$head_commit" -- \
    ":(literal)$changelog" configs/ golden_al_distribution/ benchmarks/ runners/ docs/waiver/ MODELS.md) ||
    fail 3 "git diff $base...$head failed"

touches_changelog=0
touches_configs=0
touches_golden=0
touches_review=0   # what `sweepgate review` reads beyond the changelog and the configs
while IFS= read -r path; do
    case "$path" in
        "$changelog") touches_changelog=1 ;;
        configs/*) touches_configs=1 ;;
        golden_al_distribution/*) touches_golden=1 ;;
        benchmarks/*|runners/*|docs/waiver/*|MODELS.md) touches_review=1 ;;
    esac
done <<<"$changed"

# --- the checks -------------------------------------------------------------------------------
repo_args=()
[ -z "$repo" ] || repo_args=(--repo "$repo")
[ -z "$sarif_dir" ] || mkdir -p "$sarif_dir" || fail 3 "cannot create $sarif_dir"
scratch=$(mktemp -d) || fail 3 "cannot create a scratch directory"
trap 'rm -rf "$scratch"' EXIT

results=()
worst=0
summary_failures=

# run_check NAME ARGS...: runs `sweepgate ARGS`, records the verdict; with --sarif-dir once more for
# the SARIF report, and on failure once more in text for the job summary (annotations beyond the
# first ten of a step are not shown by GitHub, the summary shows them all).
run_check() {
    local name=$1 status=0
    shift
    echo "$program: $name: sweepgate $*" >&2
    run_sweepgate "$@" </dev/null || status=$?
    if [ "$status" -eq 126 ] || [ "$status" -eq 127 ]; then
        fail 3 "cannot run sweepgate as: $sweepgate_command (set SWEEPGATE, or put sweepgate on PATH)"
    fi
    if [ -n "$sarif_dir" ]; then
        (unset GITHUB_STEP_SUMMARY; run_sweepgate "$@" --format sarif </dev/null >"$sarif_dir/$name.sarif" 2>/dev/null)
    fi
    if [ "$status" -eq 0 ]; then
        results+=("| $name | passed |")
        return
    fi
    results+=("| $name | **failed** (exit $status) |")
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
        summary_failures+=$'\n'"#### $name"$'\n\n```\n'
        summary_failures+=$( (unset GITHUB_STEP_SUMMARY; run_sweepgate "$@" --format text </dev/null 2>&1) | head -c 60000)
        summary_failures+=$'\n```\n'
    fi
    # 2 (usage) and 3 (environment) say more than 1 (a rule): the worst code wins.
    if [ "$status" -gt 1 ] && [ "$status" -le 3 ]; then
        [ "$worst" -ge 2 ] || worst=$status
    elif [ "$worst" -eq 0 ]; then
        worst=1
    fi
}

if [ "$touches_changelog" = 1 ]; then
    # the changelog rules, the sweep and the coverage of every config change, in one run
    run_check validate-changelog validate-changelog --base-ref "$base" --head-ref "$head" \
        --changelog-file "$changelog" "${repo_args[@]}" "${pr_args[@]}" --check-coverage
elif [ "$touches_configs" = 1 ]; then
    # configs only: validate-changelog would refuse a change that appends nothing
    run_check check-coverage check-coverage --base-ref "$base" --head-ref "$head" --changelog-file "$changelog"
fi
if [ "$touches_configs" = 1 ] || [ "$touches_golden" = 1 ]; then
    # The configs' rules and the golden acceptance lengths, on the files at HEAD (not the working
    # tree: CI checks out a merge commit, a hook's working tree may differ from what is pushed).
    tree=$scratch/head
    mkdir -p "$tree"
    present=$(git ls-tree --name-only "$head_commit" -- configs golden_al_distribution)
    # shellcheck disable=SC2086  # one word per top-level directory
    [ -z "$present" ] || git archive "$head_commit" -- $present | tar -x -C "$tree" ||
        fail 3 "cannot read configs/ and golden_al_distribution/ at $head"
    run_check validate-configs -C "$tree" validate-configs
fi
review_pr_args=()   # review names the waiver by the pull request's number; --pull-request alone names none
[ "${pr_args[0]:-}" != --pr-number ] || review_pr_args=("${pr_args[@]}")
if [ "$touches_changelog" = 1 ] || [ "$touches_configs" = 1 ] || [ "$touches_review" = 1 ]; then
    # the sign-off checklist's machine-checkable items (docs/review.md); its checklist goes into the summary
    run_check review review --base-ref "$base" --head-ref "$head" --changelog-file "$changelog" "${review_pr_args[@]}"
fi

# --- verdict ----------------------------------------------------------------------------------
if [ ${#results[@]} -eq 0 ]; then
    verdict="nothing to check: the change touches none of $changelog, configs/, golden_al_distribution/, benchmarks/, runners/, docs/waiver/, MODELS.md"
elif [ "$worst" -eq 0 ]; then
    verdict="passed (${#results[@]} of ${#results[@]} checks)"
else
    verdict="FAILED"
fi
echo "$program: $base...$head: $verdict" >&2
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    {
        echo "### sweepgate gate: $verdict"
        echo
        echo "Change: \`$head\` since its merge base with \`$base\`."
        if [ ${#results[@]} -gt 0 ]; then
            echo
            echo "| check | result |"
            echo "| --- | --- |"
            printf '%s\n' "${results[@]}"
        fi
        printf '%s' "$summary_failures"
        if [ "$touches_changelog" = 1 ] || [ "$touches_configs" = 1 ] || [ "$touches_review" = 1 ]; then
            echo
            (unset GITHUB_STEP_SUMMARY; run_sweepgate review --base-ref "$base" --head-ref "$head" \
                --changelog-file "$changelog" "${review_pr_args[@]}" --format markdown </dev/null 2>/dev/null) |
                head -c 200000 || true
        fi
        if [ "$touches_changelog" = 1 ] || [ "$touches_configs" = 1 ]; then
            # What the change will run, for the reviewer (exit 1: the sweep cannot be computed,
            # which the checks above already report).
            echo
            (unset GITHUB_STEP_SUMMARY; run_sweepgate plan --base-ref "$base" --head-ref "$head" \
                --changelog-file "$changelog" --format markdown </dev/null 2>/dev/null) | head -c 200000 || true
        fi
    } >>"$GITHUB_STEP_SUMMARY" || echo "$program: warning: cannot append to the job summary" >&2
fi
exit "$worst"
