#!/usr/bin/env bash
# Lands a pull request whose changelog may conflict with main:
#   1. fetch the PR branch and the base branch,
#   2. in a scratch worktree of the PR branch, merge the base branch into it; a conflict in the
#      changelog (and only there) is resolved with `sweepgate prepare-merge resolve-conflict`,
#   3. rewrite placeholder pr-links with `sweepgate prepare-merge canonicalize`, commit, and run
#      the pull request gate on the result (.github/scripts/pr-gate.sh, as CI and the hook run it),
#   4. push,
#   5. (GitHub) comment on the PR, wait for its checks, squash-merge it.
# Steps 1-4 work against any git remote; step 5 needs the GitHub CLI and is skipped with --no-github.
# Trust: the branch under review is a stranger's code. Everything this script runs (pr-gate.sh,
# sweepgate and the jar its launcher builds) comes from the checkout the script is in, which is
# never switched: the branch is only ever checked out in the scratch worktree, git hooks are off
# there (a hook manager reads its commands from the tree), and nothing in that tree is executed.
set -euo pipefail

program=merge-pr
remote=origin
base=main
branch=
repo=SemiAnalysisAI/InferenceX
changelog=perf-changelog.yaml
github=1
pr=
reuse_source=

usage() {
    cat <<EOF
Usage: scripts/merge-pr.sh [options] <pr-number>

Merges the base branch into the pull request's branch, resolves and canonicalises the
changelog with sweepgate, pushes the result and (unless --no-github) squash-merges the PR
once its checks pass.

Options:
  --no-github         skip the GitHub part (comment, wait for checks, squash-merge); the
                      PR branch must then be named with --branch
  --branch NAME       the PR's branch on the remote (default: asked from gh)
  --remote NAME       the remote holding both branches (default: origin)
  --base BRANCH       the branch the PR merges into (default: main)
  --repo OWNER/NAME   the repository pr-links point to (default: SemiAnalysisAI/InferenceX)
  --changelog FILE    the changelog (default: perf-changelog.yaml)
  --reuse-source SHA  the PR's completed sweep run on SHA (the PR head it ran on, or an
                      ancestor of what is merged) stands in for the push job's sweep: the
                      squash message gets the Sweep-Reuse-Source/-PR-Head trailers
                      (docs/ci.md#who-can-reuse-a-run); without it, no reuse trailer
                      reaches main, whatever the PR's commit messages say
  -h, --help          this help

Environment:
  SWEEPGATE           how to run sweepgate, e.g. 'java -jar /opt/sweepgate.jar'
                      (default: sweepgate on PATH, else the checkout's launcher ./sweepgate)
EOF
}

die() {
    echo "$program: error: $*" >&2
    exit 1
}

info() {
    echo "$program: $*" >&2
}

while [ $# -gt 0 ]; do
    case "$1" in
        --no-github) github=0 ;;
        --branch) [ $# -ge 2 ] || die "--branch needs a value"; branch=$2; shift ;;
        --branch=*) branch=${1#*=} ;;
        --remote) [ $# -ge 2 ] || die "--remote needs a value"; remote=$2; shift ;;
        --remote=*) remote=${1#*=} ;;
        --base) [ $# -ge 2 ] || die "--base needs a value"; base=$2; shift ;;
        --base=*) base=${1#*=} ;;
        --repo) [ $# -ge 2 ] || die "--repo needs a value"; repo=$2; shift ;;
        --repo=*) repo=${1#*=} ;;
        --changelog) [ $# -ge 2 ] || die "--changelog needs a value"; changelog=$2; shift ;;
        --changelog=*) changelog=${1#*=} ;;
        --reuse-source) [ $# -ge 2 ] || die "--reuse-source needs a value"; reuse_source=$2; shift ;;
        --reuse-source=*) reuse_source=${1#*=} ;;
        -h|--help) usage; exit 0 ;;
        -*) usage >&2; die "unknown option $1" ;;
        *) [ -z "$pr" ] || die "one pull request number only (got $pr and $1)"; pr=$1 ;;
    esac
    shift
done

[ -n "$pr" ] || { usage >&2; die "the pull request number is missing"; }
[[ "$pr" =~ ^[1-9][0-9]*$ ]] || die "the pull request number must be a positive integer, not '$pr'"
for name in "$branch" "$base"; do
    case "$name" in -*) die "a branch name cannot start with '-': $name" ;; esac
done

