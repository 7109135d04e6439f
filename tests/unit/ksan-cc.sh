#!/usr/bin/env bash
# ksan-cc's own checks (flags per compiler and mode, link lines, errors),
# against the real runtime in the build directory.
B=${1:-build}
exec bash "$(dirname "$0")/../ksan-cc/run.sh" "$B/bin/ksan-cc" "$B/lib"
