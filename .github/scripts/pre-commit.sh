#!/usr/bin/env bash
# The pull request gate (pr-gate.sh, beside this file) on what is staged, before a commit: the
# same checks as the pre-push hook and the pull request job (the changelog rules and sweep,
# check-coverage, validate-configs and the golden acceptance lengths, for whichever of the
# changelog, configs/** and golden_al_distribution/** the change touches), so that a commit the
# gate would refuse is refused here, not after a push. What pre-commit (https://pre-commit.com)
# runs for the hook in .pre-commit-hooks.yaml; run it yourself the same way:
#
#   .github/scripts/pre-commit.sh        (in the clone, with the change staged: git add ...)
#
# The staged files become a commit object of their own (git write-tree, git commit-tree; no branch
# and no index changes), named refs/sweepgate/staged while the gate runs (so messages say what it
# is) and unnamed after (git gc drops it later), whose change since the merge base with the
# upstream branch is checked, as the pre-push hook checks a pushed commit:
#   upstream branch:      git config sweepgate.upstream (default: origin/HEAD, else origin/main)
#   pull request number:  SWEEPGATE_PR_NUMBER=N, or git config branch.NAME.sweepgate-pr N; unknown:
#                         placeholder pr-links are accepted; on the upstream branch itself they must
#                         be canonical
#   sweepgate:            as pr-gate.sh finds it ($SWEEPGATE, sweepgate on PATH, ./sweepgate of this checkout)
# Exit: 0 the staged change passes, 1 it breaks a rule, 2 bad usage, 3 environment (no upstream branch).
set -uo pipefail

program=pre-commit
gate=$(dirname "${BASH_SOURCE[0]}")/pr-gate.sh
# shellcheck source=sweepgate-command.sh
. "$(dirname "${BASH_SOURCE[0]}")/sweepgate-command.sh" || { echo "$0: sweepgate-command.sh is missing beside it" >&2; exit 3; }
case "${1:-}" in
    -h|--help) sed -n '2,/^set /{/^set /d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    '') ;;
    *) fail 2 "no arguments expected (see --help), got $*" ;;
esac
[ -f "$gate" ] || fail 3 "the pull request gate $gate is missing beside this script"
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || fail 3 "run this inside a clone of the repository"

upstream=$(git config --get sweepgate.upstream || true)
[ -n "$upstream" ] || upstream=$(git symbolic-ref -q --short refs/remotes/origin/HEAD 2>/dev/null || true)
[ -n "$upstream" ] || upstream=origin/main
git rev-parse -q --verify "$upstream^{commit}" >/dev/null ||
    fail 3 "the upstream branch $upstream is unknown here; fetch it (git fetch origin main), or name another with git config sweepgate.upstream REF"

tree=$(git write-tree 2>/dev/null) || fail 3 "cannot write the staged files as a tree (an unresolved merge conflict?)"
parents=()
if head=$(git rev-parse -q --verify 'HEAD^{commit}'); then
    parents=(-p "$head")
fi
# An identity of its own: the object is never a commit of the user's history.
staged=$(GIT_AUTHOR_NAME=sweepgate GIT_AUTHOR_EMAIL=sweepgate@localhost GIT_COMMITTER_NAME=sweepgate \
    GIT_COMMITTER_EMAIL=sweepgate@localhost git commit-tree "$tree" "${parents[@]}" -m "sweepgate pre-commit: the staged change") ||
    fail 3 "cannot make a commit object of the staged files"

branch=$(git symbolic-ref -q --short HEAD || true)
pr=${SWEEPGATE_PR_NUMBER:-}
[ -n "$pr" ] || [ -z "$branch" ] || pr=$(git config --get "branch.$branch.sweepgate-pr" || true)
if [ -n "$pr" ]; then
    pr_args=(--pr-number "$pr")
elif [ -n "$branch" ] && [ "$branch" = "${upstream#*/}" ]; then
    pr_args=()   # a commit on the upstream branch itself: links must already be canonical
else
    pr_args=(--pull-request)
fi

staged_ref=refs/sweepgate/staged
git update-ref "$staged_ref" "$staged" || fail 3 "cannot name the staged change $staged_ref"
trap 'git update-ref -d "$staged_ref" >/dev/null 2>&1' EXIT
echo "$program: checking the staged change ($staged_ref) against $upstream" >&2
bash "$gate" "$upstream" "$staged_ref" "${pr_args[@]}"
