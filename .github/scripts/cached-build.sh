#!/usr/bin/env bash
# After an exact cache hit (docs/ci.md): target/sweepgate.jar and its archives were restored, built
# from exactly these sources, but with the times they were built at, older than this fresh
# checkout's files. ./sweepgate rebuilds a jar older than pom.xml or anything under src/main/, so
# this gives those sources the jar's modification time: the launcher then runs the jar as it is.
#
#   cached-build.sh [CHECKOUT]     (default: the current directory)
#
# The jar itself is left alone: the CDS archive and the AOT cache record its modification time and
# the JVM silently ignores them when it differs, and the launcher passes neither when the jar is
# newer than them (touching the jar, as this project once did, threw both away).
# Run it only when the cache key matched exactly (a hash of the sources and the JDK): a jar restored
# from a fallback key was built from other sources and must be rebuilt.
set -euo pipefail

checkout=${1:-.}
jar=$checkout/target/sweepgate.jar
if [[ ! -f $jar ]]; then
    echo "cached-build.sh: no $jar was restored; ./sweepgate will build it" >&2
    exit 0
fi
# -h: a symlink gets the time itself; nothing outside the checkout is touched.
find "$checkout/pom.xml" "$checkout/src/main" -exec touch -h -r "$jar" {} +
