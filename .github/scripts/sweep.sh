#!/usr/bin/env bash
# The push job (docs/ci.md): the sweep for what a push to main appended to the changelog.
#
#   sweep.sh BEFORE AFTER [--changelog FILE] [--output FILE]
#
# BEFORE and AFTER are the commits before and after the push (github.event.before, github.sha).
# Prints the sweep JSON of `sweepgate process-changelog` on stdout (and into --output FILE), and
# with GITHUB_OUTPUT set publishes it as the step output `search-space-config`. A push that only
# corrects pr-links sweeps nothing: every bucket is empty and the exit status is 0.
# sweepgate is found as in pr-gate.sh: $SWEEPGATE, `sweepgate` on PATH, the checkout's ./sweepgate.
# Exit: 0 swept, 1 the change cannot be swept, 2 bad usage, 3 environment.
set -euo pipefail

program=sweep
changelog=perf-changelog.yaml
output=
positional=()

# shellcheck source=sweepgate-command.sh
. "$(dirname "${BASH_SOURCE[0]}")/sweepgate-command.sh" || { echo "$0: sweepgate-command.sh is missing beside it" >&2; exit 3; }

while [ $# -gt 0 ]; do
    case "$1" in
        --changelog) [ $# -ge 2 ] || fail 2 "--changelog needs a value"; changelog=$2; shift ;;
        --output) [ $# -ge 2 ] || fail 2 "--output needs a value"; output=$2; shift ;;
        -*) fail 2 "unknown option $1" ;;
        *) positional+=("$1") ;;
    esac
    shift
done
[ ${#positional[@]} -eq 2 ] || fail 2 "expected BEFORE and AFTER, got ${#positional[@]} arguments"
before=${positional[0]}
after=${positional[1]}
case "$before" in
    *[!0]*) ;;
    *) fail 1 "no commit before this push (a new branch?): nothing to compare $after with" ;;
esac

find_sweepgate || fail 3 "sweepgate not found: put it on PATH or set SWEEPGATE='java -jar /path/to/sweepgate.jar'"

sweep=$(mktemp)
trap 'rm -f "$sweep"' EXIT
run_sweepgate process-changelog --base-ref "$before" --head-ref "$after" --changelog-file "$changelog" \
    </dev/null >"$sweep"
cat "$sweep"
[ -z "$output" ] || cp "$sweep" "$output"
if [ -n "${GITHUB_OUTPUT:-}" ]; then
    # A multi-line step output: NAME<<DELIMITER, the value, DELIMITER (a delimiter the JSON cannot contain).
    delimiter="sweep-$RANDOM$RANDOM$RANDOM"
    { echo "search-space-config<<$delimiter"; cat "$sweep"; echo; echo "$delimiter"; } >>"$GITHUB_OUTPUT"
fi
