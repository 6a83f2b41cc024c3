# shellcheck shell=bash
# Sourced by pr-gate.sh, sweep.sh, chunk-rows.sh and scripts/merge-pr.sh: how to run sweepgate.
#   $SWEEPGATE            shell text, as in the merge driver's git config ('java -jar "/opt/x y/sweepgate.jar"')
#   sweepgate on PATH     by its absolute path (a function named like it would call itself)
#   ./sweepgate           the launcher of the checkout this file belongs to (builds the jar when needed)
# find_sweepgate sets sweepgate_command, or returns 1; run_sweepgate ARGS... runs it;
# fail STATUS MESSAGE... is the scripts' error exit ($program names the script); publish_output NAME FILE
# publishes a step output.
fail() {
    local status=$1
    shift
    echo "${program:-sweepgate}: error: $*" >&2   # $program: set by the script that sources this file
    exit "$status"
}

find_sweepgate() {
    local found checkout
    checkout=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    if [ -n "${SWEEPGATE:-}" ]; then
        sweepgate_command=$SWEEPGATE
    elif found=$(command -v sweepgate 2>/dev/null) && [ -n "$found" ]; then
        # a relative PATH entry ('.') would find another file once a script changes directory
        [[ $found == /* ]] || found=$PWD/$found
        sweepgate_command=$(printf '%q' "$found")
    elif [ -x "$checkout/sweepgate" ]; then
        sweepgate_command=$(printf '%q' "$checkout/sweepgate")
    else
        return 1
    fi
}

run_sweepgate() {
    eval "$sweepgate_command \"\$@\""
}

# publish_output NAME FILE: with GITHUB_OUTPUT set, appends FILE's text as the step output NAME, in
# the multi-line form (NAME<<DELIMITER, the value, DELIMITER; a delimiter JSON text cannot contain).
publish_output() {
    [ -n "${GITHUB_OUTPUT:-}" ] || return 0
    local delimiter="sweepgate-$RANDOM$RANDOM$RANDOM"
    # $(...) drops the file's final line feed: the value is the text itself, the delimiter on a line of its own
    { echo "$1<<$delimiter"; printf '%s\n' "$(cat "$2")"; echo "$delimiter"; } >>"$GITHUB_OUTPUT"
}
