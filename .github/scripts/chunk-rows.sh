#!/usr/bin/env bash
# A chunk job of a sweep too large for one matrix run (.github/workflows/sweep-chunk.yml, docs/ci.md):
# the rows of one chunk, for the job that runs them as its own matrix.
#
#   chunk-rows.sh DIR FILE
#
# DIR is the split directory the push job wrote (`process-changelog --split-dir`, downloaded from
# its artifact), FILE one of the chunk files its index.json lists. Prints the chunk's rows and,
# with GITHUB_OUTPUT set, publishes them as the step output `rows` (a chunk is within GitHub's
# limits by construction: at most 256 rows and 1 MB as GitHub counts a job output).
# Exit: 0 published, 1 FILE is not a chunk of DIR's index, 2 bad usage, 3 DIR or FILE missing.
set -euo pipefail

program=chunk-rows

# shellcheck source=sweepgate-command.sh
. "$(dirname "${BASH_SOURCE[0]}")/sweepgate-command.sh" || { echo "$0: sweepgate-command.sh is missing beside it" >&2; exit 3; }

case "${1:-}" in
    -h|--help) sed -n '2,/^set /{/^set /d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
esac
[ $# -eq 2 ] || fail 2 "expected DIR and FILE, got $# arguments"
dir=$1
file=$2
index=$dir/index.json
[ -f "$index" ] || fail 3 "$index is missing: download the push job's chunk artifact into $dir"
# The index is sweepgate's compact JSON: a chunk file is listed as "file":"NAME".
case "$file" in
    ""|*/*|*\"*|*\\*) fail 1 "'$file' is not a chunk file name (the index lists plain names)" ;;
esac
grep -Fq "\"file\":\"$file\"" "$index" || fail 1 "$file is not a chunk of $index"
[ -f "$dir/$file" ] || fail 3 "$dir/$file is missing, though $index lists it"
cat "$dir/$file"
publish_output rows "$dir/$file"