# --- sweepgate -----------------------------------------------------------------------
script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
gate=$script_dir/../.github/scripts/pr-gate.sh
[ -f "$gate" ] || die "the pull request gate $gate is missing from this checkout"
# shellcheck source=../.github/scripts/sweepgate-command.sh
. "$script_dir/../.github/scripts/sweepgate-command.sh" || die "sweepgate-command.sh is missing from this checkout"
find_sweepgate || die "sweepgate not found: put it on PATH or set SWEEPGATE='java -jar /path/to/sweepgate.jar'"
run_sweepgate --version >/dev/null 2>&1 || die "cannot run sweepgate as: $sweepgate_command (set SWEEPGATE)"

# The body of the squash commit: the pull request's commit messages without any Sweep-Reuse-*
# line (git reads trailer keys case-insensitively), then this script's own, verified trailers.
write_squash_message() {
    local upstream=$1 head=$2 source=$3
    git log --reverse --format='%B' "$upstream..$head" -- | grep -iv '^[[:space:]]*Sweep-Reuse-[A-Za-z-]*[[:space:]]*:' || true
    if [ -n "$source" ]; then
        printf '\nSweep-Reuse-Source: %s\nSweep-Reuse-PR-Head: %s\n' "$source" "$head"
    fi
}

# --- the clone ---------------------------------------------------------------------------
# Only refs are read and written here: the merge happens in a scratch worktree, so this checkout
# (its branch, its working tree, a merge you are in the middle of) is left exactly as it is.
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || die "run this inside a clone of the repository"
cd "$(git rev-parse --show-toplevel)"
git remote get-url "$remote" >/dev/null 2>&1 || die "no remote named '$remote' (see git remote -v)"

# --- GitHub: which branch ------------------------------------------------------------------
push_target=$remote
if [ "$github" = 1 ]; then
    command -v gh >/dev/null 2>&1 || die "the GitHub CLI (gh) is needed for the GitHub part; install it or pass --no-github"
    view=$(gh pr view "$pr" --json state,headRefName,isCrossRepository,headRepositoryOwner,headRepository \
        --jq '[.state, .headRefName, (.isCrossRepository|tostring), .headRepositoryOwner.login, .headRepository.name] | @tsv') \
        || die "gh cannot read pull request #$pr"
    IFS=$'\t' read -r state head_ref cross owner name <<<"$view"
    [ "$state" = OPEN ] || die "pull request #$pr is $state, not open"
    if [ -n "$branch" ] && [ "$branch" != "$head_ref" ]; then
        die "--branch $branch does not match the PR's branch $head_ref"
    fi
    branch=$head_ref
    if [ "$cross" = true ]; then
        # a fork: fetch from and push to the fork (needs "allow edits from maintainers")
        push_target="https://github.com/$owner/$name.git"
    fi
fi
[ -n "$branch" ] || die "name the PR's branch with --branch (needed with --no-github)"
case "$branch" in -*) die "a branch name cannot start with '-': $branch" ;; esac

# --- work in a scratch worktree, and always remove it --------------------------------------
pr_ref=refs/sweepgate/pr-$pr
scratch=$(mktemp -d "${TMPDIR:-/tmp}/merge-pr-$pr.XXXXXX") || die "cannot create a scratch directory"
tree=$scratch/tree
top=$PWD

# git in the scratch worktree: no hooks (a hook manager such as pre-commit runs the commands the
# branch's own config names), so no code of the branch runs.
tree_git() {
    git -C "$tree" -c core.hooksPath=/dev/null "$@"
}

cleanup() {
    local status=$?
    trap - EXIT
    cd "$top" || true
    if [ -d "$tree" ]; then
        git worktree remove --force --force "$tree" >/dev/null 2>&1 || true
    fi
    rm -rf "$scratch"
    git worktree prune >/dev/null 2>&1 || true
    git update-ref -d "$pr_ref" >/dev/null 2>&1 || true
    if [ "$status" -ne 0 ]; then
        echo "$program: failed; nothing was merged (your checkout was not touched)" >&2
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

info "fetching $branch and $base"
git fetch -q "$push_target" "+refs/heads/$branch:$pr_ref" ||
    die "cannot fetch branch $branch from $push_target"
git fetch -q "$remote" "+refs/heads/$base:refs/remotes/$remote/$base" ||
    die "cannot fetch branch $base from $remote"
upstream=$remote/$base

git -c core.hooksPath=/dev/null worktree add -q --detach "$tree" "$pr_ref" ||
    die "cannot check $branch out in a scratch worktree ($tree)"
cd "$tree"
pr_head=$(git rev-parse HEAD)

# --- merge the base branch ---------------------------------------------------------------
info "merging $upstream into $branch"
if ! tree_git merge -q --no-ff --no-commit "$upstream" >&2; then
    conflicted=$(git diff --name-only --diff-filter=U)
    if [ -z "$conflicted" ]; then
        die "git merge $upstream failed without a conflict to resolve (unrelated histories?); merge by hand"
    fi
    if [ "$conflicted" != "$changelog" ]; then
        die "the merge conflicts outside the changelog, in: $(echo "$conflicted" | tr '\n' ' ')- resolve by hand"
    fi
    info "resolving the conflict in $changelog"
    run_sweepgate prepare-merge resolve-conflict --pr-number "$pr" --repo "$repo" --changelog-file "$changelog" ||
        die "sweepgate could not resolve the conflict in $changelog (see above); resolve it by hand"
    git add -- "$changelog"
fi

# --- canonical pr-links ---------------------------------------------------------------------
run_sweepgate prepare-merge canonicalize --base-ref "$upstream" --pr-number "$pr" --repo "$repo" \
    --changelog-file "$changelog" || die "sweepgate could not canonicalise $changelog (see above)"
git add -- "$changelog"

# --- commit, then the gate CI will apply, on exactly what is pushed ---------------------------
if git rev-parse -q --verify MERGE_HEAD >/dev/null; then
    tree_git commit -q -m "Merge $upstream into $branch (#$pr)" \
        -m "Changelog resolved and pr-links canonicalised by scripts/merge-pr.sh." ||
        die "git commit failed"
elif ! git diff --cached --quiet; then
    tree_git commit -q -m "Canonicalise changelog pr-links (#$pr)" ||
        die "git commit failed"
fi
head=$(git rev-parse HEAD)
if [ -n "$reuse_source" ]; then
    # Only a run of what is merged can stand in for it: the source must be in the head's history.
    source_commit=$(git rev-parse --verify --quiet "$reuse_source^{commit}") ||
        die "--reuse-source $reuse_source is not a commit of this clone (fetch the pull request's branch)"
    git merge-base --is-ancestor "$source_commit" "$head" ||
        die "--reuse-source $reuse_source is not the pull request's head or one of its ancestors; its run cannot stand in for this merge"
    reuse_source=$source_commit
fi
# review reads the sign-off (the pull request's body) for documented exceptions, as in CI
review_args=()
if [ "$github" = 1 ]; then
    gh pr view "$pr" --json body --jq .body >"$scratch/pr-body.txt" || die "gh cannot read the body of pull request #$pr"
    review_args=(--pr-body "$scratch/pr-body.txt")
fi
SWEEPGATE=$sweepgate_command bash "$gate" "$upstream" "$head" --pr-number "$pr" --repo "$repo" \
    --changelog "$changelog" "${review_args[@]}" >&2 || die "the merged pull request fails the gate (see above); nothing was pushed"
if [ "$head" = "$pr_head" ]; then
    info "$branch is already up to date with $upstream and canonical; nothing to push"
else
    info "pushing $branch ($(git rev-parse --short HEAD))"
    tree_git push -q "$push_target" "HEAD:refs/heads/$branch" ||
        die "git push to $branch failed (did someone push to it meanwhile? run again)"
fi

# --- GitHub: comment, wait for checks, squash-merge ----------------------------------------
if [ "$github" = 0 ]; then
    if [ -n "$reuse_source" ]; then
        info "the squash message would end in these trailers:"
        write_squash_message "$upstream" "$head" "$reuse_source" | grep -i '^Sweep-Reuse-' >&2
    fi
    info "done (--no-github: not merging the pull request)"
    exit 0
fi
gh pr comment "$pr" --body "Merged \`$base\` into this branch and canonicalised the changelog with \`scripts/merge-pr.sh\` (head $head); squash-merging once the checks pass." >/dev/null ||
    die "gh pr comment failed"
info "waiting for the checks of #$pr"
# Checks of a fresh push take a moment to be registered: wait until some are reported.
for attempt in $(seq 1 30); do
    rc=0
    checks=$(gh pr checks "$pr" 2>&1) || rc=$?
    case "$rc:$checks" in
        *"no checks reported"*) ;;
        *) break ;;   # reported: passing (0), pending (8) or failing; --watch below decides
    esac
    [ "$attempt" -lt 30 ] || die "no checks reported for #$pr after 5 minutes"
    sleep 10
done
gh pr checks "$pr" --watch --fail-fast >&2 || die "the checks of #$pr failed; not merging"
# The squash message is written here, not left to GitHub: a contributor's commit message could
# carry Sweep-Reuse-* trailers, and on main those decide which rows the push job skips.
squash_message=$scratch/squash-message
write_squash_message "$upstream" "$head" "$reuse_source" >"$squash_message" || die "cannot write the squash message"
gh pr merge "$pr" --squash --match-head-commit "$head" --body-file "$squash_message" ||
    die "gh pr merge failed (the branch moved, or merging is blocked)"
info "pull request #$pr squash-merged"
